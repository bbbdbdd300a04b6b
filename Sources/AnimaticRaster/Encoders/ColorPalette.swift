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
    /// A reduced palette's red, green and blue, eight entries a vector (the last vector
    /// padded with entries no colour is nearest to), for `nearestIndex`.
    private var planes: [(r: SIMD8<Int32>, g: SIMD8<Int32>, b: SIMD8<Int32>)] = []

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
        for start in stride(from: 0, to: reducedColors.count, by: 8) {
            // Padding at (−512, −512, −512): farther from every colour than any entry.
            var r = SIMD8<Int32>(repeating: -512), g = r, b = r
            for lane in 0..<min(8, reducedColors.count - start) {
                let c = reducedColors[start + lane]
                r[lane] = Int32(c & 0xFF)
                g[lane] = Int32((c >> 8) & 0xFF)
                b[lane] = Int32((c >> 16) & 0xFF)
            }
            planes.append((r, g, b))
        }
    }

    /// The index of `color` (exact palette), or of the palette colour nearest to it.
    @inline(__always)
    mutating func index(of color: UInt32) -> UInt8 {
        if let known = indexOf.value(of: color) { return UInt8(truncatingIfNeeded: known) }
        let nearest = nearestIndex(to: color)
        indexOf.set(Int(nearest), for: color)
        return nearest
    }

    /// The first palette entry at the least squared RGB distance from `color`, eight
    /// entries at a time (a reduced palette meets thousands of new colours a fold frame:
    /// docs/BENCHMARKS.md, "Projected gradients from a ramp").
    private func nearestIndex(to color: UInt32) -> UInt8 {
        let r = SIMD8<Int32>(repeating: Int32(color & 0xFF))
        let g = SIMD8<Int32>(repeating: Int32((color >> 8) & 0xFF))
        let b = SIMD8<Int32>(repeating: Int32((color >> 16) & 0xFF))
        var best = 0
        var bestDistance = Int32.max
        for (k, plane) in planes.enumerated() {
            let dr = plane.r &- r, dg = plane.g &- g, db = plane.b &- b
            let d = dr &* dr &+ dg &* dg &+ db &* db
            let least = d.min()
            guard least < bestDistance else { continue }
            bestDistance = least
            for lane in 0..<8 where d[lane] == least {
                best = k * 8 + lane
                break
            }
            if least == 0 { break }
        }
        return UInt8(best)
    }
}
