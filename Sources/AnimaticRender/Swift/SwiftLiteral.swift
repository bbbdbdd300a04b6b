import AnimaticCore

/// Swift source spellings of the spec's values, written so that a reader sees the
/// numbers the spec holds: the shortest decimal that reads back as the same `Double`
/// (`0.75`, never `0.7500000001`), integers without a fraction (`390`, not `390.0`).
enum SwiftLiteral {
    /// A number literal: shortest round-trip decimal, `-0` as `0`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Lined up with the same preset at other sizes (SwiftGeometry): a slot, resolved later.
        if let slots = SwiftNumberSlots.current { return slots.token(value) }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let shortest = "\(value)"
        // A third, a sixth… computed by a preset reads as the division that made it.
        if shortest.count > 12 {
            for d in 3...12 {
                let k = (value * Double(d)).rounded()
                if k / Double(d) == value, abs(k) < 1e6, k.truncatingRemainder(dividingBy: Double(d)) != 0 {
                    return "\(Int64(k)).0 / \(d)"
                }
            }
        }
        return shortest
    }

    /// An angle given in degrees as radians: quarter and half turns as `.pi` fractions
    /// (what UIKit code writes, `-.pi / 2`), any other angle as `degrees * .pi / 180`.
    static func radians(degrees: Double) -> String {
        switch degrees {
        case 0: return "0"
        case 90: return ".pi / 2"
        case -90: return "-.pi / 2"
        case 180: return ".pi"
        case -180: return "-.pi"
        default: return "\(number(degrees)) * .pi / 180"
        }
    }

    static func point(_ p: Point) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }

    static func size(_ s: Size) -> String { "CGSize(width: \(number(s.width)), height: \(number(s.height)))" }

    static func rect(_ r: Rect) -> String {
        "CGRect(x: \(number(r.minX)), y: \(number(r.minY)), width: \(number(r.width)), height: \(number(r.height)))"
    }

    /// A colour as `UIColor(red:green:blue:alpha:)` with each component as its byte over
    /// 255, so the spec's `#f2f2f7` reads `0xf2 / 255, 0xf2 / 255, 0xf7 / 255`.
    static func uiColor(_ c: Color) -> String {
        "UIColor(red: \(byte(c.red)), green: \(byte(c.green)), blue: \(byte(c.blue)), alpha: \(alpha(c.alpha)))"
    }

    /// The same colour as a `CGColor` (what `CALayer` and `CAGradientLayer` take).
    static func cgColor(_ c: Color) -> String { uiColor(c) + ".cgColor" }

    private static func byte(_ component: Double) -> String {
        let b = Int((min(max(component, 0), 1) * 255).rounded())
        if b == 0 { return "0" }
        if b == 255 { return "1" }
        let hex = String(b, radix: 16)
        return "0x\(hex.count == 1 ? "0" + hex : hex) / 255"
    }

    private static func alpha(_ a: Double) -> String {
        let b = Int((min(max(a, 0), 1) * 255).rounded())
        return b == 255 ? "1" : b == 0 ? "0" : byte(a)
    }

    /// A string literal with `"` and `\` escaped, control characters as `\u{…}` and the
    /// bidi and line-separator controls as `\u{202E}` (`DisplayControls`): the same string,
    /// displayed as it compiles.
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if DisplayControls.contains(scalar) {
                    out += "\\u{\(DisplayControls.hex(scalar))}"
                } else if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text safe inside a `//` comment: one line, no control characters, the bidi and
    /// line-separator controls written as the text `\u{202E}` (`DisplayControls`).
    static func commentText(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if DisplayControls.contains(scalar) {
                out.append(contentsOf: "\\u{\(DisplayControls.hex(scalar))}".unicodeScalars)
            } else {
                out.append(scalar.value < 0x20 || scalar.value == 0x7f ? " " : scalar)
            }
        }
        return String(out)
    }
}
