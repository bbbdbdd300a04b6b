import Foundation
import Testing
@testable import AnimaticCore
@testable import AnimaticRender

/// Instant changes — a completion block's transform reset — stay steps in every export
/// instead of a tween across the last frame interval.
@Suite struct JumpExportTests {
    /// containerSpring: the from-view travels −406 pt on the spring; the completion block
    /// resets its transform at t = 1 s.
    private func containerSpring() throws -> Timeline {
        let json = #"{"preset": "containerSpring", "params": {}}"#
        return TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
    }

    @Test func samplesHoldTheValueJustBeforeAJumpAtTheJumpsTime() throws {
        let tl = try containerSpring()
        let samples = FrameSamples(tl, fps: 60)
        let from = tl.layerIndex("from")!
        let k = try #require(samples.isLeftLimit.firstIndex(of: true))
        #expect(samples.times[k] == 1 && samples.times[k + 1] == 1 && !samples.isLeftLimit[k + 1])
        let before = samples.states[k][from].matrix.m41, after = samples.states[k + 1][from].matrix.m41
        #expect(abs(before + 406) < 0.5 && abs(after) < 1e-9, "left \(before) pt, then \(after) pt at the same time")
        #expect(samples.isLeftLimit.filter { $0 }.count == 1, "one extra sample for the one jump, on a frame")
    }

    @Test func jumpsOffTheFrameGridGetBothSamples() {
        let s = FrameSamples.sampleTimes(frames: [0, 0.5, 1], jumps: [0.25, 1])
        #expect(s.map(\.time) == [0, 0.25, 0.25, 0.5, 1, 1])
        #expect(s.map(\.leftLimit) == [false, true, false, false, true, false])
    }

    @Test func everyFormatWritesTheResetAsAStep() throws {
        let tl = try containerSpring()
        let options = TimelineOptions(fps: 60)
        // SVG: the last two key times are both 1 (SMIL's repeated key time is a jump).
        let svg = String(decoding: AnimatedSVGEncoder.encode(tl, options: options), as: UTF8.self)
        #expect(svg.contains(";1;1\""), "SMIL keyTimes end with a repeated 1")
        // CSS: the left value one jump width before 100 %.
        let css = String(decoding: CSSEncoder.encode(tl, options: options), as: UTF8.self)
        #expect(
            css.contains("  99.9999% { transform: matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -405."),
            "the from-view keeps its −406 pt until the reset")
        // Lottie: a hold key, then a key at the same frame.
        let lottie = try #require(
            try JSONSerialization.jsonObject(with: Data(LottieEncoder.encode(tl, options: options))) as? [String: Any])
        let layers = try #require(lottie["layers"] as? [[String: Any]])
        var holds = 0
        func walk(_ v: Any) {
            if let keys = v as? [[String: Any]], keys.count > 1, keys.allSatisfy({ $0["t"] != nil }) {
                for (a, b) in zip(keys, keys.dropFirst())
                where (a["h"] as? Int) == 1 && (a["t"] as? Double) == (b["t"] as? Double) {
                    holds += 1
                }
            }
            if let d = v as? [String: Any] { d.values.forEach(walk) }
            if let a = v as? [Any] { a.forEach(walk) }
        }
        layers.forEach(walk)
        #expect(holds > 0, "hold keys followed by a key at the same frame: \(holds)")
    }
}
