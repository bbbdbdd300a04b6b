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

    /// The nine coefficients as one value, read into locals before the loops: each static
    /// above is a lazily initialised global, and reading one inside a loop checks that it
    /// was initialised, pixel after pixel.
    struct Coefficients {
        let yR = YCbCrFrame.yR, yG = YCbCrFrame.yG, yB = YCbCrFrame.yB
        let cbR = YCbCrFrame.cbR, cbG = YCbCrFrame.cbG, cbB = YCbCrFrame.cbB
        let crR = YCbCrFrame.crR, crG = YCbCrFrame.crG, crB = YCbCrFrame.crB

        /// In 32 bits (the sum is below 255 · 65,536), so that the loops over a row are
        /// vectorised four pixels to a register, not two.
        @inline(__always)
        func luma(_ p: UInt32) -> UInt8 {
            let value =
                UInt32(truncatingIfNeeded: yR) &* (p & 0xFF) &+ UInt32(truncatingIfNeeded: yG) &* (p >> 8 & 0xFF)
                &+ UInt32(truncatingIfNeeded: yB) &* (p >> 16 & 0xFF)
            return UInt8(truncatingIfNeeded: 16 &+ (value &+ 32768) >> 16)
        }

        /// Cb and Cr of a 2 × 2 block from its channels' sums over its four pixels (at an edge
        /// the repeated pixel counts again), in 32 bits: every product and sum stays below
        /// 2³¹ (sums ≤ 1,020, coefficients ≤ 28,784 in magnitude), and the division by 4
        /// truncates toward zero.
        @inline(__always)
        func blockChroma(r: Int32, g: Int32, b: Int32) -> (UInt8, UInt8) {
            let cbValue = (cbR32.r &* r &+ cbR32.g &* g &+ cbR32.b &* b) / 4
            let crValue = (crR32.r &* r &+ crR32.g &* g &+ crR32.b &* b) / 4
            return (UInt8(clamping: 128 &+ (cbValue &+ 32768) >> 16), UInt8(clamping: 128 &+ (crValue &+ 32768) >> 16))
        }
        private var cbR32: (r: Int32, g: Int32, b: Int32) {
            (Int32(truncatingIfNeeded: cbR), Int32(truncatingIfNeeded: cbG), Int32(truncatingIfNeeded: cbB))
        }
        private var crR32: (r: Int32, g: Int32, b: Int32) {
            (Int32(truncatingIfNeeded: crR), Int32(truncatingIfNeeded: crG), Int32(truncatingIfNeeded: crB))
        }
    }

    /// Fills the planes from `frame` (premultiplied RGBA), repeating its edge into padding.
    ///
    /// Luma row by row, then the chroma of the 2 × 2 blocks wholly inside the frame two
    /// rows at a time, without clamping (`fillInside`); the odd last row and column and the
    /// padding through `fillEdges`, which clamps every read. Both compute every value the
    /// same way. The inside is done in 32 bits, which the compiler vectorises four pixels to
    /// a register (in `Int`, two): 350 M → 219 M instructions on the fold's 31 frames
    /// (docs/BENCHMARKS.md, "Straight alpha from a table; huge pages for a one-shot render").
    func fill(from frame: RasterFrame) {
        let k = Coefficients()
        frame.pixels.withUnsafeBytes { src in
            luma.withUnsafeMutableBufferPointer { y in
                cb.withUnsafeMutableBufferPointer { u in
                    cr.withUnsafeMutableBufferPointer { v in
                        fillInside(k, src, frame.width, frame.height, y, u, v)
                        fillEdges(k, src, frame.width, frame.height, y, u, v)
                    }
                }
            }
        }
    }

    /// Luma of every frame pixel; chroma of the blocks (cx, cy) with 2cx + 1 < width and
    /// 2cy + 1 < height.
    private func fillInside(
        _ k: Coefficients, _ src: UnsafeRawBufferPointer, _ width: Int, _ height: Int,
        _ y: UnsafeMutableBufferPointer<UInt8>, _ u: UnsafeMutableBufferPointer<UInt8>,
        _ v: UnsafeMutableBufferPointer<UInt8>
    ) {
        let cw = chromaWidth, codedW = codedWidth
        let words = src.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for row in 0..<height {
            let line = words + row * width, out = y.baseAddress! + row * codedW
            for x in 0..<width { out[x] = k.luma(line[x]) }
        }
        for cy in 0..<height / 2 {
            let top = words + 2 * cy * width, bottom = top + width
            let uRow = u.baseAddress! + cy * cw, vRow = v.baseAddress! + cy * cw
            for cx in 0..<width / 2 {
                let p0 = top[2 * cx], p1 = top[2 * cx + 1], p2 = bottom[2 * cx], p3 = bottom[2 * cx + 1]
                // R and B summed side by side in 16-bit halves (each sum ≤ 1,020).
                let rb = (p0 & 0xFF_00FF) &+ (p1 & 0xFF_00FF) &+ (p2 & 0xFF_00FF) &+ (p3 & 0xFF_00FF)
                let g = (p0 >> 8 & 0xFF) &+ (p1 >> 8 & 0xFF) &+ (p2 >> 8 & 0xFF) &+ (p3 >> 8 & 0xFF)
                (uRow[cx], vRow[cx]) = k.blockChroma(
                    r: Int32(truncatingIfNeeded: rb & 0xFFFF), g: Int32(truncatingIfNeeded: g),
                    b: Int32(truncatingIfNeeded: rb >> 16))
            }
        }
    }

    /// Every sample `fillInside` leaves: luma of the padding (x ≥ width or y ≥ height),
    /// chroma of the blocks that reach past the frame's last even column or row; reads
    /// clamped to the frame.
    private func fillEdges(
        _ k: Coefficients, _ src: UnsafeRawBufferPointer, _ width: Int, _ height: Int,
        _ y: UnsafeMutableBufferPointer<UInt8>, _ u: UnsafeMutableBufferPointer<UInt8>,
        _ v: UnsafeMutableBufferPointer<UInt8>
    ) {
        let words = src.baseAddress!.assumingMemoryBound(to: UInt32.self)
        func pixel(_ x: Int, _ row: Int) -> UInt32 { words[min(row, height - 1) * width + min(x, width - 1)] }
        let codedW = codedWidth, codedH = codedHeight, cw = chromaWidth, ch = chromaHeight
        for row in 0..<codedH {
            let fromX = row < height ? width : 0
            for col in fromX..<codedW { y[row * codedW + col] = k.luma(pixel(col, row)) }
        }
        for cy in 0..<ch {
            let fromX = 2 * cy + 1 < height ? width / 2 : 0
            for cx in fromX..<cw {
                var r: Int32 = 0
                var g: Int32 = 0
                var b: Int32 = 0
                for dy in 0...1 {
                    for dx in 0...1 {
                        let p = pixel(cx * 2 + dx, cy * 2 + dy)
                        r += Int32(p & 0xFF)
                        g += Int32(p >> 8 & 0xFF)
                        b += Int32(p >> 16 & 0xFF)
                    }
                }
                (u[cy * cw + cx], v[cy * cw + cx]) = k.blockChroma(r: r, g: g, b: b)
            }
        }
    }
}
