/// A growable byte buffer that writes raw bytes and decimal numbers — no `String` per
/// number, no Foundation formatting.
///
/// The one buffer under every text output: `JSONWriter` writes JSON with it and
/// `MarkupWriter` (AnimaticRender) SVG, XML and CSS; both are `ByteWriting` front ends,
/// so each offers only what its format needs (JSON string escapes, XML escapes…).
///
/// Numbers are written in plain decimal with at most `fractionDigits` digits after the
/// point and trailing zeros trimmed (so `0.25`, `390`, `-0.000001`). Six digits resolve a
/// millionth of a point, far below what a screen shows, and keep output deterministic
/// across platforms. Non-finite numbers, which valid timelines never hold, become `null`.
///
/// Speed: a timeline holds tens of thousands of numbers, so the writer formats straight
/// into spare room at the end of its buffer (`withRoom`, a counted `Room`; `withSpace`,
/// a pointer, for the few writers that keep their own offset): no temporary per number, no
/// libm call for rounding; six decimals (`writeNumber6`, the JSON timeline's) and three,
/// four and nine (`writeNumber3`, `writeNumber4`, `writeNumber9`: Lottie, SVG, CSS's
/// perspective column; ByteWriter+FixedDecimals.swift) take three digits at a time from a
/// table and inline where many are written; other counts go to `writeNumberSlow`. The buffer grows
/// geometrically; bytes past `count` are scratch and never read. `bytes` copies when the
/// buffer has spare room; `takeBytes()` hands the buffer over without a copy.
///
/// A render's writer carries the render's `budget` (`RenderBudget`): the encoder polls
/// `isOverBudget` where it polls `RenderCancellation` and stops once it is true, and the
/// buffer does not double past the budget (see `grow`), so an over-large output costs at
/// most the budget and what is written between two polls.
public struct ByteWriter: Sendable {
    /// Written bytes are `storage[0..<length]`; the rest is room to write into.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var length: Int
    public var fractionDigits: Int
    /// The most bytes this output may take (`Int.max`: no limit); see `isOverBudget`.
    public var budget: Int = .max

    /// Past this much beyond `budget` the buffer doubles again: an encoder polls
    /// `isOverBudget` often enough to stop within it, and one that does not still grows
    /// geometrically (no copy of the whole buffer per small write). Our choice: 1 MiB, a
    /// few frames of the largest layers.
    public static let budgetSlack = 1 << 20

    /// True once more than `budget` bytes are written: the output is over its limit and
    /// the encoder should stop (its caller refuses the output).
    @inlinable public var isOverBudget: Bool { length > budget }

    public init(fractionDigits: Int = 6, reserve: Int = 0) {
        self.fractionDigits = fractionDigits
        storage = reserve > 0 ? Self.uninitialized(reserve) : []
        length = 0
    }

    /// Everything written so far.
    public var bytes: [UInt8] { length == storage.count ? storage : Array(storage[0..<length]) }

    /// Bytes written so far.
    public var count: Int { length }
    public var isEmpty: Bool { length == 0 }

    /// Everything written, without a copy; the writer is empty afterwards.
    public mutating func takeBytes() -> [UInt8] {
        if length < storage.count { storage.removeSubrange(length...) }
        let out = storage
        storage = []
        length = 0
        return out
    }

