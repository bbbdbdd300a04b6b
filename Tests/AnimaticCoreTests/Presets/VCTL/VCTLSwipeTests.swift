import Foundation
import Testing
@testable import AnimaticCore

/// The library's four interaction controllers as the `swipe` parameter of every VCTL preset.
@Suite struct VCTLSwipeTests {
    static let presets = ["cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn"]

    @Test(arguments: presets) func everyPresetTakesEverySwipe(_ name: String) throws {
        for swipe in VCTL.swipes {
            let samples =
                swipe == "pinch" ? #""scale": [[0, 2], [0.1, 1.5], [0.2, 0.8]]"# : #""progress": [[0, 0], [0.2, 0.7]]"#
            let tl = try presetTimeline(name, #"{"swipe": "\#(swipe)", \#(samples)}"#)
            let run = try #require(tl.run)
            #expect(run.outcome == .finish, "\(name) \(swipe)")
        }
        #expect(
            presetProblems(#"{"preset": "\#(name)", "params": {"progress": [[0, 0.2]]}}"#).map(\.pointer) == [
                "/params/progress"
            ])
    }

    @Test func horizontalIsTheAbsoluteDistanceOver200CappedAt099() throws {
        let tl = try presetTimeline(
            "turn", #"{"swipe": "horizontal", "gesture": [[0, 300, 400], [0.1, 250, 400], [0.2, 180, 400]]}"#)
        let run = try #require(tl.run)
        #expect(near(run.percentAtRelease, 0.6, 1e-12) && run.outcome == .finish)
        #expect(
            near(tl.spec.interaction!.completionSpeed(releasedAt: run.percentAtRelease), 0.4, 1e-12),
            "completionSpeed = 1 − percentComplete")
        #expect(near(run.completionDuration, 1, 1e-12), "(1 − p) D / (1 − p) = D")
        let far = try presetTimeline("turn", #"{"swipe": "horizontal", "gesture": [[0, 0, 0], [0.3, 260, 0]]}"#)
        #expect(far.run?.percentAtRelease == 0.99, "100 % is written as 0.99")
        let short = try presetTimeline("turn", #"{"swipe": "horizontal", "gesture": [[0, 0, 0], [0.3, 0, 300]]}"#)
        #expect(short.run?.percentAtRelease == 0 && short.run?.outcome == .cancel, "a horizontal swipe ignores y")
        // Cancelled: the initial state, then completeTransition(false) removes the to-view.
        let end = short.states(at: short.duration), start = short.states(atTransitionTime: 0)
        #expect(end[0] == start[0] && end[1].hidden && !start[1].hidden)
    }

    @Test func verticalReadsY() throws {
        let tl = try presetTimeline("cards", #"{"swipe": "vertical", "gesture": [[0, 0, 100], [0.1, 50, 190]]}"#)
        #expect(near(tl.run!.percentAtRelease, 0.45, 1e-12) && tl.run?.outcome == .cancel)
    }

    @Test func pinchIsOneMinusScaleOverStartScale() throws {
        let tl = try presetTimeline("portal", #"{"swipe": "pinch", "scale": [[0, 1.2], [0.1, 1.0], [0.2, 0.54]]}"#)
        #expect(near(tl.run!.percentAtRelease, 1 - 0.54 / 1.2, 1e-12) && tl.run?.outcome == .finish)
        let out = try presetTimeline("portal", #"{"swipe": "pinch", "scale": [[0, 1], [0.2, 1.4]]}"#)
        #expect(
            out.run?.percentAtRelease == 0 && out.run?.outcome == .cancel, "pinching out is a negative fraction: cancel"
        )
        #expect(
            presetProblems(#"{"preset": "portal", "params": {"swipe": "pinch", "gesture": [[0, 1, 1]]}}"#).map(
                \.pointer) == ["/params/gesture"])
        #expect(
            presetProblems(#"{"preset": "portal", "params": {"swipe": "pinch", "scale": [[0, 0]]}}"#).map(\.pointer)
                == ["/params/scale/0/1"])
    }

    @Test func horizontalRightAlsoFinishesOnAQuickMove() throws {
        // 40 pt in the last 0.05 s: 800 pt/s > 600, though only 25 % across.
        let quick = try presetTimeline(
            "pan", #"{"swipe": "horizontalRight", "gesture": [[0, 0, 0], [0.2, 10, 0], [0.25, 50, 0]]}"#)
        #expect(near(quick.run!.percentAtRelease, 0.25, 1e-12) && quick.run?.outcome == .finish)
        let slow = try presetTimeline(
            "pan", #"{"swipe": "horizontalRight", "gesture": [[0, 0, 0], [0.2, 30, 0], [0.25, 50, 0]]}"#)
        #expect(slow.run?.outcome == .cancel, "400 pt/s and 25 %")
        let plain = try presetTimeline(
            "pan", #"{"swipe": "horizontal", "gesture": [[0, 0, 0], [0.2, 10, 0], [0.25, 50, 0]]}"#)
        #expect(plain.run?.outcome == .cancel, "the plain horizontal swipe has no velocity rule")
        let cancelled = try presetTimeline(
            "pan", #"{"swipe": "horizontalRight", "cancelled": true, "gesture": [[0, 0, 0], [0.25, 150, 0]]}"#)
        #expect(cancelled.run?.outcome == .cancel)
    }
}
