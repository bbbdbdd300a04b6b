import Foundation
import Testing
@testable import AnimaticCore

/// Each preset's end, as its document's completion block leaves it and then
/// `completeTransition(_:)` removes the view UIKit does not keep — for every interactive
/// preset in both outcomes.
@Suite struct CompletionOutcomeTests {
    /// The ids of the layers showing at the end of the timeline.
    private func shownAtEnd(_ tl: Timeline) -> [String] { tl.states(at: tl.duration).filter { !$0.hidden }.map(\.id) }

    private func outcome(_ tl: Timeline) -> InteractionOutcome? { tl.run?.outcome }

    // MARK: interactive presets, both outcomes

    @Test func tabSlideFinishedKeepsTheToViewAtItsFinalFrame() throws {
        let tl = try presetTimeline("tabSlide", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.7]]}"#)
        #expect(outcome(tl) == .finish)
        #expect(shownAtEnd(tl) == ["to"], "completeTransition(YES) removes the from-view")
        #expect(near(tl.state("to", at: tl.duration).quad, quad(0, 0, 390, 844)))
    }

    @Test func tabSlideCancelledPutsBothFramesBackAndKeepsTheFromView() throws {
        let tl = try presetTimeline("tabSlide", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#)
        #expect(outcome(tl) == .cancel)
        // if (!didComplete) { toView.frame = initialToFrame; fromView.frame = initialFromFrame; }
        #expect(shownAtEnd(tl) == ["from"], "completeTransition(NO) removes the to-view")
        #expect(near(tl.state("from", at: tl.duration).quad, quad(0, 0, 390, 844)))
        #expect(near(tl.state("to", at: tl.duration).quad, quad(390, 0, 390, 844)))
    }

    @Test func foldFinishedRemovesTheStripsAndTheFromView() throws {
        let tl = try presetTimeline("fold", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.8]]}"#)
        #expect(outcome(tl) == .finish)
        #expect(shownAtEnd(tl) == ["to"], "strips removed, both views restored, from-view removed")
        #expect(near(tl.state("to", at: tl.duration).quad, quad(0, 0, 390, 844)))
    }

    /// The issue's case: a cancelled fold used to end with the to-strips as 64 pt wedges.
    @Test func foldCancelledRemovesTheStripsAndKeepsTheFromView() throws {
        let tl = try presetTimeline("fold", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#)
        #expect(outcome(tl) == .cancel)
        #expect(shownAtEnd(tl) == ["from"], "strips removed, both views restored, to-view removed")
        #expect(near(tl.state("from", at: tl.duration).quad, quad(0, 0, 390, 844)))
        // Just before the end the run is still on the strips.
        #expect(!tl.state("fromFold0L", at: tl.duration - 1e-6).hidden)
    }

    @Test func flipDismissalFinishedShowsTheCard() throws {
        let tl = try presetTimeline(
            "flip", #"{"operation": "dismiss", "interactive": true, "progress": [[0, 0], [0.2, 0.8]]}"#)
        #expect(outcome(tl) == .finish)
        // fromVC.view.isHidden = false; snapshot removed; completeTransition(true) removes the from-view.
        #expect(shownAtEnd(tl) == ["to"])
        #expect(near(yRotationDegrees(tl.state("to", at: tl.duration).transform), 0, 1e-9))
    }

    /// The issue's case: a cancelled flip dismissal used to end with the snapshot showing
    /// and the presented view hidden.
    @Test func flipDismissalCancelledShowsThePresentedViewAgain() throws {
        let tl = try presetTimeline(
            "flip", #"{"operation": "dismiss", "interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#)
        #expect(outcome(tl) == .cancel)
        #expect(shownAtEnd(tl) == ["from"], "snapshot removed, from-view shown, to-view removed")
        #expect(near(tl.state("from", at: tl.duration).quad, quad(0, 0, 390, 844)))
    }

    @Test func zoomDismissalFinishedShowsTheGridWithItsThumbnail() throws {
        let tl = try presetTimeline(
            "zoom",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 198, 470], [0.2, 203, 545]]}"#
        )
        #expect(outcome(tl) == .finish)
        // transitionImageView removed, both reference image views shown; the from-view (detail) removed.
        #expect(Set(shownAtEnd(tl)) == ["to", "thumbnail", "tabBar"], "the tab bar is the tab bar controller's")
    }

    @Test func zoomDismissalCancelledKeepsTheDetailWithItsImage() throws {
        let tl = try presetTimeline(
            "zoom",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 195, 560], [0.2, 195, 530]]}"#
        )
        #expect(outcome(tl) == .cancel)
        #expect(
            Set(shownAtEnd(tl)) == ["from", "fromImage", "tabBar"],
            "the grid (to-view) leaves with completeTransition(false)")
        #expect(near(tl.state("from", at: tl.duration).opacity, 1, 1e-9))
    }

    // MARK: presets that always finish

    @Test func popupPresentationKeepsTheParentAndDismissalRemovesThePopup() throws {
        let present = try presetTimeline("popup")
        #expect(shownAtEnd(present) == ["parent", "addEntry"], "UIModalPresentationCustom keeps the presenting view")
        let dismiss = try presetTimeline("popup", #"{"operation": "dismiss"}"#)
        #expect(shownAtEnd(dismiss) == ["parent"])
    }

    @Test func containerPresetsResetTheFromViewAndRemoveIt() throws {
        for name in ["containerSpring", "scaleFade"] {
            let tl = try presetTimeline(name)
            #expect(shownAtEnd(tl) == ["to"], "\(name)")
            let from = tl.state("from", at: tl.duration)
            #expect(from.transform.isIdentity, "\(name): fromViewController.view.transform = CGAffineTransformIdentity")
        }
    }

    @Test func flipPresentationShowsTheToViewAndResetsTheFromView() throws {
        let tl = try presetTimeline("flip")
        #expect(
            shownAtEnd(tl) == ["to"], "snapshot removed, to shown; a full-screen presentation removes the from-view")
        #expect(near(yRotationDegrees(tl.state("from", at: tl.duration).transform), 0, 1e-12))
    }

    @Test func zoomPresentationEndsOnTheDetailWithItsImage() throws {
        let tl = try presetTimeline("zoom")
        #expect(
            Set(shownAtEnd(tl)) == ["to", "toImage", "tabBar"], "a push removes the grid (from-view) with its thumbnail"
        )
    }
}

