import Foundation
import Testing
@testable import AnimaticCore

@Suite struct FoldPresetTests {
    /// The right edge (top-right, bottom-right) and left edge (top-left, bottom-left) of a quad.
    private func rightEdge(_ s: LayerState) -> [Point] { [s.quad[1], s.quad[2]] }
    private func leftEdge(_ s: LayerState) -> [Point] { [s.quad[0], s.quad[3]] }
    /// The edge a strip turns about: the left edge of a left strip, the right of a right one.
    private func anchoredEdge(_ s: LayerState, left: Bool) -> [Point] { left ? leftEdge(s) : rightEdge(s) }

    @Test func stripsStartAsTheFromViewAndEndAsTheToView() throws {
        let tl = try presetTimeline("fold")
        #expect(tl.transitionDuration == 1)
        #expect(tl.spec.container.perspective == 200)
        // folds 2 in 390: foldWidth 97.5.
        for i in 0..<2 {
            let ids = FoldPreset.stripIDs(fold: i)
            let offset = Double(i) * 195
            #expect(near(tl.state(ids[0], at: 0).quad, quad(offset, 0, 97.5, 844), 1e-9))
            #expect(near(tl.state(ids[1], at: 0).quad, quad(offset + 97.5, 0, 97.5, 844), 1e-9))
            // Before completion: the from strips are edge-on at x = W, the to strips flat at their offsets.
            // Edge-on, the strip's free edge is at depth, so the perspective moves it on
            // screen; the anchored edge sits at x = W.
            let end = 1 - 1e-12
            #expect(anchoredEdge(tl.transitionState(ids[0], at: end), left: true).allSatisfy { near($0.x, 390, 1e-6) })
            #expect(anchoredEdge(tl.transitionState(ids[1], at: end), left: false).allSatisfy { near($0.x, 390, 1e-6) })
            #expect(near(yRotationDegrees(tl.transitionState(ids[0], at: end).transform), 90, 1e-6))
            #expect(near(yRotationDegrees(tl.transitionState(ids[1], at: end).transform), -90, 1e-6))
            #expect(near(tl.transitionState(ids[2], at: end).quad, quad(offset, 0, 97.5, 844), 1e-6))
            #expect(near(tl.transitionState(ids[3], at: end).quad, quad(offset + 97.5, 0, 97.5, 844), 1e-6))
            // The to strips start edge-on at x = 0.
            #expect(anchoredEdge(tl.state(ids[2], at: 0), left: true).allSatisfy { near($0.x, 0, 1e-9) })
            #expect(anchoredEdge(tl.state(ids[3], at: 0), left: false).allSatisfy { near($0.x, 0, 1e-9) })
            #expect(near(yRotationDegrees(tl.state(ids[2], at: 0).transform), 90, 1e-9))
            #expect(near(yRotationDegrees(tl.state(ids[3], at: 0).transform), -90, 1e-9))
            // Shadows darken as the strip folds.
            #expect(tl.state(ids[0] + "Shadow", at: 0).opacity == 0 && tl.state(ids[0] + "Shadow", at: 1).opacity == 1)
            #expect(tl.state(ids[2] + "Shadow", at: 0).opacity == 1 && tl.state(ids[2] + "Shadow", at: 1).opacity == 0)
            #expect(near(tl.state(ids[1] + "Shadow", at: 0.5).opacity, 0.5, 1e-12))
        }
        // The views are out of sight during and restored by completion, when the strips go;
        // then completeTransition(true) removes the from-view.
        #expect(tl.state("from", at: 0.5).hidden && tl.state("to", at: 0.5).hidden)
        #expect(tl.state("from", at: 1).hidden && !tl.state("to", at: 1).hidden)
        #expect(tl.state("toFold0L", at: 1).hidden && tl.state("fromFold1RShadow", at: 1).hidden)
        #expect(near(tl.state("to", at: 1).quad, quad(0, 0, 390, 844)))
    }

