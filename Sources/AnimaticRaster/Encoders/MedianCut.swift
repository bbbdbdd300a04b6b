/// Heckbert's median cut ("Color image quantization for frame buffer display", SIGGRAPH
/// 1982): the colours, weighted by how many pixels have them, are split into boxes, each
/// time cutting a box across its longest side at the pixel-weighted median, until there are
/// as many boxes as palette entries; a box's colour is its pixel-weighted mean.
///
/// Which box to cut next is our choice: the one with the largest (pixels × longest side),
/// so a wide box of a few antialiasing pixels does not win over a large gradient.
///
/// The result depends only on the histogram's contents, never on its order: a Swift
/// dictionary's order changes with the per-process hash seed, so the entries start sorted by
/// colour and every cut sorts by (channel, colour), a total order. Without this the same
/// frame quantised in two processes gave two palettes (the CLI's GIF differed from the API's).
enum MedianCut {
    /// At most `maxColors` colours for the histogram `colors` (opaque RGB word → pixel count).
    static func palette(of histogram: [UInt32: Int], maxColors: Int) -> [UInt32] {
        palette(
            ofSorted: histogram.map { (color: $0.key, count: $0.value) }.sorted { $0.color < $1.color },
            maxColors: maxColors)
    }

    /// The same for the histogram's entries sorted by colour (as `GIFEncoder.indexedImage`
    /// sorts its counts). The colours are opaque (alpha 255), each once, and no count
    /// reaches 2³².
    static func palette(ofSorted sorted: [(color: UInt32, count: Int)], maxColors: Int) -> [UInt32] {
        precondition(maxColors >= 1)
        if sorted.count <= maxColors { return sorted.map(\.color) }
        // Each entry one word: the sort key's channel in bits 56…63 (written before each cut),
        // the colour's R, G, B in bits 32…55, its count below. Sorting the words is then
        // sorting by (channel, colour), with no comparison closure: the cuts' sorts were
        // most of the median cut's time.
        var entries = sorted.map { entry -> UInt64 in
            precondition(entry.color >> 24 == 0xFF && (0..<(1 << 32)).contains(entry.count), "opaque, counted")
            return UInt64(entry.color & 0xFF_FFFF) << 32 | UInt64(entry.count)
        }
        var boxes = [Box(range: 0..<entries.count, entries: entries)]
        boxes.reserveCapacity(maxColors)
        while boxes.count < maxColors {
            // The first box of the largest priority that can still be cut.
            var pick = -1
            for b in boxes.indices where boxes[b].range.count > 1 {
                if pick < 0 || boxes[pick].priority < boxes[b].priority { pick = b }
            }
            guard pick >= 0 else { break }
            let box = boxes[pick]
            let shift = UInt64(32 + 8 * box.longestChannel)
            entries.withUnsafeMutableBufferPointer { all in
                var range = UnsafeMutableBufferPointer(rebasing: all[box.range])
                for i in range.indices {
                    let e = range[i] & 0x00FF_FFFF_FFFF_FFFF
                    range[i] = (e >> shift & 0xFF) << 56 | e
                }
                range.sort()
            }
            let half = (box.population + 1) / 2
            var running = 0
            var cut = box.range.lowerBound
            while cut < box.range.upperBound - 1 {
                running += Box.count(entries[cut])
                cut += 1
                if running >= half { break }
            }
            boxes[pick] = Box(range: box.range.lowerBound..<cut, entries: entries)
            boxes.append(Box(range: cut..<box.range.upperBound, entries: entries))
        }
        return boxes.map { $0.meanColor(entries) }
    }

    private struct Box {
        let range: Range<Int>
        let population: Int
        let low: (Int, Int, Int)
        let high: (Int, Int, Int)
        /// Pixels × longest side: the box cut next is the one where this is largest.
        let priority: Int

        init(range: Range<Int>, entries: [UInt64]) {
            self.range = range
            var lo = (255, 255, 255)
            var hi = (0, 0, 0)
            var total = 0
            for i in range {
                let e = entries[i]
                let r = Box.channel(e, 0)
                let g = Box.channel(e, 1)
                let b = Box.channel(e, 2)
                lo = (min(lo.0, r), min(lo.1, g), min(lo.2, b))
                hi = (max(hi.0, r), max(hi.1, g), max(hi.2, b))
                total += Box.count(e)
            }
            low = lo
            high = hi
            population = total
            priority = total * max(hi.0 - lo.0, hi.1 - lo.1, hi.2 - lo.2)
        }

        /// Channel `index` (0 red, 1 green, 2 blue) of an entry's colour.
        @inline(__always)
        static func channel(_ entry: UInt64, _ index: Int) -> Int { Int((entry >> UInt64(32 + index * 8)) & 0xFF) }

        @inline(__always)
        static func count(_ entry: UInt64) -> Int { Int(entry & 0xFFFF_FFFF) }

        var sides: (Int, Int, Int) { (high.0 - low.0, high.1 - low.1, high.2 - low.2) }

        var longestChannel: Int {
            let s = sides
            if s.0 >= s.1 && s.0 >= s.2 { return 0 }
            return s.1 >= s.2 ? 1 : 2
        }

        func meanColor(_ entries: [UInt64]) -> UInt32 {
            var sum = (0, 0, 0)
            var total = 0
            for i in range {
                let e = entries[i], n = Box.count(e)
                sum = (sum.0 + Box.channel(e, 0) * n, sum.1 + Box.channel(e, 1) * n, sum.2 + Box.channel(e, 2) * n)
                total += n
            }
            let r = UInt32((sum.0 + total / 2) / total)
            let g = UInt32((sum.1 + total / 2) / total)
            let b = UInt32((sum.2 + total / 2) / total)
            return r | g << 8 | b << 16 | 0xFF00_0000
        }
    }
}
