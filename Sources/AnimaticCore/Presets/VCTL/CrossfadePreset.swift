/// `crossfade` — VCTransitionsLibrary's `CECrossfadeAnimationController`: the to-view is
/// put behind the from-view at its final frame, and one `UIView.animate` of the
/// transition's duration (1 s) with the default ease-in-ease-out curve fades the
/// from-view from 1 to 0. Completion removes the from-view and sets its alpha back to 1
/// (a cancel only restores the alpha). `reverse` changes nothing.
public enum CrossfadePreset {
    public static let definition = PresetDefinition(
        name: "crossfade",
        summary: "The from-view fades out over the to-view behind it, 1 s ease-in-ease-out.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CECrossfadeAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 6d5cf2a)",
        parameters: VCTL.parameters(duration: 1, reverse: "the library's reverse; the crossfade ignores it"),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let bounds = PresetSupport.bounds(p.containerSize)
        let block = BlockAnimation(
            duration: p.number("duration"), timing: .easeInEaseOut,
            changes: [VCTL.change("from", .alpha, .number(0))])
        let spec = TransitionSpec(
            container: ContainerSpec(size: p.containerSize),
            layers: [VCTL.view("to", bounds), VCTL.view("from", bounds)],
            animations: [.block(block)],
            // Both branches set the alpha back to 1; the finished one
            // also removes the from-view, as completeTransition does.
            completion: [VCTL.change("from", .alpha, .number(1))],
            completionIfFinished: [VCTL.change("from", .hidden, .bool(true))])
        return VCTL.finish(spec, p, swipe: swipe)
    }
}
