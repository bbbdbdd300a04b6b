/// An sRGB colour with straight (non-premultiplied) alpha, each component in 0…1.
///
/// Written in specs as `#rgb`, `#rrggbb` or `#rrggbbaa`, the notation designers paste.
/// Animated component-wise, as Core Animation interpolates `backgroundColor`.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        var digits: [Double] = []
        for scalar in hex.unicodeScalars.dropFirst() {
            guard let value = Color.hexValue(scalar) else { return nil }
            digits.append(Double(value))
        }
        switch digits.count {
        case 3:
            self.init(red: digits[0] * 17 / 255, green: digits[1] * 17 / 255, blue: digits[2] * 17 / 255)
        case 6, 8:
            let byte = { (i: Int) in (digits[2 * i] * 16 + digits[2 * i + 1]) / 255 }
            self.init(red: byte(0), green: byte(1), blue: byte(2), alpha: digits.count == 8 ? byte(3) : 1)
        default:
            return nil
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 48...57: return scalar.value - 48
        case 65...70: return scalar.value - 55
        case 97...102: return scalar.value - 87
        default: return nil
        }
    }

    /// `#rrggbb` when opaque, else `#rrggbbaa`, each component rounded to a byte.
    public var hexString: String {
        let hexDigits = Array("0123456789abcdef")
        var out = "#"
        let components = alpha >= 1 ? [red, green, blue] : [red, green, blue, alpha]
        for c in components {
            let byte = Int((min(max(c, 0), 1) * 255).rounded())
            out.append(hexDigits[byte >> 4])
            out.append(hexDigits[byte & 15])
        }
        return out
    }

    /// Component-wise interpolation; `f` may leave 0…1 (springs), results are clamped.
    public func interpolated(to other: Color, fraction f: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { min(max(a + (b - a) * f, 0), 1) }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green),
            blue: mix(blue, other.blue), alpha: mix(alpha, other.alpha))
    }
}
