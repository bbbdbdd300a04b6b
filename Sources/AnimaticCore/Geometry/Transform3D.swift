import Glibc  // libm's math functions only: Core does no I/O

/// A 4×4 homogeneous transform with the conventions of Core Animation's `CATransform3D`.
///
/// **Row vectors.** A point is the row `[x y z 1]` and maps as `p′ = p · M`, so the
/// translation sits in `m41 m42 m43` and the perspective term in `m34` (the column that
/// becomes `w`). `a.concatenating(b)` is `CATransform3DConcat(a, b)`: `a` applies first.
/// The `translated/scaled/rotated` methods follow `CATransform3DTranslate/Scale/Rotate`:
/// the new operation applies *before* `self` (`CATransform3DRotate(t, …) = R · t`).
///
/// Angles are radians here; the spec language takes degrees and converts at the edge.
/// Rotations follow UIKit's y-down screen: a positive angle about z turns clockwise on
/// screen (`m11 = cos, m12 = sin, m21 = −sin, m22 = cos`, as `CGAffineTransform`).
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        m11: Double, m12: Double, m13: Double, m14: Double,
        m21: Double, m22: Double, m23: Double, m24: Double,
        m31: Double, m32: Double, m33: Double, m34: Double,
        m41: Double, m42: Double, m43: Double, m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The 16 entries in `CATransform3D` order: m11, m12, m13, m14, m21, …, m44.
    public init(_ entries: [Double]) {
        precondition(entries.count == 16, "a Transform3D has 16 entries")
        self.init(
            m11: entries[0], m12: entries[1], m13: entries[2], m14: entries[3],
            m21: entries[4], m22: entries[5], m23: entries[6], m24: entries[7],
            m31: entries[8], m32: entries[9], m33: entries[10], m34: entries[11],
            m41: entries[12], m42: entries[13], m43: entries[14], m44: entries[15])
    }

    /// The 16 entries in `CATransform3D` order.
    public var entries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    /// Entry at zero-based `row`, `column` (row 3 holds the translation).
    public subscript(row: Int, column: Int) -> Double {
        get { withEntries { $0[row * 4 + column] } }
        set {
            precondition((0..<4).contains(row) && (0..<4).contains(column), "Transform3D: row and column in 0…3")
            switch row * 4 + column {
            case 0: m11 = newValue
            case 1: m12 = newValue
            case 2: m13 = newValue
            case 3: m14 = newValue
            case 4: m21 = newValue
            case 5: m22 = newValue
            case 6: m23 = newValue
            case 7: m24 = newValue
            case 8: m31 = newValue
            case 9: m32 = newValue
            case 10: m33 = newValue
            case 11: m34 = newValue
            case 12: m41 = newValue
            case 13: m42 = newValue
            case 14: m43 = newValue
            default: m44 = newValue
            }
        }
    }

    /// The 16 entries as they lie in memory, lent to `body` without a copy into an array:
    /// m11, m12, …, m44, one `Double` each in the order of the stored properties. The one
    /// place that reads the layout (the subscript's setter names the fields);
    /// `Transform3DTests.theLayoutIsSixteenDoublesRowByRow` pins it with `MemoryLayout`.
    @inlinable public func withEntries<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try withUnsafeBytes(of: self) { try body($0.assumingMemoryBound(to: Double.self)) }
    }

    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1)

    /// `self == .identity`, compared entry by entry with the identity's literals (no read
    /// of the global `identity`, stopping at the first difference).
    public var isIdentity: Bool {
        m11 == 1 && m12 == 0 && m13 == 0 && m14 == 0 && m21 == 0 && m22 == 1 && m23 == 0 && m24 == 0
            && m31 == 0 && m32 == 0 && m33 == 1 && m34 == 0 && m41 == 0 && m42 == 0 && m43 == 0 && m44 == 1
    }

    /// True when the transform keeps z out of x and y and has no perspective: it can be
    /// drawn as a 2-D affine transform (SVG's `matrix(a b c d e f)`).
    public var isAffine2D: Bool {
        m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0 && m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1
    }

    // MARK: Makers (CATransform3DMake…)

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = Transform3D.identity
        t.m41 = tx; t.m42 = ty; t.m43 = tz
        return t
    }

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = Transform3D.identity
        t.m11 = sx; t.m22 = sy; t.m33 = sz
        return t
    }

    /// Rotation by `angle` radians about the axis `(x, y, z)` (normalised here), as
    /// `CATransform3DMakeRotation`. A zero axis gives the identity, as in Core Animation.
    public static func rotation(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), k = 1 - c
        // Rodrigues' rotation matrix, transposed for row vectors.
        return Transform3D(
            m11: c + ux * ux * k, m12: ux * uy * k + uz * s, m13: ux * uz * k - uy * s, m14: 0,
            m21: uy * ux * k - uz * s, m22: c + uy * uy * k, m23: uy * uz * k + ux * s, m24: 0,
            m31: uz * ux * k + uy * s, m32: uz * uy * k - ux * s, m33: c + uz * uz * k, m34: 0,
            m41: 0, m42: 0, m43: 0, m44: 1)
    }

    /// The perspective projection of an eye `distance` points in front of the plane:
    /// `m34 = −1/distance`, as set on a container's `sublayerTransform`.
    public static func perspective(eyeDistance distance: Double) -> Transform3D {
        var t = Transform3D.identity
        t.m34 = -1 / distance
        return t
    }

    // MARK: Composition

    /// `self · other`: `self` applies first, then `other` (`CATransform3DConcat(self, other)`).
    public func concatenating(_ o: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            m11: a.m11 * o.m11 + a.m12 * o.m21 + a.m13 * o.m31 + a.m14 * o.m41,
            m12: a.m11 * o.m12 + a.m12 * o.m22 + a.m13 * o.m32 + a.m14 * o.m42,
            m13: a.m11 * o.m13 + a.m12 * o.m23 + a.m13 * o.m33 + a.m14 * o.m43,
            m14: a.m11 * o.m14 + a.m12 * o.m24 + a.m13 * o.m34 + a.m14 * o.m44,
            m21: a.m21 * o.m11 + a.m22 * o.m21 + a.m23 * o.m31 + a.m24 * o.m41,
            m22: a.m21 * o.m12 + a.m22 * o.m22 + a.m23 * o.m32 + a.m24 * o.m42,
            m23: a.m21 * o.m13 + a.m22 * o.m23 + a.m23 * o.m33 + a.m24 * o.m43,
            m24: a.m21 * o.m14 + a.m22 * o.m24 + a.m23 * o.m34 + a.m24 * o.m44,
            m31: a.m31 * o.m11 + a.m32 * o.m21 + a.m33 * o.m31 + a.m34 * o.m41,
            m32: a.m31 * o.m12 + a.m32 * o.m22 + a.m33 * o.m32 + a.m34 * o.m42,
            m33: a.m31 * o.m13 + a.m32 * o.m23 + a.m33 * o.m33 + a.m34 * o.m43,
            m34: a.m31 * o.m14 + a.m32 * o.m24 + a.m33 * o.m34 + a.m34 * o.m44,
            m41: a.m41 * o.m11 + a.m42 * o.m21 + a.m43 * o.m31 + a.m44 * o.m41,
            m42: a.m41 * o.m12 + a.m42 * o.m22 + a.m43 * o.m32 + a.m44 * o.m42,
            m43: a.m41 * o.m13 + a.m42 * o.m23 + a.m43 * o.m33 + a.m44 * o.m43,
            m44: a.m41 * o.m14 + a.m42 * o.m24 + a.m43 * o.m34 + a.m44 * o.m44)
    }

    /// `CATransform3DTranslate(self, tx, ty, tz)`: translate first, then `self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// `CATransform3DScale(self, sx, sy, sz)`: scale first, then `self`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// `CATransform3DRotate(self, angle, x, y, z)`: rotate first, then `self`.
    public func rotated(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D.rotation(angle, x: x, y: y, z: z).concatenating(self)
    }

    /// The determinant of the full 4×4 matrix.
    public var determinant: Double {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse (`CATransform3DInvert`), or nil when the matrix is singular.
    public var inverted: Transform3D? {
        let s0 = m11 * m22 - m21 * m12, s1 = m11 * m23 - m21 * m13, s2 = m11 * m24 - m21 * m14
        let s3 = m12 * m23 - m22 * m13, s4 = m12 * m24 - m22 * m14, s5 = m13 * m24 - m23 * m14
        let c5 = m33 * m44 - m43 * m34, c4 = m32 * m44 - m42 * m34, c3 = m32 * m43 - m42 * m33
        let c2 = m31 * m44 - m41 * m34, c1 = m31 * m43 - m41 * m33, c0 = m31 * m42 - m41 * m32
        let det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
        guard det != 0, det.isFinite else { return nil }
        let inv = 1 / det
        return Transform3D(
            m11: (m22 * c5 - m23 * c4 + m24 * c3) * inv,
            m12: (-m12 * c5 + m13 * c4 - m14 * c3) * inv,
            m13: (m42 * s5 - m43 * s4 + m44 * s3) * inv,
            m14: (-m32 * s5 + m33 * s4 - m34 * s3) * inv,
            m21: (-m21 * c5 + m23 * c2 - m24 * c1) * inv,
            m22: (m11 * c5 - m13 * c2 + m14 * c1) * inv,
            m23: (-m41 * s5 + m43 * s2 - m44 * s1) * inv,
            m24: (m31 * s5 - m33 * s2 + m34 * s1) * inv,
            m31: (m21 * c4 - m22 * c2 + m24 * c0) * inv,
            m32: (-m11 * c4 + m12 * c2 - m14 * c0) * inv,
            m33: (m41 * s4 - m42 * s2 + m44 * s0) * inv,
            m34: (-m31 * s4 + m32 * s2 - m34 * s0) * inv,
            m41: (-m21 * c3 + m22 * c1 - m23 * c0) * inv,
            m42: (m11 * c3 - m12 * c1 + m13 * c0) * inv,
            m43: (-m41 * s3 + m42 * s1 - m43 * s0) * inv,
            m44: (m31 * s3 - m32 * s1 + m33 * s0) * inv)
    }

    /// Maps `(x, y, z)` through the matrix and divides by `w` (the perspective divide).
    public func project(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
        let X = x * m11 + y * m21 + z * m31 + m41
        let Y = x * m12 + y * m22 + z * m32 + m42
        let Z = x * m13 + y * m23 + z * m33 + m43
        let W = x * m14 + y * m24 + z * m34 + m44
        return (X / W, Y / W, Z / W, W)
    }

    /// Maps a point of the z = 0 plane to the screen plane, perspective divide included.
    public func apply(to p: Point) -> Point {
        let r = project(x: p.x, y: p.y)
        return Point(x: r.x, y: r.y)
    }
}
