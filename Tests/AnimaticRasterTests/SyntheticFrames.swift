@testable import AnimaticRaster

/// Frames made by formula, so a test knows every pixel each decoder must give back.
enum SyntheticFrames {
    /// Premultiplied RGBA of a straight colour.
    static func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8((r * a + 127) / 255), UInt8((g * a + 127) / 255), UInt8((b * a + 127) / 255), UInt8(a))
    }

    /// A `side`-pixel square moving left to right over a background: frame `index` of `count`.
    /// `background` nil: transparent.
    static func movingSquare(
        width: Int, height: Int, index: Int, count: Int, side: Int = 40,
        background: (Int, Int, Int)? = (240, 240, 245), square: (Int, Int, Int, Int) = (30, 110, 220, 255)
    ) -> RasterFrame {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        if let bg = background {
            for i in 0..<(width * height) {
                pixels[i * 4] = UInt8(bg.0)
                pixels[i * 4 + 1] = UInt8(bg.1)
                pixels[i * 4 + 2] = UInt8(bg.2)
                pixels[i * 4 + 3] = 255
            }
        }
        let travel = max(width - side, 0)
        let left = count > 1 ? travel * index / (count - 1) : 0
        let top = (height - side) / 2
        let color = premultiplied(square.0, square.1, square.2, square.3)
        for y in max(top, 0)..<min(top + side, height) {
            for x in left..<min(left + side, width) {
                let o = (y * width + x) * 4
                pixels[o] = color.0
                pixels[o + 1] = color.1
                pixels[o + 2] = color.2
                pixels[o + 3] = color.3
            }
        }
        return RasterFrame(width: width, height: height, pixels: pixels)
    }

    /// A whole-frame fade: a card of straight colour `color` whose alpha goes from 255 to 0
    /// over `count` frames, over a transparent background.
    static func fadeOut(width: Int, height: Int, index: Int, count: Int, color: (Int, Int, Int) = (200, 60, 40))
        -> RasterFrame
    {
        let alpha = count > 1 ? 255 - 255 * index / (count - 1) : 255
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let c = premultiplied(color.0, color.1, color.2, alpha)
        for y in (height / 4)..<(height * 3 / 4) {
            for x in (width / 4)..<(width * 3 / 4) {
                let o = (y * width + x) * 4
                pixels[o] = c.0
                pixels[o + 1] = c.1
                pixels[o + 2] = c.2
                pixels[o + 3] = c.3
            }
        }
        return RasterFrame(width: width, height: height, pixels: pixels)
    }

    /// An opaque two-axis gradient (red across, green down, blue shifting with `index`):
    /// thousands of colours, more than a GIF palette holds.
    static func gradient(width: Int, height: Int, index: Int) -> RasterFrame {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                pixels[o] = UInt8(x * 255 / max(width - 1, 1))
                pixels[o + 1] = UInt8(y * 255 / max(height - 1, 1))
                pixels[o + 2] = UInt8((index * 16 + x / 4) % 256)
            }
        }
        return RasterFrame(width: width, height: height, pixels: pixels)
    }

    /// Pseudo-random opaque noise (a linear congruential generator): incompressible frames
    /// for the byte-limit tests.
    static func noise(width: Int, height: Int, seed: UInt32) -> RasterFrame {
        var state = seed &* 2_654_435_761 &+ 1
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<3 {
                state = state &* 1_664_525 &+ 1_013_904_223
                pixels[i * 4 + c] = UInt8(state >> 24)
            }
        }
        return RasterFrame(width: width, height: height, pixels: pixels)
    }

    /// The straight-alpha RGBA bytes a lossless decoder must give back for `frame`.
    static func straight(_ frame: RasterFrame) -> [UInt8] {
        var words: [UInt32] = []
        StraightAlpha.words(of: frame, into: &words)
        return words.withUnsafeBytes { Array($0) }
    }
}
