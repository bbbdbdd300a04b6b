import Foundation
@testable import AnimaticCore

/// Independent reference computations for tests: written from the formulas, sharing no
/// code with the engine's solvers.
enum Reference {
    /// y of a CSS/CA cubic Bézier at x, by bisection on the parametric x(t) to 1e-15.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func bx(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * x1 + 3 * (1 - t) * t * t * x2 + t * t * t }
        func by(_ t: Double) -> Double { 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bx(mid) < x { lo = mid } else { hi = mid }
        }
        return by((lo + hi) / 2)
    }

    static func easeInEaseOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, at: x) }

    /// Fraction of the way to the target of a damped oscillator (m, k, c), starting at
    /// rest offset 1 with velocity v0 towards the target, at t seconds.
    static func spring(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at t: Double)
        -> Double
    {
        let w0 = (k / m).squareRoot()
        let zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let a = (-v0 - r2) / (r1 - r2)
            return 1 - (a * exp(r1 * t) + (1 - a) * exp(r2 * t))
        }
    }

    /// A scalar Kochanek–Bartels spline through (times[i], values[i]) at time x, written
    /// from Kochanek & Bartels (SIGGRAPH 1984) eq. 8–9 and §4 (uneven key spacing): each
    /// segment as the polynomial a + b·u + c·u² + d·u³ of its Hermite form. The missing
    /// neighbour at either end is the end key itself (the spec's documented choice).
    static func kochanekBartels(
        times: [Double], values: [Double], tension: [Double], continuity: [Double],
        bias: [Double], at x: Double
    ) -> Double {
        let n = values.count
        if x <= times[0] { return values[0] }
        if x >= times[n - 1] { return values[n - 1] }
        var i = 0
        while i < n - 2 && times[i + 1] <= x { i += 1 }
        func chordBefore(_ k: Int) -> Double { k == 0 ? 0 : values[k] - values[k - 1] }
        func chordAfter(_ k: Int) -> Double { k == n - 1 ? 0 : values[k + 1] - values[k] }
        func gap(_ k: Int) -> (Double, Double) {
            let after = k < n - 1 ? times[k + 1] - times[k] : times[n - 1] - times[n - 2]
            let before = k > 0 ? times[k] - times[k - 1] : times[1] - times[0]
            return (before, after)
        }
        // Source tangent of key i (leaving it), destination tangent of key i + 1 (arriving).
        let (t0, c0, b0) = (tension[i], continuity[i], bias[i])
        let (g0b, g0a) = gap(i)
        let source =
            ((1 - t0) * (1 + c0) * (1 + b0) / 2 * chordBefore(i) + (1 - t0) * (1 - c0) * (1 - b0) / 2 * chordAfter(i))
            * 2 * g0a / (g0b + g0a)
        let (t1, c1, b1) = (tension[i + 1], continuity[i + 1], bias[i + 1])
        let (g1b, g1a) = gap(i + 1)
        let destination =
            ((1 - t1) * (1 - c1) * (1 + b1) / 2 * chordBefore(i + 1)
                + (1 - t1) * (1 + c1) * (1 - b1) / 2 * chordAfter(i + 1)) * 2 * g1b / (g1b + g1a)
        let p0 = values[i], p1 = values[i + 1]
        let a = p0, b = source
        let c = 3 * (p1 - p0) - 2 * source - destination
        let d = 2 * (p0 - p1) + source + destination
        let u = (x - times[i]) / (times[i + 1] - times[i])
        return a + u * (b + u * (c + u * d))
    }
}
