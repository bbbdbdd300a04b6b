/// IBAnimatable's interactive animators (IBAnimatable/IBAnimatable @ 242a77f,
/// Sources/Animators/InteractiveAnimator/: PanInteractiveAnimator.swift and
/// PinchInteractiveAnimator.swift last changed in 60b15ee, InteractiveAnimator.swift in
/// f5d52ba). Both are `UIPercentDrivenInteractiveTransition`s that keep UIKit's
/// completionSpeed (1) and completionCurve; `InteractiveAnimator.handleGesture` finishes
/// on `.ended` **and** on `.cancelled` when the rule says so (a cancelled recognizer is
/// decided like an ended one) and cancels on any other state.
///
/// - Pan(d): progress = +Δx / W (left), −Δx / W (right), +Δy / H (top), −Δy / H (bottom),
///   |Δx| / W (horizontal), |Δy| / H (vertical) — W, H the superview's frame, here the
///   container; clamped to 0 … 0.99; finish if progress > 0.5 or the speed along d
///   (signed like the progress; |v| for horizontal and vertical) is above 1000 pt/s.
/// - Pinch(d): progress = 1 − scale / startScale (close; startScale is the scale at
///   `.began`), scale / 1.2 − 1 (open); clamped to 0 … 0.99; finish if > 0.5.
///
/// An animator's gesture is attached to its pop or dismissal, which plays the animator's
/// reverse type: Pan(opposingGesture(d)) for fold, flip and turn and Pinch(opposingGesture(d))
/// for portal drive the type of direction d.opposite — a pan or pinch *matching* the
/// direction played; slide's Pan(matchingGesture(d)) drives slide(d.opposite), a pan
/// opposing the direction played; fade's Pan(horizontal) drives either.
enum IBAnimatableGesture: Hashable, Sendable {
    /// `left`, `right`, `top`, `bottom`, `horizontal` or `vertical`.
    case pan(String)
    /// `open` or `close`.
    case pinch(String)

    static let maxPercent = 0.99
    static let threshold = 0.5
    /// Points per second along the pan's direction above which a release finishes.
    static let flickSpeed = 1000.0
    /// PinchInteractiveAnimator's `scaleFator` for opening.
    static let openScaleFactor = 1.2

    /// The pan IBAnimatable attaches to the animator whose reverse type plays `played`
    /// (fold, flip, turn: Pan(opposingGesture(played.opposite)) = Pan(played)).
    static func panMatching(_ played: String) -> IBAnimatableGesture { .pan(played) }

    var isPinch: Bool { if case .pinch = self { return true } else { return false } }

    /// The interaction for the preset's samples: `scale` for a pinch, `gesture` finger
    /// positions or `progress` percentages for a pan (`progress` for either). The
    /// percentages are the animator's, clamped to 0 … 0.99; the release decision is its
    /// rule, written as `release.decision` when the speed decides it.
    func interaction(_ p: PresetParameters, size: Size) -> InteractionSpec {
        var samples: [ProgressSample]
        var flicked = false
        switch self {
        case .pinch(let direction):
            if p.isGiven("scale"), let scale = p.scale("scale"), let start = scale.first?.percent {
                samples = scale.map { s in
                    let progress =
                        direction == "open" ? s.percent / Self.openScaleFactor - 1 : 1 - s.percent / start
                    return ProgressSample(time: s.time, percent: progress)
                }
            } else {
                samples = p.progress("progress") ?? []
            }
        case .pan(let direction):
            let vertical = ["top", "bottom", "vertical"].contains(direction)
            let distance = vertical ? size.height : size.width
            let sign: Double = ["right", "bottom"].contains(direction) ? -1 : 1
            let absolute = direction == "horizontal" || direction == "vertical"
            /// The animator's progress and speed for a signed travel and velocity along the axis.
            func along(_ v: Double) -> Double { absolute ? abs(v) : sign * v }
            if p.isGiven("gesture"), let gesture = p.gesture("gesture"), let first = gesture.first {
                let travel = gesture.map { g in
                    ProgressSample(
                        time: g.time,
                        percent: vertical ? g.location.y - first.location.y : g.location.x - first.location.x
                    )
                }
                samples = travel.map { ProgressSample(time: $0.time, percent: along($0.percent) / distance) }
                flicked = along(VCTL.velocity(travel)) > Self.flickSpeed
            } else {
                samples = p.progress("progress") ?? []
                // Percentages given: the speed is their rate × the distance.
                let rate = VCTL.velocity(samples) * distance
                flicked = (absolute ? abs(rate) : rate) > Self.flickSpeed
            }
        }
        samples = samples.map { ProgressSample(time: $0.time, percent: min(max($0.percent, 0), Self.maxPercent)) }
        return InteractionSpec(
            input: .progress(samples),
            release: ReleaseRule(threshold: Self.threshold, decision: flicked ? .finish : nil))
    }
}
