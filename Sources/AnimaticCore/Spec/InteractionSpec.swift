/// A percent-driven interactive run, as `UIPercentDrivenInteractiveTransition` drives
/// one: the transition is paused and scrubbed to percent × duration while the finger
/// moves, then finishes or cancels at `completionSpeed` along `completionCurve`.
public struct InteractionSpec: Hashable, Sendable {
    public var input: InteractionInput
    public var release: ReleaseRule
    /// `completionSpeed`: 1 plays the rest at the transition's own pace, 0.5 at half.
    public var completionSpeed: Double
    /// `"completionSpeed": "1 - percentComplete"`: the speed is set at the release from the
    /// percent reached, as every VCTransitionsLibrary interaction controller does
    /// (CEBaseInteractionController's subclasses: `self.completionSpeed = 1 -
    /// self.percentComplete`); `completionSpeed` then holds no rule of its own.
    public var completionSpeedFromPercent = false

    /// The completion speed of a release at `percent`: 1 − percent (at least 0.01, the
    /// spec's lowest speed) under the library's rule, else `completionSpeed`.
    public func completionSpeed(releasedAt percent: Double) -> Double {
        completionSpeedFromPercent ? max(1 - percent, 0.01) : completionSpeed
    }

    /// The spelling of the library's rule in a spec.
    public static let completionSpeedFromPercentRule = "1 - percentComplete"
    /// The curve of the finish or cancel run (a Bézier; default easeInEaseOut, as documented).
    public var completionCurve: CubicBezier
    /// Percent-driven (the default) or direct manipulation.
    public var drive: InteractionDrive

    public init(
        input: InteractionInput, release: ReleaseRule = ReleaseRule(),
        completionSpeed: Double = 1, completionCurve: CubicBezier = .easeInEaseOut,
        drive: InteractionDrive = .percent
    ) {
        self.input = input
        self.release = release
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        self.drive = drive
    }
}

/// How the interaction moves the layers.
public enum InteractionDrive: String, Hashable, Sendable, CaseIterable {
    /// `UIPercentDrivenInteractiveTransition`: the animations are paused and scrubbed to
    /// percent × duration, then finish or cancel at `completionSpeed`.
    case percent
    /// Direct manipulation (a custom `UIViewControllerInteractiveTransitioning`, such as
    /// the zoom dismissal): the spec's animations already play the gesture in wall time —
    /// keyframes at the sample times up to the release, then the release animation — so
    /// wall time is transition time. The samples only mark the release (the last sample's
    /// time) and the reported percent; the outcome names the phase after it, and a
    /// cancel ends wherever its release animation takes the layers (no rewind).
    case direct
    /// Hero's interactive model (HeroTransition+Interactive.swift and
    /// HeroCoreAnimationViewContext.swift): `update(p)` seeks every animation to p × duration
    /// (at most duration − 0.01 s, Hero's seek clamp); `finish()` and `cancel()` restart
    /// every animated property from its presented value to its end (finish) or start
    /// (cancel) value over the remaining (1 − p) × duration, with the curve it had.
    case restart
}

/// What drives the percentage.
public enum InteractionInput: Hashable, Sendable {
    /// `[[t, percent], …]`: `update(percent)` calls at wall times t (seconds from the start).
    case progress([ProgressSample])
    /// `[[t, x, y], …]`: finger positions, turned into percent by `rule`.
    case gesture([GestureSample], rule: ProgressRule)
}

public struct ProgressSample: Hashable, Sendable {
    public var time: Double
    public var percent: Double
    public init(time: Double, percent: Double) { self.time = time; self.percent = percent }
}

public struct GestureSample: Hashable, Sendable {
    public var time: Double
    public var location: Point
    public init(time: Double, location: Point) { self.time = time; self.location = location }
}

/// percent = clamp(sign × (finger − first finger) along `axis` / `distance`, 0, 1) —
/// the TabInteractiveTransition rule (distance = container width) and the card swipe's
/// (distance 200).
public struct ProgressRule: Hashable, Sendable {
    public enum Axis: String, Hashable, Sendable { case x, y }
    public var axis: Axis
    public var distance: Double
    /// +1 when moving towards +axis completes the transition, −1 when moving towards −axis.
    public var direction: Double

    public init(axis: Axis = .x, distance: Double, direction: Double = 1) {
        self.axis = axis
        self.distance = distance
        self.direction = direction
    }
}

/// How a release decides between finish and cancel.
public struct ReleaseRule: Hashable, Sendable {
    /// Finish when percent > threshold at release.
    public var threshold: Double
    /// When set, a release faster than this (percent per second) finishes when moving
    /// forward and cancels when moving back, whatever the percent.
    public var velocity: Double?
    /// Cancel whenever the finger is moving back at release (the zoom dismissal's rule).
    public var cancelWhenMovingBack: Bool
    /// A decision fixed in advance (a `cancelled` pan, or a preset's own rule).
    public var decision: InteractionOutcome?

    public init(
        threshold: Double = 0.5, velocity: Double? = nil, cancelWhenMovingBack: Bool = false,
        decision: InteractionOutcome? = nil
    ) {
        self.threshold = threshold
        self.velocity = velocity
        self.cancelWhenMovingBack = cancelWhenMovingBack
        self.decision = decision
    }
}

public enum InteractionOutcome: String, Hashable, Sendable { case finish, cancel }
