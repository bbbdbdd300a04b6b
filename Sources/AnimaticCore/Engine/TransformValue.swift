/// A transform as a track holds it: the matrix and its decomposition, computed once when
/// the value enters the timeline (nil when the matrix cannot be decomposed).
struct TransformValue: Hashable, Sendable {
    var matrix: Transform3D
    var decomposition: DecomposedTransform?

    init(_ matrix: Transform3D) {
        self.matrix = matrix
        decomposition = DecomposedTransform(matrix)
    }

    init(matrix: Transform3D, decomposition: DecomposedTransform?) {
        self.matrix = matrix
        self.decomposition = decomposition
    }

    init(_ parts: DecomposedTransform) {
        matrix = parts.matrix
        decomposition = parts
    }
}

extension TransformValue: TrackInterpolatable {
    /// Through the decomposition (translation, scale, skew and perspective linearly, the
    /// rotation by quaternion slerp), discrete at the midpoint when either end cannot be
    /// decomposed — as Core Animation and CSS interpolate `transform`.
    static func interpolate(_ a: TransformValue, _ b: TransformValue, fraction f: Double) -> TransformValue {
        if f == 0 { return a }
        if f == 1 { return b }
        guard let da = a.decomposition, let db = b.decomposition else { return f < 0.5 ? a : b }
        return TransformValue(da.interpolated(to: db, fraction: f))
    }

    /// `interpolate(a, b, fraction: f).matrix`, without building the `TransformValue`.
    static func interpolatedMatrix(_ a: TransformValue, _ b: TransformValue, fraction f: Double) -> Transform3D {
        if f == 0 { return a.matrix }
        if f == 1 { return b.matrix }
        guard let da = a.decomposition, let db = b.decomposition else { return f < 0.5 ? a.matrix : b.matrix }
        return da.interpolated(to: db, fraction: f).matrix
    }

    var trackValue: TrackValue { .transform(matrix, decomposition) }

    init?(trackValue: TrackValue) {
        guard case .transform(let m, let d) = trackValue else { return nil }
        self.init(matrix: m, decomposition: d)
    }

    /// Translation, scale, skew, perspective and the rotation as a rotation vector in
    /// radians (16 numbers); empty when the matrix cannot be decomposed.
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] {
        guard let d = decomposition else { return [] }
        let r = d.rotationVector(near: reference)
        return [
            d.translation.0, d.translation.1, d.translation.2, d.scale.0, d.scale.1, d.scale.2,
            d.skew.0, d.skew.1, d.skew.2, d.perspective.0, d.perspective.1, d.perspective.2,
            d.perspective.3, r.x, r.y, r.z,
        ]
    }

    func fromVector(_ v: Span<Double>) -> TransformValue {
        guard decomposition != nil, v.count == 16 else { return self }
        return TransformValue(Self.parts(fromVector: v))
    }

    /// The decomposition a vector made by `vector` describes (16 numbers).
    static func parts(fromVector v: Span<Double>) -> DecomposedTransform {
        let q = DecomposedTransform.quaternion(fromRotationVector: Vector3(v[13], v[14], v[15]))
        return DecomposedTransform(
            translation: (v[0], v[1], v[2]), scale: (v[3], v[4], v[5]),
            skew: (v[6], v[7], v[8]), perspective: (v[9], v[10], v[11], v[12]),
            quaternion: q)
    }

    var quaternion: (Double, Double, Double, Double)? { decomposition?.quaternion }

    var isSplineable: Bool { decomposition != nil }
}
