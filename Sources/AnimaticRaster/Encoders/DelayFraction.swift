/// An APNG frame delay as `numerator / denominator` seconds, both 16-bit (APNG's fcTL
/// `delay_num` / `delay_den`).
struct DelayFraction: Equatable {
    var numerator: UInt16
    var denominator: UInt16

    var seconds: Double { Double(numerator) / Double(denominator) }

    /// The fraction nearest to `seconds` with both terms ≤ 65535, the smallest denominator
    /// when several are exact (within 1e-9 s): 1/30 s is written 1/30, 0.25 s is 1/4.
    init(approximating seconds: Double) {
        let x = max(0, seconds)
        if x * 1 >= 65535 {
            self.init(numerator: 65535, denominator: 1)
            return
        }
        var best = (num: UInt16(x.rounded()), den: UInt16(1), error: abs(x.rounded() - x))
        let maxDenominator = x > 0 ? min(65535, Int(65535.0 / x)) : 1
        var den = 1
        while den <= maxDenominator && best.error > 1e-9 {
            let num = (x * Double(den)).rounded()
            if num <= 65535 {
                let error = abs(num / Double(den) - x)
                if error < best.error - 1e-15 { best = (UInt16(num), UInt16(den), error) }
            }
            den += 1
        }
        self.init(numerator: best.num, denominator: best.den)
    }

    init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator
    }
}
