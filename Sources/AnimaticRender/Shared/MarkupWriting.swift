import Foundation
import AnimaticCore

/// Text output for SVG and CSS, written with `JSONWriter`'s byte buffer and fixed-point
/// numbers (no Foundation formatting, deterministic bytes).
extension JSONWriter {
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
            case 0x00..<0x20: raw(UInt8(ascii: " ")) // not allowed in XML 1.0
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

extension Color {
    /// Black or white, whichever reads better on this colour (WCAG relative luminance).
    var contrastingText: Color {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let l = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return alpha < 0.35 || l > 0.36 ? Color(red: 0.11, green: 0.11, blue: 0.12) : .white
    }
}

/// An SVG/HTML-safe identifier fragment of a layer id: letters, digits, `-` and `_` kept,
/// anything else replaced by `_`.
func cssIdentifier(_ id: String) -> String {
    var out = ""
    for scalar in id.unicodeScalars {
        switch scalar.value {
        case 48...57, 65...90, 97...122, 45, 95: out.unicodeScalars.append(scalar)
        default: out.append("_")
        }
    }
    return out.isEmpty ? "_" : out
}
