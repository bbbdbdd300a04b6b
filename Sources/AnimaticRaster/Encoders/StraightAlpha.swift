/// Premultiplied to straight alpha, for the formats that store straight alpha (PNG/APNG,
/// GIF, WebP): colour = round(premultiplied × 255 / alpha); fully transparent pixels become
/// (0, 0, 0, 0), so every transparent pixel compares equal.
enum StraightAlpha {
    /// The frame's pixels as straight-alpha RGBA words (memory order R, G, B, A).
    static func words(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a in
            a == 255 ? word : a == 0 ? 0 : straightColor(word, a) | a << 24
        }
    }

    /// The frame's pixels with GIF's one bit of alpha: alpha < 128 becomes the transparent
    /// word 0, anything else its straight colour with alpha 255. The same words as `words`
    /// followed by that threshold, in one pass over the frame.
    static func oneBitWords(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a in
            a == 255 ? word : a < 128 ? 0 : straightColor(word, a) | 0xFF00_0000
        }
    }

    /// Each premultiplied word of the frame through `convert(word, alpha)`, but four opaque
    /// words in a row, which are copied as they are (`convert` keeps an opaque word). Words
    /// are little-endian, R in the low byte, as on every platform Swift targets here.
    @inline(__always)
    private static func convert(
        _ frame: RasterFrame, into out: inout [UInt32], _ convert: (UInt32, UInt32) -> UInt32
    ) {
        let count = frame.width * frame.height
        if out.count != count { out = [UInt32](repeating: 0, count: count) }
        guard count > 0 else { return }
        frame.pixels.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { dst in
                let out = UnsafeMutableRawPointer(dst.baseAddress!)
                var i = 0
                // Four opaque words are copied as they are, four at a time: in a frame of
                // opaque views (most of them) nothing else is done.
                while i &+ 4 <= count {
                    let four = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    if all(four .>= 0xFF00_0000) {
                        out.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                    } else {
                        for j in i..<i &+ 4 {
                            let word = four[j &- i]
                            dst[j] = convert(word, word >> 24)
                        }
                    }
                    i &+= 4
                }
                while i < count {
                    let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                    dst[i] = convert(word, word >> 24)
                    i &+= 1
                }
            }
        }
    }

    /// The straight R, G, B of a premultiplied word whose alpha `a` is 1…254 (alpha byte 0).
    @inline(__always)
    private static func straightColor(_ word: UInt32, _ a: UInt32) -> UInt32 {
        let alpha = Int(a)
        let r = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word), alpha))
        let g = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word >> 8), alpha))
        let b = UInt32(unpremultiply(UInt8(truncatingIfNeeded: word >> 16), alpha))
        return r | g << 8 | b << 16
    }

    @inline(__always)
    static func unpremultiply(_ value: UInt8, _ alpha: Int) -> UInt8 {
        UInt8(min(255, (Int(value) * 255 + alpha / 2) / alpha))
    }
}
