import Testing

@testable import AnimaticRaster

@Suite struct EncoderPartsTests {
    @Test func changedRectangleIsTheBoundingBoxOfDifferingPixels() {
        let width = 10
        let height = 8
        let before = [UInt32](repeating: 0xFF00_0000, count: width * height)
        var after = before
        #expect(ChangedRectangle.between(before, after, width: width, height: height) == nil)
        after[2 * width + 7] = 1
        after[5 * width + 3] = 2
        #expect(
            ChangedRectangle.between(before, after, width: width, height: height)
                == PixelRect(x: 3, y: 2, width: 5, height: 4))
        after[7 * width + 0] = 3
        #expect(
            ChangedRectangle.between(before, after, width: width, height: height)
                == PixelRect(x: 0, y: 2, width: 8, height: 6))
    }

    @Test func cumulativeCentisecondsKeepEveryFrameEndWithinHalfAUnit() {
        var ticks = CumulativeTicks(ticksPerSecond: 100)
        let delays = (0..<30).map { _ in ticks.ticks(for: 1.0 / 30) }
        // 1/30 s is 3.33 cs: the delays go 3, 4, 3, 3, 4, 3, … and sum to exactly 100.
        #expect(Array(delays.prefix(6)) == [3, 4, 3, 3, 4, 3])
        #expect(delays.reduce(0, +) == 100)
        var end = 0
        for (k, d) in delays.enumerated() {
            end += d
            #expect(abs(Double(end) - Double(k + 1) * 100 / 30) <= 0.5)
        }
    }

    @Test func delayFractionsAreExactForFrameRatesAndHolds() {
        #expect(DelayFraction(approximating: 1.0 / 30) == DelayFraction(numerator: 1, denominator: 30))
        #expect(DelayFraction(approximating: 1.0 / 60) == DelayFraction(numerator: 1, denominator: 60))
        #expect(DelayFraction(approximating: 0.25) == DelayFraction(numerator: 1, denominator: 4))
        #expect(DelayFraction(approximating: 1.0 / 30 + 0.7) == DelayFraction(numerator: 11, denominator: 15))
        #expect(DelayFraction(approximating: 0) == DelayFraction(numerator: 0, denominator: 1))
        // An irrational delay: the nearest fraction within 16 bits, within 1e-9 s.
        #expect(abs(DelayFraction(approximating: 2.0.squareRoot() / 10).seconds - 2.0.squareRoot() / 10) < 1e-9)
    }

    @Test func medianCutKeepsFewColoursAndSplitsManyIntoTheLimit() {
        let few: [UInt32: Int] = [0xFF00_00FF: 10, 0xFF00_FF00: 5, 0xFFFF_0000: 1]
        #expect(Set(MedianCut.palette(of: few, maxColors: 4)) == Set(few.keys))
        var many: [UInt32: Int] = [:]
        for r in 0..<32 {
            for g in 0..<32 { many[UInt32(r * 8) | UInt32(g * 8) << 8 | 0xFF00_0000] = 1 }
        }
        let palette = MedianCut.palette(of: many, maxColors: 16)
        #expect(palette.count == 16)
        // 1,024 colours on an even 32 × 32 grid into 16 boxes: 4 × 4 cells of 8 × 8 colours,
        // so every colour is within 4 grid steps (32 levels) per channel of its box's mean.
        var nearest = ColorPalette(reducedColors: palette)
        var worst = 0
        for color in many.keys {
            let index = Int(nearest.index(of: color))
            let entry = palette[index]
            for shift: UInt32 in [0, 8] {
                worst = max(worst, abs(Int((color >> shift) & 0xFF) - Int((entry >> shift) & 0xFF)))
            }
        }
        #expect(worst <= 32)
    }

    /// The palette depends on the colours and their counts, not on the dictionary's order
    /// (which follows the per-process hash seed): the same histogram built with other
    /// capacities and insertion orders, so iterated in other orders, gives the same palette.
    @Test func medianCutIgnoresTheHistogramsOrder() {
        var colors: [(UInt32, Int)] = []
        for r in 0..<12 {
            for g in 0..<12 {
                for b in 0..<3 {
                    colors.append(
                        (UInt32(r * 20) | UInt32(g * 20) << 8 | UInt32(b * 90) << 16 | 0xFF00_0000, 1 + (r * g + b) % 7)
                    )
                }
            }
        }
        var forward = [UInt32: Int](minimumCapacity: colors.count)
        for (color, count) in colors { forward[color] = count }
        var backward = [UInt32: Int](minimumCapacity: 4 * colors.count)
        for (color, count) in colors.reversed() { backward[color] = count }
        #expect(Array(forward.keys) != Array(backward.keys))
        #expect(MedianCut.palette(of: forward, maxColors: 40) == MedianCut.palette(of: backward, maxColors: 40))
    }
}
