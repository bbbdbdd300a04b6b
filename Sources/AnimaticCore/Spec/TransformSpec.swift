/// A layer transform as written in a spec: a list of operations or a raw matrix.
///
/// The list `[a, b, c]` means what the same chain means in UIKit and in CSS's
/// `transform: a b c`: `CATransform3DMakeA(…)` then `.b(…)` then `.c(…)` with each later
/// operation applied first to the layer's points — so `[translate, rotate]` rotates the
/// layer about its anchor and then moves it. As a matrix: `c · b · a` (row vectors).
public enum TransformSpec: Hashable, Sendable {
    case operations([TransformOperation])
    /// 16 numbers in `CATransform3D` order (m11 … m44).
    case matrix(Transform3D)

    public static let identity = TransformSpec.operations([])

    public var matrix: Transform3D {
        switch self {
        case .matrix(let m): return m
        case .operations(let ops):
            var m = Transform3D.identity
            for op in ops { m = op.matrix.concatenating(m) }
            return m
        }
    }
}

/// One transform operation; angles in degrees, lengths in points.
public enum TransformOperation: Hashable, Sendable {
    case translate(x: Double, y: Double, z: Double)
    case scale(x: Double, y: Double, z: Double)
    /// Rotation about `axis` (x, y, z) by `degrees`; `rotate`, `rotateX/Y/Z` are shorthands.
    case rotate(degrees: Double, axis: (x: Double, y: Double, z: Double))

    public static func == (a: TransformOperation, b: TransformOperation) -> Bool {
        switch (a, b) {
        case let (.translate(x1, y1, z1), .translate(x2, y2, z2)): return (x1, y1, z1) == (x2, y2, z2)
        case let (.scale(x1, y1, z1), .scale(x2, y2, z2)): return (x1, y1, z1) == (x2, y2, z2)
        case let (.rotate(d1, a1), .rotate(d2, a2)): return d1 == d2 && a1 == a2
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case let .translate(x, y, z): hasher.combine(0); hasher.combine(x); hasher.combine(y); hasher.combine(z)
        case let .scale(x, y, z): hasher.combine(1); hasher.combine(x); hasher.combine(y); hasher.combine(z)
        case let .rotate(d, a):
            hasher.combine(2); hasher.combine(d); hasher.combine(a.x); hasher.combine(a.y); hasher.combine(a.z)
        }
    }

    public var matrix: Transform3D {
        switch self {
        case let .translate(x, y, z): return .translation(x, y, z)
        case let .scale(x, y, z): return .scale(x, y, z)
        case let .rotate(degrees, axis): return .rotation(degrees * .pi / 180, x: axis.x, y: axis.y, z: axis.z)
        }
    }
}
