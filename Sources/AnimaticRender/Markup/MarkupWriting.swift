import Foundation
import AnimaticCore

extension Color {
    /// Black or white, whichever reads better on this colour (WCAG relative luminance).
    package var contrastingText: Color {
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
