/// Premultiplied to straight alpha, for the formats that store straight alpha (PNG/APNG,
/// GIF, WebP): colour = round(premultiplied × 255 / alpha); fully transparent pixels become
/// (0, 0, 0, 0), so every transparent pixel compares equal.
enum StraightAlpha {
    /// The frame's pixels as straight-alpha RGBA words (memory order R, G, B, A).
    static func words(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a, table in
            a == 255 ? word : a == 0 ? 0 : straightColor(word, a, table) | a << 24
        }
    }

    /// The frame's pixels with GIF's one bit of alpha: alpha < 128 becomes the transparent
    /// word 0, anything else its straight colour with alpha 255. The same words as `words`
    /// followed by that threshold, in one pass over the frame.
    static func oneBitWords(of frame: RasterFrame, into out: inout [UInt32]) {
        convert(frame, into: &out) { word, a, table in
            a == 255 ? word : a < 128 ? 0 : straightColor(word, a, table) | 0xFF00_0000
        }
    }

    /// Each premultiplied word of the frame through `convert(word, alpha, table)`
    /// (`table`: `straightBytes`), but four words in a row that are each opaque
    /// or clear (0), which are copied as they are (`convert` keeps an opaque word and makes 0
    /// of a clear one), and a word equal to the one converted before it, whose result is
    /// reused. Words are little-endian, R in the low byte, as on every platform
    /// Swift targets here.
    @inline(__always)
    private static func convert(
        _ frame: RasterFrame, into out: inout [UInt32],
        _ convert: (UInt32, UInt32, UnsafePointer<UInt8>) -> UInt32
    ) {
        let count = frame.width * frame.height
        if out.count != count { out = [UInt32](repeating: 0, count: count) }
        guard count > 0 else { return }
        Self.straightBytes.withUnsafeBufferPointer { bytes in
            let table = bytes.baseAddress!
            frame.pixels.withUnsafeBytes { raw in
                out.withUnsafeMutableBufferPointer { dst in
                    let out = UnsafeMutableRawPointer(dst.baseAddress!)
                    var i = 0
                    // The last word converted and its result: a faded flat fill is one word
                    // over and over, converted once (`convert` depends on the word alone, and
                    // makes 0 of the clear word 0).
                    var lastWord: UInt32 = 0
                    var lastResult: UInt32 = 0
                    @inline(__always) func converted(_ word: UInt32) -> UInt32 {
                        if word != lastWord {
                            lastWord = word
                            lastResult = convert(word, word >> 24, table)
                        }
                        return lastResult
                    }
                    // Opaque and clear words are copied as they are, four at a time: in a frame
                    // of opaque views, or of views over a clear container, nothing else is done.
                    while i &+ 4 <= count {
                        let four = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        // Opaque first: a frame of opaque views pays for no other test.
                        let opaque = four .>= 0xFF00_0000
                        if all(opaque) || all(opaque .| (four .== 0)) {
                            out.storeBytes(of: four, toByteOffset: i &* 4, as: SIMD4<UInt32>.self)
                        } else {
                            for j in i..<i &+ 4 { dst[j] = converted(four[j &- i]) }
                        }
                        i &+= 4
                    }
                    while i < count {
                        dst[i] = converted(raw.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                        i &+= 1
                    }
                }
            }
        }
    }

    /// The straight R, G, B of a premultiplied word whose alpha `a` is 1…254 (alpha byte 0),
    /// each channel read from `table` (`straightBytes`).
    @inline(__always)
    private static func straightColor(_ word: UInt32, _ a: UInt32, _ table: UnsafePointer<UInt8>) -> UInt32 {
        let row = Int(a) &<< 8
        return UInt32(table[row | Int(word & 0xFF)]) | UInt32(table[row | Int((word >> 8) & 0xFF)]) << 8
            | UInt32(table[row | Int((word >> 16) & 0xFF)]) << 16
    }

    /// The straight value of every premultiplied channel value c under every alpha a, at
    /// a · 256 + c: min(255, ⌊(c · 255 + ⌊a / 2⌋) / a⌋), round(c × 255 / a) with halves up
    /// (row 0, alpha 0, is all 0). Three loads a pixel where a division per channel was most
    /// of the conversion of a frame of faded layers (the 20-layer spec's GIF, `perf`), and
    /// a multiply by a reciprocal still a tenth of that GIF's instructions (callgrind;
    /// docs/BENCHMARKS.md, "Straight alpha from a table; huge pages for a one-shot render").
    /// 64 KiB, made once: along a row the numerator grows by 255, so the quotient and
    /// remainder are stepped, not divided.
    static let straightBytes: [UInt8] = [UInt8](unsafeUninitializedCapacity: 65_536) { table, count in
        for c in 0...255 { table[c] = 0 }
        for a in 1...255 {
            let row = a << 8, stepQuotient = 255 / a, stepRemainder = 255 % a
            var q = (a / 2) / a, r = (a / 2) % a
            for c in 0...255 {
                table[row | c] = UInt8(truncatingIfNeeded: q < 255 ? q : 255)
                q &+= stepQuotient
                r &+= stepRemainder
                if r >= a {
                    r &-= a
                    q &+= 1
                }
            }
        }
        count = 65_536
    }
}
