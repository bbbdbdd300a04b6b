import Testing

@testable import AnimaticRaster

/// The affine cells that stand for a projective map: every pixel in exactly one cell, and
/// every affine cell's sample within 0.25 device pixels of where the exact map puts it.
@Suite struct AffineCellsTests {
    /// Content → device (column vectors): one of fold's strips (97.5 × 844 pt) turned 45°
    /// about its left edge under m34 = −1/200, seen from the 390 × 844 container's centre.
    static let forward: [[Double]] = [[1.3966, 0, 0], [1.4920, 1, 0], [0.0035355, 0, 1]]

    @Test(arguments: [(0, 0, 102, 845), (10, 100, 90, 400)])
    func cellsTileTheRectangleAndStayWithinTheTolerance(rect: (Int, Int, Int, Int)) {
        let inverse = Self.inverted(Self.forward)
        let (x0, y0, x1, y1) = rect
        let cells = AffineCells(
            u: SIMD3(inverse[0][0], inverse[0][1], inverse[0][2]),
            v: SIMD3(inverse[1][0], inverse[1][1], inverse[1][2]),
            w: SIMD3(inverse[2][0], inverse[2][1], inverse[2][2]), x0: x0, y0: y0, x1: x1, y1: y1)
        var count = [Int](repeating: 0, count: (x1 - x0) * (y1 - y0))
        var worst = 0.0
        var affinePixels = 0
        for cell in cells.cells {
            let (u, v, w) = cell.transform
            for y in cell.y0..<cell.y1 {
                for x in cell.x0..<cell.x1 {
                    count[(y - y0) * (x1 - x0) + (x - x0)] += 1
                    guard !cell.exact else { continue }
                    affinePixels += 1
                    // The cell's content point taken back to the device: how far from the sample.
                    let p = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
                    let cw = (w * p).sum()
                    let c = SIMD3((u * p).sum() / cw, (v * p).sum() / cw, 1)
                    let f = Self.forward
                    let dw = f[2][0] * c.x + f[2][1] * c.y + f[2][2]
                    let dx = (f[0][0] * c.x + f[0][1] * c.y + f[0][2]) / dw - p.x
                    let dy = (f[1][0] * c.x + f[1][1] * c.y + f[1][2]) / dw - p.y
                    worst = max(worst, (dx * dx + dy * dy).squareRoot())
                }
            }
        }
        #expect(count.allSatisfy { $0 == 1 }, "every pixel in exactly one cell")
        #expect(worst <= AffineCells.tolerance, "worst \(worst) px")
        #expect(worst > 0.01, "the map is projective: the tangents do err (\(worst) px)")
        // Most of the rectangle is affine, in few cells (what makes it cheap).
        #expect(Double(affinePixels) >= 0.99 * Double(count.count), "\(affinePixels) of \(count.count) affine")
        #expect(cells.cells.count * 40 <= count.count, "\(cells.cells.count) cells")
    }

    @Test func anAffineMapIsOneCell() {
        let cells = AffineCells(
            u: SIMD3(0.5, 0.1, 3), v: SIMD3(-0.2, 2, 7), w: SIMD3(0, 0, 1), x0: 0, y0: 0, x1: 500, y1: 300)
        #expect(cells.cells.count == 1)
        #expect(cells.cells.first?.exact == false)
    }

    static func inverted(_ m: [[Double]]) -> [[Double]] {
        let (a, b, c) = (m[0][0], m[0][1], m[0][2])
        let (d, e, f) = (m[1][0], m[1][1], m[1][2])
        let (g, h, i) = (m[2][0], m[2][1], m[2][2])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [
            [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
        ]
    }
}
