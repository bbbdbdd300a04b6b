import Foundation
import Testing
@testable import AnimaticCore

/// IBAnimatable's interactive animators (PanInteractiveAnimator, PinchInteractiveAnimator
/// @ 60b15ee): percent, the 0.99 cap, and the release at its thresholds.
@Suite struct IBAnimatableGestureTests {
    /// The run of `preset` with `params`.
    func run(_ preset: String, _ params: String) throws -> InteractiveRun {
        try #require(try presetTimeline(preset, params).run)
    }

    /// A slow pan (0.5 s) ending `travel` points along x from x = 300.
    func pan(_ travel: Double, seconds: Double = 0.5, y: Bool = false) -> String {
        y
            ? #""gesture": [[0, 100, 300], [\#(seconds), 100, \#(300 + travel)]]"#
            : #""gesture": [[0, 300, 100], [\#(seconds), \#(300 + travel), 100]]"#
    }

    @Test func slidePansOpposingTheDirectionPlayedOverTheWidth() throws {
        // slide(left) is the pop of Slide(right), whose Pan(right) reads −Δx / W.
        let half = try run("slide", #"{"interactive": true, \#(pan(-195))}"#)
        #expect(near(half.percentAtRelease, 0.5, 1e-12) && half.outcome == .cancel, "0.5 is not > 0.5")
        let past = try run("slide", #"{"interactive": true, \#(pan(-196))}"#)
        #expect(near(past.percentAtRelease, 196.0 / 390, 1e-12) && past.outcome == .finish)
        let wrongWay = try run("slide", #"{"interactive": true, \#(pan(150))}"#)
        #expect(wrongWay.percentAtRelease == 0 && wrongWay.outcome == .cancel)
        let far = try run("slide", #"{"interactive": true, \#(pan(-1000, seconds: 2))}"#)
        #expect(far.percentAtRelease == 0.99 && far.outcome == .finish, "clamped to 0.99")
        #expect(try presetTimeline("slide", #"{"interactive": true}"#).spec.interaction?.completionSpeed == 1)
        // slide(top) is the pop of Slide(bottom): Pan(bottom) reads −Δy / H.
        let up = try run("slide", #"{"direction": "top", "interactive": true, \#(pan(-506.4, y: true))}"#)
        #expect(near(up.percentAtRelease, 0.6, 1e-12) && up.outcome == .finish)
    }

    @Test func aFlickFasterThan1000PointsPerSecondFinishes() throws {
        // 0.125 s from the last sample: 125.125 pt is 1001 pt/s, 125 pt exactly 1000 (not > 1000).
        let flick = try run("slide", #"{"interactive": true, "gesture": [[0, 300, 0], [0.125, 174.875, 0]]}"#)
        #expect(near(flick.percentAtRelease, 125.125 / 390, 1e-12) && flick.outcome == .finish)
        let exact = try run("slide", #"{"interactive": true, "gesture": [[0, 300, 0], [0.125, 175, 0]]}"#)
        #expect(exact.outcome == .cancel)
        // Moving back fast past half still finishes: the rule has no cancelling flick.
        let back = try run(
            "slide", #"{"interactive": true, "gesture": [[0, 300, 0], [0.55, 0, 0], [0.6, 60, 0]]}"#)
        #expect(near(back.percentAtRelease, 240.0 / 390, 1e-12) && back.outcome == .finish)
        // Given as percentages, the speed is their rate × W: 0.3 / 0.1 s × 390 = 1170 pt/s.
        let given = try run("slide", #"{"interactive": true, "progress": [[0, 0], [0.1, 0.3]]}"#)
        #expect(given.outcome == .finish)
        let slow = try run("slide", #"{"interactive": true, "progress": [[0, 0], [0.1, 0.25]]}"#)
        #expect(slow.outcome == .cancel, "975 pt/s and 25 %")
        // InteractiveAnimator treats a cancelled recognizer as an ended one.
        let cancelled = try run("slide", #"{"interactive": true, "cancelled": true, \#(pan(-300))}"#)
        #expect(cancelled.outcome == .finish)
    }

    @Test func fadeIsAHorizontalPanEitherWay() throws {
        let right = try run("fade", #"{"interactive": true, \#(pan(234))}"#)
        let left = try run("fade", #"{"interactive": true, \#(pan(-234))}"#)
        #expect(near(right.percentAtRelease, 0.6, 1e-12) && near(left.percentAtRelease, 0.6, 1e-12))
        #expect(right.outcome == .finish && left.outcome == .finish)
    }

    @Test func turnFlipAndFoldPanMatchingTheDirectionPlayed() throws {
        let ib = #""library": "ibanimatable", "swipe": "ibanimatable""#
        // turn: vertical is left (Pan(left): +Δx / W), reverse right (−Δx / W);
        // horizontal is top (+Δy / H), reverse bottom.
        #expect(near(try run("turn", #"{\#(ib), \#(pan(117))}"#).percentAtRelease, 0.3, 1e-12))
        #expect(try run("turn", #"{\#(ib), "reverse": true, \#(pan(117))}"#).percentAtRelease == 0)
        #expect(near(try run("turn", #"{\#(ib), "reverse": true, \#(pan(-117))}"#).percentAtRelease, 0.3, 1e-12))
        let top = try run("turn", #"{\#(ib), "direction": "horizontal", \#(pan(422.0, y: true))}"#)
        #expect(near(top.percentAtRelease, 0.5, 1e-12) && top.outcome == .cancel)
        #expect(near(try run("pageFlip", #"{\#(ib), "reverse": true, \#(pan(-234))}"#).percentAtRelease, 0.6, 1e-12))
        // Interactive runs keep UIKit's completionSpeed 1: finishing from 0.6 takes 0.4 × 0.75 s.
        let fold = try run("fold", #"{"library": "ibanimatable", "interactive": true, \#(pan(234))}"#)
        #expect(near(fold.percentAtRelease, 0.6, 1e-12) && fold.outcome == .finish)
        #expect(near(fold.completionDuration, 0.4 * 0.75, 1e-12))
        let bottom = try run(
            "fold",
            #"{"library": "ibanimatable", "direction": "bottom", "interactive": true, \#(pan(-506.4, y: true))}"#)
        #expect(near(bottom.percentAtRelease, 0.6, 1e-12))
        #expect(
            presetProblems(#"{"preset": "turn", "params": {"swipe": "ibanimatable"}}"#).map(\.pointer) == [
                "/params/swipe"
            ], "IBAnimatable's gesture needs its animator")
        #expect(
            presetProblems(#"{"preset": "cards", "params": {\#(ib)}}"#).map(\.pointer) == ["/params/swipe"],
            "CardsAnimator has no gesture")
    }

    @Test func portalPinchesOpenOrClosed() throws {
        let ib = #""library": "ibanimatable", "swipe": "ibanimatable""#
        // The opening doors are driven by Pinch(open): scale / 1.2 − 1.
        let open = try run("portal", #"{\#(ib), "scale": [[0, 1], [0.2, 1.5], [0.4, 1.788]]}"#)
        #expect(near(open.percentAtRelease, 0.49, 1e-12) && open.outcome == .cancel)
        let wider = try run("portal", #"{\#(ib), "scale": [[0, 1], [0.4, 1.812]]}"#)
        #expect(near(wider.percentAtRelease, 0.51, 1e-12) && wider.outcome == .finish)
        // The closing doors by Pinch(close): 1 − scale / startScale, capped at 0.99.
        let close = try run("portal", #"{\#(ib), "reverse": true, "scale": [[0, 2], [0.4, 0.98]]}"#)
        #expect(near(close.percentAtRelease, 0.51, 1e-12) && close.outcome == .finish)
        let shut = try run("portal", #"{\#(ib), "reverse": true, "scale": [[0, 2], [0.4, 0.01]]}"#)
        #expect(shut.percentAtRelease == 0.99)
        #expect(
            presetProblems(#"{"preset": "portal", "params": {\#(ib), "gesture": [[0, 1, 1]]}}"#).map(\.pointer) == [
                "/params/gesture"
            ])
    }

    @Test func theRuleIsReportedForThePage() throws {
        let rule = try #require(PresetCatalog.named("slide")?.interactionRule())
        #expect(rule.axis == .x && rule.distance == 390 && rule.direction == -1 && rule.threshold == 0.5)
        let fade = try #require(PresetCatalog.named("fade")?.interactionRule())
        #expect(fade.direction == 0 && fade.distance == 390)
        // The VCTL presets still report the library's horizontal swipe by default.
        #expect(PresetCatalog.named("turn")?.interactionRule()?.distance == 200)
        let ib = try #require(
            PresetCatalog.named("turn")?.interactionRule(
                params: .object([("library", .string("ibanimatable")), ("swipe", .string("ibanimatable"))])))
        #expect(ib.distance == 390 && ib.direction == 1)
    }
}
