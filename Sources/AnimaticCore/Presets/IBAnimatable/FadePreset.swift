/// `fade` — IBAnimatable's `FadeAnimator` (Sources/Animators/TransitionAnimator/
/// FadeAnimator.swift, last changed in f5d52ba): the to-view at its final frame; `cross`
/// (the default) puts it on top at alpha 0 and fades the from-view out while it fades in;
/// `in` only fades the to-view in on top; `out` puts the to-view below and fades the
/// from-view out. One `UIView.animate` of 0.75 s, default ease-in-ease-out curve. The
/// completion does not restore the from-view's alpha. `reverse` swaps in and out.
/// Interactive: FadeAnimator's Pan(horizontal), progress = |Δx| / W (`IBAnimatableGesture`).
public enum FadePreset {
    public static let definition = PresetDefinition(
        name: "fade",
        summary:
            "IBAnimatable fade: cross (both at once), in (the new view over the old) or out (the old view off the new), 0.75 s.",
        source:
            "IBAnimatable — Sources/Animators/TransitionAnimator/FadeAnimator.swift (IBAnimatable/IBAnimatable @ 242a77f, file @ f5d52ba)",
        parameters: [
            PresetParameter(
                "direction", .choice(["cross", "in", "out"]), default: .string("cross"),
                "IBAnimatable's fade direction"),
            PresetParameter(
                "reverse", .bool, default: .bool(false), "the reverse type (pop, dismiss): in ↔ out, cross stays cross"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(IBAnimatable.duration, "seconds (IBAnimatable's defaultTransitionDuration)"),
        ]
            + PresetSupport.interactionParameters(
                progress: [[0, 0], [0.1, 0.15], [0.2, 0.35], [0.3, 0.6]],
                summary:
                    "IBAnimatable's Pan(horizontal): progress = |Δx| / W, at most 0.99, finish if > 0.5 or faster than 1000 pt/s",
                cancelled: IBAnimatable.cancelledSummary),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let interactive = PresetSupport.checkInteraction(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        var direction = p.word("direction")
        if p.bool("reverse") { direction = ["in": "out", "out": "in"][direction] ?? direction }
        let from = VCTL.view("from", bounds)
        var layers: [LayerSpec]
        var changes: [PropertyChange] = []
        switch direction {
        case "out":
            layers = [VCTL.view("to", bounds), from]
            changes = [VCTL.change("from", .alpha, .number(0))]
        case "in":
            layers = [from, VCTL.view("to", bounds, alpha: 0)]
            changes = [VCTL.change("to", .alpha, .number(1))]
        default:
            layers = [from, VCTL.view("to", bounds, alpha: 0)]
            changes = [VCTL.change("from", .alpha, .number(0)), VCTL.change("to", .alpha, .number(1))]
        }
        let block = BlockAnimation(duration: p.number("duration"), timing: .easeInEaseOut, changes: changes)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.block(block)],
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive { spec.interaction = IBAnimatableGesture.pan("horizontal").interaction(p, size: size) }
        return spec
    }
}
