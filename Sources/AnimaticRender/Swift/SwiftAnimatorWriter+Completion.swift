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
                        inner.writeChanges(layer, set)
                    }
                }
                w.out.line("}")
            }
            w.out.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        }
        out.line("}")
    }
}
