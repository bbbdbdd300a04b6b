/// A frame as 8-bit Y′CbCr 4:2:0 planes (I420: Y, then Cb, then Cr, each row-major), the
/// input of the VP9 and H.264 encoders.
///
/// - **Matrix: BT.709** (ITU-R BT.709-6, item 3.2: Kr = 0.2126, Kb = 0.0722), limited range
///   (Y′ 16…235, Cb/Cr 16…240, item 4.6), on the sRGB-encoded values as they are: our
///   pixels are sRGB, whose primaries are BT.709's, and HD video in browsers and players is
///   BT.709, so this is what they assume when a file is untagged. The streams are tagged
///   BT.709 anyway (primaries, transfer and matrix 1, limited range).
/// - **Alpha.** Video has none: a premultiplied pixel's colour is that pixel composited over
///   black, which is what is encoded; callers wanting another backdrop draw it first.
/// - **Chroma** of each 2 × 2 block is computed from the block's mean R′G′B′ (the edge pixel
///   repeated past an odd edge).
/// - **Size.** `codedWidth × codedHeight` may exceed the frame by a pixel: the last column
///   and row are repeated into it (H.264 4:2:0 needs even sizes; VP9 does not).
final class YCbCrFrame {
    let codedWidth: Int
    let codedHeight: Int
    var luma: [UInt8]
    var cb: [UInt8]
    var cr: [UInt8]

    var chromaWidth: Int { (codedWidth + 1) / 2 }
    var chromaHeight: Int { (codedHeight + 1) / 2 }

    init(codedWidth: Int, codedHeight: Int) {
        self.codedWidth = codedWidth
        self.codedHeight = codedHeight
        luma = [UInt8](repeating: 16, count: codedWidth * codedHeight)
        let chroma = ((codedWidth + 1) / 2) * ((codedHeight + 1) / 2)
        cb = [UInt8](repeating: 128, count: chroma)
        cr = [UInt8](repeating: 128, count: chroma)
    }

    /// BT.709 coefficients scaled to limited range, in 1/65536: Y′ = 16 + 219·(Kr R′ + Kg G′
    /// + Kb B′)/255, Cb = 128 + 224·(B′ − Y)/(2(1 − Kb))/255, Cr = 128 + 224·(R′ − Y)/(2(1 − Kr))/255.
    private static let kr = 0.2126
    private static let kb = 0.0722
    private static let kg = 1 - kr - kb
    private static func fixed(_ x: Double) -> Int { Int((x * 65536).rounded()) }
    private static let yR = fixed(kr * 219 / 255)
    private static let yG = fixed(kg * 219 / 255)
    private static let yB = fixed(kb * 219 / 255)
    private static let cbR = fixed(-kr / (2 * (1 - kb)) * 224 / 255)
    private static let cbG = fixed(-kg / (2 * (1 - kb)) * 224 / 255)
    private static let cbB = fixed(0.5 * 224 / 255)
    private static let crR = fixed(0.5 * 224 / 255)
    private static let crG = fixed(-kg / (2 * (1 - kr)) * 224 / 255)
    private static let crB = fixed(-kb / (2 * (1 - kr)) * 224 / 255)

    /// Fills the planes from `frame` (premultiplied RGBA), repeating its edge into padding.
    func fill(from frame: RasterFrame) {
        let width = frame.width
        let height = frame.height
        let cw = chromaWidth
        let codedW = codedWidth
        let codedH = codedHeight
        let ch = chromaHeight
        frame.pixels.withUnsafeBufferPointer { src in
            luma.withUnsafeMutableBufferPointer { y in
                for row in 0..<codedH {
                    let sy = min(row, height - 1)
                    for col in 0..<codedW {
                        let o = (sy * width + min(col, width - 1)) * 4
                        let value = Self.yR * Int(src[o]) + Self.yG * Int(src[o + 1]) + Self.yB * Int(src[o + 2])
                        y[row * codedW + col] = UInt8(16 + (value + 32768) >> 16)
                    }
                }
            }
            cb.withUnsafeMutableBufferPointer { u in
                cr.withUnsafeMutableBufferPointer { v in
                    for cy in 0..<ch {
                        for cx in 0..<cw {
                            var r = 0
                            var g = 0
                            var b = 0
                            var n = 0
                            for dy in 0...1 {
                                let sy = min(cy * 2 + dy, height - 1)
                                for dx in 0...1 {
                                    let o = (sy * width + min(cx * 2 + dx, width - 1)) * 4
                                    r += Int(src[o])
                                    g += Int(src[o + 1])
                                    b += Int(src[o + 2])
                                    n += 1
                                }
                            }
                            let cbValue = (Self.cbR * r + Self.cbG * g + Self.cbB * b) / n
                            let crValue = (Self.crR * r + Self.crG * g + Self.crB * b) / n
                            u[cy * cw + cx] = UInt8(clamping: 128 + (cbValue + 32768) >> 16)
                            v[cy * cw + cx] = UInt8(clamping: 128 + (crValue + 32768) >> 16)
                        }
                    }
                }
            }
        }
    }
}
