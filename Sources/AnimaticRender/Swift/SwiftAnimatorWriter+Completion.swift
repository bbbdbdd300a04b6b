import AnimaticCore

extension SwiftAnimatorWriter {
    /// The completion block as a local function the last animation calls. It runs in both
    /// outcomes, as UIKit's does (docs/SPEC.md, "Completion"): `completion`'s changes, then
    /// the `cancelled` or `finished` branch under `transitionContext.transitionWasCancelled`,
    /// then `completeTransition(_:)`, which removes the view UIKit does not keep.
    mutating func writeCompletion() {
        out.comment("/completion: the completion block, in both outcomes; runs when the last animation ends")
        out.line("func finish() {")
        let spec = self.spec
        writeIndented { w in
            w.writeCompletionChanges(spec.completion, pointer: "/completion")
            let cancelled = spec.completionIfCancelled, finished = spec.completionIfFinished
            if !cancelled.isEmpty {
                w.out.line("if transitionContext.transitionWasCancelled {")
                w.writeIndented { $0.writeCompletionChanges(cancelled, pointer: "/completion/cancelled") }
                w.out.line(finished.isEmpty ? "}" : "} else {")
            } else if !finished.isEmpty {
                w.out.line("if !transitionContext.transitionWasCancelled {")
            }
            if !finished.isEmpty {
                w.writeIndented { $0.writeCompletionChanges(finished, pointer: "/completion/finished") }
                w.out.line("}")
            }
            w.writeAnchorResets()
            if let views = spec.views {
                w.out.comment("/views: completeTransition removes \(Self.removal(views))")
            }
            w.out.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        }
        out.line("}")
    }

    /// What `completeTransition(_:)` removes, in the words of docs/SPEC.md's table.
    static func removal(_ views: TransitionViews) -> String {
        switch views.operation {
        case .container:
            return "the from view when finished, the to view when cancelled"
        case .present:
            return views.shouldRemovePresentersView
                ? "the from view (the presenter) when finished, the to view when cancelled"
                : "nothing when finished (the presenter stays), the to view when cancelled"
        case .dismiss:
            return views.shouldRemovePresentersView
                ? "the from view when finished, the to view (the presenter) when cancelled"
                : "the from view when finished, nothing when cancelled (the presenter stays)"
        }
    }

    /// One set of completion changes, one commented group per layer. A snapshot or gradient
    /// the animator made and the completion hides is removed, as the documents' completion
    /// blocks do: the same on screen.
    mutating func writeCompletionChanges(_ changes: [PropertyChange], pointer: String) {
        for (layer, set) in Self.grouped(changes) {
            out.comment(Self.pointer(pointer, layer: layer))
            let made =
                plan.view(layer).map { view -> Bool in
                    switch view.source {
                    case .snapshot, .gradient: return true
                    case .context, .provided: return false
                    }
                } ?? false
            if made, set.contains(where: { $0.property == .hidden && $0.value == .bool(true) }) {
                writeChanges(layer, set.filter { $0.property != .hidden })
                out.line("\(plan.name(layer)).removeFromSuperview()")
            } else {
                writeChanges(layer, set)
            }
        }
    }

    /// The views that go back to the app (the context's and the app's own) with their anchor
    /// point at the centre again and their frame kept, as CECubeAnimationController's
    /// completion resets them: a view left off-centre would turn and lay out about the
    /// wrong point afterwards. The spec has no anchor change, so this is the same on screen.
    mutating func writeAnchorResets() {
        for view in plan.views where view.layer.anchor != Point(x: 0.5, y: 0.5) && !view.staysOutside {
            switch view.source {
            case .snapshot, .gradient: continue
            case .context, .provided: break
            }
            let name = view.name
            out.comment(
                "/layers/\(view.index)/anchor: back at the centre for the app, the frame kept (as VCTransitionsLibrary's cube does)"
            )
            if modelTransform[view.layer.id] == .identity {
                out.line("let \(name)Frame = \(name).frame")
                out.line("\(name).layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)")
                out.line("\(name).frame = \(name)Frame")
            } else {
                // Under a transform the frame is undefined: move the position by the anchor's offset.
                out.line("let \(name)Anchor = \(name).layer.anchorPoint")
                out.line("\(name).layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)")
                out.line(
                    "\(name).layer.position.x += (0.5 - \(name)Anchor.x) * \(name).bounds.width")
                out.line(
                    "\(name).layer.position.y += (0.5 - \(name)Anchor.y) * \(name).bounds.height")
            }
        }
    }
}
