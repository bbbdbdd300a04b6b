import AnimaticCore

/// A transform as the code builds it: the matrix, and the spec's operation list that makes
/// it while the code uses only makers and chains (`CATransform3DMakeRotation`, `.rotated`,
/// `concatenating`), so the spec reads as the code does. An `m34` or a raw matrix leaves
/// only the matrix.
struct TransformChain {
    var matrix: Transform3D
    /// In the spec's order (`[a, b, c]` is `MakeA` then `B(t, …)` then `C(t, …)`); angles in degrees.
    var operations: [TransformOperation]?

    static let identity = TransformChain(matrix: .identity, operations: [])

    init(matrix: Transform3D, operations: [TransformOperation]?) {
        self.matrix = matrix
        self.operations = operations
    }

    init(_ operation: TransformOperation) {
        matrix = operation.matrix
        operations = [operation]
    }

    /// `CATransform3DTranslate/Scale/Rotate(self, …)`: the operation applies before `self`.
    func then(_ operation: TransformOperation) -> TransformChain {
        TransformChain(
            matrix: operation.matrix.concatenating(matrix), operations: operations.map { $0 + [operation] })
    }

    /// `CATransform3DConcat(self, other)`: `self` applies first.
    func concatenating(_ other: TransformChain) -> TransformChain {
        var ops: [TransformOperation]? = nil
        if let a = operations, let b = other.operations { ops = b + a }
        return TransformChain(matrix: matrix.concatenating(other.matrix), operations: ops)
    }

    var spec: TransformSpec {
        if let operations { return .operations(operations) }
        return .matrix(matrix)
    }

    static func rotation(radians: Double, x: Double, y: Double, z: Double) -> TransformChain {
        TransformChain(.rotate(degrees: radians * 180 / .pi, axis: (x, y, z)))
    }

    /// A `CGAffineTransform(a:b:c:d:tx:ty:)` as the 3-D matrix UIKit gives the layer.
    static func affine(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) -> TransformChain {
        var m = Transform3D.identity
        m.m11 = a
        m.m12 = b
        m.m21 = c
        m.m22 = d
        m.m41 = tx
        m.m42 = ty
        return TransformChain(matrix: m, operations: nil)
    }

    /// The inverse (`.inverted()`); the identity when singular, as Core Graphics returns the input then.
    var inverted: TransformChain {
        TransformChain(matrix: matrix.inverted ?? matrix, operations: nil)
    }
}
