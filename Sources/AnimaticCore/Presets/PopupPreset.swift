/// `popup` — the Health Beat chapter's `AddEntryAnimator` (document 000): a modal
/// pop-up 280 × 170 (170 × 280 in landscape) centred on the parent view, fading in over
/// 0.25 s with UIKit's default curve when presented and fading out when dismissed; the
/// parent view does not move.
public enum PopupPreset {
    public static let definition = PresetDefinition(
        name: "popup",
        summary:
            "Modal pop-up 280×170 (170×280 landscape) centred on the parent, alpha 0→1 in 0.25 s; dismiss fades it out.",
        source: "000 Health Beat, \"Custom Transitions\" — AddEntryAnimator",
        parameters: [
            PresetParameter(
                "operation", .choice(["present", "dismiss"]), default: .string("present"),
                "present fades the pop-up in, dismiss fades it out"),
            PresetParameter.orientation,
            PresetParameter(
                "width", .number(min: 0, max: 10_000, minExclusive: true), default: .number(390),
                "container width in points; the container is always in portrait coordinates (as in the document)"),
            PresetParameter(
                "height", .number(min: 0, max: 10_000, minExclusive: true), default: .number(844),
                "container height in points"),
            .duration(0.25, "AnimationDuration, seconds"),
        ],
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let size = Size(width: p.number("width"), height: p.number("height"))
        let landscape = p.word("orientation") == "landscape"
        let popup = landscape ? Size(width: 170, height: 280) : Size(width: 280, height: 170)
        if popup.width > size.width || popup.height > size.height {
            p.problem(
                p.isGiven("width") && popup.width > size.width ? "width" : "height",
                "the container must hold the \(Int(popup.width))×\(Int(popup.height)) pop-up")
            return nil
        }
        let frame = Rect(
            x: size.width / 2 - popup.width / 2, y: size.height / 2 - popup.height / 2,
            width: popup.width, height: popup.height)
        let present = p.word("operation") == "present"
        let parent = PresetSupport.view("parent", PresetSupport.bounds(size), fill: "#f2f2f7", label: "Health Beat")
        let entry = PresetSupport.view("addEntry", frame, fill: "#ffffff", label: "Add Entry", alpha: present ? 0 : 1)
        let block = BlockAnimation(
            duration: p.number("duration"), timing: .easeInEaseOut,
            changes: [PresetSupport.change("addEntry", .alpha, .number(present ? 1 : 0))])
        return TransitionSpec(
            container: ContainerSpec(size: size),
            layers: [parent, entry],
            animations: [.block(block)],
            // The completion block only calls completeTransition:YES. UIModalPresentationCustom
            // keeps the presenting view, so a presentation removes nothing and a dismissal
            // removes the pop-up (the from-view).
            views: present
                ? TransitionViews(
                    from: "parent", to: "addEntry", operation: .present, shouldRemovePresentersView: false)
                : TransitionViews(
                    from: "addEntry", to: "parent", operation: .dismiss, shouldRemovePresentersView: false))
    }
}
