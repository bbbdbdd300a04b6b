import AnimaticCore

/// The `swift` output format: one self-contained Swift file with the spec's animation
/// controller (`<Name>Animator: NSObject, UIViewControllerAnimatedTransitioning`) and, for
/// an interactive spec, its interaction controller. Every block is commented with the JSON
/// pointer of the spec part it comes from; what UIKit cannot express exactly is listed at
/// the top (`// NOT EXPRESSIBLE …`) and where it occurs. See docs/EXPORT.md.
public enum SwiftAnimatorEncoder {
    public struct Output: Sendable {
        public var source: String
        public var warnings: [SwiftExportWarning]
    }

    /// The file for `spec`; `name` (a preset's or the spec's `name`) gives the type names.
    /// With `preset` (the document `{"preset": …, "params": …}` the spec was built from),
    /// the geometry is written from the container and the parameters are named constants
    /// (`SwiftGeometry`); without it, or when the preset does not give this spec, the
    /// numbers are the spec's.
    /// With `interruptible`, the animator also implements `interruptibleAnimator(using:)`
    /// with one `UIViewPropertyAnimator` (`SwiftInterruptible`; check its `problems` first).
    public static func encode(
        _ timeline: Timeline, name: String?, preset: JSONValue? = nil, interruptible: Bool = false
    ) -> Output {
        let typeName = SwiftIdentifier.typeName(name ?? "transition")
        if let preset, let tiles = SwiftExplodeTiles.fit(document: preset, spec: timeline.spec) {
            return write(
                timeline.spec, run: timeline.run, typeName: typeName, geometry: nil, tiles: tiles,
                interruptible: interruptible)
        }
        if let preset,
            let geometry = SwiftGeometry.fit(
                document: preset, spec: timeline.spec, typeName: typeName,
                write: { spec in
                    let slots = SwiftNumberSlots()
                    _ = slots.writing {
                        write(spec, run: nil, typeName: typeName, geometry: nil, interruptible: interruptible)
                    }
                    return slots.values
                })
        {
            let slots = SwiftNumberSlots()
            let written = slots.writing {
                write(
                    timeline.spec, run: timeline.run, typeName: typeName, geometry: geometry,
                    interruptible: interruptible)
            }
            let resolved = slots.resolve(written.source, expressions: geometry.expressions)
            // Only what the code uses is declared: a number in a comment stays the spec's.
            let used = slots.written.reduce(into: Set<String>()) { $0.formUnion(geometry.names[$1] ?? []) }
            let source = geometry.declaringOnly(
                used,
                in: resolved.replacingOccurrences(
                    of: "CGRect(x: 0, y: 0, width: width, height: height)", with: "containerView.bounds"))
            let warnings = written.warnings.map {
                SwiftExportWarning(
                    pointer: $0.pointer, message: slots.resolve($0.message, expressions: [:], literalOnly: true))
            }
            return Output(source: source, warnings: warnings)
        }
        return write(
            timeline.spec, run: timeline.run, typeName: typeName, geometry: nil, interruptible: interruptible)
    }

    /// The warnings of the plain file (`SpecWarnings`).
    static func warnings(of spec: TransitionSpec) -> [SwiftExportWarning] {
        write(spec, run: nil, typeName: "Transition", geometry: nil).warnings
    }

