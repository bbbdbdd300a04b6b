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

    /// A CSS easing for this curve over `duration` seconds: `cubic-bezier(x1, y1, x2, y2)`
    /// for a Bézier, `steps(n, jump-end)` for steps, and for a spring a `linear()` whose
    /// piecewise-linear curve stays within `maxError` (progress units, clamped to
    /// [1e-5, 0.5]) of the spring — or nil when that takes more than
    /// `cssLinearMaximumStops` stops (a lightly damped spring over many periods); the
    /// caller then writes keyframes instead.
    ///
    /// Springs: stops on a grid of 10^−d in progress and time fraction, d =
    /// clamp(⌈−log10 maxError⌉ + 2, 3, 6) decimals (5 for 0.001), placed left to right: each
    /// segment is the longest whose chord between rounded end values is provably within
    /// 0.9·maxError of the curve — h²·max|f″|/8 ≤ budget with max|f″| from
    /// `SpringParameters.accelerationBound` (the closed form of the acceleration's
    /// envelope), the rounding taken off the budget. Each stop costs one position and at most
    /// two bounds: the work is bounded by the output. If the spring
    /// has not settled at the end (|1 − position(duration)| > maxError/4) the string ends
    /// with a jump to 1 at 100%, matching `progress(at: 1) == 1`.
    public func cssEasing(duration: Double, maxError: Double) -> String? {
        let tolerance = maxError.isNaN ? 0.001 : min(max(maxError, 1e-5), 0.5)
        let decimals = min(6, max(3, Int((-log10(tolerance)).rounded(.up)) + 2))
        switch self {
        case let .bezier(curve):
            let numbers = [curve.x1, curve.y1, curve.x2, curve.y2].map { CSSNumber.format($0, decimals: decimals) }
            return "cubic-bezier(\(numbers.joined(separator: ", ")))"
        case let .steps(count):
            return "steps(\(max(count, 1)), jump-end)"
        case let .spring(spring):
            guard
                let stops = CSSLinearFit.fit(
                    spring: spring, duration: duration, maxError: tolerance,
                    decimals: decimals, maximumStops: Self.cssLinearMaximumStops)
            else { return nil }
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

    /// Stops within `maxError`, or nil past `maximumStops` (see `TimingCurve.cssEasing`).
    static func fit(
        spring: SpringParameters, duration: Double, maxError: Double, decimals: Int, maximumStops: Int
    ) -> [Stop]? {
        var evaluations = 0
        return fit(
            spring: spring, duration: duration, maxError: maxError, decimals: decimals, maximumStops: maximumStops,
            evaluations: &evaluations)
    }

    /// `fit`, adding the spring evaluations it makes (position and bound) to `evaluations`.
    static func fit(
        spring: SpringParameters, duration: Double, maxError: Double, decimals: Int, maximumStops: Int,
        evaluations: inout Int
    ) -> [Stop]? {
        var gridSize = 1
        for _ in 0..<decimals { gridSize *= 10 }
        let n = gridSize
        let seconds = duration.isFinite ? max(duration, 0) : 0
        let scale = pow(10.0, Double(decimals))
        func round(_ v: Double) -> Double { (v * scale).rounded() / scale }
        func curve(_ x: Double) -> Double {
            evaluations += 1
            return spring.position(at: x * seconds)
        }

        let endValue = curve(1)
        let jump = abs(1 - endValue) > maxError / 4
        func nodeValue(_ k: Int) -> Double {
            k == 0 ? round(curve(0)) : k == n ? (jump ? round(endValue) : 1) : round(curve(Double(k) / Double(n)))
        }
        // The rounded ends move the chord by at most half a grid step each.
        let budget = maxError * 0.9 - 0.5 / scale
        guard budget > 0 else { return nil }
        // f(x) = position(x·T), so |f″| ≤ T²·accelerationBound; a chord over h is within
        // h²·|f″|/8 of the curve.
        func bound(_ a: Int, _ b: Int) -> Double {
            evaluations += 1
            return spring.accelerationBound(from: Double(a) / Double(n) * seconds, to: Double(b) / Double(n) * seconds)
                * seconds * seconds
        }
        func longest(from a: Int, bend: Double) -> Int {
            guard bend > 0 else { return n }
            let h = (8 * budget / bend).squareRoot()
            return min(n, a + max(1, Int((h * Double(n)).rounded(.down))))
        }
        // March left to right: each step as long as the bound allows (the bound at the
        // step's start, then checked over the whole step once and shortened if needed).
        var stops = [Stop(input: 0, output: nodeValue(0))]
        var a = 0
        while a < n {
            var b = longest(from: a, bend: bound(a, a + 1))
            let over = bound(a, b)
            if b - a > 1, Double(b - a) * Double(b - a) / Double(n) / Double(n) * over / 8 > budget {
                b = longest(from: a, bend: over)
            }
            stops.append(Stop(input: b, output: nodeValue(b)))
            if stops.count > maximumStops { return nil }
            a = b
        }
        if jump { stops.append(Stop(input: n, output: 1)) }
        return stops.count <= maximumStops ? stops : nil
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
                let percent = CSSNumber.format(
                    Double(stop.input) * 100 / Double(gridSize), decimals: max(decimals - 2, 0))
                parts.append("\(output) \(percent)%")
            }
        }
        return "linear(\(parts.joined(separator: ", ")))"
    }
}
