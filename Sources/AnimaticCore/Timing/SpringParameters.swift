import Glibc  // libm's math functions only: Core does no I/O

/// A damped harmonic oscillator moving a value from 0 to 1 (target), mass/stiffness/damping form.
///
/// Units: mass in arbitrary mass units, stiffness in force per unit distance, damping in force
/// per unit velocity (as `CASpringAnimation`), time in seconds, distance in fractions of the
/// whole animation distance. The equation is m·x″ + c·x′ + k·(x − 1) = 0, x(0) = 0,
/// x′(0) = `initialVelocity`.
///
/// Source of the behaviour: `CASpringAnimation` (mass, stiffness, damping, initialVelocity;
/// Apple docs); closed forms as WebKit `Source/WebCore/platform/graphics/SpringSolver.h`
/// for ζ < 1 and ζ = 1, and the exact two-exponential solution for ζ > 1 (WebKit reuses the
/// critical form there; we do not). See docs/TIMING.md.
///
/// Parameters must be finite with mass > 0, stiffness > 0, damping ≥ 0; otherwise the spring
/// is degenerate and `position(at:)` snaps to 1 for t > 0 (velocity 0, settling duration 0).
public struct SpringParameters: Hashable, Sendable {
    public let mass: Double, stiffness: Double, damping: Double
    /// Initial velocity in whole distances per second, positive toward the target (UIKit's
    /// `initialSpringVelocity`).
    public let initialVelocity: Double

    /// The closed form's regime and rates, computed once here rather than on every sample
    /// (nil for a degenerate spring).
    let motion: Motion?

    /// Distance from the target, in fractions of the whole distance, under which the motion
    /// counts as settled: 0.001, UIKit's ε in `_durationOfSpringAnimation` and
    /// `parametersOfSpringAnimation`.
    public static let settlingThreshold: Double = 0.001

    /// Damping ratios within this of 1 count as critical for `settlingDuration`, so that
    /// parameters built from ζ = 1 (which carry rounding error) do not fall into UIKit's
    /// underdamped formula, which grows without bound as ζ → 1⁻.
    public static let criticalDampingTolerance: Double = 1e-9

    // MARK: UIKit's duration fit, named as the reconstructed algorithm has them

    /// Newton steps on ω in `uikit(…)`: exactly 12, no convergence test, because UIKit's
    /// reconstructed fit (Material Motion's `MDMSpringTimingCurveGenerator`) runs 12 and the
    /// spring must match UIKit's, converged or not.
    static let uikitNewtonIterations = 12

    /// The first guess for ω in `uikit(…)`: 5 / duration, as UIKit's fit starts.
    static let uikitInitialOmegaTimesDuration: Double = 5

    /// UIKit clamps the duration of a damping-ratio spring to [0.01, 10] seconds.
    static let uikitDurationRange: ClosedRange<Double> = 0.01...10

    /// UIKit clamps the damping ratio to [FLT_EPSILON, 1] (≈ [1.19e-7, 1]).
    static let uikitDampingRatioRange: ClosedRange<Double> = Double(Float.ulpOfOne)...1

    // MARK: Our guards for duration + bounce (Apple's are not documented)

    /// Bounce is clamped to [−0.999, 1] so that ζ = 1/(1 + bounce) stays finite and ζ ≥ 0.
    static let perceptualBounceRange: ClosedRange<Double> = -0.999...1

    /// The shortest perceptual duration accepted, in seconds; 0 would make ω infinite.
    static let perceptualMinimumDuration: Double = 0.001

    /// Creates a spring from `CASpringAnimation`-style parameters.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        motion = Motion(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    // Equal springs are equal parameters; `motion` follows from them.
    public static func == (a: SpringParameters, b: SpringParameters) -> Bool {
        a.mass == b.mass && a.stiffness == b.stiffness && a.damping == b.damping
            && a.initialVelocity == b.initialVelocity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
        hasher.combine(initialVelocity)
    }

    /// `CASpringAnimation()` defaults: mass 1, stiffness 100, damping 10, velocity 0.
    public static let caDefault = SpringParameters(mass: 1, stiffness: 100, damping: 10)

