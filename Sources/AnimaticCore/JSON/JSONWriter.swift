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
            withRoom(utf8.count * 6 + 2) { room in
                room.byte(0x22)
                for b in utf8 {
                    switch b {
                    case 0x22: room.byte(0x5C); room.byte(0x22)
                    case 0x5C: room.byte(0x5C); room.byte(0x5C)
                    case 0x0A: room.byte(0x5C); room.byte(UInt8(ascii: "n"))
                    case 0x0D: room.byte(0x5C); room.byte(UInt8(ascii: "r"))
                    case 0x09: room.byte(0x5C); room.byte(UInt8(ascii: "t"))
                    case 0x00..<0x20:
                        room.put("\\u00")
                        room.byte(Self.hexDigit(b >> 4))
                        room.byte(Self.hexDigit(b & 15))
                    default: room.byte(b)
                    }
                }
                room.byte(0x22)
            }
        }
    }

    /// The lowercase hexadecimal digit of `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// `"key":`
    @inlinable public mutating func key(_ s: StaticString) {
        withRoom(s.withUTF8Buffer { $0.count } + 3) { room in
            room.byte(0x22)
            room.put(s)
            room.byte(0x22)
            room.byte(0x3A)
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
