/// `CALayer.sublayerTransform` as written in a spec: a perspective of eye distance `d`
/// (m34 = −1/d, the usual `transform.m34 = -1.0 / d` idiom) or a raw matrix. Applied to
/// the layer's sublayers about the layer's anchor point, between the layer's own
/// transform and each sublayer's.
public enum SublayerTransformSpec: Hashable, Sendable {
    case perspective(Double)
    case matrix(Transform3D)

    public var matrix: Transform3D {
        switch self {
        case .perspective(let d): return .perspective(eyeDistance: d)
        case .matrix(let m): return m
        }
    }
}
