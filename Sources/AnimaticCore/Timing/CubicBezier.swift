/// Core Animation cubic Bézier timing function from (0,0) to (1,1).
///
/// Maps a time fraction x ∈ [0, 1] to a progress y (unitless; may leave [0, 1] when a
/// control point's y does). The curve is B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³ for
/// t ∈ [0, 1], and `value(at:)` solves x(t) = x for t, then returns y(t).
///
/// Source of the behaviour: `CAMediaTimingFunction(controlPoints:)` (Apple docs) for the
/// curve and the named control points; WebKit `Source/WebCore/platform/graphics/UnitBezier.h`
/// for the polynomial coefficients and the Newton-then-bisection solve.
///
/// The x coordinates of the control points are clamped to [0, 1] on construction, as CSS
/// `cubic-bezier()` requires: it keeps x(t) monotonic, so y is a function of x.
public struct CubicBezier: Hashable, Sendable {
    /// Control point P1 (x clamped to [0, 1]).
    public let x1, y1: Double
    /// Control point P2 (x clamped to [0, 1]).
    public let x2, y2: Double

    /// Solver tolerance on x: `value(at:)` returns y(t) for a t with |x(t) − x| < 1e-12.
    /// (WebKit stops Newton at min(1e-7, ε); this is tighter on purpose.)
    public static let solveTolerance: Double = 1e-12

    /// Creates the curve with control points P1 = (x1, y1) and P2 = (x2, y2).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = Self.unitClamp(x1)
        self.y1 = y1
        self.x2 = Self.unitClamp(x2)
        self.y2 = y2
    }

    /// `kCAMediaTimingFunctionLinear`: (0, 0, 1, 1).
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1). UIKit's `.curveEaseInOut`.
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1), identical to CSS `ease`.
    public static let `default` = CubicBezier(0.25, 0.1, 0.25, 1)

    /// y for a given x in [0,1] (x clamped), with x solved to within `solveTolerance`
    /// (1e-12): up to 8 Newton steps from t = x, then bisection on [0, 1], like WebKit's
    /// classic UnitBezier. Returns exactly 0 at x ≤ 0 and exactly 1 at x ≥ 1. NaN gives NaN.
    public func value(at x: Double) -> Double {
        if x.isNaN { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveT(x))
    }

    /// dy/dx at x (for velocity handoff and tangents), in progress per unit of time fraction.
    ///
    /// Where x′(t) = 0 and y′(t) = 0 together (e.g. x = 0 on `easeOut`), the limit y″/x″ is
    /// returned; where only x′(t) = 0 the tangent is vertical and ±infinity is returned.
    /// x is clamped to [0, 1].
    public func slope(at x: Double) -> Double {
        if x.isNaN { return .nan }
        let t = x <= 0 ? 0 : (x >= 1 ? 1 : solveT(x))
        let dx = derivative(t, c: cx, b: bx, a: ax)
        let dy = derivative(t, c: cy, b: by, a: ay)
        if abs(dx) > 1e-12 { return dy / dx }
        if abs(dy) > 1e-12 { return dy > 0 ? .infinity : -.infinity }
        // 0/0: use the second derivatives (l'Hôpital).
        let ddx = 6 * ax * t + 2 * bx
        let ddy = 6 * ay * t + 2 * by
        if abs(ddx) > 1e-12 { return ddy / ddx }
        return ddy == 0 ? 0 : (ddy > 0 ? .infinity : -.infinity)
    }

    // MARK: - Polynomial form (WebKit UnitBezier coefficients)

    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    /// x(t) = ((ax·t + bx)·t + cx)·t.
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t) = ((ay·t + by)·t + cy)·t.
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    private func derivative(_ t: Double, c: Double, b: Double, a: Double) -> Double {
        (3 * a * t + 2 * b) * t + c
    }

    /// The parameter t ∈ [0, 1] with |x(t) − x| < `solveTolerance`, for x in (0, 1).
    func solveT(_ x: Double) -> Double {
        let tolerance = Self.solveTolerance
        let cx = self.cx, bx = self.bx, ax = self.ax
        // Newton from t = x.
        var t = x
        for _ in 0..<8 {
            let error = ((ax * t + bx) * t + cx) * t - x
            if abs(error) < tolerance, t >= 0, t <= 1 { return t }
            let d = (3 * ax * t + 2 * bx) * t + cx
            if abs(d) < 1e-6 { break }
            t -= error / d
        }
        // Bisection: x(t) is non-decreasing on [0, 1] because x1, x2 ∈ [0, 1].
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<200 {
            let value = ((ax * t + bx) * t + cx) * t
            if abs(value - x) < tolerance { return t }
            if value < x { lo = t } else { hi = t }
            let mid = 0.5 * (lo + hi)
            if mid == lo || mid == hi { break }
            t = mid
        }
        return t
    }

    private static func unitClamp(_ v: Double) -> Double {
        v.isNaN ? v : min(max(v, 0), 1)
    }
}