    /// The UIKit system spring (`UIView.AnimationCurve` raw value 7, keyboard, default
    /// `UISpringTimingParameters()`): mass 3, stiffness 1000, damping 500 (ζ ≈ 4.56)
    /// [reverse engineered `_UILoadDefaultSpringParameters`].
    public static let uikitSystem = SpringParameters(mass: 3, stiffness: 1000, damping: 500)

    /// The spring UIKit's `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
    /// runs: mass 1, k = ω², c = 2ζω, with ω fitted so the motion settles at the duration.
    ///
    /// UIKit does not expose the spring; it fits ω so that the envelope decays to
    /// ε = 0.001 at the duration D. ζ < 1 solves ε − |(ζω − v)/(ω√(1−ζ²))|·e^{−ζωD} = 0;
    /// ζ = 1 solves (1 + (ω − v)D)·e^{−ωD} − ε = 0; both by `uikitNewtonIterations` Newton
    /// steps with the analytic derivative from ω = 5/D (Material Motion
    /// `MDMSpringTimingCurveGenerator`, Framer's port; docs/TIMING.md §2b). ζ is clamped to
    /// `uikitDampingRatioRange` and D to `uikitDurationRange`, as UIKit does. If Newton leaves
    /// the positive reals (possible when the envelope never reaches ε, e.g. ζ ≲ 0.001 with
    /// v = 0) the magnitude |ω| is used so the spring stays damped.
    public static func uikit(dampingRatio: Double, initialVelocity: Double, duration: Double) -> SpringParameters {
        let zeta = min(max(dampingRatio, uikitDampingRatioRange.lowerBound), uikitDampingRatioRange.upperBound)
        let d = min(max(duration, uikitDurationRange.lowerBound), uikitDurationRange.upperBound)
        let v = initialVelocity
        let epsilon = settlingThreshold
        var omega = uikitInitialOmegaTimesDuration / d
        for _ in 0..<uikitNewtonIterations {
            let f: Double, df: Double
            if zeta < 1 {
                let s = (1 - zeta * zeta).squareRoot()
                let decay = exp(-zeta * omega * d)
                let g = (zeta * omega - v) / (omega * s) * decay
                let dg = decay * (v + zeta * d * omega * v - zeta * zeta * d * omega * omega) / (omega * omega * s)
                f = epsilon - abs(g)
                df = g >= 0 ? -dg : dg
            } else {
                let decay = exp(-omega * d)
                f = (1 + (omega - v) * d) * decay - epsilon
                df = -d * d * (omega - v) * decay
            }
            guard f.isFinite, df.isFinite, df != 0 else { break }
            let next = omega - f / df
            guard next.isFinite else { break }
            omega = next
        }
        omega = abs(omega)
        return SpringParameters(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: v)
    }

    /// The spring of iOS 17's duration + bounce form: m = 1, k = (2π/duration)², c = 4πζ/duration.
    ///
    /// ζ = 1 − bounce for bounce ≥ 0 and 1/(1 + bounce) below, so bounce 0 is critical damping
    /// and the duration is the period the undamped spring would have. This is the form of
    /// `UISpringTimingParameters(duration:bounce:)`, `CASpringAnimation(perceptualDuration:bounce:)`,
    /// `UIView.animate(springDuration:bounce:…)` and SwiftUI `Spring(duration:bounce:)`.
    /// Guards (ours, not Apple's): bounce is clamped to `perceptualBounceRange` and the duration
    /// to at least `perceptualMinimumDuration`.
    public static func perceptual(duration: Double, bounce: Double, initialVelocity: Double = 0) -> SpringParameters {
        let b = min(max(bounce, perceptualBounceRange.lowerBound), perceptualBounceRange.upperBound)
        let d = max(duration, perceptualMinimumDuration)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / d
        return SpringParameters(
            mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * zeta / d,
            initialVelocity: initialVelocity)
    }

    /// Damping ratio ζ = c / (2√(mk)) (unitless; < 1 under-, = 1 critically, > 1 overdamped).
    public var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// Undamped angular frequency ω0 = √(k/m), in radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// The inverse of `perceptual`: the perceptual duration (SwiftUI's `response`) 2π/ω0, in seconds.
    public var perceptualDuration: Double { 2 * Double.pi / undampedAngularFrequency }