/// The spec language's `completion` with its `finished` / `cancelled` branches and `views`.
@Suite struct CompletionSpecTests {
    private func timeline(_ json: String) throws -> Timeline {
        TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
    }

    private func spec(completion: String, views: String, progress: String) -> String {
        """
        {"layers": [{"id": "a", "frame": [0, 0, 100, 100]}, {"id": "b", "frame": [100, 0, 100, 100]},
                    {"id": "snap", "frame": [0, 0, 50, 50]}],
         "animations": [{"duration": 1, "timing": "linear", "changes": {"b": {"frame": [0, 0, 100, 100]}, "a": {"alpha": 0.5}}}],
         "completion": \(completion), "views": \(views),
         "interaction": {"progress": \(progress)}}
        """
    }

    @Test func bothOutcomesRunTheBlockThenTheirBranchThenTheRemoval() throws {
        let completion =
            #"{"snap": {"hidden": true}, "finished": {"a": {"alpha": 1}}, "cancelled": {"b": {"alpha": 0.25}, "a": {"zPosition": 3}}}"#
        let views = #"{"from": "a", "to": "b"}"#
        let finished = try timeline(spec(completion: completion, views: views, progress: "[[0, 0], [0.5, 0.9]]"))
        let f = finished.states(at: finished.duration)
        #expect(f[2].hidden, "both outcomes")
        #expect(f[0].hidden && f[0].opacity == 1 && f[0].zPosition == 0, "finished branch, then a (from) removed")
        #expect(!f[1].hidden && f[1].opacity == 1)

        let cancelled = try timeline(spec(completion: completion, views: views, progress: "[[0, 0], [0.5, 0.2]]"))
        let c = cancelled.states(at: cancelled.duration)
        #expect(c[2].hidden, "both outcomes")
        #expect(
            !c[0].hidden && c[0].opacity == 1 && c[0].zPosition == 3,
            "initial alpha 1, the cancelled branch's zPosition")
        #expect(
            c[1].hidden && c[1].opacity == 0.25 && near(c[1].position.x, 150), "b (to) removed at its initial frame")
    }

    @Test func presentationsAndDismissalsFollowShouldRemovePresentersView() {
        let keep = TransitionViews(from: "p", to: "q", operation: .present, shouldRemovePresentersView: false)
        #expect(keep.removedView(.finish) == nil && keep.removedView(.cancel) == "q")
        let full = TransitionViews(from: "p", to: "q", operation: .present)
        #expect(full.removedView(.finish) == "p" && full.removedView(.cancel) == "q")
        let dismissOver = TransitionViews(from: "q", to: "p", operation: .dismiss, shouldRemovePresentersView: false)
        #expect(dismissOver.removedView(.finish) == "q" && dismissOver.removedView(.cancel) == nil)
        let container = TransitionViews(from: "x", to: "y")
        #expect(container.removedView(.finish) == "x" && container.removedView(.cancel) == "y")
    }

    @Test func reservedNamesAndBadViewsAreProblemsWithPointers() {
        func problems(_ json: String) -> [String] {
            guard case .failure(let e) = SpecDecoder.decode(bytes: Array(json.utf8)) else { return [] }
            return e.problems.map(\.pointer)
        }
        #expect(problems(#"{"layers": [{"id": "finished", "frame": [0, 0, 1, 1]}]}"#) == ["/layers/0/id"])
        #expect(
            problems(
                #"{"layers": [{"id": "a", "frame": [0, 0, 1, 1]}], "completion": {"finished": {"z": {"alpha": 0}}}}"#)
                == ["/completion/finished/z"])
        #expect(
            problems(#"{"layers": [{"id": "a", "frame": [0, 0, 1, 1]}], "views": {"from": "a", "to": "zz"}}"#) == [
                "/views/to"
            ])
        #expect(
            problems(
                #"{"layers": [{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "b", "frame": [0, 0, 1, 1]}], "views": {"from": "a", "to": "b", "shouldRemovePresentersView": false}}"#
            )
                == ["/views/shouldRemovePresentersView"])
    }

    @Test func theEncoderWritesBranchesAndViewsBack() throws {
        let json = spec(
            completion: #"{"snap": {"hidden": true}, "cancelled": {"b": {"alpha": 0.25}}}"#,
            views: #"{"from": "a", "to": "b", "operation": "dismiss", "shouldRemovePresentersView": false}"#,
            progress: "[[0, 0], [0.5, 0.2]]")
        let decoded = try SpecDecoder.decode(bytes: Array(json.utf8)).get()
        let again = try SpecDecoder.decode(SpecEncoder.encode(decoded)).get()
        #expect(again == decoded)
        #expect(decoded.completionIfCancelled.count == 1 && decoded.views?.operation == .dismiss)
    }
}
