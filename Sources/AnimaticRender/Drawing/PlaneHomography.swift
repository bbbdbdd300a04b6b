import AnimaticCore

/// The map of a layer's plane (z = 0 of its bounds) onto the container, as a 3 × 3
/// homography (row vectors: `[x y 1] · H = [X Y W]`), and its inverse — how a polygon in
/// container points is taken back into the layer's bounds coordinates (CSS `clip-path`
/// is in the element's own coordinates).
package struct PlaneHomography {
    /// Row-major h11 … h33.
    package var h: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

    package init(_ m: Transform3D) {
        h = (m.m11, m.m12, m.m14, m.m21, m.m22, m.m24, m.m41, m.m42, m.m44)
    }

    private init(raw: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) { h = raw }

    /// The inverse by the adjugate; nil when the plane is seen edge-on (singular).
    package var inverse: PlaneHomography? {
        let (a, b, c, d, e, f, g, k, l) = h
        let A = e * l - f * k, B = -(d * l - f * g), C = d * k - e * g
        let det = a * A + b * B + c * C
        guard abs(det) > 1e-12 else { return nil }
        let D = -(b * l - c * k), E = a * l - c * g, F = -(a * k - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        // The adjugate is the transposed cofactor matrix.
        return PlaneHomography(raw: (A / det, D / det, G / det, B / det, E / det, H / det, C / det, F / det, I / det))
    }

    package func apply(_ p: Point) -> Point {
        let (a, b, c, d, e, f, g, k, l) = h
        let x = p.x * a + p.y * d + g, y = p.x * b + p.y * e + k, w = p.x * c + p.y * f + l
        return Point(x: x / w, y: y / w)
    }
}
