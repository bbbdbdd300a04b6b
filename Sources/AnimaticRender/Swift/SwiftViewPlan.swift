import AnimaticCore

/// Where each layer of a spec comes from in the generated animator, and its Swift name.
///
/// - `from` and `to` are the transition context's views (`view(forKey:)`).
/// - A layer with snapshot content is made with `snapshotView(afterScreenUpdates:)`, or
///   `resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)` for a part.
/// - A layer with a gradient is a `GradientView` (a view whose layer is a `CAGradientLayer`).
/// - Any other layer stands for a view of the app (a pop-up, a tab bar, an image view):
///   the animator takes it in its initialiser (`UIImageView` for image content).
/// See docs/EXPORT.md.
struct SwiftViewPlan {
    enum Source: Equatable {
        case context(from: Bool)
        case snapshot(of: String, rect: Rect?)
        case gradient(GradientSpec)
        case provided(image: Bool)
    }

    struct View {
        let index: Int
        let layer: LayerSpec
        let source: Source
        let name: String
    }

    let views: [View]
    private let byID: [String: Int]

    init(_ spec: TransitionSpec) {
        var names = SwiftIdentifier(reserved: ["containerView", "transitionContext", "perspective", "finish",
                                               "spring", "animations", "fromView", "toView", "animator"])
        var views: [View] = []
        var byID: [String: Int] = [:]
        for (i, layer) in spec.layers.enumerated() {
            let source: Source
            let name: String
            if layer.id == "from" || layer.id == "to" {
                source = .context(from: layer.id == "from")
                name = layer.id + "View"
            } else {
                switch layer.content {
                case .snapshot(let of, let rect): source = .snapshot(of: of, rect: rect)
                case .image: source = .provided(image: true)
                case nil: source = layer.gradient.map { .gradient($0) } ?? .provided(image: false)
                }
                name = names.make(layer.id)
            }
            byID[layer.id] = i
            views.append(View(index: i, layer: layer, source: source, name: name))
        }
        self.views = views
        self.byID = byID
    }

    func view(_ id: String) -> View? { byID[id].map { views[$0] } }

    func name(_ id: String) -> String { view(id)?.name ?? SwiftIdentifier.camelCase(id) }

    var contextViews: [View] { views.filter { if case .context = $0.source { return true } else { return false } } }

    var providedViews: [View] { views.filter { if case .provided = $0.source { return true } else { return false } } }

    var usesGradientView: Bool { views.contains { if case .gradient = $0.source { return true } else { return false } } }
}
