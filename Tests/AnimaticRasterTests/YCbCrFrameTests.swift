import Testing

@testable import AnimaticRaster

/// `YCbCrFrame.fill` against the conversion written plainly (every sample from clamped
/// reads, chroma from each 2 × 2 block's mean): the same planes for even and odd sizes,
/// padded or not.
@Suite struct YCbCrFrameTests {
    /// Cb and Cr of a 2 × 2 block from its channels' sums, written plainly in `Int`.
    static func plainChroma(r: Int, g: Int, b: Int) -> (UInt8, UInt8) {
        let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722
        func fixed(_ x: Double) -> Int { Int((x * 65536).rounded()) }
        let u =
            (fixed(-kr / (2 * (1 - kb)) * 224 / 255) * r + fixed(-kg / (2 * (1 - kb)) * 224 / 255) * g
                + fixed(0.5 * 224 / 255) * b) / 4
        let v =
            (fixed(0.5 * 224 / 255) * r + fixed(-kg / (2 * (1 - kr)) * 224 / 255) * g
                + fixed(-kb / (2 * (1 - kr)) * 224 / 255) * b) / 4
        return (UInt8(clamping: 128 + (u + 32768) >> 16), UInt8(clamping: 128 + (v + 32768) >> 16))
    }

    static func reference(_ frame: RasterFrame, codedWidth: Int, codedHeight: Int) -> (
        y: [UInt8], cb: [UInt8], cr: [UInt8]
    ) {
        let kr = 0.2126, kb = 0.0722, kg = 1 - 0.2126 - 0.0722
        func fixed(_ x: Double) -> Int { Int((x * 65536).rounded()) }
        let w = frame.width, h = frame.height
        func channel(_ x: Int, _ y: Int, _ c: Int) -> Int {
            Int(frame.pixels[(min(y, h - 1) * w + min(x, w - 1)) * 4 + c])
        }
        var luma: [UInt8] = []
        for row in 0..<codedHeight {
            for col in 0..<codedWidth {
                let value =
                    fixed(kr * 219 / 255) * channel(col, row, 0) + fixed(kg * 219 / 255) * channel(col, row, 1)
                    + fixed(kb * 219 / 255) * channel(col, row, 2)
                luma.append(UInt8(16 + (value + 32768) >> 16))
            }
        }
        var cb: [UInt8] = []
        var cr: [UInt8] = []
        for cy in 0..<(codedHeight + 1) / 2 {
            for cx in 0..<(codedWidth + 1) / 2 {
                var r = 0, g = 0, b = 0
                for dy in 0...1 {
                    for dx in 0...1 {
                        r += channel(2 * cx + dx, 2 * cy + dy, 0)
                        g += channel(2 * cx + dx, 2 * cy + dy, 1)
                        b += channel(2 * cx + dx, 2 * cy + dy, 2)
                    }
                }
                let (u, v) = plainChroma(r: r, g: g, b: b)
                cb.append(u)
                cr.append(v)
            }
        }
        return (luma, cb, cr)
    }

    @Test(arguments: [
        (1, 1, true), (2, 2, false), (5, 3, true), (5, 3, false), (16, 9, true), (33, 20, false), (391, 211, true),
    ])
    func planesMatchThePlainConversion(width: Int, height: Int, padToEven: Bool) {
        var seed: UInt32 = UInt32(width * 100 + height)
        var pixels: [UInt8] = []
        for _ in 0..<width * height {
            seed = seed &* 1_103_515_245 &+ 12345
            let a = UInt8(truncatingIfNeeded: seed >> 24)
            // Premultiplied: colour ≤ alpha.
            for shift in [0, 8, 16] as [UInt32] {
                let c = UInt8(truncatingIfNeeded: seed >> shift)
                pixels.append(a == 0 ? 0 : c % a)
            }
            pixels.append(a)
        }
        let frame = RasterFrame(width: width, height: height, pixels: pixels)
        let codedWidth = padToEven ? max(width + (width & 1), 2) : width
        let codedHeight = padToEven ? max(height + (height & 1), 2) : height
        let picture = YCbCrFrame(codedWidth: codedWidth, codedHeight: codedHeight)
        picture.fill(from: frame)
        let want = Self.reference(frame, codedWidth: codedWidth, codedHeight: codedHeight)
        #expect(picture.luma == want.y)
        #expect(picture.cb == want.cb)
        #expect(picture.cr == want.cr)
        #expect(width * height == 1 || Set(picture.luma).count > 1)  // the pixels do differ
    }

    /// The blocks' chroma in 32 bits against the plain `Int` formula, over every red and
    /// blue sum (0…1,020, 4 apart with both ends) under green sums 0, 1, 509, 510, 1,019 and
    /// 1,020, and every green sum under the corners of red and blue.
    @Test func blockChromaIsTheChromaOfFourPixels() {
        let k = YCbCrFrame.Coefficients()
        var sums = Array(stride(from: 0, through: 1020, by: 4))
        sums += [1, 2, 3, 1017, 1018, 1019]
        var wrong = 0
        for r in sums {
            for b in sums {
                for g in [0, 1, 509, 510, 1019, 1020] {
                    let block = k.blockChroma(r: Int32(r), g: Int32(g), b: Int32(b))
                    let plain = Self.plainChroma(r: r, g: g, b: b)
                    if block != plain { wrong += 1 }
                }
            }
        }
        for g in 0...1020 {
            for (r, b) in [(0, 0), (0, 1020), (1020, 0), (1020, 1020)]
            where k.blockChroma(r: Int32(r), g: Int32(g), b: Int32(b)) != Self.plainChroma(r: r, g: g, b: b) {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }
}
