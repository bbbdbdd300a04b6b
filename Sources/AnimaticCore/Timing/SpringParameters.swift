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
    public var mass: Double, stiffness: Double, damping: Double
    /// initial velocity in units of the whole distance per second (UIKit's initialSpringVelocity; positive = toward the target)
    public var initialVelocity: Double

    /// Distance from the target, in fractions of the whole distance, under which the motion
    /// counts as settled: 0.001, UIKit's ε in `_durationOfSpringAnimation` and
    /// `parametersOfSpringAnimation`.
    public static let settlingThreshold: Double = 0.001

    /// Damping ratios within this of 1 count as critical for `settlingDuration`, so that
    /// parameters built from ζ = 1 (which carry rounding error) do not fall into UIKit's
    /// underdamped formula, which grows without bound as ζ → 1⁻.
    public static let criticalDampingTolerance: Double = 1e-9

    /// Creates a spring from `CASpringAnimation`-style parameters.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// `CASpringAnimation()` defaults: mass 1, stiffness 100, damping 10, velocity 0.
    public static let caDefault = SpringParameters(mass: 1, stiffness: 100, damping: 10)

    /// The UIKit system spring (`UIView.AnimationCurve` raw value 7, keyboard, default
    /// `UISpringTimingParameters()`): mass 3, stiffness 1000, damping 500 (ζ ≈ 4.56)
    /// [reverse engineered `_UILoadDefaultSpringParameters`].
    public static let uikitSystem = SpringParameters(mass: 3, stiffness: 1000, damping: 500)

    /// UIKit `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`: mass 1, ζ clamped to (0,1] (as research: [1.19e-7, 1]), duration clamped [0.01, 10], ω by 12 Newton iterations from 5/D so that the envelope decays to 0.001 at D (formulas in research §2b), k = ω², c = 2ζω.
    ///
    /// ζ < 1 solves ε − |(ζω − v)/(ω√(1−ζ²))|·e^{−ζωD} = 0; ζ = 1 solves
    /// (1 + (ω − v)D)·e^{−ωD} − ε = 0, with ε = 0.001, by exactly 12 Newton steps with the
    /// analytic derivative (Material Motion `MDMSpringTimingCurveGenerator`, Framer's port).
    /// If Newton leaves the positive reals (possible when the envelope never reaches ε, e.g.
    /// ζ ≲ 0.001 with v = 0) the magnitude |ω| is used so the spring stays damped.
    public static func uikit(dampingRatio: Double, initialVelocity: Double, duration: Double) -> SpringParameters {
        let zeta = min(max(dampingRatio, Double(Float.ulpOfOne)), 1)
        let d = min(max(duration, 0.01), 10)
        let v = initialVelocity
        let epsilon = settlingThreshold
        var omega = 5 / d
        for _ in 0..<12 {
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

    /// iOS 17 duration + bounce: ζ = 1 − bounce (bounce ≥ 0), 1/(1 + bounce) (bounce < 0); m = 1, k = (2π/duration)², c = 4πζ/duration.
    ///
    /// Used by `UISpringTimingParameters(duration:bounce:)`, `CASpringAnimation(perceptualDuration:bounce:)`,
    /// `UIView.animate(springDuration:bounce:…)` and SwiftUI `Spring(duration:bounce:)`.
    /// Guards (ours, not Apple's): bounce is clamped to [−0.999, 1] (so ζ stays finite and
    /// ≥ 0) and duration to ≥ 0.001 s.
    public static func perceptual(duration: Double, bounce: Double, initialVelocity: Double = 0) -> SpringParameters {
        let b = min(max(bounce, -0.999), 1)
        let d = max(duration, 0.001)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / d
        return SpringParameters(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * zeta / d,
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

    /// Time for the motion to stay within 0.001 of the target (UIKit's _durationOfSpringAnimation for ζ<1: T = ln((1 + |(ζω0 − v)/ωd|)/0.001)/(ζω0); for ζ ≥ 1 solve (1 + (ω0 − v)t)e^{−ω0 t} = 0.001 numerically — or the exact overdamped form; document what you choose)
    ///
    /// Seconds. Choice made here: for ζ < 1 − `criticalDampingTolerance`, UIKit's formula,
    /// which is an envelope bound (so it is ≥ the true last excursion, by up to about half a
    /// period plus ln((1+|q|)/√(1+q²))/(ζω0), q = (ζω0 − v)/ωd); ζ = 0 gives +infinity.
    /// Otherwise (critical and overdamped) the exact last time |1 − position| > 0.001 of the
    /// motion `position(at:)` computes, found by bisection to full precision; for ζ = 1 this
    /// is the root of |(1 + (ω0 − v)t)e^{−ω0 t}| = 0.001. Degenerate springs give 0.
    public var settlingDuration: Double {
        guard let motion = Motion(self) else { return 0 }
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

    /// Closed-form position (0 at t=0, → 1) at t seconds: under-, critically-, over-damped (research §2a, WebKit SpringSolver). Must match the closed forms to 1e-12.
    ///
    /// t ≤ 0 gives 0; t = +infinity gives 1.
    public func position(at t: Double) -> Double {
        guard let motion = Motion(self) else { return t > 0 ? 1 : 0 }
        if t <= 0 { return 0 }
        if t == .infinity { return 1 }
        return 1 - motion.displacement(t).y
    }

    /// Velocity in distance fractions per second at t.
    ///
    /// t ≤ 0 gives `initialVelocity`; t = +infinity gives 0.
    public func velocity(at t: Double) -> Double {
        guard let motion = Motion(self) else { return 0 }
        if t <= 0 { return initialVelocity }
        if t == .infinity { return 0 }
        return -motion.displacement(t).dy
    }

    /// Acceleration in distance fractions per second² at t (from the equation of motion).
    public func acceleration(at t: Double) -> Double {
        guard Motion(self) != nil else { return 0 }
        let x = position(at: t), v = velocity(at: t)
        return (stiffness * (1 - x) - damping * v) / mass
    }
}

/// The displacement y = 1 − position, in a numerically stable closed form per regime.
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

    init?(_ s: SpringParameters) {
        guard s.mass.isFinite, s.stiffness.isFinite, s.damping.isFinite, s.initialVelocity.isFinite,
              s.mass > 0, s.stiffness > 0, s.damping >= 0 else { return nil }
        let omega0 = s.undampedAngularFrequency
        let zeta = s.dampingRatio
        let lambda = zeta * omega0
        b = lambda - s.initialVelocity
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
            let em = -expm1(-2 * omegaS * t)        // 1 − e^{−2ωs t}
            let sinhTerm = a * em / 2                 // e^{−λt}·sinh(ωs t)
            let coshTerm = a * (2 - em) / 2           // e^{−λt}·cosh(ωs t)
            let sinhOverOmega = omegaS == 0 ? a * t : sinhTerm / omegaS
            let y = coshTerm + b * sinhOverOmega
            return (y, -lambda * y + omegaS * sinhTerm + b * coshTerm)
        }
    }

    /// For critical and overdamped motion: the last t with |y(t)| > threshold (0 if none).
    /// Such motion has at most one extremum t_e > 0; after it |y| decreases monotonically.
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
        while abs(displacement(far).y) > threshold * 1e-3 && far < 1e9 { far *= 2 }
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
        while abs(displacement(hi).y) > threshold && hi < 1e12 { hi *= 2 }
        return bisect(lo: extremum, hi: hi) { abs(displacement($0).y) > threshold }
    }

    /// The boundary between where `stillBefore` holds (at lo) and where it does not (at hi).
    private func bisect(lo: Double, hi: Double, _ stillBefore: (Double) -> Bool) -> Double {
        var lo = lo, hi = hi
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if mid <= lo || mid >= hi { break }
            if stillBefore(mid) { lo = mid } else { hi = mid }
        }
        return hi
    }
}
