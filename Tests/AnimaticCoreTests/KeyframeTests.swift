import Foundation
import Testing
@testable import AnimaticCore

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

@Suite struct KeyframeTests {
    /// UIKit's `addKeyframe(0, 0.1)` of alpha 1 → 0 over 10 s gives keyTimes (0, 0.1, 1)
    /// and values (1, 0, 0), with the whole block warped by easeInEaseOut.
    @Test func keyTimesAreUIKitsAndTheBlockIsEasedAsAWhole() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 10, "keyframes": [
               {"relativeStart": 0, "relativeDuration": 0.1, "changes": {"v": {"alpha": 0}}}]}]}
            """)
        guard case .keyframes(_, _, let path, let warp)? = tl.layers[0].track(.alpha).segments.first else {
            Issue.record("no keyframe segment"); return
        }
        #expect(path.keys.map(\.time) == [0, 0.1, 1])
        #expect(path.keys.map(\.value) == [.number(1), .number(0), .number(0)])
        #expect(warp == .bezier(.easeInEaseOut))
        // At t = 0.5 s the warped block time is easeInEaseOut(0.05); alpha = 1 − that / 0.1.
        let expected = 1 - Reference.easeInEaseOut(0.05) / 0.1
        #expect(abs(tl.states(at: 0.5)[0].opacity - expected) < 1e-7)
    }

    @Test func laterKeyframesHoldUntilTheyStart() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": "linear", "keyframes": [
               {"relativeStart": 0, "relativeDuration": 0.25, "changes": {"v": {"position": [105, 5]}}},
               {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"v": {"position": [105, 105]}}}]}]}
            """)
        let p = { (t: Double) in tl.states(at: t)[0].position }
        #expect(abs(p(0.125).x - 55) < 1e-12)
        #expect(p(0.4) == Point(x: 105, y: 5))  // held between the keyframes
        #expect(abs(p(0.75).y - 55) < 1e-12)
        #expect(p(1) == Point(x: 105, y: 105))
    }

    @Test func discreteModeJumpsAtKeyTimes() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": "linear", "calculationMode": "discrete", "keyframes": [
               {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"v": {"alpha": 0.5}}},
               {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"v": {"alpha": 0}}}]}]}
            """)
        let a = { (t: Double) in tl.states(at: t)[0].opacity }
        #expect(a(0.49) == 1)
        #expect(a(0.5) == 0.5)
        #expect(a(0.99) == 0.5)
        #expect(a(1) == 0)
    }

    @Test func pacedModeMovesAtConstantSpeed() throws {
        // 0 → 100 → 400 with paced timing: the first key is reached at 1/4 of the block.
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10], "alpha": 1}],
             "animations": [{"duration": 1, "timing": "linear", "calculationMode": "paced", "keyframes": [
               {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"v": {"position": [105, 5]}}},
               {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"v": {"position": [405, 5]}}}]}]}
            """)
        for t in [0.1, 0.25, 0.6, 0.9] {
            #expect(abs(tl.states(at: t)[0].position.x - (5 + 400 * t)) < 1e-9, "t = \(t)")
        }
    }
}
