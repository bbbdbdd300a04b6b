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

    /// A reduced palette's index of a colour is the first entry at the least squared RGB
    /// distance, as trying every entry in order finds it: over every colour of a 16-level
    /// grid (4,096) and 2,000 scattered ones, against palettes with repeated greens, equal
    /// distances (entries mirrored about a colour) and a repeated entry, of 1, 7 and 255
    /// entries.
    @Test func aReducedPalettesIndexIsTheFirstNearestEntry() {
        var seed: UInt32 = 7
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        func word(_ r: Int, _ g: Int, _ b: Int) -> UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000 }
        var scattered = (0..<255).map { _ in word(Int(next() % 256), Int(next() % 8) * 32, Int(next() % 256)) }
        scattered[200] = scattered[3]  // the same colour twice: the first wins
        let mirrored = [
            word(100, 100, 100), word(120, 100, 100), word(80, 100, 100), word(100, 120, 100),
            word(100, 80, 100), word(100, 100, 120), word(100, 100, 80),
        ]
        var queries: [UInt32] = []
        for r in stride(from: 0, to: 256, by: 17) {
            for g in stride(from: 0, to: 256, by: 17) {
                for b in stride(from: 0, to: 256, by: 17) { queries.append(word(r, g, b)) }
            }
        }
        queries += (0..<2000).map { _ in word(Int(next() % 256), Int(next() % 256), Int(next() % 256)) }
        queries.append(word(100, 100, 100))
        // As near to two entries: across red (the same green), and across green (the
        // search meets the later entry first).
        queries += [word(110, 100, 100), word(100, 110, 100), word(100, 90, 100)]
        for entries in [[word(9, 200, 40)], mirrored, scattered] {
            var palette = ColorPalette(reducedColors: entries)
            var wrong = 0
            for q in queries {
                func distance(_ c: UInt32) -> Int {
                    (0..<3).map { k in
                        let d = Int((q >> UInt32(8 * k)) & 0xFF) - Int((c >> UInt32(8 * k)) & 0xFF)
                        return d * d
                    }.reduce(0, +)
                }
                let least = entries.map(distance).min()!
                let first = entries.firstIndex { distance($0) == least }!
                if Int(palette.index(of: q)) != first { wrong += 1 }
            }
            #expect(wrong == 0, "\(entries.count) entries")
        }
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

    /// The median cut against the algorithm written plainly (docs/FORMATS.md, "GIF"): the
    /// box cut next is the first of the largest pixels × longest side, sorted along that side
    /// by (channel, colour) and cut where the running count reaches half its pixels; each
    /// entry is its box's pixel-weighted mean. Two histograms: a shading of 2,000 colours
    /// with uneven counts, and 300 colours into 255.
    @Test func medianCutIsThePlainAlgorithm() {
        func plain(_ sorted: [(color: UInt32, count: Int)], maxColors: Int) -> [UInt32] {
            func channel(_ c: UInt32, _ k: Int) -> Int { Int((c >> UInt32(8 * k)) & 0xFF) }
            var entries = sorted
            var boxes = [0..<entries.count]
            func side(_ r: Range<Int>, _ k: Int) -> Int {
                let values = entries[r].map { channel($0.color, k) }
                return values.max()! - values.min()!
            }
            func priority(_ r: Range<Int>) -> Int {
                entries[r].map(\.count).reduce(0, +) * max(side(r, 0), side(r, 1), side(r, 2))
            }
            while boxes.count < maxColors {
                let cuttable = boxes.indices.filter { boxes[$0].count > 1 }
                guard var pick = cuttable.first else { break }
                for b in cuttable where priority(boxes[b]) > priority(boxes[pick]) { pick = b }
                let r = boxes[pick]
                let sides = (0..<3).map { side(r, $0) }
                let k = sides[0] >= sides[1] && sides[0] >= sides[2] ? 0 : sides[1] >= sides[2] ? 1 : 2
                let part = entries[r].sorted {
                    (channel($0.color, k), $0.color) < (channel($1.color, k), $1.color)
                }
                entries.replaceSubrange(r, with: part)
                let half = (part.map(\.count).reduce(0, +) + 1) / 2
                var running = 0
                var cut = r.lowerBound
                while cut < r.upperBound - 1 {
                    running += entries[cut].count
                    cut += 1
                    if running >= half { break }
                }
                boxes[pick] = r.lowerBound..<cut
                boxes.append(cut..<r.upperBound)
            }
            return boxes.map { r in
                let total = entries[r].map(\.count).reduce(0, +)
                let mean = (0..<3).map { k in
                    (entries[r].map { channel($0.color, k) * $0.count }.reduce(0, +) + total / 2) / total
                }
                return UInt32(mean[0]) | UInt32(mean[1]) << 8 | UInt32(mean[2]) << 16 | 0xFF00_0000
            }
        }
        var shading: [(color: UInt32, count: Int)] = []
        for i in 0..<2000 {
            let r = (i * 7) % 256, g = (i / 8) % 256, b = (i * 13 + 5) % 256
            shading.append((UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000, 1 + (i * i) % 97))
        }
        var few: [(color: UInt32, count: Int)] = []
        for i in 0..<300 { few.append((UInt32(i % 256) | UInt32(i / 256 * 50) << 8 | 0xFF00_0000, 1 + i % 5)) }
        for histogram in [shading, few] {
            let sorted = Dictionary(histogram.map { ($0.color, $0.count) }, uniquingKeysWith: +)
                .map { (color: $0.key, count: $0.value) }.sorted { $0.color < $1.color }
            for maxColors in [16, 255] {
                let palette = MedianCut.palette(ofSorted: sorted, maxColors: maxColors)
                #expect(palette.count == maxColors)
                #expect(palette == plain(sorted, maxColors: maxColors), "\(sorted.count) colours into \(maxColors)")
            }
        }
    }
}
