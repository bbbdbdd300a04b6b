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

    // The polynomial coefficients, computed once (as WebKit's UnitBezier stores them):
    // x(t) = ((ax·t + bx)·t + cx)·t with cx = 3·x1, bx = 3·(x2 − x1) − cx, ax = 1 − cx − bx,
    // and the same for y. They are derived from the control points, so equality and hashing
    // over them agree with equality over the points.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double

    /// Solver tolerance on x: `value(at:)` returns y(t) for a t with |x(t) − x| < 1e-12.
    ///
    /// WebKit stops Newton at min(1e-7, ε); this is tighter on purpose, so the curve is
    /// exact to the last frame a UIKit user would measure, at a few extra iterations' cost.
    public static let solveTolerance: Double = 1e-12

    /// Newton steps tried before bisection: 8, as WebKit's `UnitBezier::solveCurveX`.
    static let newtonIterations = 8

    /// Below this |x′(t)| a Newton step would jump too far, so the solver bisects instead
    /// (WebKit's 1e-6).
    static let newtonMinimumSlope: Double = 1e-6

    /// An upper bound on bisection steps. Halving [0, 1] reaches a Double's resolution long
    /// before it (the loop stops when the midpoint no longer moves); the bound only makes
    /// the loop's end obvious.
    static let bisectionIterationLimit = 200

    /// Derivatives smaller than this count as zero in `slope(at:)`: a vertical tangent when
    /// only x′ vanishes, l'Hôpital when both do.
    static let zeroDerivative: Double = 1e-12

    /// Creates the curve with control points P1 = (x1, y1) and P2 = (x2, y2).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = Self.unitClamp(x1)
        self.y1 = y1
        self.x2 = Self.unitClamp(x2)
        self.y2 = y2
        cx = 3 * self.x1
        bx = 3 * (self.x2 - self.x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
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

    /// The progress y at time fraction x (clamped to [0, 1]).
    ///
    /// Solves x(t) = x to within `solveTolerance` (Newton from t = x, then bisection, like
    /// WebKit's classic UnitBezier) and returns y(t). The ends are exact — 0 at x ≤ 0, 1 at
    /// x ≥ 1 — because an animation must start and land on its values, not 1e-12 away.
    /// NaN gives NaN.
    public func value(at x: Double) -> Double {
        if x.isNaN { return .nan }
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveT(x))
    }

    /// The slope dy/dx at time fraction x (clamped to [0, 1]), in progress per unit of time
    /// fraction.
    ///
    /// Used for velocity handoff and tangents. Where x′(t) and y′(t) vanish together (e.g.
    /// x = 0 on `easeOut`) the limit y″/x″ is returned; where only x′(t) does, the tangent is
    /// vertical and ±infinity is returned.
    public func slope(at x: Double) -> Double {
        if x.isNaN { return .nan }
        let t = x <= 0 ? 0 : (x >= 1 ? 1 : solveT(x))
        let dx = derivative(t, c: cx, b: bx, a: ax)
        let dy = derivative(t, c: cy, b: by, a: ay)
        if abs(dx) > Self.zeroDerivative { return dy / dx }
        if abs(dy) > Self.zeroDerivative { return dy > 0 ? .infinity : -.infinity }
        // 0/0: the second derivatives decide (l'Hôpital).
        let ddx = 6 * ax * t + 2 * bx
        let ddy = 6 * ay * t + 2 * by
        if abs(ddx) > Self.zeroDerivative { return ddy / ddx }
        return ddy == 0 ? 0 : (ddy > 0 ? .infinity : -.infinity)
    }

    // MARK: - Polynomial form (WebKit UnitBezier)

    /// x(t) = ((ax·t + bx)·t + cx)·t.
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    /// y(t) = ((ay·t + by)·t + cy)·t.
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// The derivative of ((a·t + b)·t + c)·t: (3a·t + 2b)·t + c.
    private func derivative(_ t: Double, c: Double, b: Double, a: Double) -> Double {
        (3 * a * t + 2 * b) * t + c
    }

    /// The parameter t ∈ [0, 1] with |x(t) − x| < `solveTolerance`, for x in (0, 1).
    ///
    /// Newton converges in a few steps on most curves; near a flat spot of x(t) (x′ → 0, as at
    /// the ends of `easeInEaseOut`) it can overshoot or stall, so bisection finishes the job.
    /// Bisection always converges because x(t) never decreases on [0, 1] while x1, x2 ∈ [0, 1].
    func solveT(_ x: Double) -> Double {
        let tolerance = Self.solveTolerance
        // Newton from t = x.
        var t = x
        for _ in 0..<Self.newtonIterations {
            let error = sampleX(t) - x
            if abs(error) < tolerance, t >= 0, t <= 1 { return t }
            let d = derivative(t, c: cx, b: bx, a: ax)
            if abs(d) < Self.newtonMinimumSlope { break }
            t -= error / d
        }
        // Bisection on [0, 1], restarting from t = x.
        var lo = 0.0, hi = 1.0
        t = x
        for _ in 0..<Self.bisectionIterationLimit {
            let value = sampleX(t)
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