    @Test func neighbouringEdgesStayInContactAtMidTransition() throws {
        for folds in [1, 2, 3] {
            let tl = try presetTimeline("fold", #"{"folds": \#(folds)}"#)
            let t = 0.5
            // Left to right on screen: to strips, then from strips; each pair shares an anchored edge.
            var chain: [String] = []
            for i in 0..<folds { chain += [FoldPreset.stripIDs(fold: i)[2], FoldPreset.stripIDs(fold: i)[3]] }
            for i in 0..<folds { chain += [FoldPreset.stripIDs(fold: i)[0], FoldPreset.stripIDs(fold: i)[1]] }
            // Pairs (R of one fold, L of the next) and (last to strip, first from strip).
            var pairs: [(String, String)] = []
            for k in stride(from: 1, to: chain.count - 1, by: 2) { pairs.append((chain[k], chain[k + 1])) }
            #expect(pairs.count == 2 * folds - 1)
            for (a, b) in pairs {
                let right = rightEdge(tl.state(a, at: t)), left = leftEdge(tl.state(b, at: t))
                #expect(near(right, left, 1e-6), "\(a) | \(b) with \(folds) folds")
                // And they are really apart from where they started (the strips did move).
            }
            #expect(tl.state(chain[1], at: t).quad[1].x > 0 && tl.state(chain[1], at: t).quad[1].x < 390)
        }
    }

    @Test func theCreaseOfAFoldOverlapsAsCoreAnimationInterpolatesIt() throws {
        // Position moves linearly and the angle turns linearly with the same eased
        // fraction p, so the two halves of a crease meet only where cos(90° p) = 1 − p:
        // at mid-transition (p = 1/2) they overlap by 2 × foldWidth × (cos 45° − 1/2)
        // in depth-free terms. A distant eye makes the projection nearly orthographic.
        let tl = try presetTimeline("fold", #"{"perspective": 1000000}"#)
        let left = tl.state("fromFold0L", at: 0.5), right = tl.state("fromFold0R", at: 0.5)
        let overlap = left.quad[1].x - right.quad[0].x
        #expect(near(overlap, 2 * 97.5 * (cos(Double.pi / 4) - 0.5), 0.05))
    }

    @Test func goingToAHigherTabMirrorsTheFold() throws {
        let tl = try presetTimeline("fold", #"{"from": 0, "to": 1}"#)
        #expect(
            anchoredEdge(tl.transitionState("fromFold0L", at: 1 - 1e-12), left: true).allSatisfy { near($0.x, 0, 1e-6) }
        )
        #expect(
            anchoredEdge(tl.transitionState("fromFold1R", at: 1 - 1e-12), left: false).allSatisfy {
                near($0.x, 0, 1e-6)
            })
        #expect(anchoredEdge(tl.state("toFold0L", at: 0), left: true).allSatisfy { near($0.x, 390, 1e-9) })
    }

    @Test func theSwipeFinishesPastHalfWithCompletionSpeedOneMinusPercent() throws {
        let tl = try presetTimeline(
            "fold", #"{"interactive": true, "gesture": [[0, 100, 400], [0.1, 160, 400], [0.2, 230, 400]]}"#)
        let run = try #require(tl.run)
        #expect(near(run.percentAtRelease, 0.65, 1e-12))
        #expect(run.outcome == .finish)
        // completionSpeed = 1 − percentComplete, taken at this release (the spec holds the rule).
        #expect(tl.spec.interaction!.completionSpeedFromPercent)
        #expect(near(tl.spec.interaction!.completionSpeed(releasedAt: run.percentAtRelease), 0.35, 1e-12))
        // (1 − p) × D / (1 − p) = D.
        #expect(near(run.completionDuration, 1, 1e-12))
        let short = try presetTimeline(
            "fold", #"{"interactive": true, "gesture": [[0, 100, 400], [0.1, 60, 400], [0.2, 30, 400]]}"#)
        #expect(near(short.run!.percentAtRelease, 0.35, 1e-12), "|Δx| / 200: either direction")
        #expect(short.run?.outcome == .cancel)
        // Cancelled: the library's completion block removes every strip and restores both
        // views; completeTransition(false) removes the to-view.
        let end = short.states(at: short.duration)
        #expect(end.filter { !$0.hidden }.map(\.id) == ["from"])
        #expect(near(short.state("from", at: short.duration).quad, quad(0, 0, 390, 844)))
    }

    /// CEFoldAnimationController: from strips end at CATransform3DRotate(transform, ±π/2, 0, 1, 0)
    /// with transform.m34 = −0.005, so m14 = ±0.005 in their own target matrix.
    @Test func fromStripsCarryTheLibrarysPerspectiveInTheirOwnTransform() throws {
        let tl = try presetTimeline("fold")
        let left = tl.transitionState("fromFold0L", at: 1).transform
        let right = tl.transitionState("fromFold0R", at: 1).transform
        #expect(near(left.m14, 0.005, 1e-15) && near(right.m14, -0.005, 1e-15), "m14 \(left.m14), \(right.m14)")
        #expect(near(left.m34, 0, 1e-15) && near(left.m13, -1, 1e-15) && near(left.m31, 1, 1e-15))
        // The to strips start at a plain rotation.
        #expect(tl.transitionState("toFold0L", at: 0).transform.m14 == 0)
        // In between, the interpolated perspective moves the strip's free edge off the
        // plain rotation's path.
        let t = 0.5
        let withPerspective = tl.transitionState("fromFold0L", at: t).quad
        var noOwnPerspective = tl.transitionState("fromFold0L", at: t)
        noOwnPerspective.transform = Transform3D.rotation(.pi / 2 * Reference.easeInEaseOut(t), x: 0, y: 1, z: 0)
        let composed = LayerState.composedMatrix(
            position: noOwnPerspective.position, zPosition: 0, size: noOwnPerspective.size,
            anchor: noOwnPerspective.anchor, transform: noOwnPerspective.transform,
            containerSublayer: tl.containerSublayer)
        let free = LayerState.corners(size: noOwnPerspective.size, matrix: composed).1
        let gap = abs(withPerspective[1].x - free.x)
        #expect(gap > 1, "free edge \(withPerspective[1].x) vs plain rotation \(free.x): \(gap) pt apart")
    }

    @Test func impossibleFoldsAreProblems() {
        #expect(presetProblems(#"{"preset": "fold", "params": {"folds": 0}}"#).map(\.pointer) == ["/params/folds"])
        #expect(presetProblems(#"{"preset": "fold", "params": {"folds": 2.5}}"#).map(\.pointer) == ["/params/folds"])
        #expect(presetProblems(#"{"preset": "fold", "params": {"from": 0, "to": 0}}"#).map(\.pointer) == ["/params/to"])
    }
}
