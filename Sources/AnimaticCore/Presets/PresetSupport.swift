/// Pieces the presets share.
enum PresetSupport {
    /// The interaction parameters of a percent-driven preset.
    static func interactionParameters(
        progress: [[Double]], summary: String,
        cancelled: String = "the recognizer ends cancelled (not ended): the transition cancels whatever the percent"
    ) -> [PresetParameter] {
        [
            PresetParameter(
                "interactive", .bool, default: .bool(false),
                "drive the transition with a gesture (\(summary))"),
            PresetParameter(
                "progress", .progressSamples, default: .samples(progress),
                "update(percent) calls while interactive (give these or `gesture`, not both)"),
            PresetParameter(
                "gesture", .gestureSamples, default: .null,
                "finger positions while interactive, turned into percent by the preset's rule"),
            PresetParameter("cancelled", .bool, default: .bool(false), cancelled),
        ]
    }

    /// Checks `from`/`to` tab indices against `tabs`: both in range, different, and
    /// neighbours when a gesture (`what`) selects the tab, after `checkInteraction`.
    /// Returns the indices and whether the transition is interactive.
    static func checkTabIndices(_ p: inout PresetParameters, gesture what: String) -> (
        from: Int, to: Int, interactive: Bool
    ) {
        let fromIndex = p.integer("from"), toIndex = p.integer("to"), tabs = p.integer("tabs")
        let interactive = checkInteraction(&p)
        if fromIndex >= tabs { p.problem("from", "there are \(tabs) tabs: indices 0 … \(tabs - 1)") }
        if toIndex >= tabs { p.problem("to", "there are \(tabs) tabs: indices 0 … \(tabs - 1)") }
        if fromIndex == toIndex {
            p.problem("to", "must differ from \"from\" (\(fromIndex)): selecting the current tab has no transition")
        }
        if interactive && abs(fromIndex - toIndex) != 1 {
            p.problem("to", "\(what) selects the next or previous tab: \"to\" must be from ± 1")
        }
        return (fromIndex, toIndex, interactive)
    }

    /// Reports interaction parameters given without `interactive: true`, and both kinds of
    /// samples at once. Returns whether the transition is interactive.
    static func checkInteraction(_ p: inout PresetParameters) -> Bool {
        let interactive = p.bool("interactive")
        for name in ["progress", "gesture", "cancelled"] where p.isGiven(name) && !interactive {
            p.problem(name, "only used when \"interactive\" is true")
        }
        if p.isGiven("progress") && p.isGiven("gesture") {
            p.problem("gesture", "give \"progress\" or \"gesture\" samples, not both")
        }
        return interactive
    }

    /// The interaction of a percent-driven preset: the `gesture` samples turned into percent
    /// by `rule` when given, else the `progress` samples; at release it finishes if
    /// percent > 0.5, and cancels whatever the percent when `cancelled`.
    static func percentInteraction(_ p: PresetParameters, rule: ProgressRule, completionSpeed: Double = 1)
        -> InteractionSpec
    {
        let input: InteractionInput =
            p.isGiven("gesture")
            ? .gesture(p.gesture("gesture") ?? [], rule: rule)
            : .progress(p.progress("progress") ?? [])
        return InteractionSpec(
            input: input,
            release: ReleaseRule(threshold: 0.5, decision: p.bool("cancelled") ? .cancel : nil),
            completionSpeed: completionSpeed)
    }

    /// Frame-style layer with a label and fill.
    static func view(
        _ id: String, _ frame: Rect, fill: String?, label: String?, anchor: Point = Point(x: 0.5, y: 0.5),
        alpha: Double = 1, hidden: Bool = false
    ) -> LayerSpec {
        LayerSpec(
            id: id, frame: frame, anchor: anchor, alpha: alpha, fill: fill.flatMap(Color.init(hex:)),
            label: label, hidden: hidden)
    }

    static func bounds(_ size: Size) -> Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    static func frameChanges(_ id: String, _ frame: Rect, anchor: Point = Point(x: 0.5, y: 0.5)) -> [PropertyChange] {
        [
            PropertyChange(
                layer: id, property: .position, value: .point(LayerSpec.position(ofFrame: frame, anchor: anchor))),
            PropertyChange(layer: id, property: .size, value: .size(frame.size)),
        ]
    }

    static func change(_ id: String, _ property: AnimatableProperty, _ value: PropertyValue) -> PropertyChange {
        PropertyChange(layer: id, property: property, value: value)
    }

    static func rotateY(_ degrees: Double) -> TransformSpec {
        .operations([.rotate(degrees: degrees, axis: (0, 1, 0))])
    }
}
