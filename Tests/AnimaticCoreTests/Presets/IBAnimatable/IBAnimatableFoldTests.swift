import Foundation
import Testing
@testable import AnimaticCore

/// `fold` with `library: "ibanimatable"`: IBAnimatable's FoldAnimator (FoldAnimator.swift @ 60b15ee).
@Suite struct IBAnimatableFoldTests {
    @Test func leftIsTheDocumentsFoldIn075Seconds() throws {
        let tl = try presetTimeline("fold", #"{"library": "ibanimatable"}"#)
        #expect(tl.block?.duration == 0.75 && tl.block?.timing == .easeInEaseOut)
        #expect(tl.spec.container.perspective == 200, "m34 = −0.005 on the container")
        #expect(tl.spec.layers.prefix(4).map(\.id) == ["from", "to", "fromFold0L", "fromFold0LShadow"])
        // Both real views wait out of sight at x = W.
        #expect(near(tl.state("from", at: 0.3).quad, quad(390, 0, 390, 844)))
        #expect(near(tl.state("to", at: 0.3).quad, quad(390, 0, 390, 844)))
        // foldSize = 390 × 0.5 / 2 = 97.5; fold 1's right from strip is anchored at its right
        // edge, at x = 390, and folds to x = W.
        let strip = try #require(tl.spec.layers.first { $0.id == "fromFold1R" })
        #expect(strip.anchor == Point(x: 1, y: 0.5) && near(strip.size.width, 97.5))
        let f = Curves.easeInEaseOut(0.5)
        #expect(near(tl.state("toFold0R", at: 0.375).position.x, 195 * f, 1e-9), "to-right of fold 0: 0 → 195")
        #expect(near(tl.state("fromFold0L", at: 0.375).position.x, 390 * f, 1e-9), "from-left of fold 0: 0 → W")
        // The from strips end at CATransform3DRotate(m34 −0.005, ±π/2, 0, 1, 0): m14 = ±0.005.
        let end = tl.transitionState("fromFold0L", at: 0.75).transform
        #expect(near(end.m14, 0.005, 1e-12) && near(end.m11, 0, 1e-12) && near(end.m34, 0, 1e-12))
        #expect(near(yRotationDegrees(tl.state("toFold0L", at: 0).transform), 90, 1e-9))
    }

    @Test func topFoldsHorizontalStripsAboutX() throws {
        let tl = try presetTimeline("fold", #"{"library": "ibanimatable", "direction": "top"}"#)
        // foldSize = H × 0.5 / 2 = 211; strips are W × 211, anchored at their top or bottom edge.
        let top = try #require(tl.spec.layers.first { $0.id == "fromFold0L" })
        #expect(top.anchor == Point(x: 0.5, y: 0) && near(top.size.width, 390) && near(top.size.height, 211))
        if case .snapshot(_, let rect)? = top.content { #expect(rect == Rect(x: 0, y: 0, width: 390, height: 211)) }
        let bottom = try #require(tl.spec.layers.first { $0.id == "fromFold1R" })
        #expect(bottom.anchor == Point(x: 0.5, y: 1) && near(bottom.position.y, 844) && near(bottom.position.x, 195))
        let f = Curves.easeInEaseOut(0.5)
        #expect(near(tl.state("fromFold0L", at: 0.375).position, Point(x: 195, y: 844 * f), 1e-9))
        #expect(near(tl.state("toFold1R", at: 0.375).position, Point(x: 195, y: 844 * f), 1e-9), "0 → 2 × 211 + 422")
        // Rotations about x: the to strips start at ±90°, the from strips end at
        // Rotate(m34 −0.005, ±π/2, 1, 0, 0), whose perspective lands in m24.
        #expect(near(xRotationDegrees(tl.state("toFold0L", at: 0).transform), 90, 1e-9))
        #expect(near(xRotationDegrees(tl.state("toFold0R", at: 0).transform), -90, 1e-9))
        let end = tl.transitionState("fromFold0L", at: 0.75).transform
        #expect(near(end.m24, -0.005, 1e-12) && near(end.m22, 0, 1e-12) && near(end.m14, 0, 1e-12))
        // The shadows keep the horizontal mode's points (valuesForAxe swaps a swapped pair back).
        let shade = try #require(tl.spec.layers.first { $0.id == "fromFold0LShadow" }?.gradient)
        #expect(shade.start == Point(x: 0, y: 0.2) && shade.end == Point(x: 1, y: 0))
    }

    @Test func rightAndBottomAreTheReverseAndATabToTheRightPlaysIt() throws {
        let bottom = try presetTimeline("fold", #"{"library": "ibanimatable", "direction": "bottom"}"#)
        #expect(near(bottom.state("toFold0L", at: 0).position.y, 844), "the to strips start at the far end")
        #expect(near(bottom.transitionState("fromFold1R", at: 0.75).position.y, 0))
        // A tab bar uses the reverse type going to a higher index: left plays right.
        let tab = try presetTimeline("fold", #"{"library": "ibanimatable", "from": 0, "to": 1}"#)
        let right = try presetTimeline("fold", #"{"library": "ibanimatable", "direction": "right"}"#)
        #expect(near(tab.transitionState("fromFold0L", at: 0.75).position.x, 0))
        for id in FoldPreset.stripIDs(fold: 1) {
            #expect(near(tab.state(id, at: 0.3).quad, right.state(id, at: 0.3).quad, 1e-9), "\(id)")
        }
    }

    @Test func bothEndStatesFollowTheCompletionBlock() throws {
        let done = try presetTimeline("fold", #"{"library": "ibanimatable", "direction": "top"}"#)
        #expect(done.finalState("fromFold0L").hidden && done.finalState("toFold1R").hidden)
        #expect(near(done.finalState("to").quad, quad(0, 0, 390, 844)) && !done.finalState("to").hidden)
        #expect(done.finalState("from").hidden, "completeTransition(true) removes the from-view")
        let cancelled = try presetTimeline(
            "fold", #"{"library": "ibanimatable", "interactive": true, "progress": [[0, 0], [0.3, 0.3]]}"#)
        #expect(cancelled.run?.outcome == .cancel)
        #expect(near(cancelled.finalState("from").quad, quad(0, 0, 390, 844)) && !cancelled.finalState("from").hidden)
        #expect(cancelled.finalState("to").hidden && cancelled.finalState("toFold0L").hidden)
        #expect(
            presetProblems(#"{"preset": "fold", "params": {"direction": "top"}}"#).map(\.pointer) == [
                "/params/direction"
            ])
        #expect(try presetTimeline("fold").block?.duration == 1, "the document's fold keeps 1 s")
    }
}
