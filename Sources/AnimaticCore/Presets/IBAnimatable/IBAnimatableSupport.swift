/// What the IBAnimatable presets share (IBAnimatable/IBAnimatable @ 242a77f): the
/// `library` parameter that switches a VCTransitionsLibrary preset to IBAnimatable's
/// animator of the same name, and its default transition duration, 0.75 s
/// (Sources/Common/Constants.swift `defaultTransitionDuration`, last changed in 7ac584b;
/// its Documentation/Transitions.md says 0.7, the code wins).
enum IBAnimatable {
    static let duration = 0.75
    static let repository = "IBAnimatable/IBAnimatable @ 242a77f"
    /// The `swipe` word that picks the IBAnimatable animator's own interactive gesture.
    static let swipe = "ibanimatable"
    /// InteractiveAnimator.handleGesture treats `.cancelled` as `.ended`.
    static let cancelledSummary =
        "the recognizer ends cancelled (not ended); IBAnimatable's InteractiveAnimator decides it like an ended one (by its rule)"

    /// The `library` parameter of a preset IBAnimatable also ships, naming its file there
    /// (`animator`, e.g. "CardsAnimator.swift @ 60b15ee"), so that the listings give the
    /// variant's source too.
    static func library(_ animator: String) -> PresetParameter {
        PresetParameter(
            "library", .choice(["vctl", "ibanimatable"]), default: .string("vctl"),
            "whose animator: VCTransitionsLibrary's, or IBAnimatable's of the same name — IBAnimatable/IBAnimatable @ 242a77f, Sources/Animators/TransitionAnimator/\(animator) (0.75 s; PRESETS.md lists what else differs)"
        )
    }

    /// Whether `library` names IBAnimatable.
    static func isChosen(_ p: PresetParameters) -> Bool { p.word("library") == "ibanimatable" }

    /// The duration: as given, else 0.75 s for IBAnimatable and `vctl` for the library.
    static func duration(_ p: PresetParameters, vctl: Double) -> Double {
        p.isGiven("duration") ? p.number("duration") : (isChosen(p) ? duration : vctl)
    }
}
