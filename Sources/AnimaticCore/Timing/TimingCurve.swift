import Glibc  // libm's math functions only: Core does no I/O

/// How a block's progress runs from 0 to 1 over its duration.
///
/// Progress is unitless (0 = from-value, 1 = to-value; springs may overshoot); the input is
/// the fraction of the block's duration elapsed. Sources: `CAMediaTimingFunction` (bezier),
/// `CASpringAnimation` (spring, evaluated in real seconds like WebKit's `spring()` easing),
/// CSS Easing `steps(n, jump-end)` (steps). See docs/TIMING.md.
public enum TimingCurve: Hashable, Sendable {
    /// A `CAMediaTimingFunction` cubic Bézier: progress = value(at: fraction).
    case bezier(CubicBezier)
    /// A spring evaluated in real seconds (progress = position(at: fraction × duration)); may overshoot 1.
    case spring(SpringParameters)
    /// CSS steps(n, jump-end): value floor(x·n)/n, 1 at x = 1.
    case steps(Int)

    /// Constant speed: `.bezier(.linear)` (`kCAMediaTimingFunctionLinear`, UIKit `.curveLinear`).
    public static let linear: TimingCurve = .bezier(.linear)

    /// The progress at `fraction` (0…1) of an animation lasting `duration` seconds.
    ///
    /// The duration matters for springs only: they run in real seconds, as Core Animation
    /// runs them. fraction ≥ 1 gives exactly 1, because Core Animation snaps the layer to its
    /// model value when the animation ends (a spring that has not settled jumps there);
    /// fraction ≤ 0 gives 0. `steps(n)` with n < 1 behaves as `steps(1)`.
    public func progress(at fraction: Double, duration: Double) -> Double {
        if fraction >= 1 { return 1 }
        if fraction <= 0 { return 0 }
        switch self {
        case let .bezier(curve):
            return curve.value(at: fraction)
        case let .spring(spring):
            return spring.position(at: fraction * duration)
        case let .steps(count):
            let n = Double(max(count, 1))
            return floor(fraction * n) / n
        }
    }

    /// d(progress)/d(fraction) at `fraction` of an animation lasting `duration` seconds: the
    /// bezier slope, the spring velocity × duration, 0 for steps (between jumps). Divide by
    /// the duration for progress per second. fraction is clamped to [0, 1].
    public func slope(at fraction: Double, duration: Double) -> Double {
        let x = min(max(fraction, 0), 1)
        switch self {
        case let .bezier(curve):
            return curve.slope(at: x)
        case let .spring(spring):
            return spring.velocity(at: x * duration) * duration
        case .steps:
            return 0
        }
    }

    /// Upper bound on the number of stops `cssEasing` writes into a `linear()` function.
    public static let cssLinearMaximumStops = 200

    /// The CSS easing of this curve: `cubic-bezier(…)`, `steps(n, jump-end)`, or for a spring a
    /// `linear(…)` within `maxError` (in progress units, e.g. 0.001) of it over the duration.
    ///
    /// CSS has no spring, so a spring becomes a piecewise-linear curve with as few stops as the
    /// error allows (adaptive, not a fixed grid), its numbers written compactly (no exponent,
    /// trimmed zeros). Springs: greedy adaptive segments (each as long as the error check allows, found by
    /// bisection on its end), stops on a grid of 10^−d in progress and time fraction, where
    /// d = clamp(⌈−log10 maxError⌉ + 2, 3, 6) decimals (5 for 0.001). A segment is accepted
    /// when the sampled error of the *rounded* chord (≥ 16 samples, ≥ 4096 per unit) plus a
    /// curvature bound for between samples stays ≤ 0.9·maxError. If the spring has not
    /// settled at the end (|1 − position(duration)| > maxError/4) the string ends with a jump
    /// to 1 at 100%, matching `progress(at: 1) == 1`. At most `cssLinearMaximumStops` stops:
    /// if more would be needed (a lightly damped spring over many periods) the bound is
    /// raised in steps of 25% until they fit, so `maxError` then no longer holds. maxError is clamped to
    /// [1e-5, 0.5]. Bezier control points and all numbers use the same d decimals.
    public func cssEasing(duration: Double, maxError: Double) -> String {
        let tolerance = maxError.isNaN ? 0.001 : min(max(maxError, 1e-5), 0.5)
        let decimals = min(6, max(3, Int((-log10(tolerance)).rounded(.up)) + 2))
        switch self {
        case let .bezier(curve):
            let numbers = [curve.x1, curve.y1, curve.x2, curve.y2].map { CSSNumber.format($0, decimals: decimals) }
            return "cubic-bezier(\(numbers.joined(separator: ", ")))"
        case let .steps(count):
            return "steps(\(max(count, 1)), jump-end)"
        case let .spring(spring):
            let stops = CSSLinearFit.fit(spring: spring, duration: duration, maxError: tolerance,
                                         decimals: decimals, maximumStops: Self.cssLinearMaximumStops)
            return CSSLinearFit.render(stops, decimals: decimals)
        }
    }
}

