import AnimaticCore

/// Where each layer of a spec comes from in the generated animator, and its Swift name.
///
/// - The layers `views.from` and `views.to` name (else the layers `from` and `to`) are the
///   transition context's views (`view(forKey:)`); a presenter that
///   `shouldRemovePresentersView = false` keeps on screen is not handed over by
///   `view(forKey:)` and stays where it is (`viewController(forKey:)?.view`).
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
        /// A presenter's view that stays outside the container (not added, not moved in it).
        var staysOutside = false
        /// A presenter's view that a presentation which is not full screen keeps on screen:
        /// `view(forKey:)` is then nil (UIKit's documentation of `view(forKey:)`) and the view
        /// is `viewController(forKey:)?.view`, left where it is.
        var mayStayOutside = false
        /// A view the app already shows (`views.appViews`: a tab bar, an image view inside
        /// the from-view): changed where it is, never added to the container nor laid out.
        var isAppView = false
        /// The Swift name of the optional `view(forKey:)` of a view that may stay outside.
        var inContainerName: String { name + "InContainer" }
    }

    let views: [View]
    private let byID: [String: Int]

    init(_ spec: TransitionSpec) {
        var names = SwiftIdentifier(reserved: [
            "containerView", "transitionContext", "perspective", "finish",
            "spring", "animations", "animator", "width", "height",
        ])
        var views: [View] = []
        var byID: [String: Int] = [:]
        let fromID = spec.views?.from ?? "from", toID = spec.views?.to ?? "to"
        // UIKit hands over no presenter's view that a presentation keeps on screen.
        var outside: String?
        var presenter: String?
        if let views = spec.views {
            switch views.operation {
            case .present: presenter = views.from
            case .dismiss: presenter = views.to
            case .container: presenter = nil
            }
            if !views.shouldRemovePresentersView { outside = presenter }
        }
        for (i, layer) in spec.layers.enumerated() {
            let source: Source
            let name: String
            if layer.id == fromID || layer.id == toID {
                source = .context(from: layer.id == fromID)
                name = layer.id == "from" || layer.id == "to" ? names.make(layer.id + "View") : names.make(layer.id)
            } else {
                switch layer.content {
                case .snapshot(let of, let rect): source = .snapshot(of: of, rect: rect)
                case .image: source = .provided(image: true)
                case nil: source = layer.gradient.map { .gradient($0) } ?? .provided(image: false)
                }
                name = names.make(layer.id)
            }
            byID[layer.id] = i
            var view = View(index: i, layer: layer, source: source, name: name, staysOutside: layer.id == outside)
            view.mayStayOutside = layer.id == presenter && outside == nil
            view.isAppView = spec.views?.appViews.contains(layer.id) ?? false
            views.append(view)
        }
        self.views = views
        self.byID = byID
    }

    func view(_ id: String) -> View? { byID[id].map { views[$0] } }

    func name(_ id: String) -> String { view(id)?.name ?? SwiftIdentifier.camelCase(id) }

    var contextViews: [View] { views.filter { if case .context = $0.source { return true } else { return false } } }

    var providedViews: [View] { views.filter { if case .provided = $0.source { return true } else { return false } } }

    var usesGradientView: Bool {
        views.contains { if case .gradient = $0.source { return true } else { return false } }
    }
}
