/// A rectangle of destination pixels cut into cells where the projective map from a
/// destination pixel to the content it shows (pixman's sampling transform: homogeneous
/// rows u, v, w; the sample of pixel (x, y) is taken at (x + ½, y + ½)) is replaced by its
/// tangent, an affine map, within `tolerance` device pixels at every pixel's sample; cells
/// where that cannot be had (near the horizon, or tiny) keep the exact projective map.
///
/// Why: pixman composites an affine bilinear transform through a specialised fetcher, a
/// projective one pixel by pixel through its general path, about 1,200 instructions a
/// pixel (docs/BENCHMARKS.md, "Raster drawing: instructions per frame"). The issue allows
/// either "pixman's projective transform, or subdivision into affine cells whose error is
/// ≤ 0.25 px" (issue 27); every destination pixel lies in exactly one cell, so the cells
/// leave no seams.
///
/// The bound. With A(p) = (u, v) and D(p) = w affine in the pixel p, the map is f = A / D,
/// and its tangent at the cell's centre c errs by exactly
/// f(p) − f(c) − J(c)(p − c) = −J(c)(p − c) · (D(p) − D(c)) / D(p)
/// (expand f along the segment c → p: both terms are ratios of the same affine functions).
/// Each factor's extreme over a rectangle is at a corner (a norm of an affine function is
/// convex; D is affine and positive), so the error in content pixels is at most
/// max|J(c)(p − c)| · max|D(p) − D(c)| / min D(p) over the corners of the cell's samples.
/// A content pixel spans at most 1 / σ device pixels, σ the smaller singular value of the
/// map's Jacobian; σ is taken as its least at the cell's corners and centre (our estimate:
/// σ varies smoothly and monotonically along a line under a homography), so the cell is
/// kept when that error is at most `tolerance` · σ.
struct AffineCells {
    /// A cell of destination pixels [x0, x1) × [y0, y1) and the transform that samples it:
    /// affine (third row 0 0 1) or, when `exact`, the projective map itself.
    struct Cell {
        var x0, y0, x1, y1: Int
        var transform: (u: SIMD3<Double>, v: SIMD3<Double>, w: SIMD3<Double>)
        var exact: Bool
    }

    /// Largest error of a cell's samples in device pixels: the 0.25 px.
    static let tolerance = 0.25
    /// Below this many pixels a cell that is still too curved keeps the projective map.
    static let smallestSide = 4

    let u: SIMD3<Double>
    let v: SIMD3<Double>
    let w: SIMD3<Double>
    private(set) var cells: [Cell] = []

    /// The cells of [x0, x1) × [y0, y1) for the map with rows `u`, `v`, `w` (w > 0 over the
    /// rectangle; where it is not, the whole rectangle is one exact cell).
    init(u: SIMD3<Double>, v: SIMD3<Double>, w: SIMD3<Double>, x0: Int, y0: Int, x1: Int, y1: Int) {
        self.u = u
        self.v = v
        self.w = w
        guard x1 > x0, y1 > y0 else { return }
        split(x0, y0, x1, y1)
    }

    private mutating func split(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
        if let affine = tangent(x0, y0, x1, y1) {
            cells.append(Cell(x0: x0, y0: y0, x1: x1, y1: y1, transform: affine, exact: false))
            return
        }
        let width = x1 - x0, height = y1 - y0
        if width <= Self.smallestSide && height <= Self.smallestSide {
            cells.append(Cell(x0: x0, y0: y0, x1: x1, y1: y1, transform: (u, v, w), exact: true))
            return
        }
        if width >= height {
            let m = x0 + width / 2
            split(x0, y0, m, y1)
            split(m, y0, x1, y1)
        } else {
            let m = y0 + height / 2
            split(x0, y0, x1, m)
            split(x0, m, x1, y1)
        }
    }

    /// The tangent at the cell's centre as an affine transform, when it is within the
    /// tolerance over the cell's samples (see the type's comment), else nil.
    private func tangent(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)? {
        let sx0 = Double(x0) + 0.5, sx1 = Double(x1) - 0.5
        let sy0 = Double(y0) + 0.5, sy1 = Double(y1) - 0.5
        let c = SIMD3((sx0 + sx1) / 2, (sy0 + sy1) / 2, 1)
        let corners = [SIMD3(sx0, sy0, 1), SIMD3(sx1, sy0, 1), SIMD3(sx0, sy1, 1), SIMD3(sx1, sy1, 1)]
        let dc = (w * c).sum()
        guard dc > 0 else { return nil }
        let fc = SIMD2((u * c).sum() / dc, (v * c).sum() / dc)
        let j = jacobian(at: c)
        var sigma = smallerSingularValue(j)
        var reach = 0.0, change = 0.0, least = Double.infinity
        for p in corners {
            let d = (w * p).sum()
            guard d > 0 else { return nil }
            least = min(least, d)
            change = max(change, abs(d - dc))
            let dx = p.x - c.x, dy = p.y - c.y
            let ju = j.0 * dx + j.1 * dy, jv = j.2 * dx + j.3 * dy
            reach = max(reach, (ju * ju + jv * jv).squareRoot())
            sigma = min(sigma, smallerSingularValue(jacobian(at: p)))
        }
        guard reach * change / least <= Self.tolerance * sigma else { return nil }
        // f(p) ≈ f(c) + J (p − c), written as rows acting on (x, y, 1).
        return (
            SIMD3(j.0, j.1, fc.x - j.0 * c.x - j.1 * c.y),
            SIMD3(j.2, j.3, fc.y - j.2 * c.x - j.3 * c.y),
            SIMD3(0, 0, 1)
        )
    }

    /// ∂(u/w, v/w)/∂(x, y) at `p`, row by row: (∂u'/∂x, ∂u'/∂y, ∂v'/∂x, ∂v'/∂y).
    private func jacobian(at p: SIMD3<Double>) -> (Double, Double, Double, Double) {
        let a = (u * p).sum(), b = (v * p).sum(), d = (w * p).sum()
        let d2 = d * d
        return (
            (u.x * d - a * w.x) / d2, (u.y * d - a * w.y) / d2,
            (v.x * d - b * w.x) / d2, (v.y * d - b * w.y) / d2
        )
    }

    /// The smaller singular value of a 2 × 2 matrix (row by row).
    private func smallerSingularValue(_ m: (Double, Double, Double, Double)) -> Double {
        let s = m.0 * m.0 + m.1 * m.1 + m.2 * m.2 + m.3 * m.3
        let det = abs(m.0 * m.3 - m.1 * m.2)
        let root = max(0, s * s - 4 * det * det).squareRoot()
        return max(0, (s - root) / 2).squareRoot()
    }
}
