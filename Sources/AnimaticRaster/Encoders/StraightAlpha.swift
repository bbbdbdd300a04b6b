/// Premultiplied to straight alpha, for the formats that store straight alpha (PNG/APNG,
/// GIF, WebP): colour = round(premultiplied × 255 / alpha); fully transparent pixels become
/// (0, 0, 0, 0), so every transparent pixel compares equal.
enum StraightAlpha {
    /// The frame's pixels as straight-alpha RGBA words (memory order R, G, B, A).
    static func words(of frame: RasterFrame, into out: inout [UInt32]) {
        let count = frame.width * frame.height
        if out.count != count { out = [UInt32](repeating: 0, count: count) }
        frame.pixels.withUnsafeBytes { raw in
            let src = raw.bindMemory(to: UInt8.self)
            out.withUnsafeMutableBufferPointer { dst in
                dst.withMemoryRebound(to: UInt8.self) { bytes in
                    for i in 0..<count {
                        let o = i * 4
                        let a = src[o + 3]
                        if a == 255 {
                            bytes[o] = src[o]
                            bytes[o + 1] = src[o + 1]
                            bytes[o + 2] = src[o + 2]
                            bytes[o + 3] = 255
                        } else if a == 0 {
                            bytes[o] = 0
                            bytes[o + 1] = 0
                            bytes[o + 2] = 0
                            bytes[o + 3] = 0
                        } else {
                            let alpha = Int(a)
                            bytes[o] = unpremultiply(src[o], alpha)
                            bytes[o + 1] = unpremultiply(src[o + 1], alpha)
                            bytes[o + 2] = unpremultiply(src[o + 2], alpha)
                            bytes[o + 3] = a
                        }
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
