/// The colours of one GIF frame's palette and the map from a pixel's colour to its index.
///
/// Colours are opaque RGB words (memory order R, G, B, A with A = 255). An exact palette
/// holds every colour of the frame; a reduced one (median cut) maps each colour to its
/// nearest entry (squared RGB distance), memoised since a frame repeats few colours.
struct ColorPalette {
    /// At most 256 colours; their index is their position.
    let colors: [UInt32]
    /// True when every colour of the frame is in `colors`, so indexing loses nothing.
    let isExact: Bool
    private var indexOf: ColorTable
    /// A reduced palette's entries as words of green << 24 | blue << 16 | red << 8 | index,
    /// sorted (so in order of green), for `nearestIndex`.
    private var byGreen: [UInt32] = []

    init(exactColors: [UInt32]) {
        colors = exactColors
        isExact = true
        indexOf = ColorTable(capacity: exactColors.count)
        for (i, color) in exactColors.enumerated() { indexOf.set(i, for: color) }
    }

    init(reducedColors: [UInt32]) {
        colors = reducedColors
        isExact = false
        indexOf = ColorTable()
        byGreen = reducedColors.enumerated().map { i, c in
            (c >> 8 & 0xFF) << 24 | (c >> 16 & 0xFF) << 16 | (c & 0xFF) << 8 | UInt32(i)
        }.sorted()
    }

    /// The index of `color` (exact palette), or of the palette colour nearest to it.
    @inline(__always)
    mutating func index(of color: UInt32) -> UInt8 {
        if let known = indexOf.value(of: color) { return UInt8(truncatingIfNeeded: known) }
        let nearest = nearestIndex(to: color)
        indexOf.set(Int(nearest), for: color)
        return nearest
    }

    /// The first palette entry at the least squared RGB distance from `color` (a reduced
    /// palette meets thousands of new colours a fold frame: docs/BENCHMARKS.md, "Projected
    /// gradients from a ramp"). The entries are searched outward from `color`'s green, each
    /// way until the green alone is farther than the best distance so far: an entry past
    /// that cannot be nearer, nor as near (its distance would be larger), so the result is
    /// that of trying every entry in index order.
    private func nearestIndex(to color: UInt32) -> UInt8 {
        let r = Int32(color & 0xFF), g = Int32((color >> 8) & 0xFF), b = Int32((color >> 16) & 0xFF)
        return byGreen.withUnsafeBufferPointer { entries in
            var best = Int32.max, bestIndex = UInt32.max
            @inline(__always) func consider(_ e: UInt32, _ dg: Int32) {
                let dr = Int32(e >> 8 & 0xFF) &- r, db = Int32(e >> 16 & 0xFF) &- b
                let d = dr &* dr &+ dg &* dg &+ db &* db
                let index = e & 0xFF
                if d < best || (d == best && index < bestIndex) {
                    best = d
                    bestIndex = index
                }
            }
            // The first entry whose green is at least `color`'s.
            var low = 0, high = entries.count
            while low < high {
                let mid = (low &+ high) >> 1
                if Int32(entries[mid] >> 24) < g { low = mid &+ 1 } else { high = mid }
            }
            var up = low
            while up < entries.count {
                let dg = Int32(entries[up] >> 24) &- g
                if dg &* dg > best { break }
                consider(entries[up], dg)
                up &+= 1
            }
            var down = low &- 1
            while down >= 0 {
                let dg = g &- Int32(entries[down] >> 24)
                if dg &* dg > best { break }
                consider(entries[down], dg)
                down &-= 1
            }
            return UInt8(truncatingIfNeeded: bestIndex)
        }
    }
}
