/// Premultiplied to straight alpha, for the formats that store straight alpha (PNG/APNG,
/// GIF, WebP): colour = round(premultiplied × 255 / alpha); fully transparent pixels become
/// (0, 0, 0, 0), so every transparent pixel compares equal.
enum StraightAlpha {
    /// The frame's pixels as straight-alpha RGBA words (memory order R, G, B, A).
    static func words(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a, reciprocals in
            a == 255 ? word : a == 0 ? 0 : straightColor(word, a, reciprocals) | a << 24
        }
    }

    /// The frame's pixels with GIF's one bit of alpha: alpha < 128 becomes the transparent
    /// word 0, anything else its straight colour with alpha 255. The same words as `words`
    /// followed by that threshold, in one pass over the frame.
    static func oneBitWords(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a, reciprocals in
            a == 255 ? word : a < 128 ? 0 : straightColor(word, a, reciprocals) | 0xFF00_0000
        }
    }

    /// Each premultiplied word of the frame through `convert(word, alpha, reciprocals)`
    /// (`reciprocals`: the table of that name), but four words in a row that are each opaque
    /// or clear (0), which are copied as they are (`convert` keeps an opaque word and makes 0
    /// of a clear one). Words are little-endian, R in the low byte, as on every platform
    /// Swift targets here.
    @inline(__always)
    private static func convert(
        _ frame: RasterFrame, into out: inout [UInt32],
        _ convert: (UInt32, UInt32, UnsafePointer<UInt64>) -> UInt32
    ) {
        let count = frame.width * frame.height
        if out.count != count { out = [UInt32](repeating: 0, count: count) }
        guard count > 0 else { return }
        Self.reciprocals.withUnsafeBufferPointer { table in
            let reciprocals = table.baseAddress!
            frame.pixels.withUnsafeBytes { raw in
                out.withUnsafeMutableBufferPointer { dst in
                    let out = UnsafeMutableRawPointer(dst.baseAddress!)
                    var i = 0
                    // Opaque and clear words are copied as they are, four at a time: in a frame
                    // of opaque views, or of views over a clear container, nothing else is done.
                    while i &+ 4 <= count {
                        let four = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        // Opaque first: a frame of opaque views pays for no other test.
                        let opaque = four .>= 0xFF00_0000
                        if all(opaque) || all(opaque .| (four .== 0)) {
                            out.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        } else {
                            for j in i..<i &+ 4 {
                                let word = four[j &- i]
                                dst[j] = convert(word, word >> 24, reciprocals)
                            }
                        }
                        i &+= 4
                    }
                    while i < count {
                        let word = raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                        dst[i] = convert(word, word >> 24, reciprocals)
                        i &+= 1
                    }
                }
            }
        }
    }

    /// The straight R, G, B of a premultiplied word whose alpha `a` is 1…254 (alpha byte 0).
    @inline(__always)
    private static func straightColor(_ word: UInt32, _ a: UInt32, _ reciprocals: UnsafePointer<UInt64>) -> UInt32 {
        let m = reciprocals[Int(a)], half = UInt64(a >> 1)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let c = UInt64((word >> shift) & 0xFF)
            return UInt32(min(255, ((c &* 255 &+ half) &* m) >> 32))
        }
        return channel(0) | channel(8) << 8 | channel(16) << 16
    }

    /// ⌊2³² / a⌋ + 1 for each alpha a (entry 0 unused), so that (x · m) >> 32 is ⌊x / a⌋
    /// for every x below 2¹⁶, as c · 255 + ⌊a / 2⌋ is: m = 2³² / a + δ with 0 < δ ≤ 1, so
    /// x · m / 2³² exceeds x / a by under 2⁻¹⁶, less than 1 / a, the least step from a
    /// non-whole x / a up to the next whole number. A division per channel was most of
    /// the conversion of a frame of faded layers (the 20-layer spec's GIF, `perf`).
    private static let reciprocals: [UInt64] = (0...255).map { $0 == 0 ? 0 : (1 << 32) / UInt64($0) + 1 }
}