    private static func write(
        _ spec: TransitionSpec, run: InteractiveRun?, typeName: String, geometry: SwiftGeometry?,
        tiles: SwiftExplodeTiles? = nil, interruptible: Bool = false
    ) -> Output {
        let plan = SwiftViewPlan(spec)
        var writer = SwiftAnimatorWriter(spec: spec, plan: plan)

        writer.writeViews()
        var views = writer.out.text
        writer.out = SwiftSourceWriter()
        if interruptible { writer.writeInterruptibleAnimations() } else { writer.writeAnimations() }
        var animations = writer.out.text
        writer.out = SwiftSourceWriter()
        writer.writeCompletion()
        var completion = writer.out.text
        if let tiles {
            // The pieces in loops and the draws' table (SwiftExplodeTiles), in place of one
            // device's pieces; the warnings are the plain file's.
            views = tiles.views()
            completion = tiles.completion(spec)
            animations = tiles.animations(typeName: typeName, interruptible: interruptible)
        }

        var interaction = SwiftSourceWriter()
        if let spec = spec.interaction {
            // No container in the interaction controller: its numbers are the spec's.
            SwiftNumberSlots.literally {
                SwiftInteractionWriter.write(
                    spec, run: run, typeName: typeName, into: &interaction, warnings: &writer.warnings)
            }
        }

        var out = SwiftSourceWriter()
        out.comment("\(typeName)Animator.swift — generated by animatic from a transition spec (docs/EXPORT.md).")
        if geometry != nil || tiles != nil {
            out.comment(
                "Geometry is computed from the container (width, height: containerView.bounds) and the preset's parameters; at \(SwiftLiteral.number(spec.container.size.width)) × \(SwiftLiteral.number(spec.container.size.height)) pt it gives the spec's numbers. Angles as the spec's degrees."
            )
        } else {
            out.comment(
                "Numbers are the spec's, in points for a \(SwiftLiteral.number(spec.container.size.width)) × \(SwiftLiteral.number(spec.container.size.height)) pt container, angles as the spec's degrees."
            )
        }
        for warning in writer.warnings {
            out.line(SwiftExportWarning.marker + SwiftLiteral.commentText(warning.description))
        }
        out.line()
        out.line("import UIKit")
        out.line()
        writeClass(
            typeName: typeName, spec: spec, plan: plan, views: views, completion: completion,
            animations: animations, geometry: geometry, members: tiles?.members(typeName: typeName) ?? [],
            interruptible: interruptible, into: &out)
        if plan.usesGradientView {
            out.line()
            out.line("/// A view whose layer is a `CAGradientLayer`, so the gradient follows the view's bounds.")
            out.block("private final class GradientView: UIView") { w in
                w.line("override class var layerClass: AnyClass { CAGradientLayer.self }")
                w.line("var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }")
            }
        }
        if out.text.contains("makePerspective(") {
            out.line()
            for line in SwiftMatrixRecognizer.perspectiveHelper.split(separator: "\n") { out.line(String(line)) }
        }
        if !interaction.text.isEmpty {
            out.line()
            return Output(source: out.text + interaction.text, warnings: writer.warnings)
        }
        return Output(source: out.text, warnings: writer.warnings)
    }

    /// `transitionDuration(using:)`: the end of the last animation.
    static func transitionDuration(spec: TransitionSpec) -> Double {
        // Rounded to 1e-12 s so that 0.1 + 0.7 reads 0.8, as the spec's author means it.
        let end = spec.animations.map { $0.delay + SwiftAnimatorWriter.duration($0) }.max() ?? 0
        return (end * 1e12).rounded() / 1e12
    }

