/// The rounding and the whole part `writeNumber6` shares with them, and fast paths of
/// `writeNumber` for the other decimal counts the exports use: three
/// (Lottie), four (SVG geometry, opacities, offsets) and nine (CSS's perspective column).
///
/// Each is `writeNumber6`'s method with its own split: the product `|v| × 10ᵈ` rounded
/// half away from zero without a `Double`→`Int` conversion (whose range checks cost more
/// than the conversion), the digits from `DigitTable` three at a time. Below its bound —
/// a whole part of at most six digits (three and four decimals) or three (nine decimals),
/// which covers every coordinate and opacity of a timeline — the number never leaves the
/// inlined code; beyond it, and for NaN and the infinities, `writeNumberSlow` writes it.
/// Both round the same product the same way, so the bytes are those of `writeNumberSlow`
/// for every double (NumberFormattingOtherDigitsTests checks edges, every tie near zero
/// and seeded random values against it and against an independent reference).
extension ByteWriter {
    /// `|value| × 10ᵈ` (`scaled`, below 2⁵²) rounded half away from zero: adding 2⁵²
    /// leaves it rounded to the nearest integer (ties to even) in the low bits of the sum,
    /// and a tie rounded down is the only case where the two roundings differ.
    @inlinable @inline(__always)
    static func unitsRoundedAwayFromZero(_ scaled: Double) -> UInt64 {
        let biased = scaled + 0x1p52
        var units = biased.bitPattern &- (0x1p52 as Double).bitPattern
        if (biased - 0x1p52) - scaled == -0.5 { units &+= 1 }
        return units
    }

    /// The whole part (at most 999,999) without leading zeros at `i`; returns the new end.
    /// Stores four bytes per group: room for the fraction that follows is there anyway.
    @inlinable @inline(__always)
    static func writeWhole(_ whole: UInt32, digits: DigitTable, to raw: UnsafeMutableRawPointer, at i: Int) -> Int {
        if whole < 1000 { return writeSmallWhole(whole, digits: digits, to: raw, at: i) }
        let thousands = whole / 1000
        let end = writeSmallWhole(thousands, digits: digits, to: raw, at: i)
        let rest = digits.entries[Int(truncatingIfNeeded: whole &- thousands &* 1000)]
        raw.storeBytes(of: rest.littleEndian, toByteOffset: end, as: UInt32.self)
        return end &+ 3
    }

    /// A whole part below 1,000 without leading zeros at `i`, from one table entry whose
    /// fourth byte is its length; returns the new end.
    @inlinable @inline(__always)
    static func writeSmallWhole(_ whole: UInt32, digits: DigitTable, to raw: UnsafeMutableRawPointer, at i: Int) -> Int
    {
        let lead = digits.wholes[Int(truncatingIfNeeded: whole)]
        raw.storeBytes(of: lead.littleEndian, toByteOffset: i, as: UInt32.self)
        return i &+ Int(truncatingIfNeeded: lead >> 24)
    }

    /// `writeNumber` with three decimals (Lottie's).
    @inlinable
    static func writeNumber3(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeNumber3(value, digits: DigitTable.shared, to: p)
    }

    @inlinable @inline(__always)
    static func writeNumber3(_ value: Double, digits: DigitTable, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        let scaled = value.magnitude * 1e3
        // NaN fails the comparison too.
        guard scaled < 999_999_999 else { return writeNumberSlow(value, fractionDigits: 3, to: p) }
        let units = UInt32(truncatingIfNeeded: unitsRoundedAwayFromZero(scaled))
        if units == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        // The sign is written always and kept only for a negative number.
        p[0] = UInt8(ascii: "-")
        let raw = UnsafeMutableRawPointer(p)
        let whole = units / 1000
        let fraction = units &- whole &* 1000
        var i = writeWhole(whole, digits: digits, to: raw, at: Int(truncatingIfNeeded: value.bitPattern >> 63))
        if fraction != 0 {
            let group = digits.entries[Int(truncatingIfNeeded: fraction)]
            p[i] = UInt8(ascii: ".")
            raw.storeBytes(of: group.littleEndian, toByteOffset: i &+ 1, as: UInt32.self)
            i &+= 4 &- Int(truncatingIfNeeded: group >> 24)
        }
        return i
    }

