/// What the VCTransitionsLibrary presets share: the `reverse` flag of
/// `CEReversibleAnimationController`, its 1.0 s default duration, the two views, and the
/// library's four interaction controllers as the `swipe` parameter.
///
/// Every controller subclasses `UIPercentDrivenInteractiveTransition` and sets
/// completionSpeed = 1 − percentComplete (CEBaseInteractionController and subclasses,
/// ColinEberhardt/VCTransitionsLibrary @ 4ce0512). Their rules, from InteractionControllers/:
/// - `horizontal` (CEHorizontalSwipeInteractionController): percent = |Δx| / 200 clamped
///   to 1, where 1 is written as 0.99; finish if > 0.5 at release.
/// - `vertical` (CEVerticalSwipeInteractionController): the same on Δy.
/// - `pinch` (CEPinchInteractionController): percent = 1 − scale / startScale, not
///   clamped and without the 0.99 cap; finish if > 0.5.
/// - `horizontalRight` (CEHorizontalSwipeRightInteractionController @ 4766650, removed in
///   d1e3df0): as `horizontal`, and it also finishes when the finger moves right faster
///   than 600 pt/s at release.
///
/// The presets IBAnimatable also ships take `swipe: "ibanimatable"` with
/// `library: "ibanimatable"`: that animator's own Pan or Pinch (`IBAnimatableGesture`).
enum VCTL {
    static let repository = "ColinEberhardt/VCTransitionsLibrary @ 4ce0512"
    static let swipes = ["horizontal", "vertical", "pinch", "horizontalRight"]
    static let fromFill = "#5856d6", toFill = "#ff9500"

    /// `reverse`, the interaction parameters, the container size and the duration.
    /// With `library`, the preset also plays IBAnimatable's animator of the same name:
    /// the duration then defaults to 1 s or 0.75 s by library; `library` names
    /// IBAnimatable's file and commit, e.g. "TurnAnimator.swift @ f5d52ba".
    static func parameters(
        duration: Double,
        durationSummary: String = "transitionDuration, seconds (CEReversibleAnimationController's default)",
        reverse: String = "the library's reverse: pop / dismiss (navigation: operation is pop; tab bar: from < to)",
        library: String? = nil
    )
        -> [PresetParameter]
    {
        let durationParameter =
            library != nil
            ? PresetParameter(
                "duration", .number(min: 0, max: 60, minExclusive: true), default: .null,
                "seconds: 1 (CEReversibleAnimationController's default) or 0.75 with library \"ibanimatable\"")
            : .duration(duration, durationSummary)
        return [PresetParameter("reverse", .bool, default: .bool(false), reverse)]
            + (library.map { [IBAnimatable.library($0)] } ?? [])
            + [PresetParameter.orientation, PresetParameter.width, PresetParameter.height, durationParameter]
            + interactionParameters(library: library != nil)
    }

    static func interactionParameters(library: Bool) -> [PresetParameter] {
        [
            PresetParameter(
                "swipe", .choice(swipes + (library ? [IBAnimatable.swipe] : [])), default: .null,
                "drive the transition with one of the library's interaction controllers: horizontal or vertical pan (|Δ| / 200, capped at 0.99), pinch (1 − scale / startScale), horizontalRight (horizontal, or a release faster than 600 pt/s to the right); finish if percent > 0.5, completionSpeed 1 − percent"
                    + (library
                        ? "; or \"ibanimatable\" with library \"ibanimatable\": the animator's own Pan or Pinch (PRESETS.md)"
                        : "")
            )
        ] + sampleParameters
    }

    static let sampleParameters: [PresetParameter] = [
        PresetParameter(
            "progress", .progressSamples, default: .samples([[0, 0], [0.1, 0.15], [0.2, 0.35], [0.3, 0.6]]),
            "update(percent) calls while a swipe drives it (give these, `gesture` or `scale`)"),
        PresetParameter(
            "gesture", .gestureSamples, default: .null,
            "finger positions for horizontal, vertical or horizontalRight, turned into percent by the controller's rule"
        ),
        PresetParameter(
            "scale", .scaleSamples, default: .null,
            "the pinch recognizer's scale for swipe \"pinch\" (and IBAnimatable's portal pinch); the first sample is startScale"
        ),
        PresetParameter(
            "cancelled", .bool, default: .bool(false),
            "the recognizer ends cancelled (not ended): the transition cancels whatever the percent (with swipe \"ibanimatable\", IBAnimatable's InteractiveAnimator decides it like an ended one)"
        ),
    ]

    static func view(
        _ id: String, _ frame: Rect, anchor: Point = Point(x: 0.5, y: 0.5), transform: TransformSpec = .identity,
        alpha: Double = 1, hidden: Bool = false
    ) -> LayerSpec {
        var layer = PresetSupport.view(
            id, frame, fill: id == "from" ? fromFill : toFill, label: id == "from" ? "From" : "To",
            anchor: anchor, alpha: alpha, hidden: hidden)
        layer.transform = transform
        return layer
    }

