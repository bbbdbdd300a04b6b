import AnimaticCore

/// Writes SVG, XML and CSS text: XML-escaped text, `#rrggbb` colours and numbers with a
/// chosen number of decimals, over a `ByteWriter` (fixed-point numbers, no Foundation
/// formatting, deterministic bytes).
struct MarkupWriter: ByteWriting, Sendable {
    var output: ByteWriter

    init(fractionDigits: Int = 6, reserve: Int = 0) {
        output = ByteWriter(fractionDigits: fractionDigits, reserve: reserve)
    }

    /// A number with `digits` decimals (trailing zeros trimmed), restoring the writer's setting.
    mutating func number(_ value: Double, digits: Int) {
        let saved = fractionDigits
        fractionDigits = digits
        number(value)
        fractionDigits = saved
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

    /// `#rrggbb` of a colour (alpha goes to a separate opacity attribute).
    mutating func rgb(_ c: Color) {
        var opaque = c
        opaque.alpha = 1
        raw(opaque.hexString)
    }
}
