import AnimaticCore
import Foundation

/// Reads a raw `CATransform3D` back as the chain that made it, where it is one of the
/// shapes UIKit code writes: a turn about x, y or z, optionally applied to a perspective
/// (`CATransform3DRotate(perspective, angle, 0, 1, 0)`, as the fold's strips are made,
/// CEFoldAnimationController in document 003). A preset computes such matrices, and
/// `m11: 6.123233995736766e-17` is not what its author wrote. Anything else stays a matrix.
enum SwiftMatrixRecognizer {
    /// The expression, and whether it calls the file's `makePerspective(_:)` helper.
    static func chain(_ m: Transform3D) -> (expression: String, usesPerspective: Bool)? {
        guard m.m41 == 0, m.m42 == 0, m.m43 == 0, m.m44 == 1 else { return nil }
        let axes: [(x: Double, y: Double, z: Double, angle: Double)] = [
            (1, 0, 0, atan2(m.m23, m.m22)), (0, 1, 0, atan2(m.m31, m.m11)), (0, 0, 1, atan2(m.m12, m.m11)),
        ]
        for axis in axes {
            let degrees = nice(axis.angle * 180 / .pi)
            guard degrees != 0 else { continue }
            let rotation = Transform3D.rotation(degrees * .pi / 180, x: axis.x, y: axis.y, z: axis.z)
            let angle = SwiftLiteral.radians(degrees: degrees)
            let axisText =
                "\(SwiftLiteral.number(axis.x)), \(SwiftLiteral.number(axis.y)), \(SwiftLiteral.number(axis.z))"
            if close(rotation, m) {
                return ("CATransform3DMakeRotation(\(angle), \(axisText))", false)
            }
            // rotation · perspective: the fourth column is −(third column of the rotation) / d.
            let thirdColumn = [rotation.m13, rotation.m23, rotation.m33]
            let fourthColumn = [m.m14, m.m24, m.m34]
            guard let k = zip(thirdColumn, fourthColumn).first(where: { abs($0.0) > 1e-9 && abs($0.1) > 1e-15 }) else {
                continue
            }
            let d = nice(-k.0 / k.1)
            guard d > 0 else { continue }
            if close(
                Transform3D.perspective(eyeDistance: d).rotated(degrees * .pi / 180, x: axis.x, y: axis.y, z: axis.z), m
            ) {
                return ("CATransform3DRotate(makePerspective(\(SwiftLiteral.number(d))), \(angle), \(axisText))", true)
            }
        }
        return nil
    }

    /// The helper the chains above call, written once at the end of the file.
    static let perspectiveHelper = """
        /// The identity with m34 = −1/d: perspective for an eye `d` points from the layer.
        private func makePerspective(_ d: CGFloat) -> CATransform3D {
            var transform = CATransform3DIdentity
            transform.m34 = -1 / d
            return transform
        }
        """

    /// `value` rounded to 9 significant digits (what the spec's JSON shows).
    private static func nice(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return 0 }
        let scale = pow(10, 8 - floor(log10(abs(value))))
        return (value * scale).rounded() / scale
    }

    private static func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
        zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($0)) }
    }
}
