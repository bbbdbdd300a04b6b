/// Premultiplied to straight alpha, for the formats that store straight alpha (PNG/APNG,
/// GIF, WebP): colour = round(premultiplied × 255 / alpha); fully transparent pixels become
/// (0, 0, 0, 0), so every transparent pixel compares equal.
enum StraightAlpha {
    /// The frame's pixels as straight-alpha RGBA words (memory order R, G, B, A).
    static func words(of frame: RasterFrame, into out: inout [UInt32]) {
        let count = frame.width * frame.height
        if out.count != count { out = [UInt32](repeating: 0, count: count) }
        frame.pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                // A word at a time: most pixels are opaque (copied) or clear (zeroed). Words
                // are little-endian, R in the low byte, as on every platform Swift targets here.
                for i in 0..<count {
                    let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                    let a = word >> 24
                    if a == 255 {
                        dst[i] = word
                    } else if a == 0 {
                        dst[i] = 0
                    } else {
                        let alpha = Int(a)
                        let r = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word), alpha))
                        let g = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word >> 8), alpha))
                        let b = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word >> 16), alpha))
                        dst[i] = r | g << 8 | b << 16 | a << 24
                    }
                }
            }
        }
    }

    @inline(__always)
    static func unpremultiply(_ value: UInt8, _ alpha: Int) -> UInt8 {
        UInt8(min(255, (Int(value) * 255 + alpha / 2) / alpha))
    }
}
