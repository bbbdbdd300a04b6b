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
    }

    /// The index of `color` (exact palette), or of the palette colour nearest to it.
    @inline(__always)
    mutating func index(of color: UInt32) -> UInt8 {
        if let known = indexOf.value(of: color) { return UInt8(truncatingIfNeeded: known) }
        let nearest = nearestIndex(to: color)
        indexOf.set(Int(nearest), for: color)
        return nearest
    }

    private func nearestIndex(to color: UInt32) -> UInt8 {
        let r = Int(color & 0xFF)
        let g = Int((color >> 8) & 0xFF)
        let b = Int((color >> 16) & 0xFF)
        var best = 0
        var bestDistance = Int.max
        for (i, entry) in colors.enumerated() {
            let dr = Int(entry & 0xFF) - r
            let dg = Int((entry >> 8) & 0xFF) - g
            let db = Int((entry >> 16) & 0xFF) - b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                bestDistance = d
                best = i
                if d == 0 { break }
            }
        }
        return UInt8(best)
    }
}
