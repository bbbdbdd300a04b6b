import Foundation
import Testing
@testable import AnimaticCore

/// Each preset's end, as its document's completion block leaves it and then
/// `completeTransition(_:)` removes the view UIKit does not keep — for every interactive
/// preset in both outcomes, and for the presets that always finish. One row per case.
@Suite struct CompletionOutcomeTests {
    /// One preset run and what its end must show.
    struct End: Sendable, CustomTestStringConvertible {
        var label: String
        var preset: String
        var params = "{}"
        /// The run's outcome; nil for a preset that is not interactive.
        var outcome: InteractionOutcome? = nil
        /// The ids of the layers showing at the end; compared in order when `inOrder`.
        var shown: [String]
        var inOrder = false
        /// Why `shown` is what it is (the source's lines).
        var why = ""
        /// Layers whose end quad is this rectangle (x, y, w, h).
        var frames: [String: [Double]] = [:]
        /// Layers whose end rotation about y is this many degrees, within a tolerance.
        var yRotation: [String: (degrees: Double, tolerance: Double)] = [:]
        /// Layers whose end transform is the identity.
        var identity: [String] = []
        /// Layers whose end opacity is this.
        var opacity: [String: Double] = [:]
        /// Layers still showing just before the end (the run is still on them).
        var showingJustBefore: [String] = []

        var testDescription: String { label }

        static let all: [End] = [
            // MARK: interactive presets, both outcomes
            End(
                label: "tabSlide finished", preset: "tabSlide",
                params: #"{"interactive": true, "progress": [[0, 0], [0.2, 0.7]]}"#, outcome: .finish,
                shown: ["to"], why: "completeTransition(YES) removes the from-view",
                frames: ["to": [0, 0, 390, 844]]),
            End(
                label: "tabSlide cancelled", preset: "tabSlide",
                params: #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#, outcome: .cancel,
                shown: ["from"],
                why:
                    "if (!didComplete) { toView.frame = initialToFrame; fromView.frame = initialFromFrame; }; completeTransition(NO) removes the to-view",
                frames: ["from": [0, 0, 390, 844], "to": [390, 0, 390, 844]]),
            End(
                label: "fold finished", preset: "fold",
                params: #"{"interactive": true, "progress": [[0, 0], [0.2, 0.8]]}"#, outcome: .finish,
                shown: ["to"], why: "strips removed, both views restored, from-view removed",
                frames: ["to": [0, 0, 390, 844]]),
            // The issue's case: a cancelled fold used to end with the to-strips as 64 pt wedges.
            End(
                label: "fold cancelled", preset: "fold",
                params: #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#, outcome: .cancel,
                shown: ["from"], why: "strips removed, both views restored, to-view removed",
                frames: ["from": [0, 0, 390, 844]], showingJustBefore: ["fromFold0L"]),
            End(
                label: "flip dismissal finished", preset: "flip",
                params: #"{"operation": "dismiss", "interactive": true, "progress": [[0, 0], [0.2, 0.8]]}"#,
                outcome: .finish, shown: ["to"],
                why: "fromVC.view.isHidden = false; snapshot removed; completeTransition(true) removes the from-view",
                yRotation: ["to": (0, 1e-9)]),
            // The issue's case: a cancelled flip dismissal used to end with the snapshot
            // showing and the presented view hidden.
            End(
                label: "flip dismissal cancelled", preset: "flip",
                params: #"{"operation": "dismiss", "interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#,
                outcome: .cancel, shown: ["from"], why: "snapshot removed, from-view shown, to-view removed",
                frames: ["from": [0, 0, 390, 844]]),
            End(
                label: "zoom dismissal finished", preset: "zoom",
                params:
                    #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 198, 470], [0.2, 203, 545]]}"#,
                outcome: .finish, shown: ["to", "thumbnail", "tabBar"],
                why:
                    "transitionImageView removed, both reference image views shown; the from-view (detail) removed; the tab bar is the tab bar controller's"
            ),
            End(
                label: "zoom dismissal cancelled", preset: "zoom",
                params:
                    #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 195, 560], [0.2, 195, 530]]}"#,
                outcome: .cancel, shown: ["from", "fromImage", "tabBar"],
                why: "the grid (to-view) leaves with completeTransition(false)", opacity: ["from": 1]),
            // MARK: presets that always finish
            End(
                label: "popup presentation", preset: "popup", shown: ["parent", "addEntry"], inOrder: true,
                why: "UIModalPresentationCustom keeps the presenting view"),
            End(label: "popup dismissal", preset: "popup", params: #"{"operation": "dismiss"}"#, shown: ["parent"]),
            End(
                label: "containerSpring", preset: "containerSpring", shown: ["to"],
                why: "fromViewController.view.transform = CGAffineTransformIdentity", identity: ["from"]),
            End(
                label: "scaleFade", preset: "scaleFade", shown: ["to"],
                why: "fromViewController.view.transform = CGAffineTransformIdentity", identity: ["from"]),
            End(
                label: "flip presentation", preset: "flip", shown: ["to"],
                why: "snapshot removed, to shown; a full-screen presentation removes the from-view",
                yRotation: ["from": (0, 1e-12)]),
            End(
                label: "zoom presentation", preset: "zoom", shown: ["to", "toImage", "tabBar"],
                why: "a push removes the grid (from-view) with its thumbnail"),
        ]
    }

    @Test(arguments: End.all) func theEndIsTheCompletionBlocksThenCompleteTransitions(_ c: End) throws {
        let tl = try presetTimeline(c.preset, c.params)
        #expect(tl.run?.outcome == c.outcome, "\(c.label)")
        let end = tl.states(at: tl.duration)
        let shown = end.filter { !$0.hidden }.map(\.id)
        if c.inOrder {
            #expect(shown == c.shown, "\(c.label): \(c.why)")
        } else {
            #expect(Set(shown) == Set(c.shown) && shown.count == c.shown.count, "\(c.label): \(c.why)")
        }
        for (id, r) in c.frames {
            #expect(near(tl.state(id, at: tl.duration).quad, quad(r[0], r[1], r[2], r[3])), "\(c.label): \(id)")
        }
        for (id, r) in c.yRotation {
            #expect(
                near(yRotationDegrees(tl.state(id, at: tl.duration).transform), r.degrees, r.tolerance),
                "\(c.label): \(id)")
        }
        for id in c.identity {
            #expect(tl.state(id, at: tl.duration).transform.isIdentity, "\(c.label): \(id): \(c.why)")
        }
        for (id, alpha) in c.opacity {
            #expect(near(tl.state(id, at: tl.duration).opacity, alpha, 1e-9), "\(c.label): \(id)")
        }
        for id in c.showingJustBefore {
            #expect(!tl.state(id, at: tl.duration - 1e-6).hidden, "\(c.label): \(id) just before the end")
        }
    }

    @Test func everyInteractivePresetOfTheDocumentsIsHereInBothOutcomes() {
        let interactive = End.all.filter { $0.outcome != nil }
        for preset in ["tabSlide", "fold", "flip", "zoom"] {
            #expect(
                Set(interactive.filter { $0.preset == preset }.compactMap(\.outcome)) == [.finish, .cancel], "\(preset)"
            )
        }
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