    /// Reports interaction parameters given without `swipe` or for the wrong controller.
    /// Returns the controller's name, or nil when the transition is not interactive.
    /// `ibanimatable` is the gesture of IBAnimatable's animator for `swipe: "ibanimatable"`
    /// (nil when that animator has none).
    static func checkSwipe(_ p: inout PresetParameters, ibanimatable: IBAnimatableGesture? = nil) -> String? {
        let swipe: String? = p.isGiven("swipe") ? p.word("swipe") : nil
        if swipe == IBAnimatable.swipe {
            if !IBAnimatable.isChosen(p) {
                p.problem("swipe", "\"ibanimatable\" is IBAnimatable's own gesture: it needs library \"ibanimatable\"")
            } else if ibanimatable == nil {
                p.problem("swipe", "IBAnimatable's animator of this preset has no interactive gesture")
            }
        }
        let pinch = swipe == "pinch" || (swipe == IBAnimatable.swipe && ibanimatable?.isPinch == true)
        for name in ["progress", "gesture", "scale", "cancelled"] where p.isGiven(name) && swipe == nil {
            p.problem(name, "only used when \"swipe\" names an interaction controller")
        }
        if [p.isGiven("progress"), p.isGiven("gesture"), p.isGiven("scale")].filter({ $0 }).count > 1 {
            p.problem(
                p.isGiven("scale") ? "scale" : "gesture",
                "give one kind of samples: \"progress\", \"gesture\" or \"scale\"")
        }
        if pinch && p.isGiven("gesture") {
            p.problem("gesture", "a pinch gives \"scale\" samples, not finger positions")
        }
        if let swipe, !pinch, p.isGiven("scale") {
            p.problem("scale", "only the pinch has a scale (swipe \"\(swipe)\" takes \"gesture\" samples)")
        }
        return swipe
    }

    /// The interaction of `swipe`: percent samples by the controller's rule, its release
    /// decision and completionSpeed = 1 − the last percent.
    static func interaction(_ p: PresetParameters, swipe: String) -> InteractionSpec {
        var samples: [ProgressSample]
        var quickRight = false
        if swipe == "pinch", p.isGiven("scale"), let scale = p.scale("scale"), let start = scale.first?.percent {
            // fraction = 1 − scale / startScale; UIKit's percentComplete stays in 0…1.
            samples = scale.map { ProgressSample(time: $0.time, percent: min(max(1 - $0.percent / start, 0), 1)) }
        } else if p.isGiven("gesture"), let gesture = p.gesture("gesture"), let first = gesture.first {
            let vertical = swipe == "vertical"
            samples = gesture.map { g in
                let delta = vertical ? g.location.y - first.location.y : g.location.x - first.location.x
                return ProgressSample(time: g.time, percent: min(abs(delta) / 200, 1))
            }
            if swipe == "horizontalRight" {
                quickRight = velocity(gesture.map { ProgressSample(time: $0.time, percent: $0.location.x) }) > 600
            }
        } else {
            samples = p.progress("progress") ?? []
            if swipe == "horizontalRight" { quickRight = velocity(samples) * 200 > 600 }
        }
        if swipe != "pinch" {
            // The swipes write 1 as 0.99 (the library's fix for its issue #4).
            samples = samples.map { ProgressSample(time: $0.time, percent: $0.percent >= 1 ? 0.99 : $0.percent) }
        }
        var decision: InteractionOutcome? = nil
        if p.bool("cancelled") { decision = .cancel } else if quickRight { decision = .finish }
        var interaction = InteractionSpec(
            input: .progress(samples), release: ReleaseRule(threshold: 0.5, decision: decision))
        // completionSpeed = 1 − percentComplete at each release (at least 0.01: UIKit needs it > 0).
        interaction.completionSpeedFromPercent = true
        return interaction
    }

    /// Units per second between the last two samples at different times.
    static func velocity(_ s: [ProgressSample]) -> Double {
        guard let last = s.last else { return 0 }
        for previous in s.dropLast().reversed() where previous.time < last.time {
            return (last.percent - previous.percent) / (last.time - previous.time)
        }
        return 0
    }

    /// The spec with the interaction of `swipe` when there is one, and the from- and
    /// to-views of a container transition: `completeTransition` removes the from-view when
    /// finished and the to-view when cancelled (docs/SPEC.md, "Completion"); the library's
    /// navigation controllers are containers.
    static func finish(
        _ spec: TransitionSpec, _ p: PresetParameters, swipe: String?, ibanimatable: IBAnimatableGesture? = nil
    ) -> TransitionSpec {
        var spec = spec
        if swipe == IBAnimatable.swipe, let ibanimatable {
            spec.interaction = ibanimatable.interaction(p, size: p.containerSize)
        } else if let swipe {
            spec.interaction = interaction(p, swipe: swipe)
        }
        if spec.views == nil { spec.views = TransitionViews(from: "from", to: "to", operation: .container) }
        return spec
    }

    static func change(_ id: String, _ property: AnimatableProperty, _ value: PropertyValue) -> PropertyChange {
        PropertyChange(layer: id, property: property, value: value)
    }

    static func matrix(_ m: Transform3D) -> PropertyValue { .transform(.matrix(m)) }
}
