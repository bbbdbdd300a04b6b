/// One animation call of the animation controller.
public enum AnimationSpec: Hashable, Sendable {
    /// `UIView.animate(withDuration:delay:options:animations:)` and its spring variants.
    case block(BlockAnimation)
    /// `UIView.animateKeyframes(withDuration:delay:options:animations:)`.
    case keyframes(KeyframeAnimation)

    public var delay: Double {
        switch self {
        case .block(let b): return b.delay
        case .keyframes(let k): return k.delay
        }
    }

    public var duration: Double {
        switch self {
        case .block(let b): return b.duration
        case .keyframes(let k): return k.duration
        }
    }
}

/// All changes of one block share its delay, duration and curve.
public struct BlockAnimation: Hashable, Sendable {
    public var delay: Double
    /// Seconds. For physical springs (`mass/stiffness/damping`, `duration/bounce`) with no
    /// duration written, the spring's settling duration.
    public var duration: Double
    public var timing: TimingSpec
    public var changes: [PropertyChange]

    public init(delay: Double = 0, duration: Double, timing: TimingSpec = .easeInEaseOut, changes: [PropertyChange]) {
        self.delay = delay
        self.duration = duration
        self.timing = timing
        self.changes = changes
    }
}

/// A keyframe block: one track per property spanning the whole block, interpolated by
/// `calculationMode`, with the block's curve (default easeInEaseOut, as UIKit's
/// `animateKeyframes`) warping the whole block's time.
public struct KeyframeAnimation: Hashable, Sendable {
    public var delay: Double
    public var duration: Double
    public var timing: TimingSpec
    public var calculationMode: CalculationMode
    public var keyframes: [Keyframe]
    /// Kochanek–Bartels parameters of the `cubic` and `cubicPaced` splines (0: Catmull-Rom).
    public var tension: SplineParameter
    public var continuity: SplineParameter
    public var bias: SplineParameter

    public init(
        delay: Double = 0, duration: Double, timing: TimingSpec = .easeInEaseOut,
        calculationMode: CalculationMode = .linear, keyframes: [Keyframe],
        tension: SplineParameter = .zero, continuity: SplineParameter = .zero, bias: SplineParameter = .zero
    ) {
        self.delay = delay
        self.duration = duration
        self.timing = timing
        self.calculationMode = calculationMode
        self.keyframes = keyframes
        self.tension = tension
        self.continuity = continuity
        self.bias = bias
    }
}

/// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`; both in 0…1 of the block.
public struct Keyframe: Hashable, Sendable {
    public var relativeStart: Double
    public var relativeDuration: Double
    public var changes: [PropertyChange]

    public init(relativeStart: Double, relativeDuration: Double, changes: [PropertyChange]) {
        self.relativeStart = relativeStart
        self.relativeDuration = relativeDuration
        self.changes = changes
    }
}

/// `CAAnimationCalculationMode`.
public enum CalculationMode: String, Hashable, Sendable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced
}
