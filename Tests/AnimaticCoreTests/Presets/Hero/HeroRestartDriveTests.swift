import Foundation
import Testing
@testable import AnimaticCore

/// The `restart` drive: Hero's update(p) seeks; finish() and cancel() restart every
/// animation from its presented value over the remaining (1 − p) × duration with its curve.
@Suite struct HeroRestartDriveTests {
    static func deceleration(_ x: Double) -> Double { Reference.bezier(0, 0, 0.2, 1, at: x) }

    @Test func finishRestartsFromThePresentedValueOverTheRemainingTime() throws {
        let tl = try presetTimeline("heroPush", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.4]]}"#)
        let run = try #require(tl.run)
        #expect(run.drive == .restart && run.outcome == .finish)
        #expect(near(run.completionDuration, 0.6 * 0.35, 1e-12) && near(tl.duration, 0.2 + 0.21, 1e-12))
        // While seeking: transition time p × D, on the deceleration curve.
        let seek = Self.deceleration(0.2)  // p = 0.2 at wall 0.1
        #expect(near(tl.state("toSnapshot", at: 0.1).quad[0].x, 390 * (1 - seek), 1e-9))
        // Presented at the release: x = 390 (1 − c(0.4)); then a new animation to 0 over 0.21 s.
        let x0 = 390 * (1 - Self.deceleration(0.4))
        let f = Self.deceleration(0.5)
        #expect(near(tl.state("toSnapshot", at: 0.2 + 0.105).quad[0].x, x0 * (1 - f), 1e-9))
        // Not the percent drive's path: that would be at transition time 0.4 D + 0.6 D × ease(0.5).
        let percentX = 390 * (1 - Self.deceleration(0.4 + 0.6 * Reference.easeInEaseOut(0.5)))
        #expect(abs(percentX - x0 * (1 - f)) > 1)
        #expect(near(tl.finalState("toSnapshot").quad[0].x, 0, 1e-9) && !tl.finalState("to").hidden)
    }

    @Test func cancelRestartsTowardTheStartOverTheSameRemainingTime() throws {
        let tl = try presetTimeline(
            "heroPush", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.4]], "outcome": "cancel"}"#)
        let run = try #require(tl.run)
        #expect(
            run.outcome == .cancel && near(run.completionDuration, 0.21, 1e-12),
            "Hero's cancel also takes duration − timePassed")
        let x0 = 390 * (1 - Self.deceleration(0.4))
        let f = Self.deceleration(0.5)
        #expect(near(tl.state("toSnapshot", at: 0.305).quad[0].x, x0 + (390 - x0) * f, 1e-9))
        #expect(tl.states(at: tl.duration).map(\.quad) == tl.states(atTransitionTime: 0).map(\.quad))
        #expect(tl.finalState("to").hidden, "a cancel runs no finish completion")
    }

    /// Hero's resume(timePassed:) restarts each animation on its own delay and duration; the
    /// engine's one restart over (1 − p) × D is the same only when every animation starts at
    /// 0 and lasts D (INTERACTION.md, "Delays are not Hero's"): true of every Hero preset.
    @Test func everyHeroPresetAnimatesFromZeroForTheWholeDuration() throws {
        for definition in HeroDefaultAnimation.definitions {
            let spec = definition.defaultSpec
            let durations = spec.animations.map { a -> Double in
                if case .block(let b) = a { return b.duration }
                Issue.record("\(definition.name): not a block")
                return -1
            }
            #expect(spec.animations.allSatisfy { $0.delay == 0 }, "\(definition.name)")
            #expect(Set(durations).count == 1, "\(definition.name): \(durations)")
        }
    }

    @Test func seekingStopsOneHundredthOfASecondShortOfTheEnd() throws {
        let tl = try presetTimeline("heroSlide", #"{"interactive": true, "progress": [[0, 0], [0.2, 1]]}"#)
        #expect(near(tl.transitionTime(atWallTime: 0.2), 0.34, 1e-12))
        #expect(tl.run?.completionDuration == 0)
    }

    @Test func theDriveIsWrittenAndReadInASpec() throws {
        let spec =
            #"{"layers": [{"id": "a", "frame": [0, 0, 10, 10]}], "animations": [{"duration": 1, "timing": "easeInEaseOut", "changes": {"a": {"alpha": 0}}}], "interaction": {"drive": "restart", "progress": [[0, 0], [0.5, 0.6]]}}"#
        let decoded = try SpecDecoder.decodeDocument(bytes: Array(spec.utf8)).get()
        #expect(decoded.interaction?.drive == .restart)
        let tl = TimelineCompiler.compile(decoded)
        // alpha at the release: 1 − ease(0.6); then on to 0 over the remaining 0.4 s on easeInEaseOut.
        let a0 = 1 - Reference.easeInEaseOut(0.6)
        #expect(tl.run?.outcome == .finish && near(tl.run!.completionDuration, 0.4, 1e-12))
        #expect(near(tl.state("a", at: 0.7).opacity, a0 * (1 - Reference.easeInEaseOut(0.5)), 1e-9))
        let bad =
            #"{"layers": [{"id": "a", "frame": [0, 0, 10, 10]}], "interaction": {"drive": "restart", "completionSpeed": 2, "progress": [[0, 0]]}}"#
        #expect(presetProblems(bad).map(\.pointer) == ["/interaction/completionSpeed"])
    }
}