    /// The inverse of `perceptual`: bounce = 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// The time in seconds after which the motion stays within `settlingThreshold` (0.001) of
    /// the target.
    ///
    /// Underdamped (ζ < 1 − `criticalDampingTolerance`): UIKit's `_durationOfSpringAnimation`,
    /// T = ln((1 + |(ζω0 − v)/ωd|)/0.001)/(ζω0), because UIKit's own durations come from it.
    /// It is an envelope bound, so it is ≥ the true last excursion, by up to about half a
    /// period plus ln((1+|q|)/√(1+q²))/(ζω0), q = (ζω0 − v)/ωd; ζ = 0 gives +infinity.
    /// Critical and overdamped: UIKit's decompiled formula is incomplete there, so this is the
    /// exact last time |1 − position| > 0.001 of the motion `position(at:)` computes, found by
    /// bisection to full precision; for ζ = 1 that is the root of |(1 + (ω0 − v)t)e^{−ω0 t}| = 0.001.
    /// Degenerate springs give 0.
    public var settlingDuration: Double {
        guard let motion else { return 0 }
        let epsilon = Self.settlingThreshold
        let zeta = dampingRatio
        if zeta < 1 - Self.criticalDampingTolerance {
            let omega0 = undampedAngularFrequency
            let lambda = zeta * omega0
            if lambda == 0 { return .infinity }
            let omegaD = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            return log((1 + abs((lambda - initialVelocity) / omegaD)) / epsilon) / lambda
        }
        return motion.lastExcursionTime(beyond: epsilon)
    }

    /// The position at t seconds: 0 at the start, 1 at the target; may overshoot.
    ///
    /// The closed form of each regime (under-, critically, overdamped; WebKit's SpringSolver,
    /// docs/TIMING.md §2a), not a numerical integration, so any frame can be sampled on its
    /// own at full precision. t ≤ 0 gives 0; t = +infinity gives 1.
    public func position(at t: Double) -> Double {
        guard let motion else { return t > 0 ? 1 : 0 }
        if t <= 0 { return 0 }
        if t == .infinity { return 1 }
        return 1 - motion.displacement(t).y
    }

    /// The velocity at t seconds, in whole distances per second.
    ///
    /// The derivative of the same closed form as `position(at:)`, so a handoff to another
    /// animation continues the motion exactly. t ≤ 0 gives `initialVelocity`; t = +infinity
    /// gives 0.
    public func velocity(at t: Double) -> Double {
        guard let motion else { return 0 }
        if t <= 0 { return initialVelocity }
        if t == .infinity { return 0 }
        return -motion.displacement(t).dy
    }

    /// The acceleration at t seconds, in whole distances per second².
    ///
    /// Taken from the equation of motion (k·(1 − x) − c·v)/m rather than a third closed form,
    /// so it is consistent with `position(at:)` and `velocity(at:)` by construction.
    public func acceleration(at t: Double) -> Double {
        guard motion != nil else { return 0 }
        let x = position(at: t), v = velocity(at: t)
        return (stiffness * (1 - x) - damping * v) / mass
    }
}

/// The displacement y = 1 − position of a spring, in a numerically stable closed form per regime.
///
/// `SpringParameters` computes it once, so sampling a frame costs an exponential or two and,
/// when underdamped, a sine and a cosine.
struct Motion: Sendable, Equatable {
    enum Regime: Sendable, Equatable {
        /// y = e^{−λt}[cos ωd t + B·sin(ωd t)/ωd]
        case under(lambda: Double, omegaD: Double)
        /// y = e^{−ω0 t}(1 + B t)
        case critical(omega0: Double)
        /// y = e^{−λt}[cosh ωs t + B·sinh(ωs t)/ωs], evaluated as e^{r1 t}(…) with
        /// r1 = −ω0/(ζ + √(ζ²−1)) so nothing overflows.
        case over(lambda: Double, omegaS: Double, r1: Double)
    }

    let regime: Regime
    /// B = λ − v0 (λ = ζω0), the sine / t coefficient.
    let b: Double

