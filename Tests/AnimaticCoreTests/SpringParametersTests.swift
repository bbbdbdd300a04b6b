import Foundation
import Testing
@testable import AnimaticCore

/// The closed forms of research §2a, written out directly (textbook forms, not the library's
/// rearranged stable ones): y = 1 − position, y(0) = 1, y′(0) = −v0.
private func referencePosition(m: Double, k: Double, c: Double, v0: Double, t: Double) -> Double {
    let w0 = (k / m).squareRoot()
    let zeta = c / (2 * (m * k).squareRoot())
    let y: Double
    if zeta < 1 {
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        y = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
    } else if zeta == 1 {
        y = exp(-w0 * t) * (1 + (w0 - v0) * t)
    } else {
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2)
        y = a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }
    return 1 - y
}

private func rounded(_ v: Double, _ places: Int) -> Double {
    let scale = pow(10.0, Double(places))
    return (v * scale).rounded() / scale
}

@Suite struct SpringParametersTests {
    static let springs: [(m: Double, k: Double, c: Double, v: Double)] = [
        (1, 100, 10, 0), (1, 100, 10, 3), (1, 100, 10, -4), (2, 300, 5, 1), (1, 400, 0, 0),  // ζ < 1
        (1, 100, 20, 0), (1, 100, 20, 25), (4, 100, 40, -2),  // ζ = 1
        (3, 1000, 500, 0), (1, 100, 30, 0), (1, 100, 30, 40), (1, 50, 200, -3),  // ζ > 1
    ]

    @Test func positionMatchesTheClosedFormsInAllThreeRegimes() {
        for s in Self.springs {
            let spring = SpringParameters(mass: s.m, stiffness: s.k, damping: s.c, initialVelocity: s.v)
            for i in 0...600 {
                let t = Double(i) * 0.005
                let expected = referencePosition(m: s.m, k: s.k, c: s.c, v0: s.v, t: t)
                #expect(abs(spring.position(at: t) - expected) < 1e-9, "\(s) t=\(t)")
            }
        }
    }