    private static func writeClass(
        typeName: String, spec: TransitionSpec, plan: SwiftViewPlan, views: String,
        completion: String, animations: String, geometry: SwiftGeometry?, members: [String] = [],
        interruptible: Bool, into out: inout SwiftSourceWriter
    ) {
        let provided = plan.providedViews
        out.line(
            "/// The animation controller of the spec: \(spec.layers.count) view\(spec.layers.count == 1 ? "" : "s"), \(spec.animations.count) animation call\(spec.animations.count == 1 ? "" : "s")."
        )
        out.block("final class \(typeName)Animator: NSObject, UIViewControllerAnimatedTransitioning") { w in
            if let geometry, !geometry.constants.isEmpty {
                w.comment(SwiftGeometry.constantsComment)
                for (name, value) in geometry.constants {
                    let type =
                        name.lowercased().contains("duration") || name.lowercased().contains("delay")
                        ? "TimeInterval" : "CGFloat"
                    w.line("static let \(name): \(type) = \(SwiftNumberSlots.literally { SwiftLiteral.number(value) })")
                }
                w.line()
            }
            if !members.isEmpty {
                for line in members { w.line(line) }
                w.line()
            }
            if !provided.isEmpty {
                for view in provided {
                    w.comment("/layers/\(view.index) \"\(view.layer.id)\"")
                    w.line("private let \(view.name): \(Self.providedType(view))")
                }
                w.line()
                let parameters = provided.map { "\($0.name): \(Self.providedType($0))" }.joined(separator: ", ")
                w.block("init(\(parameters))") { w in
                    for view in provided { w.line("self.\(view.name) = \(view.name)") }
                    w.line("super.init()")
                }
                w.line()
            }
            w.block(
                "func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval"
            ) { w in
                w.line("return \(SwiftLiteral.number(transitionDuration(spec: spec)))")
            }
            w.line()
            if interruptible {
                w.line("/// The transition's one animator: UIKit may ask for it more than once during a transition.")
                w.line("private var transitionAnimator: UIViewImplicitlyAnimating?")
                w.line()
                w.block("func animateTransition(using transitionContext: UIViewControllerContextTransitioning)") { w in
                    w.line("interruptibleAnimator(using: transitionContext).startAnimation()")
                }
                w.line()
            }
            let entry =
                interruptible
                ? "func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating"
                : "func animateTransition(using transitionContext: UIViewControllerContextTransitioning)"
            w.block(entry) { w in
                if interruptible { w.line("if let transitionAnimator { return transitionAnimator }") }
                w.line("let containerView = transitionContext.containerView")
                if geometry != nil || !members.isEmpty {
                    w.line(SwiftGeometry.widthDeclaration)
                    w.line(SwiftGeometry.heightDeclaration)
                }
                // A presenter's view that stays outside and nothing changes is not asked for.
                let context = plan.contextViews.filter { !$0.staysOutside || Self.isReferenced($0.layer.id, in: spec) }
                if !context.isEmpty {
                    for v in context where v.mayStayOutside {
                        guard case .context(let from) = v.source else { continue }
                        w.comment(
                            "view(forKey: .\(from ? "from" : "to")) is nil when the presentation keeps the presenter on screen (not full screen): its view then stays where it is (UIKit's documentation of view(forKey:))"
                        )
                        w.line("let \(v.inContainerName) = transitionContext.view(forKey: .\(from ? "from" : "to"))")
                    }
                    let bindings = context.map { v -> String in
                        guard case .context(let from) = v.source else { return "" }
                        let key = from ? "from" : "to"
                        if v.mayStayOutside {
                            return
                                "let \(v.name) = \(v.inContainerName) ?? transitionContext.viewController(forKey: .\(key))?.view"
                        }
                        return v.staysOutside
                            ? "let \(v.name) = transitionContext.viewController(forKey: .\(key))?.view"
                            : "let \(v.name) = transitionContext.view(forKey: .\(key))"
                    }
                    w.line(
                        "guard " + bindings.joined(separator: ",\n" + String(repeating: " ", count: 8 + 6)) + " else {")
                    w.indent { w in
                        w.line("transitionContext.completeTransition(false)")
                        w.line(interruptible ? "return UIViewPropertyAnimator(duration: 0, curve: .linear)" : "return")
                    }
                    w.line("}")
                }
                for view in provided { w.line("let \(view.name) = self.\(view.name)") }
                for line in (views + "\n" + completion + animations).split(
                    separator: "\n", omittingEmptySubsequences: false
                ).dropLast() {
                    w.line(String(line))
                }
            }
        }
    }

    /// Whether any change, snapshot or sublayer refers to the layer `id`.
    static func isReferenced(_ id: String, in spec: TransitionSpec) -> Bool {
        func touches(_ changes: [PropertyChange]) -> Bool { changes.contains { $0.layer == id } }
        if spec.layers.contains(where: { layer in
            if layer.parent == id { return true }
            if case .snapshot(let of, _)? = layer.content { return of == id }
            return false
        }) {
            return true
        }
        if touches(spec.completion) || touches(spec.completionIfFinished) || touches(spec.completionIfCancelled) {
            return true
        }
        return spec.animations.contains { animation in
            switch animation {
            case .block(let b): return touches(b.changes)
            case .keyframes(let k): return k.keyframes.contains { touches($0.changes) }
            }
        }
    }

    private static func providedType(_ view: SwiftViewPlan.View) -> String {
        if case .provided(image: true) = view.source { return "UIImageView" }
        return "UIView"
    }
}