    /// An array of `count` bytes whose contents are not set (they are written before use).
    @usableFromInline static func uninitialized(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    @usableFromInline mutating func grow(_ extra: Int) {
        let needed = length + extra
        var newCount = Swift.max(needed, storage.count * 2, 256)
        // Under a budget, no doubling past budget + slack while the writes stay within it:
        // a buffer near the limit is not copied into one twice the limit.
        let cap = budget > Int.max - Self.budgetSlack ? Int.max : budget + Self.budgetSlack
        if newCount > cap && needed <= cap { newCount = cap }
        var bigger = Self.uninitialized(newCount)
        if length > 0 {
            bigger.withUnsafeMutableBufferPointer { to in
                storage.withUnsafeBufferPointer { from in
                    to.baseAddress!.update(from: from.baseAddress!, count: length)
                }
            }
        }
        storage = bigger
    }

    /// Lets `body` write up to `maxCount` bytes at the end; it returns how many it wrote,
    /// and a count over `maxCount` traps (one compare per stretch; `withRoom` counts for
    /// the writer instead).
    @inlinable @inline(__always)
    public mutating func withSpace(_ maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if length + maxCount > storage.count { grow(maxCount) }
        let at = length
        let written = storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + at) }
        precondition(written <= maxCount, "ByteWriter.withSpace: more bytes written than reserved")
        length = at + written
    }

    @inlinable @inline(__always) public mutating func raw(_ byte: UInt8) {
        if length == storage.count { grow(1) }
        let at = length
        storage.withUnsafeMutableBufferPointer { $0[at] = byte }
        length = at + 1
    }

    @inlinable public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { raw(bytes: $0) }
    }

    public mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { raw(bytes: $0) }
    }

    /// Appends bytes as they are.
    @inlinable public mutating func raw(bytes source: UnsafeBufferPointer<UInt8>) {
        let n = source.count
        guard n > 0 else { return }
        withSpace(n) { p in
            p.update(from: source.baseAddress!, count: n)
            return n
        }
    }

    public mutating func raw(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { raw(bytes: $0) }
    }

    /// Appends a copy of `count` bytes already written, from offset `start`.
    public mutating func repeatBytes(from start: Int, count n: Int) {
        precondition(start >= 0 && start + n <= length, "repeatBytes: range not written")
        guard n > 0 else { return }
        let back = length - start
        withSpace(n) { p in
            p.update(from: p - back, count: n)
            return n
        }
    }

    /// Everything another writer holds.
    public mutating func append(_ other: ByteWriter) {
        let n = other.length
        other.storage.withUnsafeBufferPointer { raw(bytes: UnsafeBufferPointer(rebasing: $0[0..<n])) }
    }

    public mutating func integer(_ value: Int) {
        withSpace(21) { p in
            if value < 0 {
                p[0] = UInt8(ascii: "-")
                return 1 + Self.writeUnsigned(UInt64(value.magnitude), to: p + 1)
            }
            return Self.writeUnsigned(UInt64(value), to: p)
        }
    }

    /// The most bytes `number` writes (Swift's description of an extreme double included).
    public static var maxNumberLength: Int { 32 }

    /// A number rounded to `fractionDigits` decimals (half away from zero).
    @inlinable public mutating func number(_ value: Double) {
        let digits = fractionDigits
        withSpace(Self.maxNumberLength) { p in Self.writeNumber(value, fractionDigits: digits, to: p) }
    }

    // MARK: Formatting into memory

    /// Writes the decimal digits of `v`; returns how many (1…20).
    @inlinable @inline(__always)
    static func writeUnsigned(_ v: UInt64, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 10 { p[0] = 48 &+ UInt8(truncatingIfNeeded: v); return 1 }
        var count = 2
        var bound: UInt64 = 100
        while count < 20 && v >= bound { count += 1; bound = bound &* 10 }
        writeDigits(v, count: count, to: p)
        return count
    }

    /// Writes exactly `count` digits of `v` (zero-padded on the left) at `p`.
    @inlinable @inline(__always)
    static func writeDigits(_ v: UInt64, count: Int, to p: UnsafeMutablePointer<UInt8>) {
        // "00" "01" … "99": two digits per lookup.
        let digitPairs: StaticString =
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        digitPairs.withUTF8Buffer { pairs in
            let table = pairs.baseAddress!
            var n = v
            var end = count
            while end >= 2 {
                let pair = Int(truncatingIfNeeded: n % 100) &* 2
                n /= 100
                p[end - 2] = table[pair]
                p[end - 1] = table[pair + 1]
                end -= 2
            }
            if end == 1 { p[0] = 48 &+ UInt8(truncatingIfNeeded: n % 10) }
        }
    }

    /// Copies the literal `s` to `p`; returns its length. For writers that fill one
    /// reserved stretch (`withSpace`) with text and numbers.
    @inlinable @inline(__always)
    static func put(_ s: StaticString, at p: UnsafeMutablePointer<UInt8>) -> Int {
        s.withUTF8Buffer { bytes in
            p.update(from: bytes.baseAddress!, count: bytes.count)
            return bytes.count
        }
    }

    /// Formats `value` as `number` does into `p` (room for `maxNumberLength` bytes);
    /// returns the bytes written.
    @inlinable
    static func writeNumber(_ value: Double, fractionDigits: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        switch fractionDigits {
        case 6: return writeNumber6(value, to: p)
        case 3: return writeNumber3(value, to: p)
        case 4: return writeNumber4(value, to: p)
        case 9: return writeNumber9(value, to: p)
        default: return writeNumberSlow(value, fractionDigits: fractionDigits, to: p)
        }
    }

    /// `writeNumber` with six decimals: the hot path.
    @inlinable
    static func writeNumber6(_ value: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        writeNumber6(value, digits: DigitTable.shared, to: p)
    }

    /// `writeNumber6` with the digit table at hand: a loop writing many numbers fetches
    /// `DigitTable.shared` once instead of once per number (a lazy global's check).
    ///
    /// The common case — a number below 1,000 after rounding, most of a timeline — is
    /// short enough to inline: no `Double`→`Int` conversion (whose range checks cost more
    /// than the conversion), the whole part from one table entry that carries its own
    /// length, the fraction from two. Everything else (large numbers, non-finite ones)
    /// goes to `writeNumber6Wide`. Both round half away from zero from the same product
    /// `magnitude × 10⁶`, so the output depends only on that product: see
    /// NumberFormattingTests for the proof against the previous formatter.
    @inlinable @inline(__always)
    static func writeNumber6(_ value: Double, digits: DigitTable, to p: UnsafeMutablePointer<UInt8>) -> Int {
        // Zero (either sign) is a third of a timeline's numbers.
        if value == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        let scaled = value.magnitude * 1e6
        // Below 999,999,999 the rounded units are at most 999,999,999: a whole part ≤ 999.
        // NaN fails the comparison and takes the wide path.
        guard scaled < 999_999_999 else { return writeNumber6Wide(value, digits: digits, to: p) }
        let units = UInt32(truncatingIfNeeded: unitsRoundedAwayFromZero(scaled))
        if units == 0 { p[0] = UInt8(ascii: "0"); return 1 }
        // The sign is written always and kept only for a negative number.
        p[0] = UInt8(ascii: "-")
        let raw = UnsafeMutableRawPointer(p)
        let whole = units / 1_000_000
        let fraction = units &- whole &* 1_000_000
        var i = writeSmallWhole(whole, digits: digits, to: raw, at: Int(truncatingIfNeeded: value.bitPattern >> 63))
        if fraction != 0 {
            // Two groups of three digits; the entry's fourth byte counts its trailing zeros.
            let highGroup = fraction / 1000
            let lowGroup = fraction &- highGroup &* 1000
            let high = digits.entries[Int(truncatingIfNeeded: highGroup)]
            let low = digits.entries[Int(truncatingIfNeeded: lowGroup)]
            p[i] = UInt8(ascii: ".")
            raw.storeBytes(of: high.littleEndian, toByteOffset: i &+ 1, as: UInt32.self)
            raw.storeBytes(of: low.littleEndian, toByteOffset: i &+ 4, as: UInt32.self)
            i &+= lowGroup == 0 ? 4 &- Int(truncatingIfNeeded: high >> 24) : 7 &- Int(truncatingIfNeeded: low >> 24)
        }
        return i
    }

    /// `writeNumber6` for what its fast path leaves: numbers from 999.999999 up, NaN and
    /// the infinities. Whole numbers below 5·10¹¹ print as themselves, others are rounded
    /// as the fast path rounds; beyond fixed point, `writeNumberSlow`.
    @usableFromInline @inline(never)
    static func writeNumber6Wide(_ value: Double, digits: DigitTable, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let table = digits.entries
        let raw = UnsafeMutableRawPointer(p)
        let magnitude = value.magnitude
        // Below 5·10¹¹, magnitude × 10⁶ is exact for whole numbers, so they print as themselves.
        if magnitude < 5e11 {
            let whole = Int64(magnitude)
            if Double(whole) == magnitude {
                if whole == 0 { p[0] = 48; return 1 }
                var i = 0
                if value < 0 { p[0] = UInt8(ascii: "-"); i = 1 }
                return i + writeUnsigned(UInt64(whole), to: p + i)
            }
        }
        if magnitude < 1e15 {
            let scaled = magnitude * 1e6
            if scaled < 9.0e18 {
                // Round half away from zero without libm: below 2⁵² the fraction is exact;
                // above it `scaled` is already whole.
                var units = Int64(scaled)
                if scaled - Double(units) >= 0.5 { units &+= 1 }
                if units == 0 { p[0] = 48; return 1 }
                var i = 0
                if value < 0 { p[0] = UInt8(ascii: "-"); i = 1 }
                let u = UInt64(units)
                i += writeUnsigned(u / 1_000_000, to: p + i)
                let fraction = Int(u % 1_000_000)
                if fraction != 0 {
                    p[i] = UInt8(ascii: ".")
                    let high = table[fraction / 1000], low = table[fraction % 1000]
                    raw.storeBytes(of: high.littleEndian, toByteOffset: i + 1, as: UInt32.self)
                    raw.storeBytes(of: low.littleEndian, toByteOffset: i + 4, as: UInt32.self)
                    i += fraction % 1000 == 0 ? 4 - Int(high >> 24) : 7 - Int(low >> 24)
                }
                return i
            }
        }
        return writeNumberSlow(value, fractionDigits: 6, to: p)
    }

    /// Any count of decimals (0…9), any double: the formatter the fast paths must match
    /// byte for byte (NumberFormattingOtherDigitsTests compares them).
    @usableFromInline
    static func writeNumberSlow(_ value: Double, fractionDigits: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            p[0] = UInt8(ascii: "n"); p[1] = UInt8(ascii: "u"); p[2] = UInt8(ascii: "l"); p[3] = UInt8(ascii: "l")
            return 4
        }
        let digits = fractionDigits < 0 ? 0 : (fractionDigits > 9 ? 9 : fractionDigits)
        var unit: UInt64 = 1
        for _ in 0..<digits { unit *= 10 }
        let scaled = value.magnitude * Double(unit)
        guard scaled < 9.0e18 else {
            // Beyond what fixed point holds: Swift's shortest round-trip form.
            var text = value.description
            return text.withUTF8 { utf8 in
                p.update(from: utf8.baseAddress!, count: utf8.count)
                return utf8.count
            }
        }
        var units = UInt64(scaled)
        if scaled - Double(units) >= 0.5 { units &+= 1 }
        if units == 0 { p[0] = 48; return 1 }
        var i = 0
        if value < 0 { p[0] = UInt8(ascii: "-"); i = 1 }
        i += writeUnsigned(units / unit, to: p + i)
        let fraction = units % unit
        if fraction != 0 {
            p[i] = UInt8(ascii: ".")
            writeDigits(fraction, count: digits, to: p + i + 1)
            var end = i + 1 + digits
            while p[end - 1] == 48 { end -= 1 }
            i = end
        }
        return i
    }
}

