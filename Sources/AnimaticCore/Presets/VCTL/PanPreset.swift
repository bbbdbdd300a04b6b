/// `pan` — VCTransitionsLibrary's `CEPanAnimationController` (Alvin Zeng, 2014). It sets
/// its duration to 0.3 s, whatever the user set. Its positions are points written for a
/// 320-pt screen and do not scale with the width: going forward the to-view starts at
/// x = 320 on top and the from-view ends at x = −160; in reverse the to-view starts at
/// x = −160 behind and the from-view ends at x = 320; the to-view always ends at x = 0.
/// One `UIView.animate` with the default ease-in-ease-out curve. Completion removes the
/// from-view (a cancel puts both views back at x = 0).
public enum PanPreset {
    public static let definition = PresetDefinition(
        name: "pan",
        summary:
            "Parallax pan with the library's 320-pt numbers: the to-view slides in from x = 320 (reverse: −160), the from-view out to −160 (reverse: 320), 0.3 s.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CEPanAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 4766650)",
        parameters: VCTL.parameters(
            duration: 0.3,
            durationSummary: "seconds; the controller forces 0.3 (self.duration = .3 in animateTransition)"),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let reverse = p.bool("reverse")
        func frame(x: Double) -> Rect { Rect(x: x, y: 0, width: size.width, height: size.height) }
        let from = VCTL.view("from", frame(x: 0)), to = VCTL.view("to", frame(x: reverse ? -160 : 320))
        let block = BlockAnimation(
            duration: p.number("duration"), timing: .easeInEaseOut,
            changes: PresetSupport.frameChanges("from", frame(x: reverse ? 320 : -160))
                + PresetSupport.frameChanges("to", frame(x: 0)))
        // Completion: cancelled puts both views at x = 0; finished removes the from-view,
        // sets its x back to where it went and the to-view's to 0.
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: reverse ? [to, from] : [from, to],
            animations: [.block(block)],
            completionIfFinished: [VCTL.change("from", .hidden, .bool(true))]
                + PresetSupport.frameChanges("from", frame(x: reverse ? 320 : -160))
                + PresetSupport.frameChanges("to", frame(x: 0)),
            completionIfCancelled: PresetSupport.frameChanges("to", frame(x: 0))
                + PresetSupport.frameChanges("from", frame(x: 0)))
        return VCTL.finish(spec, p, swipe: swipe)
    }
}
