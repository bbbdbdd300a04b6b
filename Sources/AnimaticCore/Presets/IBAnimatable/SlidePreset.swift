/// `slide` — IBAnimatable's `SlideAnimator` (Sources/Animators/TransitionAnimator/
/// SlideAnimator.swift, last changed in eb695c3): travel = −W for left, +W for right,
/// −H for top, +H for bottom. The to-view is added on top translated by −travel (it starts
/// on the opposite side) — and at alpha 0 with `fade`. One `UIView.animate` of 0.75 s,
/// default ease-in-ease-out curve: the from-view's transform → the travel, the to-view's →
/// identity, and with `fade` the from-view's alpha → 0 and the to-view's → 1. Completion
/// resets both transforms (the alpha is not restored). `reverse` (its reverse type, for a
/// pop or dismissal) is the opposite direction. Interactive: SlideAnimator's
/// Pan(matchingGesture(d)) drives its pop, slide(d.opposite) — a pan opposing the
/// direction played, so the content follows the finger (`IBAnimatableGesture`).
public enum SlidePreset {
    public static let definition = PresetDefinition(
        name: "slide",
        summary:
            "IBAnimatable slide: both views move by the full width or height, the new one from the opposite side (optionally cross-fading), 0.75 s.",
        source:
            "IBAnimatable — Sources/Animators/TransitionAnimator/SlideAnimator.swift (IBAnimatable/IBAnimatable @ 242a77f, file @ eb695c3)",
        parameters: [
            PresetParameter(
                "direction", .choice(["left", "right", "top", "bottom"]), default: .string("left"),
                "where the content goes: left moves it left and brings the new view in from the right"),
            PresetParameter(
                "fade", .bool, default: .bool(false), "isFade: also fade the from-view out and the to-view in"),
            PresetParameter(
                "reverse", .bool, default: .bool(false), "the reverse type (pop, dismiss): the opposite direction"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(IBAnimatable.duration, "seconds (IBAnimatable's defaultTransitionDuration)"),
        ]
            + PresetSupport.interactionParameters(
                progress: [[0, 0], [0.1, 0.15], [0.2, 0.35], [0.3, 0.6]],
                summary:
                    "IBAnimatable's Pan opposing the direction played: progress = Δ / W (or H) along the content's motion, at most 0.99, finish if > 0.5 or faster than 1000 pt/s",
                cancelled: IBAnimatable.cancelledSummary),
        build: build)

    static let opposite = ["left": "right", "right": "left", "top": "bottom", "bottom": "top"]

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let interactive = PresetSupport.checkInteraction(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        var direction = p.word("direction")
        if p.bool("reverse") { direction = opposite[direction]! }
        let travel: Point
        switch direction {
        case "left": travel = Point(x: -size.width, y: 0)
        case "right": travel = Point(x: size.width, y: 0)
        case "top": travel = Point(x: 0, y: -size.height)
        default: travel = Point(x: 0, y: size.height)
        }
        let fade = p.bool("fade")
        func translate(_ q: Point) -> TransformSpec { .operations([.translate(x: q.x, y: q.y, z: 0)]) }
        var to = VCTL.view("to", bounds, transform: translate(Point(x: -travel.x, y: -travel.y)), alpha: fade ? 0 : 1)
        to.label = "To"
        var changes = [
            VCTL.change("from", .transform, .transform(translate(travel))),
            VCTL.change("to", .transform, .transform(.identity)),
        ]
        if fade { changes += [VCTL.change("from", .alpha, .number(0)), VCTL.change("to", .alpha, .number(1))] }
        let block = BlockAnimation(duration: p.number("duration"), timing: .easeInEaseOut, changes: changes)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: [VCTL.view("from", bounds), to],
            animations: [.block(block)],
            completion: [
                VCTL.change("from", .transform, .transform(.identity)),
                VCTL.change("to", .transform, .transform(.identity)),
            ],
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive { spec.interaction = IBAnimatableGesture.pan(opposite[direction]!).interaction(p, size: size) }
        return spec
    }
}
