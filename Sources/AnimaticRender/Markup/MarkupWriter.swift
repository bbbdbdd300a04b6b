import AnimaticCore

/// Writes SVG, XML and CSS text: XML-escaped text, `#rrggbb` colours and numbers with a
/// chosen number of decimals, over a `ByteWriter` (fixed-point numbers, no Foundation
/// formatting, deterministic bytes).
struct MarkupWriter: ByteWriting, Sendable {
    var output: ByteWriter

    init(fractionDigits: Int = 6, reserve: Int = 0) {
        output = ByteWriter(fractionDigits: fractionDigits, reserve: reserve)
    }

    /// A number with `digits` decimals (trailing zeros trimmed); the writer's own setting
    /// is left alone.
    mutating func number(_ value: Double, digits: Int) {
        withRoom(ByteWriter.maxNumberLength) { $0.number(value, fractionDigits: digits) }
    }

    /// `number(value, digits: 4)` straight to its fast path (SVG's geometry and opacities).
    mutating func number4(_ value: Double) {
        withRoom(ByteWriter.maxNumberLength) { $0.number4(value, digits: DigitTable.shared) }
    }

    /// Text escaped for XML character data and attribute values (`&`, `<`, `>`, `"`, `'`).
    mutating func xml(_ s: String) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\""): raw("&quot;")
            case UInt8(ascii: "'"): raw("&apos;")
            case 0x09, 0x0A, 0x0D: raw(b)
            case 0x00..<0x20: raw(UInt8(ascii: " "))  // not allowed in XML 1.0
            default: raw(b)
            }
        }
    }

    /// `#rrggbb` of a colour (alpha goes to a separate opacity attribute): the opaque
    /// colour's `hexString`, written in place.
    mutating func rgb(_ c: Color) {
        withRoom(7) { room in
            func hex(_ component: Double) {
                let byte = Int((min(max(component, 0), 1) * 255).rounded())
                room.byte(Self.hexDigits[byte >> 4])
                room.byte(Self.hexDigits[byte & 15])
            }
            room.byte(UInt8(ascii: "#"))
            hex(c.red); hex(c.green); hex(c.blue)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
