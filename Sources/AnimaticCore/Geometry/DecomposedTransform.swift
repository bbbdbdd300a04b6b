import Glibc  // libm's math functions only: Core does no I/O

/// A transform split into translation, scale, skew, perspective and a rotation
/// quaternion — the form in which Core Animation (and CSS, and WebKit) interpolate
/// `transform` between two matrices.
///
/// The algorithm is "unmatrix" from Graphics Gems II as written out in CSS Transforms
/// Level 2 §"Decomposing a 3D matrix". It is stated for row vectors with the translation
/// in the last row, which is exactly `CATransform3D`'s layout. Interpolating the parts and
/// recomposing gives the in-between matrix; rotations take the shorter arc (a quaternion
/// slerp), which is why a 270° rotation animates as −90° in UIKit.
public struct DecomposedTransform: Hashable, Sendable {
    public var translation: (Double, Double, Double)
    public var scale: (Double, Double, Double)
    /// Shear factors XY, XZ, YZ.
    public var skew: (Double, Double, Double)
    public var perspective: (Double, Double, Double, Double)
    /// Rotation as a unit quaternion (x, y, z, w).
    public var quaternion: (Double, Double, Double, Double)

    public static func == (a: DecomposedTransform, b: DecomposedTransform) -> Bool {
        a.translation == b.translation && a.scale == b.scale && a.skew == b.skew
            && a.perspective == b.perspective && a.quaternion == b.quaternion
    }

    public func hash(into hasher: inout Hasher) {
        for v in [
            translation.0, translation.1, translation.2, scale.0, scale.1, scale.2,
            skew.0, skew.1, skew.2, perspective.0, perspective.1, perspective.2,
            perspective.3, quaternion.0, quaternion.1, quaternion.2, quaternion.3,
        ] {
            hasher.combine(v)
        }
    }

    public static let identity = DecomposedTransform(
        translation: (0, 0, 0), scale: (1, 1, 1), skew: (0, 0, 0),
        perspective: (0, 0, 0, 1), quaternion: (0, 0, 0, 1))

