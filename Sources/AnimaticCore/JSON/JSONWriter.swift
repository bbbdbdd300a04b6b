/// Writes JSON: strings with JSON's escapes, `"key":`, literals and whole `JSONValue`s,
/// over a `ByteWriter` (whose numbers are JSON numbers: plain decimal, no exponent).
public struct JSONWriter: ByteWriting, Sendable {
    public var output: ByteWriter

    public init(fractionDigits: Int = 6, reserve: Int = 0) {
        output = ByteWriter(fractionDigits: fractionDigits, reserve: reserve)
    }

    /// A quoted, escaped JSON string.
    public mutating func string(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            // At most 6 bytes per byte (\u00XX) plus the quotes.
            withSpace(utf8.count * 6 + 2) { p in Self.writeString(utf8, to: p) }
        }
    }

    /// Writes `"…"` with JSON escapes; returns the bytes written (at most 6 per byte + 2).
    public static func writeString(_ utf8: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        p[i] = 0x22; i += 1
        let hex: StaticString = "0123456789abcdef"
        for b in utf8 {
            switch b {
            case 0x22: p[i] = 0x5C; p[i + 1] = 0x22; i += 2
            case 0x5C: p[i] = 0x5C; p[i + 1] = 0x5C; i += 2
            case 0x0A: p[i] = 0x5C; p[i + 1] = UInt8(ascii: "n"); i += 2
            case 0x0D: p[i] = 0x5C; p[i + 1] = UInt8(ascii: "r"); i += 2
            case 0x09: p[i] = 0x5C; p[i + 1] = UInt8(ascii: "t"); i += 2
            case 0x00..<0x20:
                p[i] = 0x5C; p[i + 1] = UInt8(ascii: "u"); p[i + 2] = UInt8(ascii: "0"); p[i + 3] = UInt8(ascii: "0")
                hex.withUTF8Buffer { h in
                    p[i + 4] = h[Int(b >> 4)]
                    p[i + 5] = h[Int(b & 15)]
                }
                i += 6
            default: p[i] = b; i += 1
            }
        }
        p[i] = 0x22; i += 1
        return i
    }

    /// `"key":`
    @inlinable public mutating func key(_ s: StaticString) {
        s.withUTF8Buffer { k in
            let n = k.count
            withSpace(n + 3) { p in
                p[0] = 0x22
                (p + 1).update(from: k.baseAddress!, count: n)
                p[n + 1] = 0x22
                p[n + 2] = 0x3A
                return n + 3
            }
        }
    }

    public mutating func bool(_ b: Bool) { b ? raw("true") : raw("false") }

    public mutating func null() { raw("null") }

    /// Any `JSONValue`, members in their order.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: null()
        case .bool(let b): bool(b)
        case .number(let n):
            if n == n.rounded(), n.magnitude < 1e15 { integer(Int(n)) } else { number(n) }
        case .string(let s): string(s)
        case .array(let a):
            raw(UInt8(ascii: "["))
            for (i, e) in a.enumerated() {
                if i > 0 { raw(UInt8(ascii: ",")) }
                value(e)
            }
            raw(UInt8(ascii: "]"))
        case .object(let members):
            raw(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { raw(UInt8(ascii: ",")) }
                string(m.key)
                raw(UInt8(ascii: ":"))
                value(m.value)
            }
            raw(UInt8(ascii: "}"))
        }
    }
}
