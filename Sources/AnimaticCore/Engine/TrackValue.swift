/// A property's value inside the engine, in the form it is interpolated in:
/// transforms are kept with their decomposition (computed once, at compile time).
public enum TrackValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    /// Boxed (`indirect`): the payload is 33 doubles, and track values are copied often.
    indirect case transform(Transform3D, DecomposedTransform?)
    case color(Color)
    case bool(Bool)

    public init(_ value: PropertyValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .transform(let t):
            let m = t.matrix
            self = .transform(m, DecomposedTransform(m))
        case .color(let c): self = .color(c)
        case .bool(let b): self = .bool(b)
        }
    }

    public static func transform(_ m: Transform3D) -> TrackValue { .transform(m, DecomposedTransform(m)) }

    /// The value `f` of the way from `self` to `to`, as Core Animation interpolates it:
    /// component-wise for numbers, points, sizes and colours, through the decomposition
    /// for transforms (discrete at the midpoint when either cannot be decomposed), and
    /// discretely for booleans. `f` may leave 0…1 for springs.
    public func interpolated(to other: TrackValue, fraction f: Double) -> TrackValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(a + (b - a) * f)
        case let (.point(a), .point(b)): return .point(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
        case let (.size(a), .size(b)):
            return .size(Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f))
        case let (.color(a), .color(b)): return .color(a.interpolated(to: b, fraction: f))
        case let (.transform(ma, da), .transform(mb, db)):
            if f == 0 { return self }
            if f == 1 { return other }
            guard let da, let db else { return f < 0.5 ? .transform(ma, da) : .transform(mb, db) }
            let d = da.interpolated(to: db, fraction: f)
            return .transform(d.matrix, d)
        default:
            return f < 1 ? self : other
        }
    }

    /// The matrix of a transform value.
    var matrix: Transform3D {
        guard case .transform(let m, _) = self else { preconditionFailure("not a transform") }
        return m
    }

    /// `interpolated(to:fraction:).matrix` for transforms, without boxing the result.
    func interpolatedMatrix(to other: TrackValue, fraction f: Double) -> Transform3D {
        guard case let .transform(ma, da) = self, case let .transform(mb, db) = other else {
            return interpolated(to: other, fraction: f).matrix
        }
        if f == 0 { return ma }
        if f == 1 { return mb }
        guard let da, let db else { return f < 0.5 ? ma : mb }
        return da.interpolated(to: db, fraction: f).matrix
    }

    // MARK: Vector form, for splines and paced timing

    /// The value as a vector of numbers (a transform as translation, scale, skew,
    /// perspective and a rotation vector in radians) — the space in which cubic and
    /// paced keyframes are computed. `reference` keeps successive rotations in one
    /// quaternion hemisphere so a spline through them does not jump.
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] {
        switch self {
        case .number(let n): return [n]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .bool(let b): return [b ? 1 : 0]
        case .transform(_, let d):
            guard let d else { return [] }
            let r = d.rotationVector(near: reference)
            return [
                d.translation.0, d.translation.1, d.translation.2, d.scale.0, d.scale.1, d.scale.2,
                d.skew.0, d.skew.1, d.skew.2, d.perspective.0, d.perspective.1, d.perspective.2,
                d.perspective.3, r.x, r.y, r.z,
            ]
        }
    }

    /// Rebuilds a value of the same kind as `self` from a vector made by `vector`.
    func fromVector(_ v: [Double]) -> TrackValue {
        switch self {
        case .number: return .number(v[0])
        case .point: return .point(Point(x: v[0], y: v[1]))
        case .size: return .size(Size(width: v[0], height: v[1]))
        case .color:
            func c(_ x: Double) -> Double { min(max(x, 0), 1) }
            return .color(Color(red: c(v[0]), green: c(v[1]), blue: c(v[2]), alpha: c(v[3])))
        case .bool: return .bool(v[0] >= 0.5)
        case .transform(let m, let d):
            guard d != nil, v.count == 16 else { return .transform(m, d) }
            let q = DecomposedTransform.quaternion(fromRotationVector: Vector3(v[13], v[14], v[15]))
            let parts = DecomposedTransform(
                translation: (v[0], v[1], v[2]), scale: (v[3], v[4], v[5]),
                skew: (v[6], v[7], v[8]), perspective: (v[9], v[10], v[11], v[12]),
                quaternion: q)
            return .transform(parts.matrix, parts)
        }
    }

    var quaternion: (Double, Double, Double, Double)? {
        if case .transform(_, let d?) = self { return d.quaternion }
        return nil
    }

    /// Whether a spline can pass through this value (booleans and undecomposable
    /// transforms cannot, and fall back to linear or discrete steps).
    var isSplineable: Bool {
        switch self {
        case .bool: return false
        case .transform(_, let d): return d != nil
        default: return true
        }
    }
}
