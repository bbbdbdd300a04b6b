import Foundation
import Testing

@testable import AnimaticRaster

/// Three box blurs against the Gaussian they stand for.
@Suite struct ShadowBlurTests {
    /// A sharp edge (0 then 255) blurred with σ: each pixel against 255 · Φ(x / σ) at its
    /// centre (Φ the normal distribution's CDF: a step convolved with a Gaussian).
    @Test(arguments: [1.0, 2.0, 4.0, 8.0, 18.0, 36.0])
    func aBlurredEdgeFollowsTheGaussian(sigma: Double) {
        let n = Int(8 * sigma) + 20
        var row = [UInt8](repeating: 0, count: 2 * n)
        for i in n..<2 * n { row[i] = 255 }
        // One row, repeated so the vertical passes leave it unchanged.
        let height = 2 * Int(4 * sigma) + 5
        var image = [UInt8](repeating: 0, count: row.count * height)
        for y in 0..<height { image.replaceSubrange(y * row.count..<(y + 1) * row.count, with: row) }
        var scratch: [Int32] = []
        image.withUnsafeMutableBufferPointer {
            ShadowBlur.blur(
                $0.baseAddress!, width: row.count, height: height, stride: row.count, sigma: sigma,
                scratch: &scratch)
        }
        let middle = (height / 2) * row.count
        var worst = 0.0
        for i in (n - Int(5 * sigma) - 2)..<(n + Int(5 * sigma) + 2) {
            let x = Double(i - n) + 0.5
            let gaussian = 255 * 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot())))
            worst = max(worst, abs(Double(image[middle + i]) - gaussian))
        }
        // 2.5 % of the edge's height (6.4/255) at σ = 1 px, less for wider blurs; the same
        // figure as docs/FORMATS.md, "Raster drawing".
        #expect(worst <= 0.025 * 255 + 0.5, "σ \(sigma): worst \(worst)/255")
    }

    @Test func boxSizesFollowTheFilterEffectsFormula() {
        // d = ⌊σ · 3 √(2π) / 4 + 0.5⌋: σ = 4 gives 8 (even: two of 8 shifted, one of 9), σ = 8 gives 15.
        #expect(ShadowBlur.passes(sigma: 4).map(\.size) == [8, 8, 9])
        #expect(ShadowBlur.passes(sigma: 8).map(\.size) == [15, 15, 15])
        #expect(ShadowBlur.passes(sigma: 0.3).isEmpty, "d ≤ 1: no blur")
    }
}