    @Test func regimesAreWhatTheParametersSay() {
        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 10).dampingRatio == 0.5)
        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 20).dampingRatio == 1)
        #expect(SpringParameters(mass: 4, stiffness: 100, damping: 40).dampingRatio == 1)
        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 10).undampedAngularFrequency == 10)
    }

    @Test func velocityIsTheDerivativeOfPosition() {
        for s in Self.springs {
            let spring = SpringParameters(mass: s.m, stiffness: s.k, damping: s.c, initialVelocity: s.v)
            #expect(spring.velocity(at: 0) == s.v)
            for i in 1...100 {
                let t = Double(i) * 0.02
                let h = 1e-6
                let numeric =
                    (referencePosition(m: s.m, k: s.k, c: s.c, v0: s.v, t: t + h)
                        - referencePosition(m: s.m, k: s.k, c: s.c, v0: s.v, t: t - h)) / (2 * h)
                #expect(abs(spring.velocity(at: t) - numeric) < 1e-5 * max(1, abs(numeric)), "\(s) t=\(t)")
            }
        }
    }

    @Test func positionIsContinuousAcrossCriticalDamping() {
        // Just under, at, and just over ζ = 1 must agree to the size of the change in ζ.
        let critical = SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: 2)
        for delta in [1e-12, 1e-9, 1e-6] {
            let under = SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 - delta), initialVelocity: 2)
            let over = SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 + delta), initialVelocity: 2)
            for i in 1...100 {
                let t = Double(i) * 0.01
                #expect(abs(under.position(at: t) - critical.position(at: t)) < 10 * delta + 1e-13)
                #expect(abs(over.position(at: t) - critical.position(at: t)) < 10 * delta + 1e-13)
            }
        }
    }

    @Test func uikitMappingReproducesTheResearchTable() {
        let table: [(d: Double, zeta: Double, k: Double, c: Double)] = [
            (0.5, 1, 341.0, 36.9), (0.5, 0.7, 387.3, 27.6), (0.5, 0.5, 646.9, 25.4), (1.0, 0.5, 161.7, 12.7),
        ]
        for row in table {
            let s = SpringParameters.uikit(dampingRatio: row.zeta, initialVelocity: 0, duration: row.d)
            #expect(s.mass == 1)
            #expect(rounded(s.stiffness, 1) == row.k, "\(row) k=\(s.stiffness)")
            #expect(rounded(s.damping, 1) == row.c, "\(row) c=\(s.damping)")
            #expect(abs(s.dampingRatio - row.zeta) < 1e-12)
        }
    }

    /// The Newton target: UIKit's envelope function equals 0.001 at t = D.
    @Test func uikitSpringsEnvelopeReachesTheThresholdAtTheDuration() {
        for (zeta, v, d) in [
            (0.5, 0.0, 0.5), (0.7, 0.0, 0.5), (0.3, 0.0, 0.4), (0.8, 1.5, 0.6), (1.0, 0.0, 0.5), (1.0, 2.0, 0.35),
        ] {
            let s = SpringParameters.uikit(dampingRatio: zeta, initialVelocity: v, duration: d)
            let w = s.undampedAngularFrequency
            let distance = 1 - s.position(at: d)
            if zeta < 1 {
                let wd = w * (1 - zeta * zeta).squareRoot()
                let q = (zeta * w - v) / wd
                #expect(abs(abs(q) * exp(-zeta * w * d) - 0.001) < 1e-9)
                // The true envelope √(1+q²)·e^{−ζωD} bounds the distance left at D.
                #expect(abs(distance) <= 0.001 * (1 + q * q).squareRoot() / abs(q) + 1e-12)
            } else {
                // Critical: the envelope is the motion itself, so exactly 0.001 is left at D.
                #expect(abs((1 + (w - v) * d) * exp(-w * d) - 0.001) < 1e-9)
                #expect(abs(distance - 0.001) < 1e-9)
            }
        }
        // The two rows of the table where the oscillation phase keeps it inside 0.001 at D.
        for (zeta, d) in [(0.5, 0.5), (0.5, 1.0), (1.0, 0.5)] {
            let s = SpringParameters.uikit(dampingRatio: zeta, initialVelocity: 0, duration: d)
            #expect(abs(1 - s.position(at: d)) <= 0.001 + 1e-12)
        }
    }

    @Test func uikitClampsDampingAndDuration() {
        let over = SpringParameters.uikit(dampingRatio: 3, initialVelocity: 0, duration: 0.5)
        let one = SpringParameters.uikit(dampingRatio: 1, initialVelocity: 0, duration: 0.5)
        #expect(over == one)
        let long = SpringParameters.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 30)
        #expect(long == SpringParameters.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 10))
        let short = SpringParameters.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 0)
        #expect(short == SpringParameters.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 0.01))
    }

    @Test func perceptualMatchesApplesExampleAndItsInverse() {
        let s = SpringParameters.perceptual(duration: 0.5, bounce: 0.3)
        #expect(s.mass == 1)
        #expect(rounded(s.stiffness, 1) == 157.9)
        #expect(rounded(s.damping, 1) == 17.6)
        let ca = SpringParameters(mass: 1, stiffness: 100, damping: 10)
        #expect(rounded(ca.perceptualDuration, 2) == 0.63)
        #expect(abs(ca.bounce - 0.5) < 1e-12)
        for (d, b) in [(0.5, 0.0), (0.35, 0.15), (1.2, -0.4), (0.8, 0.9)] {
            let p = SpringParameters.perceptual(duration: d, bounce: b, initialVelocity: 1)
            #expect(abs(p.perceptualDuration - d) < 1e-12)
            #expect(abs(p.bounce - b) < 1e-12)
            #expect(p.initialVelocity == 1)
            let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
            #expect(abs(p.stiffness - pow(2 * Double.pi / d, 2)) < 1e-9)
            #expect(abs(p.damping - 4 * Double.pi * zeta / d) < 1e-12)
        }
    }

    @Test func settlingDurationForUnderdampedIsUIKitsFormula() {
        for s in Self.springs where s.c / (2 * (s.m * s.k).squareRoot()) < 1 {
            let spring = SpringParameters(mass: s.m, stiffness: s.k, damping: s.c, initialVelocity: s.v)
            let w0 = (s.k / s.m).squareRoot(), zeta = s.c / (2 * (s.m * s.k).squareRoot())
            guard zeta > 0 else {
                #expect(spring.settlingDuration == .infinity)
                continue
            }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let expected = log((1 + abs((zeta * w0 - s.v) / wd)) / 0.001) / (zeta * w0)
            #expect(abs(spring.settlingDuration - expected) < 1e-12)
        }
    }

    @Test func settlingDurationForCriticalSolvesTheEnvelopeEquation() {
        for v in [0.0, 3, -2] {
            let spring = SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: v)
            // (1 + (ω0 − v)t)e^{−ω0 t} = 0.001, bisected on the decreasing tail.
            var lo = 0.1, hi = 10.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if (1 + (10 - v) * mid) * exp(-10 * mid) > 0.001 { lo = mid } else { hi = mid }
            }
            #expect(abs(spring.settlingDuration - lo) < 1e-9)
        }
    }

    @Test func settlingDurationHoldsAndIsNotFarTooLong() {
        let threshold = 0.001
        for s in Self.springs where s.c > 0 {
            let spring = SpringParameters(mass: s.m, stiffness: s.k, damping: s.c, initialVelocity: s.v)
            let settle = spring.settlingDuration
            #expect(settle.isFinite && settle > 0)
            // After it: within 0.001 everywhere on a dense sample.
            for i in 0...20000 {
                let t = settle + Double(i) * settle * 0.0005
                #expect(abs(1 - spring.position(at: t)) <= threshold + 1e-12, "\(s) t=\(t)")
            }
            // Shortly before it: not always within. For ζ < 1 UIKit's formula is an envelope
            // bound, so "shortly" is the bound's slack: ln((1+|q|)/√(1+q²))/λ plus half a period.
            let w0 = (s.k / s.m).squareRoot(), zeta = s.c / (2 * (s.m * s.k).squareRoot())
            let window: Double
            if zeta < 1 {
                let lambda = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
                let q = abs((lambda - s.v) / wd)
                window = log((1 + q) / (1 + q * q).squareRoot()) / lambda + Double.pi / wd + 1e-9
            } else {
                window = 1e-6
            }
            var exceeded = false
            for i in 0...20000 {
                let t = settle - window * Double(i) / 20000
                if abs(1 - spring.position(at: t)) > threshold { exceeded = true; break }
            }
            #expect(exceeded, "\(s) settle=\(settle)")
        }
    }

    @Test func systemSpringIsHeavilyOverdamped() {
        let s = SpringParameters.uikitSystem
        #expect(abs(s.dampingRatio - 500 / (2 * (3000.0).squareRoot())) < 1e-15)
        #expect(rounded(s.dampingRatio, 2) == 4.56)
    }

    @Test func degenerateSpringsSnap() {
        let s = SpringParameters(mass: 0, stiffness: 100, damping: 10)
        #expect(s.position(at: 0) == 0)
        #expect(s.position(at: 0.1) == 1)
        #expect(s.velocity(at: 0.1) == 0)
        #expect(s.settlingDuration == 0)
        #expect(SpringParameters(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
    }
}
