/// `scaleFade` — the `Animator` of objc.io issue #5, plugged unchanged into the custom
/// container of issue #12 (document 001): the from-view scales to 0.1 while the to-view
/// fades in from 0, over 0.25 s with UIKit's default curve; on completion the
/// from-view's transform is reset to the identity (and the container removes it).
public enum ScaleFadePreset {
    public static let definition = PresetDefinition(
        name: "scaleFade",
        summary:
            "From-view scales to 0.1 while the to-view fades 0→1, 0.25 s ease-in-ease-out; from's transform reset on completion.",
        source: "001 objc.io #12 — the Animator of objc.io #5, plugged in unchanged",
        parameters: [
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(0.25, "transitionDuration, seconds"),
            PresetParameter(
                "scale", .number(min: 0, max: 10, minExclusive: true), default: .number(0.1),
                "the from-view's final scale (CGAffineTransformMakeScale(0.1, 0.1))"),
        ],
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let s = p.number("scale")
        let from = PresetSupport.view("from", bounds, fill: "#f2f2f7", label: "From")
        let to = PresetSupport.view("to", bounds, fill: "#34c759", label: "To", alpha: 0)
        let block = BlockAnimation(
            duration: p.number("duration"), timing: .easeInEaseOut,
            changes: [
                PresetSupport.change("from", .transform, .transform(.operations([.scale(x: s, y: s, z: 1)]))),
                PresetSupport.change("to", .alpha, .number(1)),
            ])
        return TransitionSpec(
            container: ContainerSpec(size: size), layers: [from, to], animations: [.block(block)],
            // fromViewController.view.transform = CGAffineTransformIdentity; then
            // completeTransition, whose completionBlock removes the from-view.
            completion: [PresetSupport.change("from", .transform, .transform(.identity))],
            views: TransitionViews(from: "from", to: "to", operation: .container))
    }
}
