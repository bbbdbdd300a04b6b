/// `pageFlip` — VCTransitionsLibrary's `CEFlipAnimationController`, a book page turning
/// about the vertical centre line (not document 004's card `flip`). Both views get the
/// from-view's frame; the container's `sublayerTransform` has m34 = −0.002 (eye distance
/// 500). Each view is cut into a left and a right half snapshot; bottom to top the
/// container holds from, to, to-left, to-right, from-left, from-right. Going forward the
/// from-view's left half turns over (anchor at its right edge, the spine) and the
/// to-view's right half lands (anchor at its left edge); reverse uses the other halves
/// and mirrors the angles. Each flap carries a gradient from black alpha 0 to black
/// alpha 0.5, darkest at the spine: the from flap's starts at alpha 0, the to flap's at 1.
/// The to flap starts at ∓90° about y (edge-on). One `animateKeyframes` of the duration
/// (1 s, options 0: linear calculation mode): keys 0 – 0.5 turn the from flap to ±90° and
/// darken its gradient to 1; keys 0.5 – 1 turn the to flap to ∓0.001 rad (not 0) and
/// clear its gradient. Completion removes every snapshot, keeping the to-view.
public enum PageFlipPreset {
    public static let definition = PresetDefinition(
        name: "pageFlip",
        summary:
            "Book page flip about the centre line: the from half turns to 90°, then the to half lands at −0.001 rad, gradients 0 ↔ 0.5 black, m34 −0.002 on the container, 1 s.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CEFlipAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ a387009)",
        parameters: VCTL.parameters(duration: 1, library: "FlipAnimator.swift @ 3fb8f62"),
        build: build)

    /// Ids of the halves, bottom to top: to-left, to-right, from-left, from-right.
    public static let halves = ["toLeft", "toRight", "fromLeft", "fromRight"]

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        // FlipAnimator: reverse = direction right; its Pan(opposingGesture) drives the pop,
        // a pan matching the direction played.
        let gesture = IBAnimatableGesture.panMatching(p.bool("reverse") ? "right" : "left")
        let swipe = VCTL.checkSwipe(&p, ibanimatable: gesture)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let w = size.width, h = size.height
        let bounds = PresetSupport.bounds(size)
        let reverse = p.bool("reverse")
        let fromFlap = reverse ? "fromRight" : "fromLeft", toFlap = reverse ? "toLeft" : "toRight"
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0), half = Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        func rotate(_ angle: Double) -> PropertyValue { VCTL.matrix(.rotation(angle, x: 0, y: 1, z: 0)) }

        var layers = [VCTL.view("from", bounds), VCTL.view("to", bounds)]
        for id in halves {
            let left = id.hasSuffix("Left")
            let region = Rect(x: left ? 0 : w / 2, y: 0, width: w / 2, height: h)
            let source = id.hasPrefix("from") ? "from" : "to"
            let isFlap = id == fromFlap || id == toFlap
            // updateAnchorPointAndOffset: the flap hinges on the spine, its frame unchanged.
            let anchor = isFlap ? Point(x: left ? 1 : 0, y: 0.5) : Point(x: 0.5, y: 0.5)
            let initial: TransformSpec =
                id == toFlap ? .matrix(.rotation(reverse ? .pi / 2 : -.pi / 2, x: 0, y: 1, z: 0)) : .identity
            layers.append(
                LayerSpec(
                    id: id, frame: region, anchor: anchor, transform: initial,
                    content: .snapshot(of: source, rect: region)))
            if isFlap {
                // addShadowToView: reverse = the flap is a left half, so the dark end is at the spine.
                let gradient = GradientSpec(
                    colors: [clear, half], start: Point(x: left ? 0 : 1, y: 0), end: Point(x: left ? 1 : 0, y: 0))
                layers.append(
                    LayerSpec(
                        id: id + "Shadow", frame: region, anchor: anchor, alpha: id == toFlap ? 1 : 0,
                        transform: initial, gradient: gradient))
            }
        }
        /// A flap turning to `transform`, its shadow turning with it and fading to `shadowAlpha`.
        func turn(_ flap: String, to transform: PropertyValue, shadowAlpha: Double) -> [PropertyChange] {
            [
                VCTL.change(flap, .transform, transform),
                VCTL.change(flap + "Shadow", .transform, transform),
                VCTL.change(flap + "Shadow", .alpha, .number(shadowAlpha)),
            ]
        }
        let block = KeyframeAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, calculationMode: .linear,
            keyframes: [
                Keyframe(
                    relativeStart: 0, relativeDuration: 0.5,
                    changes: turn(fromFlap, to: rotate(reverse ? -.pi / 2 : .pi / 2), shadowAlpha: 1)),
                Keyframe(
                    relativeStart: 0.5, relativeDuration: 0.5,
                    changes: turn(toFlap, to: rotate(reverse ? 0.001 : -0.001), shadowAlpha: 0)),
            ])
        // removeOtherViews: keep the from-view (cancelled) or the to-view (finished).
        func keep(_ id: String) -> [PropertyChange] {
            layers.map(\.id).filter { $0 != id }.map { VCTL.change($0, .hidden, .bool(true)) }
        }
        let spec = TransitionSpec(
            container: ContainerSpec(size: size, perspective: 500), layers: layers,
            animations: [.keyframes(block)],
            completionIfFinished: keep("to"), completionIfCancelled: keep("from"))
        return VCTL.finish(spec, p, swipe: swipe, ibanimatable: gesture)
    }
}