    public init(
        translation: (Double, Double, Double), scale: (Double, Double, Double),
        skew: (Double, Double, Double), perspective: (Double, Double, Double, Double),
        quaternion: (Double, Double, Double, Double)
    ) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.quaternion = quaternion
    }

    /// Decomposes `matrix`; nil when it cannot be decomposed (singular upper 3×3 or
    /// `m44 = 0`), in which case animators switch discretely at the midpoint, as CSS does.
    public init?(_ matrix: Transform3D) {
        var m = matrix
        guard m.m44 != 0 else { return nil }
        // Dividing by 1 changes nothing, so the usual m44 = 1 skips it.
        if m.m44 != 1 { for r in 0..<4 { for c in 0..<4 { m[r, c] /= matrix.m44 } } }

        var perspectiveMatrix = m
        perspectiveMatrix.m14 = 0; perspectiveMatrix.m24 = 0; perspectiveMatrix.m34 = 0; perspectiveMatrix.m44 = 1

        if m.m14 != 0 || m.m24 != 0 || m.m34 != 0 {
            // Solve rhs = p · perspectiveMatrixᵀ-style system: perspective = rhs · (P⁻¹)ᵀ.
            // `inverted` is nil for a zero (or not finite) determinant: the singular case.
            let rhs = (m.m14, m.m24, m.m34, m.m44)
            guard let inv = perspectiveMatrix.inverted else { return nil }
            perspective = (
                rhs.0 * inv.m11 + rhs.1 * inv.m12 + rhs.2 * inv.m13 + rhs.3 * inv.m14,
                rhs.0 * inv.m21 + rhs.1 * inv.m22 + rhs.2 * inv.m23 + rhs.3 * inv.m24,
                rhs.0 * inv.m31 + rhs.1 * inv.m32 + rhs.2 * inv.m33 + rhs.3 * inv.m34,
                rhs.0 * inv.m41 + rhs.1 * inv.m42 + rhs.2 * inv.m43 + rhs.3 * inv.m44
            )
        } else {
            guard perspectiveMatrix.determinant != 0 else { return nil }
            perspective = (0, 0, 0, 1)
        }

        translation = (m.m41, m.m42, m.m43)

        var row0 = Vector3(m.m11, m.m12, m.m13)
        var row1 = Vector3(m.m21, m.m22, m.m23)
        var row2 = Vector3(m.m31, m.m32, m.m33)

        var sx = row0.length
        row0 = row0 / sx
        var shearXY = row0.dot(row1)
        row1 = row1 - row0 * shearXY
        var sy = row1.length
        row1 = row1 / sy
        shearXY /= sy
        var shearXZ = row0.dot(row2)
        row2 = row2 - row0 * shearXZ
        var shearYZ = row1.dot(row2)
        row2 = row2 - row1 * shearYZ
        var sz = row2.length
        row2 = row2 / sz
        shearXZ /= sz
        shearYZ /= sz

        // A negative determinant means a flip: negate the scale and the basis.
        if row0.dot(row1.cross(row2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            row0 = row0 * -1; row1 = row1 * -1; row2 = row2 * -1
        }
        scale = (sx, sy, sz)
        skew = (shearXY, shearXZ, shearYZ)

        var qx = 0.5 * max(1 + row0.x - row1.y - row2.z, 0).squareRoot()
        var qy = 0.5 * max(1 - row0.x + row1.y - row2.z, 0).squareRoot()
        var qz = 0.5 * max(1 - row0.x - row1.y + row2.z, 0).squareRoot()
        let qw = 0.5 * max(1 + row0.x + row1.y + row2.z, 0).squareRoot()
        if row2.y > row1.z { qx = -qx }
        if row0.z > row2.x { qy = -qy }
        if row1.x > row0.y { qz = -qz }
        quaternion = (qx, qy, qz, qw)
    }

    /// The matrix these parts describe.
    public var matrix: Transform3D {
        var m = Transform3D.identity
        m.m14 = perspective.0; m.m24 = perspective.1; m.m34 = perspective.2; m.m44 = perspective.3

        // Row 3 += translation · rows 0…2 (rows 0…2 are the identity's here).
        let (tx, ty, tz) = translation
        m.m41 = m.m41 + tx * m.m11 + ty * m.m21 + tz * m.m31
        m.m42 = m.m42 + tx * m.m12 + ty * m.m22 + tz * m.m32
        m.m43 = m.m43 + tx * m.m13 + ty * m.m23 + tz * m.m33
        m.m44 = m.m44 + tx * m.m14 + ty * m.m24 + tz * m.m34

        let (x, y, z, w) = quaternion
        // The quaternion's rotation matrix, transposed for row vectors.
        let rotation = Transform3D(
            m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
            m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
            m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
        m = rotation.concatenating(m)

        if skew.2 != 0 {
            var shear = Transform3D.identity
            shear.m32 = skew.2
            m = shear.concatenating(m)
        }
        if skew.1 != 0 {
            var shear = Transform3D.identity
            shear.m31 = skew.1
            m = shear.concatenating(m)
        }
        if skew.0 != 0 {
            var shear = Transform3D.identity
            shear.m21 = skew.0
            m = shear.concatenating(m)
        }

        let (sx, sy, sz) = scale
        m.m11 *= sx; m.m12 *= sx; m.m13 *= sx; m.m14 *= sx
        m.m21 *= sy; m.m22 *= sy; m.m23 *= sy; m.m24 *= sy
        m.m31 *= sz; m.m32 *= sz; m.m33 *= sz; m.m34 *= sz
        return m
    }

    /// Where `matrix` puts the corners of a `size` box at the origin of the z = 0 plane —
    /// top-left, top-right, bottom-right, bottom-left, perspective divide included — by row
    /// operations instead of `matrix`'s four matrix products. A point (x, y, 0) reads only
    /// rows 1, 2 and 4: the rotation's first two rows with the perspective column, the first
    /// skew and two scales; the translation row. Equal to `LayerState.corners(size:matrix:)`
    /// of `matrix` up to rounding (the products add the identity's zeros, which only the
    /// sign of a zero shows), so it serves measuring — the exports' refinement — not output.
    public func boxCorners(_ size: Size) -> (Point, Point, Point, Point) {
        let (x, y, z, w) = quaternion
        let (p0, p1, p2, p3) = perspective
        let (tx, ty, tz) = translation
        // Rows 1 and 2 of the rotation (for row vectors) with their perspective entries.
        let a1 = 1 - 2 * (y * y + z * z), a2 = 2 * (x * y + z * w), a3 = 2 * (x * z - y * w)
        var b1 = 2 * (x * y - z * w), b2 = 1 - 2 * (x * x + z * z)
        let b3 = 2 * (y * z + x * w)
        let a4 = a1 * p0 + a2 * p1 + a3 * p2
        var b4 = b1 * p0 + b2 * p1 + b3 * p2
        if skew.0 != 0 {
            b1 = skew.0 * a1 + b1; b2 = skew.0 * a2 + b2; b4 = skew.0 * a4 + b4
        }
        let (sx, sy) = (scale.0, scale.1)
        let r1 = (a1 * sx, a2 * sx, a4 * sx), r2 = (b1 * sy, b2 * sy, b4 * sy)
        let r4 = (tx, ty, p3 + tx * p0 + ty * p1 + tz * p2)
        func corner(_ u: Double, _ v: Double) -> Point {
            let X = u * r1.0 + v * r2.0 + r4.0
            let Y = u * r1.1 + v * r2.1 + r4.1
            let W = u * r1.2 + v * r2.2 + r4.2
            return Point(x: X / W, y: Y / W)
        }
        let width = size.width, height = size.height
        return (corner(0, 0), corner(width, 0), corner(width, height), corner(0, height))
    }

    /// The parts at `fraction` of the way to `other`: linear for all but the rotation,
    /// which is a spherical interpolation along the shorter arc. `fraction` may leave
    /// 0…1 (a spring's overshoot), which extrapolates along the same path.
    public func interpolated(to other: DecomposedTransform, fraction f: Double) -> DecomposedTransform {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        var result = self
        result.translation = (
            mix(translation.0, other.translation.0), mix(translation.1, other.translation.1),
            mix(translation.2, other.translation.2)
        )
        result.scale = (mix(scale.0, other.scale.0), mix(scale.1, other.scale.1), mix(scale.2, other.scale.2))
        result.skew = (mix(skew.0, other.skew.0), mix(skew.1, other.skew.1), mix(skew.2, other.skew.2))
        result.perspective = (
            mix(perspective.0, other.perspective.0), mix(perspective.1, other.perspective.1),
            mix(perspective.2, other.perspective.2), mix(perspective.3, other.perspective.3)
        )
        result.quaternion = Self.slerp(quaternion, other.quaternion, f)
        return result
    }

    static func slerp(
        _ a: (Double, Double, Double, Double), _ bIn: (Double, Double, Double, Double),
        _ f: Double
    ) -> (Double, Double, Double, Double) {
        var b = bIn
        var dot = a.0 * b.0 + a.1 * b.1 + a.2 * b.2 + a.3 * b.3
        if dot < 0 {  // q and −q are the same rotation: take the shorter arc.
            b = (-b.0, -b.1, -b.2, -b.3)
            dot = -dot
        }
        dot = min(dot, 1)
        if dot > 1 - 1e-12 { return a }
        let theta = acos(dot)
        let sinTheta = sin(theta)
        let wa = sin((1 - f) * theta) / sinTheta
        let wb = sin(f * theta) / sinTheta
        return (a.0 * wa + b.0 * wb, a.1 * wa + b.1 * wb, a.2 * wa + b.2 * wb, a.3 * wa + b.3 * wb)
    }

    /// The rotation as a rotation vector (axis × angle in radians), in the hemisphere
    /// nearest `reference` — used for splines through several rotations.
    func rotationVector(near reference: (Double, Double, Double, Double)?) -> Vector3 {
        var q = quaternion
        if let r = reference, q.0 * r.0 + q.1 * r.1 + q.2 * r.2 + q.3 * r.3 < 0 {
            q = (-q.0, -q.1, -q.2, -q.3)
        }
        let v = Vector3(q.0, q.1, q.2)
        let s = v.length
        guard s > 1e-15 else { return Vector3(0, 0, 0) }
        let angle = 2 * atan2(s, q.3)
        return v * (angle / s)
    }

    /// The unit quaternion of a rotation vector.
    static func quaternion(fromRotationVector r: Vector3) -> (Double, Double, Double, Double) {
        let angle = r.length
        guard angle > 1e-15 else { return (0, 0, 0, 1) }
        let s = sin(angle / 2) / angle
        return (r.x * s, r.y * s, r.z * s, cos(angle / 2))
    }
}

/// A small 3-vector for the decomposition arithmetic.
struct Vector3: Equatable {
    var x, y, z: Double
    init(_ x: Double, _ y: Double, _ z: Double) { (self.x, self.y, self.z) = (x, y, z) }
    var length: Double { (x * x + y * y + z * z).squareRoot() }
    func dot(_ o: Vector3) -> Double { x * o.x + y * o.y + z * o.z }
    func cross(_ o: Vector3) -> Vector3 { Vector3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    static func * (a: Vector3, s: Double) -> Vector3 { Vector3(a.x * s, a.y * s, a.z * s) }
    static func / (a: Vector3, s: Double) -> Vector3 { Vector3(a.x / s, a.y / s, a.z / s) }
}
