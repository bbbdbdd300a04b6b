import Foundation
import Testing
@testable import AnimaticCore

@Suite struct FlipPresetTests {
    static let card = Rect(x: 50, y: 190, width: 290, height: 464)
    /// Wall times at which the eased keyframe block reaches 1/3 and 2/3 of its keys.
    static let oneThird = easeInEaseOutTime(reaching: 1.0 / 3, duration: 0.6)
    static let twoThirds = easeInEaseOutTime(reaching: 2.0 / 3, duration: 0.6)

    @Test func presentTurnsTheFromViewThenTheSnapshotThenGrowsIt() throws {
        let tl = try presetTimeline("flip")
        #expect(tl.transitionDuration == 0.6)
        #expect(tl.spec.container.perspective == 500)
        let snapshot = try #require(tl.spec.layer("snapshot"))
        #expect(snapshot.cornerRadius == 25 && snapshot.clips)
        #expect(snapshot.frame == Self.card)
        guard case .keyframes(let k) = tl.spec.animations[0] else { Issue.record("keyframes"); return }
        #expect(k.calculationMode == .cubic && k.keyframes.count == 3)

        // Start: snapshot edge-on at +90°, from-view flat.
        #expect(near(yRotationDegrees(tl.state("snapshot", at: 0).transform), 90, 1e-9))
        #expect(tl.state("snapshot", at: 0).quad.allSatisfy { near($0.x, 195, 1e-9) })
        #expect(near(tl.state("from", at: 0).quad, quad(0, 0, 390, 844)))
        // At 1/3 of the keys: the from-view is at −90° (edge-on), the snapshot still at +90°.
        #expect(near(yRotationDegrees(tl.state("from", at: Self.oneThird).transform), -90, 1e-6))
        #expect(tl.state("from", at: Self.oneThird).quad.allSatisfy { near($0.x, 195, 1e-6) })
        #expect(near(yRotationDegrees(tl.state("snapshot", at: Self.oneThird).transform), 90, 1e-6))
        // At 2/3: the snapshot faces the viewer at the card's frame.
        #expect(near(yRotationDegrees(tl.state("snapshot", at: Self.twoThirds).transform), 0, 1e-6))
        #expect(near(tl.state("snapshot", at: Self.twoThirds).quad, quad(50, 190, 290, 464), 1e-6))
        // The ease-in-ease-out of the keyframe block: at 0.2 s (a third of the wall time)
        // the from-view has not yet turned all the way.
        #expect(yRotationDegrees(tl.state("from", at: 0.2).transform) > -90 + 1)
        // End: full screen; the to-view shown, the snapshot removed, the from-view reset.
        #expect(near(tl.state("snapshot", at: 0.6).quad, quad(0, 0, 390, 844), 1e-9))
        #expect(tl.state("snapshot", at: 0.6).hidden && !tl.state("to", at: 0.6).hidden)
        #expect(tl.state("to", at: 0.3).hidden)
        #expect(near(tl.state("from", at: 0.6).quad, quad(0, 0, 390, 844), 1e-9))
    }

    @Test func dismissShrinksTheSnapshotThenHidesItThenTurnsTheToView() throws {
        let tl = try presetTimeline("flip", #"{"operation": "dismiss"}"#)
        #expect(near(tl.state("snapshot", at: 0).quad, quad(0, 0, 390, 844)))
        #expect(near(yRotationDegrees(tl.state("to", at: 0).transform), -90, 1e-9))
        #expect(tl.state("from", at: 0).hidden)
        #expect(near(tl.state("snapshot", at: Self.oneThird).quad, quad(50, 190, 290, 464), 1e-6))
        #expect(near(yRotationDegrees(tl.state("snapshot", at: Self.twoThirds).transform), 90, 1e-6))
        #expect(near(yRotationDegrees(tl.state("to", at: Self.twoThirds).transform), -90, 1e-6))
        #expect(near(tl.state("to", at: 0.6).quad, quad(0, 0, 390, 844), 1e-9))
        // fromVC.view.isHidden = false, the snapshot removed; then completeTransition(true)
        // removes the dismissed from-view.
        #expect(
            tl.state("from", at: 0.6).hidden && tl.state("snapshot", at: 0.6).hidden && !tl.state("to", at: 0.6).hidden)
    }

    @Test func theEdgeSwipeDrivesTheDismissal() throws {
        let tl = try presetTimeline(
            "flip",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 5, 400], [0.1, 60, 400], [0.2, 125, 400]]}"#
        )
        let run = try #require(tl.run)
        #expect(near(run.percentAtRelease, 0.6, 1e-12))
        #expect(run.outcome == .finish)
        let back = try presetTimeline(
            "flip", #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 5, 400], [0.2, 85, 400]]}"#)
        #expect(back.run?.outcome == .cancel)
        #expect(near(back.state("snapshot", at: back.duration).quad, quad(0, 0, 390, 844)))
    }

    @Test func aCardOutsideTheContainerIsAProblem() {
        #expect(
            presetProblems(#"{"preset": "flip", "params": {"card": [300, 100, 200, 300]}}"#).map(\.pointer) == [
                "/params/card"
            ])
        #expect(
            presetProblems(#"{"preset": "flip", "params": {"card": [0, 0, 0, 300]}}"#).map(\.pointer) == [
                "/params/card"
            ])
        #expect(
            presetProblems(#"{"preset": "flip", "params": {"interactive": true}}"#).map(\.pointer) == [
                "/params/interactive"
            ])
    }
}
