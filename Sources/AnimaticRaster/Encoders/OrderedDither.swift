#if canImport(Glibc)
import Glibc
#endif

/// The 8 × 8 Bayer threshold matrix of ordered dithering (Bayer, "An optimum method for
/// two-level rendition of continuous-tone pictures", 1973): `offset(x, y)` is the pattern's
/// value at a pixel, centred on zero, in −0.5…0.5.
///
/// The pattern is anchored to frame coordinates, not to the changed rectangle, so a pixel
/// that does not change keeps the same dithered colour in every frame and the animation
/// does not shimmer.
enum OrderedDither {
    private static let matrix: [UInt8] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// The threshold at pixel (x, y), in −0.5…0.5 (the 64 levels' centres).
    @inline(__always)
    static func offset(x: Int, y: Int) -> Double {
        (Double(matrix[(y & 7) * 8 + (x & 7)]) + 0.5) / 64 - 0.5
    }

    /// How far, in 8-bit levels, the pattern moves a colour for a palette of `count`
    /// colours: the side of one palette cell if the colours filled the RGB cube evenly,
    /// 255 / ∛count (our choice; ≈ 40 levels for 255 colours).
    static func spread(paletteCount: Int) -> Double {
        255 / cbrt(Double(max(paletteCount, 2)))
    }
}
