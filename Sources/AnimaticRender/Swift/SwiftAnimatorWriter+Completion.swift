import AnimaticCore

extension SwiftAnimatorWriter {
    /// The completion as a local function the last animation calls: the spec's
    /// completion changes when the transition was not cancelled (a cancelled run is left
    /// in its initial state, docs/SPEC.md), then `completeTransition(_:)`.
    mutating func writeCompletion() {
        let completion = spec.completion
        out.comment("/completion: runs when the last animation ends")
        out.line("func finish() {")
        writeIndented { w in
            if !completion.isEmpty {
                w.out.line("if !transitionContext.transitionWasCancelled {")
                w.writeIndented { inner in
                    for (layer, set) in Self.grouped(completion) {
                        inner.out.comment(Self.pointer("/completion", layer: layer))
                        // A snapshot or gradient the animator made and the completion hides is
                        // removed, as the documents' completion blocks do: the same on screen.
                        let made = inner.plan.view(layer).map { view -> Bool in
                            switch view.source {
                            case .snapshot, .gradient: return true
                            case .context, .provided: return false
                            }
                        } ?? false
                        if made, set.contains(where: { $0.property == .hidden && $0.value == .bool(true) }) {
                            inner.writeChanges(layer, set.filter { $0.property != .hidden })
                            inner.out.line("\(inner.plan.name(layer)).removeFromSuperview()")
                        } else {
                            inner.writeChanges(layer, set)
                        }
                    }
                }
                w.out.line("}")
            }
            w.out.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        }
        out.line("}")
    }
}
