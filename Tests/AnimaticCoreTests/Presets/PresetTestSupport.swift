import Foundation
@testable import AnimaticCore

/// Expands `{"preset": name, "params": params}` through the document decoder and compiles it.
func presetTimeline(_ name: String, _ params: String = "{}") throws -> Timeline {
    let json = #"{"preset": "\#(name)", "params": \#(params)}"#
    return TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
}

/// The problems of a preset document (empty when it decodes).
func presetProblems(_ document: String) -> [SpecProblem] {
    switch SpecDecoder.decodeDocument(bytes: Array(document.utf8)) {
    case .success: return []
    case .failure(let p): return p.problems
    }
}

extension Timeline {
    func state(_ id: String, at t: Double) -> LayerState { states(at: t)[layerIndex(id)!] }
    func transitionState(_ id: String, at t: Double) -> LayerState { states(atTransitionTime: t)[layerIndex(id)!] }
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

/// The quad of an untransformed rectangle: top-left, top-right, bottom-right, bottom-left.
func quad(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [Point] {
    [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
}

func near(_ a: [Point], _ b: [Point], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { near($0, $1, tolerance) }
}

/// Wall time at which an ease-in-ease-out block of `duration` reaches fraction `f`
/// (bisection on the independent reference curve).
func easeInEaseOutTime(reaching f: Double, duration: Double) -> Double {
    var lo = 0.0, hi = 1.0
    for _ in 0..<200 {
        let mid = (lo + hi) / 2
        if Reference.easeInEaseOut(mid) < f { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2 * duration
}

/// The angle in degrees of a rotation about y (m11 = cos, m13 = −sin).
func yRotationDegrees(_ m: Transform3D) -> Double { atan2(-m.m13, m.m11) * 180 / .pi }
