import Testing

@testable import AnimaticRaster

/// `StraightAlpha` against the division it stands for: colour = ⌊(c × 255 + ⌊a / 2⌋) / a⌋,
/// at most 255, for every alpha and every colour value, in runs (its last-word reuse) and
/// alone.
@Suite struct StraightAlphaTests {
    @Test func everyAlphaAndValueUnpremultipliesAsTheDivision() {
        // 256 alphas × 256 values, each pixel twice in a row, its three channels different.
        var pixels: [UInt8] = []
        for alpha in 0..<256 {
            for value in 0..<256 {
                let pixel = [UInt8(value), UInt8((value + 85) % 256), UInt8((value + 170) % 256), UInt8(alpha)]
                pixels += pixel + pixel
            }
        }
        let frame = RasterFrame(width: 512, height: 256, pixels: pixels)
        var words: [UInt32] = []
        StraightAlpha.words(of: frame, into: &words)
        #expect(words.count == 512 * 256)
        func expected(_ c: UInt8, _ a: Int) -> UInt32 { UInt32(min(255, (Int(c) * 255 + a / 2) / a)) }
        var wrong = 0
        for i in 0..<words.count {
            let r = pixels[i * 4], g = pixels[i * 4 + 1], b = pixels[i * 4 + 2], a = Int(pixels[i * 4 + 3])
            let want: UInt32 =
                a == 0
                ? 0
                : a == 255
                    ? UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
                    : expected(r, a) | expected(g, a) << 8 | expected(b, a) << 16 | UInt32(a) << 24
            if words[i] != want { wrong += 1 }
        }
        #expect(wrong == 0)
        // Spot values: half alpha doubles (rounded), a value above alpha clamps to 255.
        #expect(words[(128 * 256 + 64) * 2] & 0xFF == 128)
        #expect(words[(10 * 256 + 200) * 2] & 0xFF == 255)
    }

    /// GIF's one bit of alpha in the same pass: the straight words with alpha < 128 made 0
    /// and the rest opaque, over every alpha and value and over a frame whose pixel count is
    /// not a multiple of four (the last words go one at a time).
    @Test func oneBitWordsAreTheStraightWordsAtAThresholdOf128() {
        for (width, height) in [(512, 256), (7, 3)] {
            var pixels: [UInt8] = []
            for i in 0..<width * height {
                let alpha = (i * 37) % 256, value = (i * 11) % 256
                pixels += [
                    UInt8(min(value, alpha)), UInt8(alpha / 2), UInt8((value + 3) % 256 * alpha / 255), UInt8(alpha),
                ]
            }
            let frame = RasterFrame(width: width, height: height, pixels: pixels)
            var straight: [UInt32] = []
            var oneBit: [UInt32] = []
            StraightAlpha.words(of: frame, into: &straight)
            StraightAlpha.oneBitWords(of: frame, into: &oneBit)
            let expected = straight.map { $0 >> 24 < 128 ? 0 : $0 | 0xFF00_0000 }
            #expect(oneBit == expected, "\(width) × \(height)")
            #expect(oneBit.filter { $0 == 0 }.count == straight.filter { $0 >> 24 < 128 }.count)
        }
    }
}
