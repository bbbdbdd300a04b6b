import Foundation
import Testing
@testable import AnimaticCore

/// Independent reference: the Bernstein form, inverted by plain bisection on t (no Newton,
/// no tolerance on x; halves the interval until it cannot shrink any more).
private func referenceBezier(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
    func bernstein(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if bernstein(p.0, p.2, mid) < x { lo = mid } else { hi = mid }
    }
    return bernstein(p.1, p.3, (lo + hi) / 2)
}

@Suite struct CubicBezierTests {
    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        let expected: [(CubicBezier, [Double])] = [
            (.linear, [0, 0, 1, 1]),
            (.easeIn, [0.42, 0, 1, 1]),
            (.easeOut, [0, 0, 0.58, 1]),
            (.easeInEaseOut, [0.42, 0, 0.58, 1]),
            (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (curve, points) in expected {
            #expect([curve.x1, curve.y1, curve.x2, curve.y2] == points)
        }
    }

    @Test func easeInEaseOutIsSymmetricAboutTheMiddle() {
        #expect(abs(CubicBezier.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-12)
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            let a = CubicBezier.easeInEaseOut.value(at: x)
            let b = CubicBezier.easeInEaseOut.value(at: 1 - x)
            #expect(abs(a + b - 1) < 1e-9)
        }
    }

    @Test func easeInEaseOutAtAQuarterMatchesAnIndependentSolve() {
        let reference = referenceBezier((0.42, 0, 0.58, 1), at: 0.25)
        #expect(abs(CubicBezier.easeInEaseOut.value(at: 0.25) - reference) < 1e-7)
        #expect(abs(CubicBezier.easeInEaseOut.value(at: 0.25) - reference) < 1e-10)
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1.0, by: 0.001) {
            #expect(abs(CubicBezier.linear.value(at: x) - x) < 1e-12)
        }
    }

    @Test func randomCurvesMatchTheIndependentSolver() {
        var rng = SplitMix64(seed: 42)
        var worst = 0.0
        for _ in 0..<200 {
            let p = (
                Double.random(in: 0...1, using: &rng), Double.random(in: -0.6...1.6, using: &rng),
                Double.random(in: 0...1, using: &rng), Double.random(in: -0.6...1.6, using: &rng)
            )
            let curve = CubicBezier(p.0, p.1, p.2, p.3)
            for i in 0...100 {
                let x = Double(i) / 100
                worst = max(worst, abs(curve.value(at: x) - referenceBezier(p, at: x)))
            }
        }
        #expect(worst < 1e-7)
    }

    @Test func curvesWithYInTheUnitIntervalAreMonotonic() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let curve = CubicBezier(
                Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng),
                Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            var previous = curve.value(at: 0)
            for i in 1...2000 {
                let value = curve.value(at: Double(i) / 2000)
                #expect(value >= previous - 1e-12)
                previous = value
            }
        }
    }

    @Test func endpointsAreExactAndXIsClamped() {
        let curve = CubicBezier(0.3, 1.4, 0.7, -0.3)
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -2) == 0)
        #expect(curve.value(at: 3) == 1)
    }

    @Test func controlPointXIsClampedToTheUnitInterval() {
        let curve = CubicBezier(1.5, 0.2, -0.3, 0.8)
        #expect(curve.x1 == 1 && curve.x2 == 0)
        #expect(curve.y1 == 0.2 && curve.y2 == 0.8)
    }

    @Test func slopeMatchesADifferenceQuotientOfTheIndependentSolver() {
        let points = [(0.42, 0.0, 0.58, 1.0), (0.25, 0.1, 0.25, 1.0), (0.3, 1.4, 0.7, -0.3), (0.1, 0.6, 0.9, 0.2)]
        for p in points {
            let curve = CubicBezier(p.0, p.1, p.2, p.3)
            for x in stride(from: 0.05, through: 0.95, by: 0.05) {
                let h = 1e-5
                let numeric = (referenceBezier(p, at: x + h) - referenceBezier(p, at: x - h)) / (2 * h)
                #expect(abs(curve.slope(at: x) - numeric) < 1e-5 * max(1, abs(numeric)))
            }
        }
    }

    @Test func slopeAtDegenerateEndpointsUsesTheLimit() {
        // easeOut at x = 0: x′(0) = y′(0) = 0, the limit is y″(0)/x″(0) = 6·1 / (6·0.58).
        #expect(abs(CubicBezier.easeOut.slope(at: 0) - 1 / 0.58) < 1e-12)
        // easeIn at x = 0: x′(0) = 3·0.42, y′(0) = 0.
        #expect(CubicBezier.easeIn.slope(at: 0) == 0)
        // (0, 0.5, …): vertical tangent at the start.
        #expect(CubicBezier(0, 0.5, 0.5, 1).slope(at: 0) == .infinity)
        #expect(abs(CubicBezier.linear.slope(at: 0.3) - 1) < 1e-12)
    }
}