/// The digits of 0…999 for `writeNumber6` (see `ThreeDigits`), fetched once.
public struct DigitTable {
    /// 0…999 zero-padded to three digits; the fourth byte counts the trailing zeros.
    @usableFromInline let entries: UnsafePointer<UInt32>
    /// 0…999 without leading zeros; the fourth byte is the count of digits.
    @usableFromInline var wholes: UnsafePointer<UInt32> { entries + 1000 }

    @usableFromInline init(entries: UnsafePointer<UInt32>) { self.entries = entries }

    /// The one table (made on first use).
    @inlinable public static var shared: DigitTable { DigitTable(entries: ThreeDigits.table) }
}

/// The digits of 0…999 as `writeNumber6` writes them, little-endian in a `UInt32` each:
/// first as a fraction group (three digits zero-padded, the fourth byte the count of
/// trailing zeros, 3 for 0), then as a whole part (no leading zeros, the fourth byte the
/// count of digits). A number's whole part is one lookup, its fraction two.
@usableFromInline
enum ThreeDigits {
    @usableFromInline nonisolated(unsafe) static let table: UnsafePointer<UInt32> = {
        let t = UnsafeMutablePointer<UInt32>.allocate(capacity: 2000)
        for n in 0..<1000 {
            let d0 = UInt32(48 + n / 100), d1 = UInt32(48 + n / 10 % 10), d2 = UInt32(48 + n % 10)
            let zeros: UInt32 = n == 0 ? 3 : (n % 100 == 0 ? 2 : (n % 10 == 0 ? 1 : 0))
            t[n] = d0 | d1 << 8 | d2 << 16 | zeros << 24
            let length: UInt32 = n < 10 ? 1 : (n < 100 ? 2 : 3)
            t[1000 + n] = (t[n] & 0xFF_FFFF) >> (8 * (3 - length)) | length << 24
        }
        return UnsafePointer(t)
    }()
}
