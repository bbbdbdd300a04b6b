import Foundation
import Testing
@testable import AnimaticCore

private func tabPan(release percent: Double, speed: Double = 0.5, extra: String = "") throws -> Timeline {
    // TabAnimator, interactive (linear), driven to `percent` over 0.3 s.
    let json = """
        {"container": {"width": 390, "height": 844},
         "layers": [{"id": "from", "frame": [0, 0, 390, 844]}, {"id": "to", "frame": [390, 0, 390, 844]}],
         "animations": [{"duration": 0.25, "timing": "linear",
           "changes": {"to": {"frame": [0, 0, 390, 844]}, "from": {"frame": [-390, 0, 390, 844]}}}],
         "interaction": {"progress": [[0, 0], [0.1, \(percent / 3)], [0.3, \(percent)]],
                         "completionSpeed": \(speed) \(extra)}}
        """
    return TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

@Suite struct InteractiveRunTests {
    @Test func releasedPastHalfFinishes() throws {
        let tl = try tabPan(release: 0.6)
        let run = try #require(tl.run)
        #expect(run.outcome == .finish)
        // (1 − 0.6) × 0.25 / 0.5 = 0.2 s to finish.
        #expect(abs(run.completionDuration - 0.2) < 1e-12)
        #expect(abs(tl.duration - 0.5) < 1e-12)
        #expect(run.phases.map(\.name) == ["interactive", "finish"])
        let to = tl.layerIndex("to")!
        // While scrubbing: paused at percent × duration, linear timing → x = 390 × (1 − p).
        #expect(abs(tl.states(at: 0.3)[to].quad[0].x - 390 * 0.4) < 1e-9)
        #expect(abs(tl.states(at: 0.2)[to].quad[0].x - 390 * (1 - 0.4)) < 1e-9)
        #expect(tl.states(at: tl.duration)[to].quad[0].x == 0)
    }

    @Test func releasedBeforeHalfCancelsAndEndsInTheInitialState() throws {
        let tl = try tabPan(release: 0.4)
        let run = try #require(tl.run)
        #expect(run.outcome == .cancel)
        #expect(abs(run.completionDuration - 0.4 * 0.25 / 0.5) < 1e-12)
        let end = tl.states(at: tl.duration)
        #expect(end == tl.states(atTransitionTime: 0))
        #expect(end[tl.layerIndex("to")!].quad[0].x == 390)
        #expect(end[tl.layerIndex("from")!].quad[0].x == 0)
    }

    @Test func halfCompletionSpeedDoublesTheRemainingTime() throws {
        let fast = try #require(try tabPan(release: 0.7, speed: 1).run)
        let slow = try #require(try tabPan(release: 0.7, speed: 0.5).run)
        #expect(abs(slow.completionDuration - 2 * fast.completionDuration) < 1e-12)
        #expect(abs(fast.completionDuration - 0.3 * 0.25) < 1e-12)
    }

    @Test func theCompletionRunFollowsItsCurve() throws {
        let tl = try tabPan(release: 0.6, speed: 1)
        let run = try #require(tl.run)
        let t = run.releaseTime + run.completionDuration / 4
        let expected = 0.6 * 0.25 + 0.4 * 0.25 * Reference.easeInEaseOut(0.25)
        #expect(abs(run.transitionTime(atWallTime: t) - expected) < 1e-7)
    }

    @Test func gestureSamplesBecomePercentByTheRule() throws {
        let json = """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"v": {"position": [105, 5]}}}],
             "interaction": {"gesture": [[0, 300, 400], [0.1, 250, 400], [0.2, 180, 400]],
                             "axis": "x", "distance": 200, "direction": -1}}
            """
        let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
        let run = try #require(tl.run)
        #expect(abs(run.percent(atWallTime: 0.1) - 0.25) < 1e-12)
        #expect(abs(run.percentAtRelease - 0.6) < 1e-12)
        #expect(run.outcome == .finish)
    }

    @Test func movingBackAtReleaseCancelsWhenTheRuleSaysSo() throws {
        let tl = try tabPan(release: 0.6, extra: #", "release": {"cancelWhenMovingBack": true}"#)
        // The samples move forward: still finishes.
        #expect(tl.run?.outcome == .finish)
        let json = """
            {"layers": [{"id": "v", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"v": {"alpha": 0}}}],
             "interaction": {"progress": [[0, 0], [0.2, 0.8], [0.3, 0.7]], "release": {"cancelWhenMovingBack": true}}}
            """
        let back = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
        #expect(back.run?.outcome == .cancel)
        #expect(abs((back.run?.velocityAtRelease ?? 0) - (-1)) < 1e-9)
    }
}
