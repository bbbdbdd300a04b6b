/// What a presentation does with the presenting view when the spec does not say
/// (`views.shouldRemovePresentersView` absent; docs/SPEC.md, "Completion").
///
/// UIKit's full-screen presentation gives the presented view the container's bounds
/// (`transitionContext.finalFrame(for:)`) and removes the presenter's view once it is
/// covered. A presented view that does not cover the container — a bottom sheet, a card,
/// a pop-up — comes from a custom presentation (`.custom`, `.overFullScreen`,
/// `.overCurrentContext`), whose `shouldRemovePresentersView` is false: the presenter
/// stays behind it. So, unstated, the flag is true when the presented view covers the
/// container and false when it does not. The presented view is the to-view of a `present`
/// (where the transition leaves it, at the end of its last block) and the from-view of a
/// `dismiss` (where it starts). A stated flag is kept as it is.
enum PresentersViewDefault {
    static func resolve(
        _ spec: TransitionSpec, layers: [CompiledLayer], index: [String: Int], transitionEnd: Double
    ) -> TransitionSpec {
        guard var views = spec.views, views.operation != .container, !views.statesShouldRemovePresentersView
        else { return spec }
        let presented = views.operation == .present ? views.to : views.from
        let time = views.operation == .present ? transitionEnd : 0
        // A sublayer's frame is in its parent's coordinates: not a controller's view.
        guard let li = index[presented], layers[li].spec.parent == nil else { return spec }
        let values = layers[li].values(at: time)
        views.shouldRemovePresentersView = covers(
            position: values.position, size: values.size, anchor: layers[li].spec.anchor,
            transform: values.transform, container: spec.container.size)
        var resolved = spec
        resolved.views = views
        return resolved
    }

    /// Whether the layer's bounds, placed by its position, anchor and a 2-D transform,
    /// contain the container's bounds (edges may touch). A transform with depth or
    /// perspective counts as covering, UIKit's default.
    static func covers(position: Point, size: Size, anchor: Point, transform m: Transform3D, container: Size) -> Bool {
        guard m.isAffine2D else { return true }
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { u, v in
            let x = (u - anchor.x) * size.width, y = (v - anchor.y) * size.height
            return Point(x: position.x + x * m.m11 + y * m.m21 + m.m41, y: position.y + x * m.m12 + y * m.m22 + m.m42)
        }
        // Signed area: zero is a degenerate quad that covers nothing.
        var area = 0.0
        for k in 0..<4 {
            let a = corners[k], b = corners[(k + 1) % 4]
            area += a.x * b.y - b.x * a.y
        }
        guard abs(area) > 1e-9 else { return false }
        let tolerance = 1e-9 * max(container.width, container.height, 1)
        let targets = [
            (0.0, 0.0), (container.width, 0.0), (container.width, container.height), (0.0, container.height),
        ]
        return targets.allSatisfy { px, py in
            (0..<4).allSatisfy { k in
                let a = corners[k], b = corners[(k + 1) % 4]
                let cross = (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x)
                let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                return (area > 0 ? cross : -cross) >= -tolerance * length
            }
        }
    }
}
