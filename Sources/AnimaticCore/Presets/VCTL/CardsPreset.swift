/// `cards` — VCTransitionsLibrary's `CECardsAnimationController`. Two transforms on the
/// views' own layers, both with m34 = −1/900 set on the identity first (CA calls in
/// source order, each new operation acting on the point first):
/// t1 = Scale(0.95) then Rotate 15° about x; t2 = Translate(0, −0.08 H) then Scale(0.8).
/// One `animateKeyframes` of the duration (1 s) in cubic calculation mode.
///
/// Forward: the to-view waits below the screen (origin.y = H), above the from-view.
/// Keys: from-view 0 – 0.4 → t1 and alpha 0.6; from-view 0.2 – 0.6 → t2 (the keyframes
/// overlap: its key times become 0, 0.4, 0.6); to-view 0.6 – 0.8 → its model frame moved
/// up 30 pt, read when the block runs, i.e. y = H − 30 (the literal reading of the code);
/// to-view 0.8 – 1 → the from-view's frame.
/// Reverse: the to-view sits behind at scale 0.6 and alpha 0.6. Keys: from-view 0 – 0.5
/// → off-screen below (y = H); to-view 0.35 – 0.7 → t1 and alpha 1; 0.75 – 1 → identity.
/// Completion: a cancelled reverse resets the to-view to identity and alpha 1.
public enum CardsPreset {
    public static let definition = PresetDefinition(
        name: "cards",
        summary:
            "Cards: the from-view tips back 15° (m34 −1/900) and shrinks to 0.8 while the to-view rises from below with a 30 pt step (reverse: drops away, the card behind comes forward), cubic keyframes, 1 s.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CECardsAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 3b0ae94)",
        parameters: VCTL.parameters(duration: 1, library: "CardsAnimator.swift @ 60b15ee"),
        build: build)

    /// firstTransform: m34 −1/900, Scale(0.95, 0.95, 1), Rotate 15° about x.
    public static var t1: Transform3D {
        var t = Transform3D.identity
        t.m34 = 1.0 / -900
        return t.scaled(0.95, 0.95, 1).rotated(15 * .pi / 180, x: 1, y: 0, z: 0)
    }

    /// secondTransformWithView: m34 −1/900, Translate(0, −0.08 × height, 0), Scale(0.8, 0.8, 1).
    public static func t2(height: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = 1.0 / -900
        return t.translated(0, height * -0.08, 0).scaled(0.8, 0.8, 1)
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let w = size.width, h = size.height
        let frame = PresetSupport.bounds(size)
        let offScreen = Rect(x: 0, y: h, width: w, height: h)
        var layers: [LayerSpec]
        var keyframes: [Keyframe]
        if p.bool("reverse") {
            layers = [
                VCTL.view("to", frame, transform: .matrix(.scale(0.6, 0.6, 1)), alpha: 0.6), VCTL.view("from", frame),
            ]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: 0.5, changes: PresetSupport.frameChanges("from", offScreen)),
                Keyframe(
                    relativeStart: 0.35, relativeDuration: 0.35,
                    changes: [VCTL.change("to", .transform, VCTL.matrix(t1)), VCTL.change("to", .alpha, .number(1))]),
                Keyframe(
                    relativeStart: 0.75, relativeDuration: 0.25,
                    changes: [VCTL.change("to", .transform, VCTL.matrix(.identity))]),
            ]
        } else {
            layers = [VCTL.view("from", frame), VCTL.view("to", offScreen)]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: 0.4,
                    changes: [
                        VCTL.change("from", .transform, VCTL.matrix(t1)), VCTL.change("from", .alpha, .number(0.6)),
                    ]),
                Keyframe(
                    relativeStart: 0.2, relativeDuration: 0.4,
                    changes: [VCTL.change("from", .transform, VCTL.matrix(t2(height: h)))]),
                Keyframe(
                    relativeStart: 0.6, relativeDuration: 0.2,
                    changes: PresetSupport.frameChanges("to", Rect(x: 0, y: h - 30, width: w, height: h))),
                Keyframe(relativeStart: 0.8, relativeDuration: 0.2, changes: PresetSupport.frameChanges("to", frame)),
            ]
        }
        let block = KeyframeAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, calculationMode: .cubic,
            keyframes: keyframes)
        // A cancelled reverse resets the to-view; the forward block only completes.
        let cancelled =
            p.bool("reverse")
            ? [VCTL.change("to", .transform, VCTL.matrix(.identity)), VCTL.change("to", .alpha, .number(1))] : []
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.keyframes(block)],
            completionIfCancelled: cancelled)
        return VCTL.finish(spec, p, swipe: swipe)
    }
}