    /// nil for a degenerate spring: a parameter not finite, mass or stiffness ≤ 0, damping < 0.
    init?(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        guard mass.isFinite, stiffness.isFinite, damping.isFinite, initialVelocity.isFinite,
            mass > 0, stiffness > 0, damping >= 0
        else { return nil }
        // The same expressions as SpringParameters.undampedAngularFrequency and .dampingRatio.
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (mass * stiffness).squareRoot())
        let lambda = zeta * omega0
        b = lambda - initialVelocity
        if zeta < 1 {
            regime = .under(lambda: lambda, omegaD: omega0 * ((1 - zeta) * (1 + zeta)).squareRoot())
        } else if zeta == 1 {
            regime = .critical(omega0: omega0)
        } else {
            let root = ((zeta - 1) * (zeta + 1)).squareRoot()
            regime = .over(lambda: lambda, omegaS: omega0 * root, r1: -omega0 / (zeta + root))
        }
    }

    /// y(t) and y′(t) for t > 0.
    func displacement(_ t: Double) -> (y: Double, dy: Double) {
        switch regime {
        case let .under(lambda, omegaD):
            let decay = exp(-lambda * t)
            let c = cos(omegaD * t), s = sin(omegaD * t)
            let sinc = omegaD == 0 ? t : s / omegaD
            let y = decay * (c + b * sinc)
            return (y, -lambda * y + decay * (-omegaD * s + b * c))
        case let .critical(omega0):
            let decay = exp(-omega0 * t)
            let y = decay * (1 + b * t)
            return (y, decay * (b - omega0 * (1 + b * t)))
        case let .over(lambda, omegaS, r1):
            let a = exp(r1 * t)
            let em = -expm1(-2 * omegaS * t)  // 1 − e^{−2ωs t}
            let sinhTerm = a * em / 2  // e^{−λt}·sinh(ωs t)
            let coshTerm = a * (2 - em) / 2  // e^{−λt}·cosh(ωs t)
            let sinhOverOmega = omegaS == 0 ? a * t : sinhTerm / omegaS
            let y = coshTerm + b * sinhOverOmega
            return (y, -lambda * y + omegaS * sinhTerm + b * coshTerm)
        }
    }

    /// Bisection steps at most: halving reaches a Double's resolution well before 200 (the
    /// loop stops when the midpoint no longer moves); the bound only makes the end obvious.
    static let bisectionIterationLimit = 200

    /// When looking for the extremum, the search interval grows until |y| falls below this
    /// fraction of the threshold: far enough past any extremum that y′ has its final sign.
    static let extremumSearchFraction: Double = 1e-3

    /// The search intervals stop doubling at these times (seconds), so a spring too slow to
    /// settle in any practical time cannot loop without end.
    static let extremumSearchLimit: Double = 1e9
    static let settlingSearchLimit: Double = 1e12

    /// For critical and overdamped motion: the last t with |y(t)| > threshold (0 if none).
    ///
    /// Such motion has at most one extremum t_e > 0 and |y| decreases monotonically after it,
    /// so two bisections find the answer to full precision: one for t_e, one for the crossing.
    func lastExcursionTime(beyond threshold: Double) -> Double {
        let slowRate: Double
        switch regime {
        case let .under(lambda, _): slowRate = lambda
        case let .critical(omega0): slowRate = omega0
        case let .over(_, _, r1): slowRate = -r1
        }
        guard slowRate > 0 else { return .infinity }
        // The extremum: y′ changes sign once at most.
        var extremum = 0.0
        let d0 = displacement(0).dy
        var far = 1 / slowRate
        while abs(displacement(far).y) > threshold * Self.extremumSearchFraction && far < Self.extremumSearchLimit {
            far *= 2
        }
        let dFar = displacement(far).dy
        if d0 != 0, dFar != 0, (d0 > 0) != (dFar > 0) {
            extremum = bisect(lo: 0, hi: far) { (displacement($0).dy > 0) == (d0 > 0) }
        }
        let yE = displacement(extremum).y
        if abs(yE) <= threshold {
            // y runs monotonically from 1 down to y(t_e): it passes +threshold once.
            return bisect(lo: 0, hi: extremum) { displacement($0).y > threshold }
        }
        var hi = max(extremum, 1 / slowRate)
        while abs(displacement(hi).y) > threshold && hi < Self.settlingSearchLimit { hi *= 2 }
        return bisect(lo: extremum, hi: hi) { abs(displacement($0).y) > threshold }
    }

    /// The boundary between where `stillBefore` holds (at lo) and where it does not (at hi).
    private func bisect(lo: Double, hi: Double, _ stillBefore: (Double) -> Bool) -> Double {
        var lo = lo, hi = hi
        for _ in 0..<Self.bisectionIterationLimit {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if stillBefore(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