/// Compact decimal formatting for CSS: fixed point, no exponent, trailing zeros trimmed.
enum CSSNumber {
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        let negative = units < 0
        let magnitude = negative ? -units : units
        let whole = magnitude / scale
        var fraction = String(magnitude % scale)
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let body = fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
        return negative && magnitude != 0 ? "-" + body : body
    }
}

/// Piecewise-linear fit of a spring's progress curve for CSS `linear()`.
enum CSSLinearFit {
    /// A stop: input as an integer on the 10^−decimals grid, output already rounded.
    struct Stop: Equatable {
        var input: Int
        var output: Double
    }

    static func fit(spring: SpringParameters, duration: Double, maxError: Double,
                    decimals: Int, maximumStops: Int) -> [Stop] {
        var gridSize = 1
        for _ in 0..<decimals { gridSize *= 10 }
        let n = gridSize
        let seconds = duration.isFinite ? max(duration, 0) : 0
        let scale = pow(10.0, Double(decimals))
        func round(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func curve(_ x: Double) -> Double { spring.position(at: x * seconds) }
        func curvature(_ x: Double) -> Double { abs(spring.acceleration(at: x * seconds)) * seconds * seconds }

        let endValue = curve(1)
        let jump = abs(1 - endValue) > maxError / 4
        func nodeValue(_ k: Int) -> Double { k == n ? (jump ? round(endValue) : 1) : round(curve(Double(k) / Double(n))) }

        var budget = maxError * 0.9
        var stops: [Stop] = []
        for _ in 0..<80 {
            stops = greedy(n: n, budget: budget, maximumStops: maximumStops, nodeValue: nodeValue,
                           curve: curve, curvature: curvature)
            if jump { stops.append(Stop(input: n, output: 1)) }
            if stops.count <= maximumStops { break }
            budget *= 1.25
        }
        return stops
    }

    private static func greedy(n: Int, budget: Double, maximumStops: Int, nodeValue: (Int) -> Double,
                               curve: (Double) -> Double, curvature: (Double) -> Double) -> [Stop] {
        func accepts(_ a: Int, _ b: Int) -> Bool {
            let xa = Double(a) / Double(n), xb = Double(b) / Double(n)
            let ya = nodeValue(a), yb = nodeValue(b)
            let h = xb - xa
            let samples = max(16, Int((h * 4096).rounded(.up)))
            let spacing = h / Double(samples + 1)
            var worst = 0.0
            var bend = max(curvature(xa), curvature(xb))
            for i in 1...samples {
                let x = xa + spacing * Double(i)
                let chord = ya + (yb - ya) * (x - xa) / h
                worst = max(worst, abs(curve(x) - chord))
                if worst > budget { return false }
                bend = max(bend, curvature(x))
            }
            // Between samples the error can exceed the sampled maximum by at most spacing²·|f″|/8;
            // |f″| is taken from the samples with a factor 2 of headroom.
            return worst + 2 * bend * spacing * spacing / 8 <= budget
        }
        var stops = [Stop(input: 0, output: nodeValue(0))]
        var a = 0
        while a < n {
            var b: Int
            if accepts(a, n) {
                b = n
            } else {
                var lo = a + 1, hi = n
                while hi - lo > 1 {
                    let mid = lo + (hi - lo) / 2
                    if accepts(a, mid) { lo = mid } else { hi = mid }
                }
                b = lo
            }
            stops.append(Stop(input: b, output: nodeValue(b)))
            a = b
            if stops.count > maximumStops + 1 { // give up early; the caller relaxes the budget
                stops.append(Stop(input: n, output: nodeValue(n)))
                return stops
            }
        }
        return stops
    }

    static func render(_ stops: [Stop], decimals: Int) -> String {
        var gridSize = 1
        for _ in 0..<decimals { gridSize *= 10 }
        var parts: [String] = []
        for (i, stop) in stops.enumerated() {
            let output = CSSNumber.format(stop.output, decimals: decimals)
            // The first stop defaults to 0% and the last to 100%: omit those inputs.
            let isFirst = i == 0 && stop.input == 0
            let isLast = i == stops.count - 1 && stop.input == gridSize
            if isFirst || isLast {
                parts.append(output)
            } else {
                let percent = CSSNumber.format(Double(stop.input) * 100 / Double(gridSize), decimals: max(decimals - 2, 0))
                parts.append("\(output) \(percent)%")
            }
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }
}