    /// `writeNumber` with four decimals (SVG's).
    @inlinable
    static func writeNumber4(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeNumber4(value, digits: DigitTable.shared, to: p)
    }

    @inlinable @inline(__always)
    static func writeNumber4(_ value: Double, digits: DigitTable, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        let scaled = value.magnitude * 1e4
        guard scaled < 9_999_999_999 else { return writeNumberSlow(value, fractionDigits: 4, to: p) }
        let units = unitsRoundedAwayFromZero(scaled)
        if units == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        p[0] = UInt8(ascii: "-")
        let raw = UnsafeMutableRawPointer(p)
        let whole = units / 10_000
        let fraction = UInt32(truncatingIfNeeded: units &- whole &* 10_000)
        var i = writeWhole(
            UInt32(truncatingIfNeeded: whole), digits: digits, to: raw,
            at: Int(truncatingIfNeeded: value.bitPattern >> 63))
        if fraction != 0 {
            // Three digits from the table, the fourth on its own.
            let high = fraction / 10
            let last = fraction &- high &* 10
            let group = digits.entries[Int(truncatingIfNeeded: high)]
            p[i] = UInt8(ascii: ".")
            raw.storeBytes(of: group.littleEndian, toByteOffset: i &+ 1, as: UInt32.self)
            if last != 0 {
                p[i &+ 4] = 48 &+ UInt8(truncatingIfNeeded: last)
                i &+= 5
            } else {
                i &+= 4 &- Int(truncatingIfNeeded: group >> 24)
            }
        }
        return i
    }

    /// `writeNumber` with nine decimals (CSS's perspective column).
    @inlinable
    static func writeNumber9(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeNumber9(value, digits: DigitTable.shared, to: p)
    }

    @inlinable @inline(__always)
    static func writeNumber9(_ value: Double, digits: DigitTable, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if value == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        let scaled = value.magnitude * 1e9
        guard scaled < 999_999_999_999 else { return writeNumberSlow(value, fractionDigits: 9, to: p) }
        let units = unitsRoundedAwayFromZero(scaled)
        if units == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        p[0] = UInt8(ascii: "-")
        let raw = UnsafeMutableRawPointer(p)
        let whole = units / 1_000_000_000
        let fraction = UInt32(truncatingIfNeeded: units &- whole &* 1_000_000_000)
        var i = writeWhole(
            UInt32(truncatingIfNeeded: whole), digits: digits, to: raw,
            at: Int(truncatingIfNeeded: value.bitPattern >> 63))
        if fraction != 0 {
            // Three groups of three digits; each entry's fourth byte counts its trailing zeros.
            let g1 = fraction / 1_000_000
            let rest = fraction &- g1 &* 1_000_000
            let g2 = rest / 1000
            let g3 = rest &- g2 &* 1000
            let first = digits.entries[Int(truncatingIfNeeded: g1)]
            let second = digits.entries[Int(truncatingIfNeeded: g2)]
            let third = digits.entries[Int(truncatingIfNeeded: g3)]
            p[i] = UInt8(ascii: ".")
            raw.storeBytes(of: first.littleEndian, toByteOffset: i &+ 1, as: UInt32.self)
            raw.storeBytes(of: second.littleEndian, toByteOffset: i &+ 4, as: UInt32.self)
            raw.storeBytes(of: third.littleEndian, toByteOffset: i &+ 7, as: UInt32.self)
            if g3 != 0 {
                i &+= 10 &- Int(truncatingIfNeeded: third >> 24)
            } else if g2 != 0 {
                i &+= 7 &- Int(truncatingIfNeeded: second >> 24)
            } else {
                i &+= 4 &- Int(truncatingIfNeeded: first >> 24)
            }
        }
        return i
    }
}
