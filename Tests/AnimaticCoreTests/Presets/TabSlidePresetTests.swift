import Foundation
import Testing
@testable import AnimaticCore

@Suite struct TabSlidePresetTests {
    @Test func goingRightTheToViewComesFromTheRightByTheWidth() throws {
        let tl = try presetTimeline("tabSlide", #"{"from": 0, "to": 1}"#)
        #expect(tl.transitionDuration == 0.25)
        #expect(near(tl.state("to", at: 0).quad, quad(390, 0, 390, 844)))
        #expect(near(tl.state("from", at: 0).quad, quad(0, 0, 390, 844)))
        #expect(near(tl.state("to", at: 0.25).quad, quad(0, 0, 390, 844)))
        #expect(near(tl.state("from", at: 0.25).quad, quad(-390, 0, 390, 844)))
        // Eased: the midpoint of the symmetric curve is half-way; a quarter in is not a quarter.
        #expect(near(tl.state("to", at: 0.125).quad[0].x, 195))
        #expect(near(tl.state("to", at: 0.0625).quad[0].x, 390 * (1 - Reference.easeInEaseOut(0.25)), 1e-6))
        #expect(tl.spec.layer("from")?.label == "History" && tl.spec.layer("to")?.label == "Graph")
    }

    @Test func goingLeftIsMirrored() throws {
        let tl = try presetTimeline("tabSlide", #"{"from": 2, "to": 1}"#)
        #expect(near(tl.state("to", at: 0).quad, quad(-390, 0, 390, 844)))
        #expect(near(tl.state("from", at: 0.25).quad, quad(390, 0, 390, 844)))
    }

    @Test func interactiveIsLinearInTime() throws {
        let tl = try presetTimeline("tabSlide", #"{"interactive": true, "progress": [[0, 0], [0.3, 0.3], [0.6, 0.6]]}"#)
        let block = tl.spec.animations[0]
        guard case .block(let b) = block else { Issue.record("a block"); return }
        #expect(b.timing == .linear)
        // Paused at percent × duration with a linear curve: x follows the percentage exactly.
        #expect(near(tl.state("to", at: 0.15).quad[0].x, 390 * (1 - 0.15), 1e-9))
        #expect(near(tl.state("to", at: 0.3).quad[0].x, 390 * (1 - 0.3), 1e-9))
    }

    private func pan(releasedAt percent: Double) throws -> Timeline {
        // Going right, the finger moves left: percent = −translation.x / 390.
        let x = 380 - 390 * percent
        return try presetTimeline(
            "tabSlide", #"{"interactive": true, "gesture": [[0, 380, 400], [0.1, 360, 400], [0.3, \#(x), 400]]}"#)
    }

    @Test func aPanReleasedAt60PercentFinishes() throws {
        let tl = try pan(releasedAt: 0.6)
        let run = try #require(tl.run)
        #expect(near(run.percentAtRelease, 0.6, 1e-12))
        #expect(run.outcome == .finish)
        #expect(run.phases.map(\.name) == ["interactive", "finish"])
        // completionSpeed 0.5: (1 − 0.6) × 0.25 / 0.5.
        #expect(near(run.completionDuration, 0.2, 1e-12))
        #expect(near(tl.state("to", at: tl.duration).quad, quad(0, 0, 390, 844)))
        #expect(near(tl.state("from", at: tl.duration).quad, quad(-390, 0, 390, 844)))
    }

    @Test func aPanReleasedAt40PercentCancelsAndEndsInTheInitialState() throws {
        let tl = try pan(releasedAt: 0.4)
        let run = try #require(tl.run)
        #expect(run.outcome == .cancel)
        #expect(run.phases.map(\.name) == ["interactive", "cancel"])
        #expect(near(run.completionDuration, 0.4 * 0.25 / 0.5, 1e-12))
        // The initial state, then completeTransition(false) removes the to-view.
        #expect(tl.states(at: tl.duration)[0] == tl.states(atTransitionTime: 0)[0])
        #expect(near(tl.state("to", at: tl.duration).quad, quad(390, 0, 390, 844)))
        #expect(tl.state("to", at: tl.duration).hidden && !tl.state("from", at: tl.duration).hidden)
        #expect(near(tl.state("from", at: tl.duration).quad, quad(0, 0, 390, 844)))
    }

    @Test func completionSpeedOneHalfDoublesTheRemainingTime() throws {
        let tl = try pan(releasedAt: 0.6)
        let run = try #require(tl.run)
        #expect(tl.spec.interaction?.completionSpeed == 0.5)
        let atFullSpeed = (1 - run.percentAtRelease) * run.transitionDuration
        #expect(near(run.completionDuration, 2 * atFullSpeed, 1e-12))
    }

    @Test func aCancelledRecognizerCancelsPastHalf() throws {
        let tl = try presetTimeline("tabSlide", #"{"interactive": true, "cancelled": true}"#)
        #expect(tl.run?.outcome == .cancel)
    }

    @Test func impossibleTabsAreProblems() {
        #expect(
            presetProblems(#"{"preset": "tabSlide", "params": {"from": 1, "to": 1}}"#).map(\.pointer) == ["/params/to"])
        #expect(presetProblems(#"{"preset": "tabSlide", "params": {"to": 3}}"#).map(\.pointer) == ["/params/to"])
        #expect(
            presetProblems(#"{"preset": "tabSlide", "params": {"to": 2, "interactive": true}}"#).map(\.pointer) == [
                "/params/to"
            ])
        #expect(
            presetProblems(#"{"preset": "tabSlide", "params": {"progress": [[0, 0.5]]}}"#).map(\.pointer) == [
                "/params/progress"
            ])
        #expect(
            presetProblems(#"{"preset": "tabSlide", "params": {"duration": 0}}"#).map(\.pointer) == ["/params/duration"]
        )
    }
}
