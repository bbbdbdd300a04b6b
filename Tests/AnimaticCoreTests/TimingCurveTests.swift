import Foundation
import Testing
@testable import AnimaticCore

/// A CSS `linear()` easing parsed and evaluated per CSS Easing Level 2 (research §2c):
/// missing first/last inputs are 0%/100%, inputs smaller than an earlier one are raised to it,
/// runs of missing inputs are spaced evenly; an exact match takes the last matching stop,
/// otherwise interpolate, extrapolating from the first or last two stops outside the range.
private struct ParsedLinearEasing {
    var points: [(input: Double, output: Double)]

    init?(_ text: String) {
        guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
        let body = text.dropFirst("linear(".count).dropLast()
        var raw: [(input: Double?, output: Double)] = []
        for part in body.split(separator: ",") {
            let tokens = part.split(separator: " ").map(String.init)
            guard let first = tokens.first, let output = Double(first) else { return nil }
            let percents = tokens.dropFirst().map { token -> Double? in
                guard token.hasSuffix("%"), let v = Double(token.dropLast()) else { return nil }
                return v / 100
            }
            if percents.contains(where: { $0 == nil }) || percents.count > 2 { return nil }
            if percents.isEmpty { raw.append((nil, output)) }
            for p in percents { raw.append((p, output)) }
        }
        guard raw.count >= 2 else { return nil }
        if raw[0].input == nil { raw[0].input = 0 }
        if raw[raw.count - 1].input == nil { raw[raw.count - 1].input = 1 }
        var largest = -Double.infinity
        for i in raw.indices {
            if let input = raw[i].input {
                largest = max(largest, input)
                raw[i].input = largest
            }
        }
        var i = 0
        while i < raw.count {
            if raw[i].input == nil {
                var j = i
                while raw[j].input == nil { j += 1 }
                let a = raw[i - 1].input!, b = raw[j].input!
                for k in i..<j { raw[k].input = a + (b - a) * Double(k - i + 1) / Double(j - i + 1) }
                i = j
            }
            i += 1
        }
        points = raw.map { ($0.input!, $0.output) }
    }

    func evaluate(_ x: Double) -> Double {
        if let last = points.lastIndex(where: { $0.input == x }) { return points[last].output }
        func line(_ a: (input: Double, output: Double), _ b: (input: Double, output: Double)) -> Double {
            b.input == a.input ? b.output : a.output + (b.output - a.output) * (x - a.input) / (b.input - a.input)
        }
        if x < points[0].input { return line(points[0], points[1]) }
        if x > points[points.count - 1].input { return line(points[points.count - 2], points[points.count - 1]) }
        let next = points.firstIndex { $0.input > x }!
        return line(points[next - 1], points[next])
    }
}

@Suite struct TimingCurveTests {
    @Test func fractionOneIsExactlyTheTargetAndZeroTheStart() {
        let curves: [TimingCurve] = [
            .linear, .bezier(.easeInEaseOut), .bezier(CubicBezier(0.3, 1.6, 0.7, -0.5)),
            .spring(.perceptual(duration: 0.5, bounce: 0.3)), .spring(.uikitSystem), .steps(3),
        ]
        for curve in curves {
            #expect(curve.progress(at: 1, duration: 0.5) == 1)
            #expect(curve.progress(at: 1.5, duration: 0.5) == 1)
            #expect(curve.progress(at: 0, duration: 0.5) == 0)
            #expect(curve.progress(at: -1, duration: 0.5) == 0)
        }
    }

    @Test func bezierAndSpringProgressDelegate() {
        #expect(TimingCurve.linear == .bezier(.linear))
        #expect(TimingCurve.linear.progress(at: 0.3, duration: 9) == CubicBezier.linear.value(at: 0.3))
        let spring = SpringParameters.perceptual(duration: 0.4, bounce: 0.2)
        for f in stride(from: 0.0, to: 1.0, by: 0.05) {
            #expect(TimingCurve.spring(spring).progress(at: f, duration: 0.8) == spring.position(at: f * 0.8))
            #expect(TimingCurve.bezier(.easeOut).progress(at: f, duration: 0.8) == CubicBezier.easeOut.value(at: f))
        }
        // A spring may overshoot the target before the end.
        let bouncy = TimingCurve.spring(.perceptual(duration: 0.5, bounce: 0.5))
        #expect((0..<100).contains { bouncy.progress(at: Double($0) / 100, duration: 1) > 1 })
    }

