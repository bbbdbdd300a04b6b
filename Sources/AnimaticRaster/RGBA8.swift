/// An sRGB colour with straight alpha, 8 bits per component: what a raster option such as
/// `background` names (`#rrggbb`, `#rrggbbaa` or `transparent`).
public struct RGBA8: Hashable, Sendable {
    public var r, g, b, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    public static let transparent = RGBA8(r: 0, g: 0, b: 0, a: 0)
    public static let white = RGBA8(r: 255, g: 255, b: 255)

    /// Parses `#rrggbb`, `#rrggbbaa` (hex digits in either case) or `transparent`; nil for
    /// anything else, so the caller can name the parameter in its 4xx.
    public init?(parsing text: String) {
        if text == "transparent" {
            self = .transparent
            return
        }
        let scalars = Array(text.unicodeScalars)
        guard scalars.first == "#", scalars.count == 7 || scalars.count == 9 else { return nil }
        var bytes: [UInt8] = []
        var index = 1
        while index < scalars.count {
            guard let high = Self.hexValue(scalars[index]), let low = Self.hexValue(scalars[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 48...57: return UInt8(scalar.value - 48)
        case 65...70: return UInt8(scalar.value - 55)
        case 97...102: return UInt8(scalar.value - 87)
        default: return nil
        }
    }
}
