import Glibc  // libm's math functions only: Core does no I/O

extension SpringParameters {
    /// An upper bound on |acceleration| over `start…end` seconds (0 ≤ start ≤ end), from
    /// the closed form of y″ (y = 1 − position), in O(1):
    /// - underdamped, y″ = e^{−λt}(P″ cos ωd t + Q″ sin ωd t): at most e^{−λ·start}·√(P″² + Q″²);
    /// - critical, y″ = e^{−ω0 t}(α + β t): the envelope at `start` times the larger |α + β t| at the ends;
    /// - overdamped, y″ = c1 r1² e^{r1 t} + c2 r2² e^{r2 t}: each term at `start`.
    /// A fit that checks its segments with it costs a fixed number of evaluations per stop.
    public func accelerationBound(from start: Double, to end: Double) -> Double {
        guard let motion else { return 0 }
        let t0 = max(start, 0), t1 = max(end, t0)
        let b = motion.b
        switch motion.regime {
        case let .under(lambda, omegaD):
            guard omegaD > 0 else { return criticalBound(omega: lambda, b: b, t0, t1) }
            // y = e^{−λt}(P cos + Q sin); d/dt maps (P, Q) to (−λP + ωd Q, −λQ − ωd P).
            var p: Double = 1, q: Double = b / omegaD
            for _ in 0..<2 {
                let dp = -lambda * p + omegaD * q, dq = -lambda * q - omegaD * p
                p = dp
                q = dq
            }
            return exp(-lambda * t0) * (p * p + q * q).squareRoot()
        case let .critical(omega0):
            return criticalBound(omega: omega0, b: b, t0, t1)
        case let .over(lambda, omegaS, r1):
            guard omegaS > 1e-6 * lambda else { return criticalBound(omega: lambda, b: b, t0, t1) }
            let r2 = -lambda - omegaS
            // y(0) = 1, y′(0) = b − λ.
            let c1 = (b - lambda - r2) / (r1 - r2), c2 = 1 - c1
            return abs(c1) * r1 * r1 * exp(r1 * t0) + abs(c2) * r2 * r2 * exp(r2 * t0)
        }
    }

    /// y = e^{−ωt}(1 + bt): y″ = e^{−ωt}(ω² − 2ωb + ω²b·t).
    private func criticalBound(omega w: Double, b: Double, _ t0: Double, _ t1: Double) -> Double {
        let alpha = w * w - 2 * w * b, beta = w * w * b
        return exp(-w * t0) * max(abs(alpha + beta * t0), abs(alpha + beta * t1))
    }
}
