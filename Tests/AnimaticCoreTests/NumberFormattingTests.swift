import Testing

@testable import AnimaticCore

/// `ByteWriter.writeNumber6` (the six-decimal formatter under every JSON timeline) writes
/// exactly what its previous code writes — `writeNumber6Wide`, which still takes every
/// number the fast path leaves and can format any — and what an independent reference
/// writes: the product `|v| × 10⁶` rounded half away from zero, then plain decimal digits
/// with trailing zeros trimmed (`referenceText`). (A standalone optimised run of the same
/// comparison against the formatter of main at a0b781c covered 114 M values, all equal:
/// docs/BENCHMARKS.md.)
@Suite struct NumberFormattingTests {
    /// Both formatters and the reference on `v`; a failure names the value and all three texts.
    func expectSame(_ v: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        var fast = [UInt8](repeating: 0, count: ByteWriter.maxNumberLength + 8)
        var wide = fast
        let n = fast.withUnsafeMutableBufferPointer {
            ByteWriter.writeNumber6(v, digits: DigitTable.shared, to: $0.baseAddress!)
        }
        let m = wide.withUnsafeMutableBufferPointer {
            ByteWriter.writeNumber6Wide(v, digits: DigitTable.shared, to: $0.baseAddress!)
        }
        let new = String(decoding: fast[0..<n], as: UTF8.self)
        let old = String(decoding: wide[0..<m], as: UTF8.self)
        let reference = referenceText(v)
        if new != old || new != reference {
            Issue.record(
                "\(v) (bits \(v.bitPattern)): new \(new), wide \(old), reference \(reference)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func edgeValuesMatchTheWidePathAndTheReference() {
        let edges: [Double] = [
            0, -0.0, .nan, -.nan, .signalingNaN, .infinity, -.infinity, .leastNonzeroMagnitude,
            .leastNormalMagnitude, .greatestFiniteMagnitude, 1, 0.5, 0.05, 2.0 / 3.0, 5e-7, 4.999999999e-7,
            0.0000015, 0.0000025, 1.0000005, 2.0000005, 0.1 + 0.2,
            // Around the fast path's bound (a whole part of 999 after rounding) and the wide
            // path's (whole numbers below 5·10¹¹ print as themselves; fixed point below 9·10¹²).
            999.999999, 999.9999994999, 999.9999995, 999.99999950001, 1000, 1000.0000005, 5e11, 5e11 - 1,
            5e11 + 0.5, 9e12, 9e12 - 0.001, 1e15, 1e21, 4_503_599_627.370496, 9_007_199_254.740992,
        ]
        for e in edges {
            for v in [e, e.nextUp, e.nextDown] {
                expectSame(v)
                expectSame(-v)
            }
        }
        #expect(writtenText(-0.0) == "0")
        #expect(writtenText(-0.0000004) == "0")
        #expect(writtenText(999.9999995) == "1000")
        #expect(writtenText(-1.0000005) == "-1.000001")
        #expect(writtenText(0.1 + 0.2) == "0.3")
        #expect(writtenText(.infinity) == "null")
    }

    /// Products that land exactly on a half (`k + 0.5` millionths) round away from zero;
    /// their neighbours round to the nearer side.
    @Test func tiesRoundAwayFromZero() {
        for k in stride(from: 0, to: 200_000, by: 1) {
            let v = (Double(k) + 0.5) / 1e6
            expectSame(v)
            expectSame(-v)
            expectSame(v.nextUp)
            expectSame(v.nextDown)
        }
        for k in 999_990_000..<1_000_010_000 {
            expectSame((Double(k) + 0.5) / 1e6)
        }
        #expect(writtenText(2.5 / 1e6) == "0.000003")
        #expect(writtenText(-2.5 / 1e6) == "-0.000003")
    }

    @Test func randomValuesMatchTheWidePathAndTheReference() {
        var generator = SplitMix64(seed: 0x5EED_14)  // seeded: a failure repeats
        let ranges: [ClosedRange<Double>] = [-1...1, -1000...1000, -1e-5...1e-5, -1e6...1e6, -1e13...1e13, 990...1010]
        for k in 0..<150_000 {
            expectSame(Double.random(in: ranges[k % ranges.count], using: &generator))
            // Any bit pattern: subnormals, huge numbers, NaNs with payloads.
            expectSame(Double(bitPattern: generator.next()))
            // Few decimals, as geometry has: n / 2^j and n / 10^j.
            let n = Double(Int.random(in: -2_000_000...2_000_000, using: &generator))
            expectSame(n / Double(1 << Int.random(in: 0...20, using: &generator)))
            expectSame(n / [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7][k & 7])
        }
    }

    @Test func theTablesHoldEveryThreeDigitGroup() {
        let table = DigitTable.shared
        for n in 0..<1000 {
            let padded = table.entries[n], whole = table.wholes[n]
            let digits = withUnsafeBytes(of: padded.littleEndian) { Array($0[0..<3]) }
            #expect(String(decoding: digits, as: UTF8.self) == String(1000 + n).dropFirst())
            #expect(Int(padded >> 24) == String(String(1000 + n).dropFirst().reversed()).prefix { $0 == "0" }.count)
            let count = Int(whole >> 24)
            let text = withUnsafeBytes(of: whole.littleEndian) { Array($0[0..<count]) }
            #expect(String(decoding: text, as: UTF8.self) == String(n))
        }
    }

    func writtenText(_ v: Double) -> String {
        var w = JSONWriter()
        w.number(v)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}

/// The independent reference: libm's round half away from zero on the same product, then
/// the digits of the whole part and of the six-digit fraction, trailing zeros trimmed;
/// `null` for NaN and the infinities, Swift's own description beyond 9·10¹⁸ millionths.
func referenceText(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    let scaled = v.magnitude * 1e6
    guard scaled < 9e18 else { return v.description }
    let units = UInt64(scaled.rounded(.toNearestOrAwayFromZero))
    if units == 0 { return "0" }
    var text = (v < 0 ? "-" : "") + String(units / 1_000_000)
    let fraction = String(String(units % 1_000_000 + 1_000_000).dropFirst())
    let kept = fraction.reversed().drop { $0 == "0" }
    if !kept.isEmpty { text += "." + String(kept.reversed()) }
    return text
}
