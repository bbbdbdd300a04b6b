import AnimaticCore

extension SwiftAnimatorWriter {
    /// The container's perspective, the snapshots, then every view added to the container
    /// bottom to top with its initial state.
    mutating func writeViews() {
        if let d = spec.container.perspective {
            out.comment("/container/perspective: eye distance \(SwiftLiteral.number(d)) pt")
            out.line("var perspective = CATransform3DIdentity")
            out.line("perspective.m34 = -1 / \(SwiftLiteral.number(d))")
            out.line("containerView.layer.sublayerTransform = perspective")
        }
        if let background = spec.container.background {
            out.comment("/container/background")
            out.line("containerView.backgroundColor = \(SwiftLiteral.uiColor(background))")
        }
        writeSnapshots()
        for view in plan.views { writeInitialState(view) }
    }

    /// Snapshots are taken once their source view is in the container at its initial
    /// frame and before anything hides it, as the documents take them.
    private mutating func writeSnapshots() {
        let snapshots = plan.views.filter { if case .snapshot = $0.source { return true } else { return false } }
        guard !snapshots.isEmpty else { return }
        var placed: Set<String> = []
        for view in snapshots {
            guard case .snapshot(let of, let rect) = view.source, let source = plan.view(of) else { continue }
            switch source.source {
            case .context, .provided:
                if placed.insert(of).inserted {
                    out.line()
                    out.comment("/layers/\(source.index) \"\(source.layer.id)\": in the container at its frame, to be snapshotted")
                    out.line("containerView.addSubview(\(source.name))")
                    out.line("\(source.name).frame = \(SwiftLiteral.rect(source.layer.frame))")
                }
            case .snapshot, .gradient:
                out.line()
                warn("/layers/\(view.index)/content/of", "a snapshot of a snapshot or gradient view: take it in your code once \"\(of)\" is drawn; an empty view stands in")
                out.line("let \(view.name) = UIView()")
                continue
            }
            let afterUpdates = of == "from" ? "false" : "true"
            out.comment("/layers/\(view.index)/content: a snapshot of \"\(of)\"")
            if let rect {
                out.line("let \(view.name) = \(source.name).resizableSnapshotView(from: \(SwiftLiteral.rect(rect)), afterScreenUpdates: \(afterUpdates), withCapInsets: .zero) ?? UIView()")
            } else {
                out.line("let \(view.name) = \(source.name).snapshotView(afterScreenUpdates: \(afterUpdates)) ?? UIView()")
            }
        }
    }

    private mutating func writeInitialState(_ view: SwiftViewPlan.View) {
        let layer = view.layer
        let name = view.name
        out.line()
        let what: String
        switch view.source {
        case .context(let from): what = "the transition's \(from ? "from" : "to") view"
        case .snapshot: what = "a snapshot"
        case .gradient: what = "a CAGradientLayer"
        case .provided(let image): what = image ? "your image view" : "your view"
        }
        out.comment("/layers/\(view.index) \"\(layer.id)\": \(what)")
        if case .gradient(let g) = view.source {
            out.line("let \(name) = GradientView()")
            let colors = g.colors.map(SwiftLiteral.cgColor).joined(separator: ", ")
            out.line("\(name).gradientLayer.colors = [\(colors)]")
            out.line("\(name).gradientLayer.startPoint = \(SwiftLiteral.point(g.start))")
            out.line("\(name).gradientLayer.endPoint = \(SwiftLiteral.point(g.end))")
        }
        out.line("containerView.addSubview(\(name))")
        if layer.anchor != Point(x: 0.5, y: 0.5) {
            out.comment("anchor first: the frame setter then places layer.position at origin + anchorPoint × size, so the frame stays where the spec puts it")
            out.line("\(name).layer.anchorPoint = \(SwiftLiteral.point(layer.anchor))")
        }
        out.line("\(name).frame = \(SwiftLiteral.rect(layer.frame))")
        if layer.transform.matrix != .identity {
            out.line(SwiftPropertyWriter.assignment(name, .transform, .transform(layer.transform)))
        }
        if layer.alpha != 1 { out.line(SwiftPropertyWriter.assignment(name, .alpha, .number(layer.alpha))) }
        if layer.cornerRadius != 0 { out.line(SwiftPropertyWriter.assignment(name, .cornerRadius, .number(layer.cornerRadius))) }
        if layer.clips { out.line("\(name).clipsToBounds = true") }
        if layer.zPosition != 0 { out.line(SwiftPropertyWriter.assignment(name, .zPosition, .number(layer.zPosition))) }
        if let fill = layer.fill {
            switch view.source {
            case .snapshot, .gradient:
                out.line(SwiftPropertyWriter.assignment(name, .fill, .color(fill)))
            case .context, .provided:
                if fillIsAnimated(layer.id) {
                    out.line(SwiftPropertyWriter.assignment(name, .fill, .color(fill)))
                } else {
                    out.comment("fill \(fill.hexString) is the preview's stand-in for this view's content")
                }
            }
        }
        if case .provided(image: true) = view.source, case .image(let aspect, _) = layer.content {
            out.comment("the image (aspect \(SwiftLiteral.number(aspect))) is drawn aspect-fit")
            out.line("\(name).contentMode = .scaleAspectFit")
        }
        if let label = layer.label { out.comment("label \"\(label)\" is drawn by the preview only") }
        if layer.hidden { out.line(SwiftPropertyWriter.assignment(name, .hidden, .bool(true))) }
    }

    private func fillIsAnimated(_ id: String) -> Bool {
        func touches(_ changes: [PropertyChange]) -> Bool { changes.contains { $0.layer == id && $0.property == .fill } }
        return spec.animations.contains { animation in
            switch animation {
            case .block(let b): return touches(b.changes)
            case .keyframes(let k): return k.keyframes.contains { touches($0.changes) }
            }
        } || touches(spec.completion)
    }
}
