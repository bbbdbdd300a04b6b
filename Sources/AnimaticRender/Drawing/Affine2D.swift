import AnimaticCore
import Foundation

/// A 2-D affine map in SVG's `matrix(a b c d e f)` form: x′ = a·x + c·y + e, y′ = b·x + d·y + f.
package struct Affine2D: Hashable, Sendable {
    package var a, b, c, d, e, f: Double

    static let identity = Affine2D(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

    static func translation(_ x: Double, _ y: Double) -> Affine2D { Affine2D(a: 1, b: 0, c: 0, d: 1, e: x, f: y) }

    package func apply(_ p: Point) -> Point { Point(x: a * p.x + c * p.y + e, y: b * p.x + d * p.y + f) }

    /// `self` first, then `next`.
    func then(_ n: Affine2D) -> Affine2D {
        Affine2D(
            a: n.a * a + n.c * b, b: n.b * a + n.d * b,
            c: n.a * c + n.c * d, d: n.b * c + n.d * d,
            e: n.a * e + n.c * f + n.e, f: n.b * e + n.d * f + n.f)
    }

    /// The map the matrix makes of the z = 0 plane when that map is affine (no
    /// perspective in x or y: m14 = m24 = 0), else nil.
    init?(planeOf m: Transform3D, tolerance: Double = 1e-12) {
        guard abs(m.m14) <= tolerance, abs(m.m24) <= tolerance, m.m44 != 0 else { return nil }
        let w = m.m44
        self.init(a: m.m11 / w, b: m.m12 / w, c: m.m21 / w, d: m.m22 / w, e: m.m41 / w, f: m.m42 / w)
    }

    init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// The affine map through three corners of a w×h rectangle: (0,0)→tl, (w,0)→tr, (0,h)→bl.
    /// For a projected (non-affine) quad this is the approximation used for its content.
    static func through(tl: Point, tr: Point, bl: Point, width: Double, height: Double) -> Affine2D? {
        guard width > 0, height > 0 else { return nil }
        return Affine2D(
            a: (tr.x - tl.x) / width, b: (tr.y - tl.y) / width,
            c: (bl.x - tl.x) / height, d: (bl.y - tl.y) / height, e: tl.x, f: tl.y)
    }

    /// The affine map taking three points to three others; nil when the first three are collinear.
    static func mapping(_ l: [Point], to s: [Point]) -> Affine2D? { mapping(l[0], l[1], l[2], to: s[0], s[1], s[2]) }

    /// The affine map taking l0, l1, l2 to s0, s1, s2 (`mapping(_:to:)` without arrays).
    static func mapping(_ l0: Point, _ l1: Point, _ l2: Point, to s0: Point, _ s1: Point, _ s2: Point) -> Affine2D? {
        let det = (l1.x - l0.x) * (l2.y - l0.y) - (l2.x - l0.x) * (l1.y - l0.y)
        guard abs(det) > 1e-12 else { return nil }
        let (u1, v1) = (l1.x - l0.x, l1.y - l0.y), (u2, v2) = (l2.x - l0.x, l2.y - l0.y)
        let (dx1, dy1) = (s1.x - s0.x, s1.y - s0.y), (dx2, dy2) = (s2.x - s0.x, s2.y - s0.y)
        // [a c; b d] · [u1 u2; v1 v2] = [dx1 dx2; dy1 dy2]
        let a = (dx1 * v2 - dx2 * v1) / det, c = (dx2 * u1 - dx1 * u2) / det
        let b = (dy1 * v2 - dy2 * v1) / det, d = (dy2 * u1 - dy1 * u2) / det
        return Affine2D(a: a, b: b, c: c, d: d, e: s0.x - a * l0.x - c * l0.y, f: s0.y - b * l0.x - d * l0.y)
    }

    /// translate(e, f) · rotate(θ) · skewX(φ) · scale(sx, sy), angles in degrees; `near`
    /// (degrees) picks the turn of θ closest to it so sampled rotations do not jump by 360°.
    struct Parts: Hashable, Sendable {
        var tx, ty, rotation, skewX, sx, sy: Double
    }

    func decomposed(near previousRotation: Double?) -> Parts {
        let sx = (a * a + b * b).squareRoot()
        var theta: Double
        if sx > 1e-12 {
            theta = atan2(b, a)
        } else {
            theta = (previousRotation ?? 0) * .pi / 180
        }
        let cs = cos(theta), sn = sin(theta)
        let sy = d * cs - c * sn
        let k = abs(sy) > 1e-12 ? (c * cs + d * sn) / sy : 0
        var degrees = theta * 180 / .pi
        if let previousRotation {
            while degrees - previousRotation > 180 { degrees -= 360 }
            while degrees - previousRotation < -180 { degrees += 360 }
        }
        return Parts(tx: e, ty: f, rotation: degrees, skewX: atan(k) * 180 / .pi, sx: sx, sy: sy)
    }
}

extension LayerState {
    /// The affine map of the layer's bounds onto the screen: exact when the layer's plane
    /// maps affinely, else the approximation through its top-left, top-right and
    /// bottom-left corners (nil when it has no area and no affine form).
    package var affine: Affine2D? {
        if let exact = Affine2D(planeOf: matrix) { return exact }
        let q = quad
        return Affine2D.through(tl: q[0], tr: q[1], bl: q[3], width: size.width, height: size.height)
    }

    /// The two triangles a projected layer's content is drawn in — top-left, top-right,
    /// bottom-right and top-left, bottom-right, bottom-left — each with the affine map that
    /// is exact at its three corners (`corner` indices into the quad).
    static let contentTriangles = [[0, 1, 2], [0, 2, 3]]

    /// The affine map of triangle `k` (of `contentTriangles`), nil when the bounds have no area.
    func triangleMap(_ k: Int) -> Affine2D? { triangleMap(k, quad: quad) }

    /// `triangleMap(k)` with the layer's `quad` already at hand.
    func triangleMap(_ k: Int, quad q: [Point]) -> Affine2D? { Self.triangleMap(k, size: size, corner: { q[$0] }) }

    /// `triangleMap(k)` of bounds of `size` whose quad corner `c` (0…3) is `corner(c)`,
    /// without arrays.
    static func triangleMap(_ k: Int, size: Size, corner: (Int) -> Point) -> Affine2D? {
        let w = size.width, h = size.height
        func local(_ c: Int) -> Point {
            switch c {
            case 0: return Point(x: 0, y: 0)
            case 1: return Point(x: w, y: 0)
            case 2: return Point(x: w, y: h)
            default: return Point(x: 0, y: h)
            }
        }
        let c = contentTriangles[k]
        return Affine2D.mapping(local(c[0]), local(c[1]), local(c[2]), to: corner(c[0]), corner(c[1]), corner(c[2]))
    }

    /// Whether the layer's plane maps through a true perspective (not an affine map).
    package var isProjective: Bool { Affine2D(planeOf: matrix) == nil }
}
