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

    /// Four words in a row that are each opaque or clear (the word 0) are copied as they
    /// are; a group with any other word, among them a clear alpha under a colour, goes word
    /// by word. Groups of every mix of the three kinds, with a half-alpha word beside.
    @Test func opaqueAndClearGroupsAreCopiedAndTheRestConverted() {
        let kinds: [[UInt8]] = [[0, 0, 0, 0], [10, 200, 30, 255], [9, 9, 9, 0], [64, 32, 16, 128]]
        var pixels: [UInt8] = []
        for n in 0..<256 {
            for lane in 0..<4 { pixels += kinds[(n >> (2 * lane)) & 3] }
        }
        let frame = RasterFrame(width: 32, height: 32, pixels: pixels)
        var straight: [UInt32] = []
        var oneBit: [UInt32] = []
        StraightAlpha.words(of: frame, into: &straight)
        StraightAlpha.oneBitWords(of: frame, into: &oneBit)
        let opaque: UInt32 = 10 | 200 << 8 | 30 << 16 | 0xFF00_0000
        // 64, 32, 16 at alpha 128: ⌊(c · 255 + 64) / 128⌋ = 128, 64, 32.
        let half: UInt32 = 128 | 64 << 8 | 32 << 16
        for (i, word) in straight.enumerated() {
            let kind = ((i / 4) >> (2 * (i % 4))) & 3
            let want: UInt32 = [0, opaque, 0, half | 128 << 24][kind]
            #expect(word == want, "word \(i), kind \(kind)")
            #expect(oneBit[i] == (kind == 3 ? half | 0xFF00_0000 : want), "one-bit word \(i)")
        }
    }

    /// The table itself, every alpha 1…255 and value 0…255 against the division, and the
    /// still PNG's conversion, which reads it too, against the same division in its RGB and
    /// RGBA layouts (alpha 0 and 255 copy the colour as it is).
    @Test func theTableAndThePNGConversionAreTheDivision() {
        let table = StraightAlpha.straightBytes
        #expect(table.count == 65_536)
        var wrong = 0
        for a in 1...255 {
            for c in 0...255 where Int(table[a << 8 | c]) != min(255, (c * 255 + a / 2) / a) { wrong += 1 }
        }
        #expect(wrong == 0)
        #expect(table[0..<256].allSatisfy { $0 == 0 })
        #expect((0...255).allSatisfy { table[255 << 8 | $0] == UInt8($0) })

        var pixels: [UInt8] = []
        for a in 0...255 {
            for c in stride(from: 0, through: 255, by: 5) {
                pixels += [UInt8(c), UInt8(255 - c), UInt8(c / 2), UInt8(a)]
            }
        }
        for channels in [3, 4] {
            var out = [UInt8](repeating: 7, count: pixels.count / 4 * channels)
            PNGEncoder.unpremultiply(pixels, into: &out, channels: channels)
            var bad = 0
            for p in 0..<pixels.count / 4 {
                let a = Int(pixels[p * 4 + 3])
                for ch in 0..<3 {
                    let c = Int(pixels[p * 4 + ch])
                    let want = a == 0 || a == 255 ? c : min(255, (c * 255 + a / 2) / a)
                    if Int(out[p * channels + ch]) != want { bad += 1 }
                }
                if channels == 4 && Int(out[p * 4 + 3]) != a { bad += 1 }
            }
            #expect(bad == 0, "\(channels) channels")
        }
    }
}
