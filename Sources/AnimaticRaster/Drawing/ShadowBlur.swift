/// The blur of a shadow: three successive box blurs in each direction, the approximation
/// of a Gaussian that the Filter Effects specification gives for `feGaussianBlur`
/// (Filter Effects Module Level 1, §"feGaussianBlur": for a standard deviation s ≥ 2.0,
/// box size d = ⌊s · 3 √(2π) / 4 + 0.5⌋; odd d: three boxes of size d centred on the
/// pixel; even d: two of size d, the first centred on the pixel's left edge and the
/// second on its right, then one of size d + 1 centred). Below s = 2 the specification
/// wants a more exact kernel; we keep the boxes (still within 2.5 % at σ = 1 px, below)
/// and draw no blur when d ≤ 1 (σ under about 0.4 px) — our choice.
///
/// The error of three boxes against the Gaussian they stand for: a blurred sharp edge stays
/// within 2.5 % of its height of the exact profile (erf) for σ from 1 to 36 px, 1.8 % from
/// 4 px (`ShadowBlurTests`; docs/FORMATS.md, "Raster drawing"). Chromium blurs SVG filters
/// with Skia's own approximation; the comparison with it is in the same section.
enum ShadowBlur {
    /// Box sizes of the three passes for standard deviation `sigma` (in pixels), and the
    /// left offset of each box's window (how many pixels it reaches to the left).
    static func passes(sigma: Double) -> [(size: Int, left: Int)] {
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 { return Array(repeating: (d, d / 2), count: 3) }
        // Even: left edge, right edge, then d + 1 centred.
        return [(d, d / 2), (d, d / 2 - 1), (d + 1, d / 2)]
    }

    /// Blurs `alpha` (`width` × `height` bytes, rows `stride` apart) in place; `scratch`
    /// is reused between calls.
    static func blur(
        _ alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
        scratch: inout [Int32]
    ) {
        blurRows(alpha, width: width, height: height, stride: stride, sigma: sigma, scratch: &scratch)
        blurColumns(alpha, width: width, height: height, stride: stride, sigma: sigma, scratch: &scratch)
    }

    /// The first half of `blur`: the three passes along each row. A row of zeros stays zeros.
    static func blurRows(
        _ alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
        scratch: inout [Int32]
    ) {
        blurLines(alpha, lines: height, lineStep: stride, count: width, step: 1, sigma: sigma, scratch: &scratch)
    }

    /// The second half of `blur`: the three passes along each column. A column depends on
    /// no other, so a caller that shows only some columns blurs only those.
    static func blurColumns(
        _ alpha: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, sigma: Double,
        scratch: inout [Int32]
    ) {
        blurLines(alpha, lines: width, lineStep: 1, count: height, step: stride, sigma: sigma, scratch: &scratch)
    }

    /// The three passes along each of `lines` lines, `lineStep` apart, of `count` samples
    /// `step` apart: rows (`step` 1) or columns (`lineStep` 1).
    private static func blurLines(
        _ alpha: UnsafeMutablePointer<UInt8>, lines: Int, lineStep: Int, count: Int, step: Int, sigma: Double,
        scratch: inout [Int32]
    ) {
        let boxes = passes(sigma: sigma)
        guard !boxes.isEmpty, lines > 0, count > 0 else { return }
        if scratch.count < count { scratch = [Int32](repeating: 0, count: count) }
        scratch.withUnsafeMutableBufferPointer { line in
            for n in 0..<lines {
                for box in boxes { pass(alpha + n * lineStep, count: count, step: step, box: box, line: line) }
            }
        }
    }

    /// One box pass along a line of `count` samples `step` apart: each sample becomes the
    /// mean of the `box.size` samples from `box.left` before it (zero outside), rounded.
    private static func pass(
        _ p: UnsafeMutablePointer<UInt8>, count: Int, step: Int, box: (size: Int, left: Int),
        line: UnsafeMutableBufferPointer<Int32>
    ) {
        for i in 0..<count { line[i] = Int32(p[i * step]) }
        let size = box.size, left = box.left
        let half = Int32(size / 2)
        var sum: Int32 = 0
        // Window for output i covers i − left … i − left + size − 1.
        for j in 0..<min(size - left - 1, count) where j >= 0 { sum += line[j] }
        for i in 0..<count {
            let entering = i - left + size - 1
            if entering >= 0 && entering < count { sum += line[entering] }
            p[i * step] = UInt8(truncatingIfNeeded: (sum + half) / Int32(size))
            let leaving = i - left
            if leaving >= 0 && leaving < count { sum -= line[leaving] }
        }
    }
}
