/// `containerSpring` — objc.io #12's `PrivateAnimatedTransition`, the custom container's
/// default animation (document 001): with the frames of `PrivateTransitionContext`
/// (children ordered left to right), the to-view starts at alpha 0 translated by
/// −travel, travel = ±(W + 16) (+ when the to-view's initial frame lies left of its
/// final frame); in one 1 s spring (damping ratio 0.75, initial velocity 0.5) the
/// from-view moves by travel and fades out while the to-view returns to the identity and
/// fades in. On completion the from-view's transform is reset (and it is removed).
public enum ContainerSpringPreset {
    public static let definition = PresetDefinition(
        name: "containerSpring",
        summary:
            "Container default: views travel W+16 on a 1 s spring (damping 0.75, velocity 0.5) with a cross-fade; direction from the frames.",
        source: "001 objc.io #12, \"Custom Container View Controller Transitions\" — PrivateAnimatedTransition",
        parameters: [
            PresetParameter("from", .integer(min: 0, max: 99), default: .number(0), "index of the child shown before"),
            PresetParameter(
                "to", .integer(min: 0, max: 99), default: .number(1), "index of the child selected (≠ from)"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(1, "transitionDuration, seconds"),
            PresetParameter(
                "dampingRatio", .number(min: 0, max: 1, minExclusive: true), default: .number(0.75),
                "kDamping, usingSpringWithDamping"),
            PresetParameter(
                "initialVelocity", .number(min: -1000, max: 1000, minExclusive: false), default: .number(0.5),
                "kInitialSpringVelocity, in travel distances per second"),
            PresetParameter(
                "padding", .number(min: 0, max: 10_000, minExclusive: false), default: .number(16),
                "kChildViewPadding, added to the travel"),
        ],
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let fromIndex = p.integer("from"), toIndex = p.integer("to")
        if fromIndex == toIndex {
            p.problem("to", "must differ from \"from\" (\(fromIndex)): a transition needs two children")
            return nil
        }
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        // PrivateTransitionContext: going right (to a higher index) the appearing view comes from +W.
        let contextTravel = toIndex > fromIndex ? -size.width : size.width
        let appearingFrom = bounds.offsetBy(dx: -contextTravel, dy: 0)
        let appearingTo = bounds
        // PrivateAnimatedTransition reads the direction back from the frames.
        let goingRight = appearingFrom.minX < appearingTo.minX
        let distance = size.width + p.number("padding")
        let travel = goingRight ? distance : -distance
        let from = PresetSupport.view("from", bounds, fill: "#f2f2f7", label: "Child \(fromIndex)")
        var to = PresetSupport.view("to", bounds, fill: "#34c759", label: "Child \(toIndex)", alpha: 0)
        to.transform = .operations([.translate(x: -travel, y: 0, z: 0)])
        let block = BlockAnimation(
            duration: p.number("duration"),
            timing: .springDamping(ratio: p.number("dampingRatio"), initialVelocity: p.number("initialVelocity")),
            changes: [
                PresetSupport.change("from", .transform, .transform(.operations([.translate(x: travel, y: 0, z: 0)]))),
                PresetSupport.change("from", .alpha, .number(0)),
                PresetSupport.change("to", .transform, .transform(.identity)),
                PresetSupport.change("to", .alpha, .number(1)),
            ])
        return TransitionSpec(
            container: ContainerSpec(size: size), layers: [from, to], animations: [.block(block)],
            // fromViewController.view.transform = CGAffineTransformIdentity; then
            // completeTransition, whose completionBlock removes the from-view (the
            // container is never interactive, so the run always finishes).
            completion: [PresetSupport.change("from", .transform, .transform(.identity))],
            views: TransitionViews(from: "from", to: "to", operation: .container))
    }
}
