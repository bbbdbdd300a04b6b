/// `tabSlide` — the Health Beat chapter's `TabAnimator` with its
/// `TabInteractiveTransition` (document 000): the to-view slides in from one side by the
/// container width while the from-view slides out the other, 0.25 s, UIKit's default
/// curve — linear when the transition is interactive. goRight = from < to: the to-view
/// starts at offscreenRight and the from-view ends at offscreenLeft (mirrored
/// otherwise). Interactive: an edge pan, percent = translation.x / W (sign by direction)
/// clamped to 0…1, completionSpeed 0.5, finish if percent > 0.5 at release, cancel when
/// the recognizer is cancelled; a cancelled transition puts both views back.
public enum TabSlidePreset {
    static let tabNames = ["History", "Graph", "Entries", "Settings", "More"]
    static let tabColors = ["#f2f2f7", "#34c759", "#007aff", "#ff9500", "#af52de"]

    static func tabName(_ i: Int) -> String { i < tabNames.count ? tabNames[i] : "Tab \(i)" }
    static func tabColor(_ i: Int) -> String { tabColors[i % tabColors.count] }

    public static let definition = PresetDefinition(
        name: "tabSlide",
        summary:
            "Tab bar slide by the container width, direction from the tab indices, 0.25 s ease-in-ease-out (linear when interactive).",
        source: "000 Health Beat, \"Custom Transitions\" — TabAnimator, TabInteractiveTransition",
        parameters: [
            PresetParameter("from", .integer(min: 0, max: 99), default: .number(0), "index of the selected tab"),
            PresetParameter(
                "to", .integer(min: 0, max: 99), default: .number(1),
                "index of the new tab (≠ from; ±1 when interactive)"),
            PresetParameter(
                "tabs", .integer(min: 2, max: 100), default: .number(3), "number of tabs; indices run 0 … tabs − 1"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(0.25, "AnimationDuration, seconds"),
        ]
            + PresetSupport.interactionParameters(
                progress: [[0, 0], [0.1, 0.2], [0.2, 0.4], [0.3, 0.6]],
                summary:
                    "TabInteractiveTransition: edge pan, percent = translation.x / W, completionSpeed 0.5, finish if > 0.5"
            ),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let (fromIndex, toIndex, interactive) = PresetSupport.checkTabIndices(&p, gesture: "the pan")
        guard p.isValid else { return nil }

        let size = p.containerSize
        let initialFrom = PresetSupport.bounds(size)
        let finalTo = initialFrom
        let goRight = fromIndex < toIndex
        let offscreenLeft = initialFrom.offsetBy(dx: -size.width, dy: 0)
        let offscreenRight = initialFrom.offsetBy(dx: size.width, dy: 0)
        let initialTo = goRight ? offscreenRight : offscreenLeft
        let finalFrom = goRight ? offscreenLeft : offscreenRight

        let from = PresetSupport.view("from", initialFrom, fill: tabColor(fromIndex), label: tabName(fromIndex))
        let to = PresetSupport.view("to", initialTo, fill: tabColor(toIndex), label: tabName(toIndex))
        let block = BlockAnimation(
            duration: p.number("duration"), timing: interactive ? .linear : .easeInEaseOut,
            changes: PresetSupport.frameChanges("to", finalTo) + PresetSupport.frameChanges("from", finalFrom))
        // The completion block: if the transition was cancelled, both frames go back to their
        // initial values; then completeTransition:didComplete.
        let cancelled = PresetSupport.frameChanges("to", initialTo) + PresetSupport.frameChanges("from", initialFrom)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: [from, to], animations: [.block(block)],
            completionIfCancelled: cancelled,
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive {
            // handleLeftPan: percent = −translation.x / W (going right the finger moves left).
            let rule = ProgressRule(axis: .x, distance: size.width, direction: goRight ? -1 : 1)
            spec.interaction = PresetSupport.percentInteraction(p, rule: rule, completionSpeed: 0.5)
        }
        return spec
    }
}
