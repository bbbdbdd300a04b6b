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
        // A gradient view that is a parent is made first: a sublayer may come before it in the list.
        let parents = Set(spec.layers.compactMap(\.parent))
        var declared: Set<String> = []
        for view in plan.views where parents.contains(view.layer.id) {
            guard case .gradient(let g) = view.source else { continue }
            out.line()
            writeGradientDeclaration(view, g)
            declared.insert(view.layer.id)
        }
        for view in plan.views {
            out.line()
            if case .gradient(let g) = view.source, !declared.contains(view.layer.id) {
                writeGradientDeclaration(view, g)
            }
            writeInitialState(view)
        }
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
                if !source.isAppView, placed.insert(of).inserted {
                    out.line()
                    out.comment(
                        "/layers/\(source.index) \"\(source.layer.id)\": in the container at its frame, to be snapshotted"
                    )
                    if source.mayStayOutside {
                        out.line("if \(source.inContainerName) != nil {")
                        out.indent { w in
                            w.line("containerView.addSubview(\(source.name))")
                            w.line("\(source.name).frame = \(SwiftLiteral.rect(source.layer.frame))")
                        }
                        out.line("}")
                    } else {
                        out.line("containerView.addSubview(\(source.name))")
                        out.line("\(source.name).frame = \(SwiftLiteral.rect(source.layer.frame))")
                    }
                }
            case .snapshot, .gradient:
                out.line()
                warn(
                    "/layers/\(view.index)/content/of",
                    "a snapshot of a snapshot or gradient view: take it in your code once \"\(of)\" is drawn; an empty view stands in"
                )
                out.line("let \(view.name) = UIView()")
                continue
            }
            let afterUpdates = of == "from" ? "false" : "true"
            out.comment("/layers/\(view.index)/content: a snapshot of \"\(of)\"")
            if let rect {
                out.line(
                    "let \(view.name) = \(source.name).resizableSnapshotView(from: \(SwiftLiteral.rect(rect)), afterScreenUpdates: \(afterUpdates), withCapInsets: .zero) ?? UIView()"
                )
            } else {
                out.line(
                    "let \(view.name) = \(source.name).snapshotView(afterScreenUpdates: \(afterUpdates)) ?? UIView()")
            }
        }
    }

    private mutating func writeGradientDeclaration(_ view: SwiftViewPlan.View, _ g: GradientSpec) {
        out.comment("/layers/\(view.index)/gradient: a CAGradientLayer")
        out.line("let \(view.name) = GradientView()")
        let colors = g.colors.map(SwiftLiteral.cgColor).joined(separator: ", ")
        out.line("\(view.name).gradientLayer.colors = [\(colors)]")
        out.line("\(view.name).gradientLayer.startPoint = \(SwiftLiteral.point(g.start))")
        out.line("\(view.name).gradientLayer.endPoint = \(SwiftLiteral.point(g.end))")
    }

    private mutating func writeInitialState(_ view: SwiftViewPlan.View) {
        let layer = view.layer
        let name = view.name
        let what: String
        switch view.source {
        case .context(let from): what = "the transition's \(from ? "from" : "to") view"
        case .snapshot: what = "a snapshot"
        case .gradient: what = "the gradient view"
        case .provided(let image): what = image ? "your image view" : "your view"
        }
        out.comment("/layers/\(view.index) \"\(layer.id)\": \(what)")
        if view.isAppView {
            out.comment(
                "a view of your app, where the app shows it (views.appViews): not added to the container, its frame not set"
            )
        } else if view.staysOutside {
            out.comment(
                "the presenter's view stays where it is (shouldRemovePresentersView is false): not added to the container"
            )
        } else if view.mayStayOutside {
            out.comment(
                "in the container only when view(forKey:) gives it; a presenter kept on screen stays where it is")
            out.line("if \(view.inContainerName) != nil {")
            out.indent { w in
                w.line("containerView.addSubview(\(name))")
                if layer.anchor != Point(x: 0.5, y: 0.5) {
                    w.line("\(name).layer.anchorPoint = \(SwiftLiteral.point(layer.anchor))")
                }
                w.line("\(name).frame = \(SwiftLiteral.rect(layer.frame))")
            }
            out.line("}")
        } else if let parent = layer.parent {
            out.comment("a sublayer of \"\(parent)\": its frame is in the parent's bounds")
            out.line("\(plan.name(parent)).addSubview(\(name))")
        } else {
            out.line("containerView.addSubview(\(name))")
        }
        if layer.anchor != Point(x: 0.5, y: 0.5), !view.mayStayOutside, !view.isAppView {
            out.comment(
                "anchor first: the frame setter then places layer.position at origin + anchorPoint × size, so the frame stays where the spec puts it"
            )
            out.line("\(name).layer.anchorPoint = \(SwiftLiteral.point(layer.anchor))")
        }
        if !view.staysOutside, !view.mayStayOutside, !view.isAppView {
            out.line("\(name).frame = \(SwiftLiteral.rect(layer.frame))")
        }
        if layer.transform.matrix != .identity {
            out.line(SwiftPropertyWriter.assignment(name, .transform, .transform(layer.transform)))
        }
        if layer.alpha != 1 { out.line(SwiftPropertyWriter.assignment(name, .alpha, .number(layer.alpha))) }
        if layer.cornerRadius != 0 {
            out.line(SwiftPropertyWriter.assignment(name, .cornerRadius, .number(layer.cornerRadius)))
        }
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
            let (drawn, mode) =
                switch layer.imageMode {
                case .fill: ("aspect-fill", ".scaleAspectFill")
                case .fit: ("aspect-fit", ".scaleAspectFit")
                case .stretch: ("stretched to the bounds", ".scaleToFill")
                }
            out.comment("the image (aspect \(SwiftLiteral.number(aspect))) is drawn \(drawn)")
            out.line("\(name).contentMode = \(mode)")
            if let source = layer.imageSource { imageLine(name, source) }
        } else if let source = layer.imageSource {
            // A from- or to-view showing the user's screen: in the app it is the real view.
            out.comment(
                "the preview draws \(Self.imageName(source)) over this view; in the app it shows its own content")
        }
        if let label = layer.label { out.comment("label \"\(label)\" is drawn by the preview only") }
        if let sublayer = layer.sublayerTransform {
            switch sublayer {
            case .perspective(let d):
                out.comment(
                    "/layers/\(view.index)/sublayerTransform: perspective, eye distance \(SwiftLiteral.number(d)) pt")
                out.line("var \(name)Perspective = CATransform3DIdentity")
                out.line("\(name)Perspective.m34 = -1 / \(SwiftLiteral.number(d))")
                out.line("\(name).layer.sublayerTransform = \(name)Perspective")
            case .matrix(let m):
                out.comment("/layers/\(view.index)/sublayerTransform")
                out.line("\(name).layer.sublayerTransform = \(SwiftTransformWriter.expression(.matrix(m)))")
            }
        }
        let shadow = layer.shadow, none = ShadowSpec.none
        if shadow != none {
            out.comment("/layers/\(view.index)/shadow")
            if shadow.color != none.color {
                out.line(SwiftPropertyWriter.assignment(name, .shadowColor, .color(shadow.color)))
            }
            if shadow.opacity != none.opacity {
                out.line(SwiftPropertyWriter.assignment(name, .shadowOpacity, .number(shadow.opacity)))
            }
            if shadow.radius != none.radius {
                out.line(SwiftPropertyWriter.assignment(name, .shadowRadius, .number(shadow.radius)))
            }
            if shadow.offset != none.offset {
                out.line(SwiftPropertyWriter.assignment(name, .shadowOffset, .point(shadow.offset)))
            }
        }
        if layer.clips, shadow.opacity > 0 || shadowIsAnimated(layer.id) {
            warn(
                "/layers/\(view.index)/clips",
                "clipsToBounds (masksToBounds) cuts the layer's own shadow off in UIKit; the preview draws it. Put the clipped content in a subview to keep both"
            )
        }
        if layer.border != BorderSpec.none {
            out.comment("/layers/\(view.index)/border")
            if layer.border.width != 0 {
                out.line(SwiftPropertyWriter.assignment(name, .borderWidth, .number(layer.border.width)))
            }
            if layer.border.color != BorderSpec.none.color {
                out.line(SwiftPropertyWriter.assignment(name, .borderColor, .color(layer.border.color)))
            }
        }
        if layer.hidden { out.line(SwiftPropertyWriter.assignment(name, .hidden, .bool(true))) }
    }

    private func shadowIsAnimated(_ id: String) -> Bool {
        func touches(_ changes: [PropertyChange]) -> Bool {
            changes.contains { $0.layer == id && $0.property == .shadowOpacity }
        }
        return spec.animations.contains { animation in
            switch animation {
            case .block(let b): return touches(b.changes)
            case .keyframes(let k): return k.keyframes.contains { touches($0.changes) }
            }
        }
    }

    private func fillIsAnimated(_ id: String) -> Bool {
        func touches(_ changes: [PropertyChange]) -> Bool {
            changes.contains { $0.layer == id && $0.property == .fill }
        }
        return spec.animations.contains { animation in
            switch animation {
            case .block(let b): return touches(b.changes)
            case .keyframes(let k): return k.keyframes.contains { touches($0.changes) }
            }
        } || touches(spec.completion)
    }
}
