import Testing

@testable import AnimaticCore

/// `ByteWriter.writeNumber3`, `writeNumber4` and `writeNumber9` (Lottie's, SVG's and CSS's
/// perspective column's decimals) write exactly what `writeNumberSlow` — the formatter
/// every count went through before, kept for the counts without a fast path — writes, and
/// what the independent reference writes: `|v| × 10ᵈ` rounded half away from zero by libm,
/// then plain decimal digits with trailing zeros trimmed.
@Suite struct NumberFormattingOtherDigitsTests {
    static let fractionDigits = [3, 4, 9]

    /// The fast path, the slow one and the reference on `v` with `d` decimals; a failure
    /// names the value and the three texts.
    func expectSame(_ v: Double, _ d: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        var fast = [UInt8](repeating: 0, count: ByteWriter.maxNumberLength + 8)
        var slow = fast
        let n = fast.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            switch d {
            case 3: return ByteWriter.writeNumber3(v, digits: DigitTable.shared, to: p)
            case 4: return ByteWriter.writeNumber4(v, digits: DigitTable.shared, to: p)
            default: return ByteWriter.writeNumber9(v, digits: DigitTable.shared, to: p)
            }
        }
        let m = slow.withUnsafeMutableBufferPointer {
            ByteWriter.writeNumberSlow(v, fractionDigits: d, to: $0.baseAddress!)
        }
        let new = String(decoding: fast[0..<n], as: UTF8.self)
        let old = String(decoding: slow[0..<m], as: UTF8.self)
        let reference = referenceText(v, fractionDigits: d)
        if new != old || new != reference {
            Issue.record(
                "\(v) (bits \(v.bitPattern)) with \(d) decimals: fast \(new), slow \(old), reference \(reference)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: fractionDigits) func edgeValuesMatchTheSlowPathAndTheReference(_ d: Int) {
        let edges: [Double] = [
            0, -0.0, .nan, -.nan, .signalingNaN, .infinity, -.infinity, .leastNonzeroMagnitude,
            .leastNormalMagnitude, .greatestFiniteMagnitude, 1, 0.5, 0.05, 2.0 / 3.0, 0.1 + 0.2, 5e-4, 5e-5, 5e-10,
            0.0015, 0.00025, 1.0005, 2.00005, 1.0000000005, 999, 1000, 1001, 999_999, 1e6, 9_999_999, 1e9, 1e12,
            // Around each fast path's bound: 999,999.999 (three), 999,999.9999 (four),
            // 999.999999999 (nine) after rounding.
            999_999.999, 999_999.9994999, 999_999.9995, 999_999.9999, 999_999.99995, 999.999999999,
            999.9999999995, 999.99999999949, 1e15, 1e21, 4_503_599_627.370496, 9_007_199_254.740992,
        ]
        for e in edges {
            for v in [e, e.nextUp, e.nextDown] {
                expectSame(v, d)
                expectSame(-v, d)
            }
        }
    }

    @Test func knownTexts() {
        #expect(text(-0.0, 3) == "0")
        #expect(text(-0.0004, 3) == "0")
        #expect(text(0.0005, 3) == "0.001")
        #expect(text(-0.0005, 3) == "-0.001")
        #expect(text(1234.5678, 3) == "1234.568")
        #expect(text(999_999.9995, 3) == "1000000")
        #expect(text(0.25, 4) == "0.25")
        #expect(text(-12_345.00005, 4) == "-12345.0001")
        #expect(text(1.0 / 3.0, 4) == "0.3333")
        #expect(text(-1.0 / 500.0, 9) == "-0.002")
        #expect(text(2.0 / 3.0, 9) == "0.666666667")
        #expect(text(.infinity, 4) == "null")
    }

    /// Products that land exactly on a half (`k + 0.5` units of the last decimal) round
    /// away from zero; their neighbours round to the nearer side. Halves of a unit are
    /// exact doubles only where `(k + 0.5) / 10ᵈ` is; the others test the neighbours.
    @Test(arguments: fractionDigits) func tiesRoundAwayFromZero(_ d: Int) {
        let unit = [3: 1e3, 4: 1e4, 9: 1e9][d]!
        for k in 0..<200_000 {
            let v = (Double(k) + 0.5) / unit
            expectSame(v, d)
            expectSame(-v, d)
            expectSame(v.nextUp, d)
            expectSame(v.nextDown, d)
        }
        // Just below and above each bound.
        let bound = [3: 999_999_999.0, 4: 9_999_999_999.0, 9: 999_999_999_999.0][d]!
        for k in stride(from: bound - 20_000, to: bound + 20_000, by: 1) {
            expectSame((k + 0.5) / unit, d)
            expectSame(k / unit, d)
        }
    }

    @Test(arguments: fractionDigits) func randomValuesMatchTheSlowPathAndTheReference(_ d: Int) {
        var generator = SplitMix64(seed: 0x5EED_12 &+ UInt64(d))  // seeded: a failure repeats
        let ranges: [ClosedRange<Double>] = [
            -1...1, -1000...1000, -1e-3...1e-3, -1e6...1e6, -1e13...1e13, 990...1010, 999_990...1_000_010,
        ]
        for k in 0..<100_000 {
            expectSame(Double.random(in: ranges[k % ranges.count], using: &generator), d)
            // Any bit pattern: subnormals, huge numbers, NaNs with payloads.
            expectSame(Double(bitPattern: generator.next()), d)
            // Few decimals, as geometry has: n / 2^j and n / 10^j.
            let n = Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator))
            expectSame(n / Double(1 << Int.random(in: 0...30, using: &generator)), d)
            expectSame(n / [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10][k % 11], d)
        }
    }

    /// `JSONWriter.number` with `d` decimals: the dispatch reaches the fast path.
    func text(_ v: Double, _ d: Int) -> String {
        var w = JSONWriter(fractionDigits: d)
        w.number(v)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

/// The independent reference with `d` decimals: libm's round half away from zero on the
/// product `|v| × 10ᵈ`, the digits of the whole part and of the fraction, trailing zeros
/// trimmed; `null` for NaN and the infinities, Swift's own description beyond 9·10¹⁸ units.
func referenceText(_ v: Double, fractionDigits d: Int) -> String {
    guard v.isFinite else { return "null" }
    var unit: UInt64 = 1
    for _ in 0..<d { unit *= 10 }
    let scaled = v.magnitude * Double(unit)
    guard scaled < 9e18 else { return v.description }
    let units = UInt64(scaled.rounded(.toNearestOrAwayFromZero))
    if units == 0 { return "0" }
    var text = (v < 0 ? "-" : "") + String(units / unit)
    let fraction = String(String(units % unit + unit).dropFirst())
    let kept = fraction.reversed().drop { $0 == "0" }
    if !kept.isEmpty { text += "." + String(kept.reversed()) }
    return text
}
