/// Writes JSON straight into a byte buffer — no `JSONEncoder`, no `String` per number.
///
/// Numbers are written in plain decimal with at most `fractionDigits` digits after the
/// point and trailing zeros trimmed (so `0.25`, `390`, `-0.000001`). Six digits resolve a
/// millionth of a point, far below what a screen shows, and keep output deterministic
/// across platforms. Non-finite numbers, which valid timelines never hold, become `null`.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    public var fractionDigits: Int

    public init(fractionDigits: Int = 6, reserve: Int = 0) {
        self.fractionDigits = fractionDigits
        bytes.reserveCapacity(reserve)
    }

    @inline(__always) public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    public mutating func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// A quoted, escaped JSON string.
    public mutating func string(_ s: String) {
        bytes.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: bytes.append(0x5C); bytes.append(0x22)
            case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
            case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(0x22)
    }

    /// `"key":`
    public mutating func key(_ s: StaticString) {
        bytes.append(0x22)
        raw(s)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    public mutating func bool(_ b: Bool) { b ? raw("true") : raw("false") }

    public mutating func null() { raw("null") }

    public mutating func integer(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            unsigned(UInt64(value.magnitude))
        } else {
            unsigned(UInt64(value))
        }
    }

    private mutating func unsigned(_ v: UInt64) {
        if v < 10 { bytes.append(48 + UInt8(v)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = v, count = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            while n > 0 { buf[count] = 48 + UInt8(n % 10); n /= 10; count += 1 }
        }
        withUnsafeBytes(of: &digits) { buf in
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buf[i]) }
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]

    /// A number rounded to `fractionDigits` decimals (half away from zero).
    ///
    /// The digits are formed right to left in a 32-byte stack buffer and appended in one
    /// call: a timeline holds tens of thousands of numbers, so this is the hot path.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { null(); return }
        let digits = fractionDigits < 0 ? 0 : (fractionDigits > 9 ? 9 : fractionDigits)
        let scale = Self.powersOfTen[digits]
        let scaled = (value.magnitude * scale).rounded()
        guard scaled < 9.0e18 else {
            // Beyond what fixed point holds: Swift's shortest round-trip form.
            raw(value.description)
            return
        }
        var units = UInt64(scaled)
        if units == 0 { bytes.append(48); return }
        var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { raw in
            var i = 32
            // Fraction digits, trailing zeros dropped.
            var width = digits
            while width > 0 && units % 10 == 0 { units /= 10; width -= 1 }
            if width > 0 {
                for _ in 0..<width {
                    i -= 1
                    raw[i] = 48 + UInt8(units % 10)
                    units /= 10
                }
                i -= 1
                raw[i] = UInt8(ascii: ".")
            }
            repeat {
                i -= 1
                raw[i] = 48 + UInt8(units % 10)
                units /= 10
            } while units > 0
            if value < 0 {
                i -= 1
                raw[i] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[i..<32]))
        }
    }

    /// Any `JSONValue`, members in their order.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n):
            if n == n.rounded(), n.magnitude < 1e15 { integer(Int(n)) } else { number(n) }
        case .string(let s): string(s)
        case .array(let a):
            bytes.append(UInt8(ascii: "["))
            for (i, e) in a.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                value(e)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                string(m.key)
                bytes.append(UInt8(ascii: ":"))
                value(m.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
