/// What one layer looks like at one instant: its Core Animation properties and the
/// composed matrix that puts its bounds on screen.
public struct LayerState: Hashable, Sendable {
    public var id: String
    public var position: Point = .zero
    public var size: Size = .zero
    public var anchor: Point
    public var transform: Transform3D = .identity
    public var zPosition: Double = 0
    /// Opacity as rendered: the product of the clamped (0…1) alphas of the layer and its
    /// ancestors — group opacity (a spring may carry an alpha past its ends).
    public var opacity: Double = 1
    public var cornerRadius: Double = 0
    public var fill: Color? = nil
    /// Hidden itself or through a hidden ancestor.
    public var hidden: Bool = false
    /// Maps layer-local points (bounds coordinates, origin top-left) to container points
    /// before the perspective divide. A layer of the container: `T(−anchor·size) ·
    /// transform · T(position, zPosition) · T(−c) · sublayerTransform · T(c)`, with c the
    /// container's centre. A sublayer: its own part, then its parent's sublayerTransform
    /// about the parent's anchor, flattened into the parent's plane, then the parent's
    /// matrix (docs/SPEC.md, "Layer tree").
    public var matrix: Transform3D
    /// The shadow as the layer's properties give it (offset and radius in the layer's own
    /// coordinates, opacity clamped to 0…1); nil when it shows nothing (opacity or colour
    /// alpha 0).
    public var shadow: ShadowSpec? = nil
    /// The border; nil when its width is 0.
    public var border: BorderSpec? = nil
    /// Where ancestors with `clips` let the layer show, in container points: the
    /// intersection of their rounded bounds, projected. Nil when no ancestor clips; empty
    /// when the clips do not overlap (nothing shows).
    public var clip: [Point]? = nil

    /// A layer's state before its presented values are written (`setGeometry`,
    /// `setAppearance`): its identity and matrix, the rest as declared above.
    init(id: String, anchor: Point, matrix: Transform3D) {
        self.id = id
        self.anchor = anchor
        self.matrix = matrix
    }

    // Its presented values are written by `setGeometry` and `setAppearance`, generated from
    // the property table (`PropertyTable.toml`) into LayerState+Generated.swift.

    /// `shadow` clamped, or nil when it shows nothing.
    public static func visibleShadow(_ s: ShadowSpec) -> ShadowSpec? {
        var s = s
        s.opacity = min(max(s.opacity, 0), 1)
        s.radius = max(s.radius, 0)
        return s.opacity > 0 && s.color.alpha > 0 ? s : nil
    }

    /// `border`, or nil when its width is 0.
    public static func visibleBorder(_ b: BorderSpec) -> BorderSpec? {
        b.width > 0 ? b : nil
    }

    /// Visible means not hidden; a layer at opacity 0 is still "visible" (as in UIKit,
    /// where it keeps taking part in layout), so clients read both.
    public var visible: Bool { !hidden }

    /// The four corners of the bounds — top-left, top-right, bottom-right, bottom-left —
    /// in container points, perspective divide included.
    public var quad: [Point] {
        let c = Self.corners(size: size, matrix: matrix)
        return [c.0, c.1, c.2, c.3]
    }

    /// The corners of bounds of `size` — top-left, top-right, bottom-right, bottom-left —
    /// through `matrix`, perspective divide included (`quad` without an array).
    public static func corners(size: Size, matrix: Transform3D) -> (Point, Point, Point, Point) {
        let w = size.width, h = size.height
        return (
            matrix.apply(to: Point(x: 0, y: 0)), matrix.apply(to: Point(x: w, y: 0)),
            matrix.apply(to: Point(x: w, y: h)), matrix.apply(to: Point(x: 0, y: h))
        )
    }

    /// Composes the layer's matrix with the container's sublayer transform.
    public static func composedMatrix(
        position: Point, zPosition: Double, size: Size, anchor: Point,
        transform: Transform3D, containerSublayer: Transform3D
    ) -> Transform3D {
        composedMatrix(
            position: position, zPosition: zPosition, size: size, anchor: anchor, transform: transform,
            sublayer: containerSublayer.isIdentity ? nil : containerSublayer)
    }

    /// `composedMatrix(…, containerSublayer:)` with the identity test of the sublayer
    /// transform made once beforehand: nil for the identity (a frame loop's is the same
    /// for every layer and frame).
    @inline(__always)
    static func composedMatrix(
        position: Point, zPosition: Double, size: Size, anchor: Point,
        transform: Transform3D, sublayer: Transform3D?
    ) -> Transform3D {
        var m = Transform3D.translation(-anchor.x * size.width, -anchor.y * size.height)
        if !transform.isIdentity { m = m.concatenating(transform) }
        // Adding the position directly keeps the common case cheap.
        m.m41 += position.x * m.m44
        m.m42 += position.y * m.m44
        m.m43 += zPosition * m.m44
        m.m11 += position.x * m.m14; m.m12 += position.y * m.m14; m.m13 += zPosition * m.m14
        m.m21 += position.x * m.m24; m.m22 += position.y * m.m24; m.m23 += zPosition * m.m24
        m.m31 += position.x * m.m34; m.m32 += position.y * m.m34; m.m33 += zPosition * m.m34
        guard let sublayer else { return m }
        return m.concatenating(sublayer)
    }

    /// Turns this state, computed as if the layer were alone (its matrix in its parent's
    /// bounds coordinates), into the rendered state under `parent` (already composed):
    /// Core Animation's model — the parent's `sublayerTransform` about its anchor, the
    /// result flattened into the parent's plane (a `CALayer` is not a
    /// `CATransformLayer`), then the parent's matrix; opacity multiplied; hidden when the
    /// parent is; clipped to the parent's rounded bounds when it `clips`, within the
    /// parent's own clip.
    mutating func compose(into parent: LayerState, parentSpec: LayerSpec) {
        var m = matrix
        if let sub = parentSpec.sublayerTransform {
            let ax = parent.anchor.x * parent.size.width, ay = parent.anchor.y * parent.size.height
            m = m.concatenating(.translation(-ax, -ay)).concatenating(sub.matrix).concatenating(.translation(ax, ay))
        }
        // Flatten: the parent draws its sublayers into its own plane — every point of the
        // layer's bounds (z = 0) comes out at z = 0. m33 = 1 keeps the matrix invertible
        // (CSS does not draw an element under a singular matrix3d) without changing that.
        m.m13 = 0; m.m23 = 0; m.m33 = 1; m.m43 = 0
        matrix = m.concatenating(parent.matrix)
        opacity *= parent.opacity
        hidden = hidden || parent.hidden
        var clip = parent.clip
        if parentSpec.clips {
            let bounds = ClipPolygon.projected(size: parent.size, radius: parent.cornerRadius, matrix: parent.matrix)
            clip = clip.map { ClipPolygon.intersection(bounds, $0) } ?? bounds
        }
        self.clip = clip
    }
}
