import Foundation
import Testing
@testable import AnimaticCore

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

/// `calculationMode: cubic` as Apple documents `kCAAnimationCubic`: a Catmull-Rom spline
/// in Kochanek–Bartels form, checked against `Reference.kochanekBartels`, which shares no
/// code with the engine.
@Suite struct CatmullRomTests {
    /// A 100 × 100 layer whose x position runs 0 → keys over a 1 s linear block.
    private func xSpline(keys: [(start: Double, duration: Double, x: Double)], extra: String = "") throws -> Timeline {
        let frames = keys.map {
            #"{"relativeStart": \#($0.start), "relativeDuration": \#($0.duration), "changes": {"v": {"position": [\#($0.x), 0]}}}"#
        }.joined(separator: ",")
        return try timeline(
            """
            {"layers": [{"id": "v", "position": [50, 0], "size": [100, 100]}],
             "animations": [{"duration": 1, "timing": "linear", "calculationMode": "cubic"\(extra), "keyframes": [\(frames)]}]}
            """)
    }

    @Test func equalNeighbouringKeysOvershootAsCatmullRomDoes() throws {
        // Keys 50 → 200 → 200 (times 0, 0.5, 1): the spline passes 200 after the second key.
        let tl = try xSpline(keys: [(0, 0.5, 200), (0.5, 0.5, 200)])
        let peak = stride(from: 0.5, through: 1, by: 0.01).map { tl.states(at: $0)[0].position.x }.max()!
        let expected = Reference.kochanekBartels(
            times: [0, 0.5, 1], values: [50, 200, 200], tension: [0, 0, 0],
            continuity: [0, 0, 0], bias: [0, 0, 0], at: 0.5 + 0.5 / 3)
        // Hermite from 200 (tangent 75 per segment) to 200 (tangent 0): peak at u = 1/3, 200 + 75·4/27.
        #expect(abs(expected - (200 + 75.0 * 4 / 27)) < 1e-9, "reference peak \(expected)")
        #expect(abs(peak - expected) < 0.05, "peak \(peak) ≈ 211.11, past the resting value 200")
        #expect(abs(tl.states(at: 1)[0].position.x - 200) < 1e-12, "ends on the last key")
    }

    /// Key times exact in binary (0.7 + 0.1 is not 0.8, and would add a hold key).
    @Test func catmullRomMatchesTheIndependentSplineOnUnevenKeys() throws {
        let keys: [(Double, Double, Double)] = [
            (0, 0.25, 120), (0.25, 0.5, -40), (0.75, 0.125, 300), (0.875, 0.125, 10),
        ]
        let tl = try xSpline(keys: keys)
        let times = [0, 0.25, 0.75, 0.875, 1.0], values = [50.0, 120, -40, 300, 10], zero = [0.0, 0, 0, 0, 0]
        var worst = 0.0
        for k in 0...200 {
            let t = Double(k) / 200
            let want = Reference.kochanekBartels(
                times: times, values: values, tension: zero, continuity: zero, bias: zero, at: t)
            worst = max(worst, abs(tl.states(at: t)[0].position.x - want))
        }
        #expect(worst < 1e-7, "largest difference from the reference over 201 times: \(worst)")
    }

    @Test func tensionContinuityAndBiasPerKeyMatchTheIndependentSpline() throws {
        let keys: [(Double, Double, Double)] = [(0, 0.25, 150), (0.25, 0.25, 0), (0.5, 0.5, 220)]
        let t = [0.0, 0.5, -0.3, 0.2], c = [0.1, -0.6, 0.4, 0], b = [0, 0.7, -0.5, 0.3]
        func list(_ v: [Double]) -> String { "[" + v.map { "\($0)" }.joined(separator: ", ") + "]" }
        let tl = try xSpline(
            keys: keys, extra: #", "tension": \#(list(t)), "continuity": \#(list(c)), "bias": \#(list(b))"#)
        var worst = 0.0
        for k in 0...200 {
            let x = Double(k) / 200
            let want = Reference.kochanekBartels(
                times: [0, 0.25, 0.5, 1], values: [50, 150, 0, 220],
                tension: t, continuity: c, bias: b, at: x)
            worst = max(worst, abs(tl.states(at: x)[0].position.x - want))
        }
        #expect(worst < 1e-7, "largest difference from the reference over 201 times: \(worst)")
    }

    @Test func aUniformTensionOfOneMakesEveryTangentZero() throws {
        let tl = try xSpline(keys: [(0, 0.5, 250), (0.5, 0.5, 50)], extra: #", "tension": 1"#)
        // Zero tangents: each segment is smoothstep between its keys.
        for x in [0.1, 0.25, 0.4] {
            let u = x / 0.5
            #expect(abs(tl.states(at: x)[0].position.x - (50 + 200 * (3 * u * u - 2 * u * u * u))) < 1e-9, "x = \(x)")
        }
    }

    @Test func splineParametersAreCheckedWithTheirPointers() throws {
        func problems(_ extra: String, mode: String = "cubic") -> [String] {
            let json = """
                {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
                 "animations": [{"duration": 1, "calculationMode": "\(mode)"\(extra), "keyframes": [
                   {"relativeStart": 0, "relativeDuration": 1, "changes": {"v": {"alpha": 0}}}]}]}
                """
            guard case .failure(let e) = SpecDecoder.decode(bytes: Array(json.utf8)) else { return [] }
            return e.problems.map { "\($0.pointer): \($0.message)" }
        }
        #expect(problems(#", "tension": 1.5"#) == ["/animations/0/tension: must be between -1 and 1"])
        #expect(
            problems(#", "bias": [0, 0, 0]"#).first?.hasPrefix(
                "/animations/0/bias: expected a number for every key or 2 numbers") == true)
        #expect(
            problems(#", "continuity": 0.2"#, mode: "linear")
                == ["/animations/0/continuity: only used by the cubic and cubicPaced calculation modes"])
        #expect(problems(#", "tension": [0.5, -0.5]"#).isEmpty)
    }
}