    @Test func stepsJumpAtTheEndOfEachInterval() {
        let steps = TimingCurve.steps(4)
        #expect(steps.progress(at: 0.24, duration: 1) == 0)
        #expect(steps.progress(at: 0.25, duration: 1) == 0.25)
        #expect(steps.progress(at: 0.6, duration: 1) == 0.5)
        #expect(steps.progress(at: 0.99, duration: 1) == 0.75)
        #expect(steps.progress(at: 1, duration: 1) == 1)
        #expect(TimingCurve.steps(1).progress(at: 0.9, duration: 1) == 0)
        #expect(TimingCurve.steps(0).progress(at: 0.9, duration: 1) == 0)
    }

    @Test func slopeIsTheDerivativeOfProgress() {
        let spring = SpringParameters.perceptual(duration: 0.5, bounce: 0.2)
        let curve = TimingCurve.spring(spring)
        for f in stride(from: 0.1, to: 0.9, by: 0.1) {
            let h = 1e-6
            let numeric =
                (curve.progress(at: f + h, duration: 0.7) - curve.progress(at: f - h, duration: 0.7)) / (2 * h)
            #expect(abs(curve.slope(at: f, duration: 0.7) - numeric) < 1e-5 * max(1, abs(numeric)))
        }
        #expect(TimingCurve.steps(3).slope(at: 0.5, duration: 1) == 0)
    }

    @Test func cssForBezierAndStepsIsTheNativeFunction() {
        #expect(
            TimingCurve.bezier(.easeInEaseOut).cssEasing(duration: 1, maxError: 0.001)
                == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(
            TimingCurve.bezier(.default).cssEasing(duration: 1, maxError: 0.001) == "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(
            TimingCurve.bezier(CubicBezier(0.3, -0.55, 0.1, 1.2)).cssEasing(duration: 1, maxError: 0.001)
                == "cubic-bezier(0.3, -0.55, 0.1, 1.2)")
        #expect(TimingCurve.steps(5).cssEasing(duration: 1, maxError: 0.001) == "steps(5, jump-end)")
    }

