/// `turn` — VCTransitionsLibrary's `CETurnAnimationController`: both views at the
/// from-view's frame, the to-view on top; the container's `sublayerTransform` has
/// m34 = −0.002 (eye distance 500). factor = +1 in reverse, −1 forward; the to-view
/// starts turned by −factor × 90° (edge-on, unseen). One `animateKeyframes` of the
/// duration (1 s, options 0: linear calculation mode, no curve bits): keys 0 – 0.5 turn
/// the from-view to factor × 90°, keys 0.5 – 1 turn the to-view to 0°. The turn is about
/// y for `direction` vertical (the library's default) and about x for horizontal.
/// Completion changes nothing (the from-view keeps its 90° turn; UIKit removes it).
public enum TurnPreset {
    public static let definition = PresetDefinition(
        name: "turn",
        summary:
            "Turn: the from-view turns edge-on, then the to-view turns in from the other side, keyframes 0–0.5 and 0.5–1, m34 −0.002 on the container, 1 s.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CETurnAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ a36d3f8)",
        parameters: [
            PresetParameter(
                "direction", .choice(["vertical", "horizontal"]), default: .string("vertical"),
                "the library's flipDirection: vertical turns about the y axis, horizontal about x")
        ] + VCTL.parameters(duration: 1, library: "TurnAnimator.swift @ f5d52ba"),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        // TurnAnimator's direction: left/right turn about y, top/bottom about x, reverse =
        // right or bottom; its Pan(opposingGesture) drives the pop, matching the direction played.
        let played =
            p.word("direction") == "horizontal"
            ? (p.bool("reverse") ? "bottom" : "top") : (p.bool("reverse") ? "right" : "left")
        let gesture = IBAnimatableGesture.panMatching(played)
        let swipe = VCTL.checkSwipe(&p, ibanimatable: gesture)
        guard p.isValid else { return nil }
        let bounds = PresetSupport.bounds(p.containerSize)
        let factor = p.bool("reverse") ? 1.0 : -1.0
        let aboutX = p.word("direction") == "horizontal"
        func rotate(_ angle: Double) -> Transform3D {
            aboutX ? .rotation(angle, x: 1, y: 0, z: 0) : .rotation(angle, x: 0, y: 1, z: 0)
        }
        let block = KeyframeAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, calculationMode: .linear,
            keyframes: [
                Keyframe(
                    relativeStart: 0, relativeDuration: 0.5,
                    changes: [VCTL.change("from", .transform, VCTL.matrix(rotate(factor * .pi / 2)))]),
                Keyframe(
                    relativeStart: 0.5, relativeDuration: 0.5,
                    changes: [VCTL.change("to", .transform, VCTL.matrix(rotate(0)))]),
            ])
        let spec = TransitionSpec(
            container: ContainerSpec(size: p.containerSize, perspective: 500),
            layers: [
                VCTL.view("from", bounds), VCTL.view("to", bounds, transform: .matrix(rotate(factor * -.pi / 2))),
            ],
            animations: [.keyframes(block)])
        return VCTL.finish(spec, p, swipe: swipe, ibanimatable: gesture)
    }
}
