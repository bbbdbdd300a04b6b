import Foundation
@testable import AnimaticCore

/// The first animation of a preset's spec as a block or a keyframe block.
extension Timeline {
    var block: BlockAnimation? { if case .block(let b)? = spec.animations.first { return b }; return nil }
    var keyframeBlock: KeyframeAnimation? {
        if case .keyframes(let k)? = spec.animations.first { return k }; return nil
    }
    /// The last state of the run (after completion, or back at the start when cancelled).
    func finalState(_ id: String) -> LayerState { state(id, at: duration) }
}

/// The value of UIKit's named curves, from the independent reference.
enum Curves {
    static func easeInEaseOut(_ x: Double) -> Double { Reference.bezier(0.42, 0, 0.58, 1, at: x) }
    static func easeOut(_ x: Double) -> Double { Reference.bezier(0, 0, 0.58, 1, at: x) }
}

/// The angle in degrees of a rotation about x (m22 = cos, m23 = sin).
func xRotationDegrees(_ m: Transform3D) -> Double { atan2(m.m23, m.m22) * 180 / .pi }

/// A point through a 4×4 matrix in Core Animation's row-vector convention, divided by w.
func project(_ m: Transform3D, _ x: Double, _ y: Double, _ z: Double = 0) -> Point {
    let px = x * m.m11 + y * m.m21 + z * m.m31 + m.m41
    let py = x * m.m12 + y * m.m22 + z * m.m32 + m.m42
    let pw = x * m.m14 + y * m.m24 + z * m.m34 + m.m44
    return Point(x: px / pw, y: py / pw)
}