    static let cssCases: [(SpringParameters, Double)] = [
        (.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 0.5), 0.5),
        (.uikit(dampingRatio: 0.8, initialVelocity: 2, duration: 0.4), 0.4),
        (.perceptual(duration: 0.5, bounce: 0.3), 0.5),  // not settled at 0.5 s: ends with a jump
        (.perceptual(duration: 0.5, bounce: 0.3), 1.2),
        (.caDefault, SpringParameters.caDefault.settlingDuration),
        (SpringParameters(mass: 1, stiffness: 100, damping: 20, initialVelocity: 25), 1),  // critical, overshoots
        (.uikitSystem, 0.5),
        (.uikitSystem, SpringParameters.uikitSystem.settlingDuration),
    ]

    @Test(arguments: [0.001, 0.0001])
    func cssLinearStaysWithinTheErrorBound(maxError: Double) throws {
        for (spring, duration) in Self.cssCases {
            let curve = TimingCurve.spring(spring)
            let css = try #require(
                curve.cssEasing(duration: duration, maxError: maxError), "\(spring) over \(duration) s")
            let parsed = try #require(ParsedLinearEasing(css), "\(css)")
            #expect(parsed.points.count <= TimingCurve.cssLinearMaximumStops)
            var worst = 0.0
            for i in 0...50000 {
                let x = Double(i) / 50000
                worst = max(worst, abs(parsed.evaluate(x) - curve.progress(at: x, duration: duration)))
            }
            #expect(worst <= maxError, "\(spring) over \(duration) s: \(worst) with \(parsed.points.count) stops")
        }
    }

    @Test func cssLinearFollowsABouncySpringWithinTheBound() throws {
        // ζ = 0.1 over 1 s (≈ 3 periods): fits in the stop limit at 0.001.
        let curve = TimingCurve.spring(SpringParameters(mass: 1, stiffness: 400, damping: 4))
        let parsed = try #require(ParsedLinearEasing(curve.cssEasing(duration: 1, maxError: 0.001) ?? ""))
        var worst = 0.0
        for i in 0...50000 {
            let x = Double(i) / 50000
            worst = max(worst, abs(parsed.evaluate(x) - curve.progress(at: x, duration: 1)))
        }
        #expect(worst <= 0.001)
        #expect(parsed.points.count <= TimingCurve.cssLinearMaximumStops)
    }

    @Test func cssLinearNumbersAreCompact() throws {
        let css = try #require(
            TimingCurve.spring(.perceptual(duration: 0.5, bounce: 0.3)).cssEasing(duration: 0.5, maxError: 0.001))
        #expect(!css.contains("e") || css.hasPrefix("linear("))
        let body = css.dropFirst("linear(".count).dropLast()
        #expect(!body.contains("e") && !body.contains("E"))
        for token in body.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let number = token.hasSuffix("%") ? token.dropLast() : token[...]
            #expect(Double(number) != nil, "\(token)")
            if let dot = number.firstIndex(of: ".") {
                let decimals = number[number.index(after: dot)...]
                #expect(decimals.count <= 5 && decimals.last != "0", "\(token)")
            }
        }
        // The jump: the spring is not settled at 0.5 s, so the curve ends "p 100%, 1".
        #expect(css.hasSuffix(" 100%, 1)"))
    }

    @Test func cssLinearUsesFewStopsWhereTheCurveIsGentle() throws {
        // Adaptive: a settled, heavily damped spring needs far fewer stops than a bouncy one.
        let calm = try #require(
            ParsedLinearEasing(TimingCurve.spring(.uikitSystem).cssEasing(duration: 3.4, maxError: 0.001) ?? ""))
        let bouncy = try #require(
            ParsedLinearEasing(TimingCurve.spring(.caDefault).cssEasing(duration: 1.5, maxError: 0.001) ?? ""))
        #expect(calm.points.count < 40)
        #expect(bouncy.points.count < 80)
        #expect(calm.points.count < bouncy.points.count)
    }

    @Test func cssLinearIsNilPastTheStopLimit() {
        // Undamped over 10 s, and ζ = 0.05 over 3 s (≈ 10 periods): more than 200 stops at 0.001.
        #expect(
            TimingCurve.spring(SpringParameters(mass: 1, stiffness: 10000, damping: 0)).cssEasing(
                duration: 10, maxError: 0.001) == nil)
        #expect(
            TimingCurve.spring(SpringParameters(mass: 1, stiffness: 400, damping: 2)).cssEasing(
                duration: 3, maxError: 0.001) == nil)
    }

    /// Issue 12: the fit's work is bounded by what it writes — one position and at most two
    /// bounds per stop — also for the spring that used to take 0.84 s (ζ = 0.0001,
    /// v = 1000 over 0.25 s), which gives up after 200 stops.
    @Test func cssLinearWorkIsBoundedByItsStops() {
        let cases: [(SpringParameters, Double)] =
            Self.cssCases + [
                (.uikit(dampingRatio: 0.0001, initialVelocity: 1000, duration: 0.25), 0.25),
                (SpringParameters(mass: 1, stiffness: 10000, damping: 0), 10),
            ]
        for (spring, duration) in cases {
            var evaluations = 0
            let stops = CSSLinearFit.fit(
                spring: spring, duration: duration, maxError: 0.0005, decimals: 6,
                maximumStops: TimingCurve.cssLinearMaximumStops, evaluations: &evaluations)
            let written = stops?.count ?? TimingCurve.cssLinearMaximumStops + 1
            #expect(
                evaluations <= 4 * written + 4,
                "\(spring) over \(duration) s: \(evaluations) evaluations for \(written) stops")
        }
    }

    @Test func parserFollowsTheCSSRules() throws {
        // Sanity of the test's own evaluator on the spec's examples.
        let a = try #require(ParsedLinearEasing("linear(0, 0.25 75%, 1)"))
        #expect(abs(a.evaluate(0.375) - 0.125) < 1e-12)
        #expect(abs(a.evaluate(0.875) - 0.625) < 1e-12)
        let b = try #require(ParsedLinearEasing("linear(0, 0.5 25% 75%, 1)"))
        #expect(b.evaluate(0.5) == 0.5)
        let c = try #require(ParsedLinearEasing("linear(0, 0.7, 0.87, 0.98, 1)"))
        #expect(abs(c.evaluate(0.25) - 0.7) < 1e-12)
        let d = try #require(ParsedLinearEasing("linear(0, 0.6 100%, 1)"))
        #expect(d.evaluate(1) == 1)
        #expect(abs(d.evaluate(0.5) - 0.3) < 1e-12)
    }
}
