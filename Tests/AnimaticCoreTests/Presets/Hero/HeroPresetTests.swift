import Foundation
import Testing
@testable import AnimaticCore

/// Hero's default animation types on DefaultAnimationPreprocessor's numbers (HeroTransitions/Hero @ d7a72e1).
@Suite struct HeroPresetTests {
    static func standard(_ x: Double) -> Double { Reference.bezier(0.4, 0, 0.2, 1, at: x) }
    static func deceleration(_ x: Double) -> Double { Reference.bezier(0, 0, 0.2, 1, at: x) }

    @Test func pushSlidesTheToViewOverAThirdOfTheFromView() throws {
        let tl = try presetTimeline("heroPush")
        let block = try #require(tl.block)
        #expect(block.duration == 0.35 && block.timing == .bezier(CubicBezier(0, 0, 0.2, 1)))
        #expect(tl.spec.container.background == Color(red: 0, green: 0, blue: 0, alpha: 1), "Hero's containerColor")
        #expect(
            tl.spec.layers.map(\.id) == ["to", "from", "fromSnapshot", "fromOverlay", "toSnapshot"],
            "to-snapshot on top")
        let f = Self.deceleration(0.1 / 0.35)
        #expect(
            near(tl.state("toSnapshot", at: 0.1).quad[0].x, 390 * (1 - f), 1e-9), "from shift(left, appearing) = +W")
        #expect(
            near(tl.state("fromSnapshot", at: 0.1).quad[0].x, -130 * f, 1e-9), "to shift(left, disappearing) / 3 = −W/3"
        )
        #expect(near(tl.state("fromOverlay", at: 0.1).opacity, 0.1 * f, 1e-9))
        let shadow = try #require(tl.state("toSnapshot", at: 0.1).shadow)
        #expect(near(shadow.opacity, 0.5 * f, 1e-9) && shadow.radius == 5 && shadow.offset == Point(x: 0, y: 0))
        // Both views hidden behind their snapshots; the completion shows the to-view alone.
        #expect(tl.state("to", at: 0.1).hidden && tl.state("from", at: 0.1).hidden)
        #expect(
            !tl.finalState("to").hidden && tl.finalState("toSnapshot").hidden && tl.finalState("fromSnapshot").hidden)
        let up = try presetTimeline("heroPush", #"{"direction": "up"}"#)
        #expect(
            near(up.state("toSnapshot", at: 0).quad[0].y, 844)
                && near(up.transitionState("fromSnapshot", at: 0.35 - 1e-12).quad[0].y, -844.0 / 3, 1e-6))
        let right = try presetTimeline("heroPush", #"{"direction": "right"}"#)
        #expect(near(right.state("toSnapshot", at: 0).quad[0].x, -390))
    }

    @Test func pullUncoverAndPageOutPutTheFromViewOnTopWithTheStandardCurve() throws {
        for name in ["heroPull", "heroUncover", "heroPageOut"] {
            let tl = try presetTimeline(name)
            #expect(tl.block?.timing == .bezier(CubicBezier(0.4, 0, 0.2, 1)) && tl.block?.duration == 0.35, "\(name)")
            #expect(tl.spec.layers.last?.id == "fromSnapshot", "\(name): insertToViewFirst = true")
            let f = Self.standard(0.2 / 0.35)
            #expect(near(tl.state("fromSnapshot", at: 0.2).quad[0].x, -390 * f, 1e-9), "\(name)")
            #expect(near(tl.state("fromSnapshot", at: 0.2).shadow?.opacity ?? 0, 0.5 * (1 - f), 1e-9), "\(name)")
            #expect(near(tl.state("toOverlay", at: 0.2).opacity, 0.1 * (1 - f), 1e-9), "\(name)")
        }
        let pull = try presetTimeline("heroPull")
        #expect(near(pull.state("toSnapshot", at: 0).quad[0].x, 130), "pull's to-view starts W/3 to the right")
        let pageOut = try presetTimeline("heroPageOut")
        #expect(
            near(pageOut.state("toSnapshot", at: 0).quad[1].x - pageOut.state("toSnapshot", at: 0).quad[0].x, 0.7 * 390)
        )
    }

    @Test func coverAndPageInLeaveTheFromViewInPlaceOrShrinkIt() throws {
        let cover = try presetTimeline("heroCover")
        #expect(cover.block?.timing == .bezier(CubicBezier(0, 0, 0.2, 1)))
        #expect(near(cover.transitionState("fromSnapshot", at: 0.35).quad, quad(0, 0, 390, 844)))
        #expect(near(cover.transitionState("fromOverlay", at: 0.35 - 1e-12).opacity, 0.1, 1e-9))
        let pageIn = try presetTimeline("heroPageIn")
        let f = Self.deceleration(0.5)
        let q = pageIn.state("fromSnapshot", at: 0.175).quad
        #expect(near(q[1].x - q[0].x, 390 * (1 - 0.3 * f), 1e-9), "scale 1 → 0.7 about the centre")
    }

    @Test func slideZoomSlideAndFadeFollowTheDirectionAndTheDismissal() throws {
        let slide = try presetTimeline("heroSlide")
        #expect(slide.spec.layers.last?.id == "toSnapshot")
        #expect(try presetTimeline("heroSlide", #"{"reverse": true}"#).spec.layers.last?.id == "fromSnapshot")
        let zoomSlide = try presetTimeline("heroZoomSlide", #"{"direction": "down"}"#)
        // Scale 0.8 about the centre, then the full shift: the to-view starts at y = −H.
        let q = zoomSlide.state("toSnapshot", at: 0).quad
        #expect(near(q[0].y, -844 + 0.1 * 844, 1e-9) && near(q[1].x - q[0].x, 0.8 * 390, 1e-9))
        let fade = try presetTimeline("heroFade")
        #expect(fade.transitionDuration == 0.208 && fade.block?.timing == .bezier(CubicBezier(0.4, 0, 0.2, 1)))
        #expect(near(fade.state("toSnapshot", at: 0.104).opacity, Self.standard(0.5), 1e-9))
        #expect(fade.state("fromSnapshot", at: 0.104).opacity == 1, "the opaque from-view is not animated")
        #expect(
            presetProblems(#"{"preset": "heroFade", "params": {"direction": "up"}}"#).map(\.pointer) == [
                "/params/direction"
            ])
    }

    @Test func zoomAndZoomOut() throws {
        let zoom = try presetTimeline("heroZoom")
        #expect(zoom.spec.layers.last?.id == "fromSnapshot")
        let f = Self.standard(0.5)
        let from = zoom.state("fromSnapshot", at: 0.175)
        #expect(near(from.quad[1].x - from.quad[0].x, 390 * (1 + 0.3 * f), 1e-9) && near(from.opacity, 1 - f, 1e-9))
        #expect(
            near(zoom.state("toSnapshot", at: 0).quad[1].x - zoom.state("toSnapshot", at: 0).quad[0].x, 0.7 * 390, 1e-9)
        )
        #expect(zoom.state("toSnapshot", at: 0).opacity == 1, "zoom leaves the to-view's opacity alone")
        let out = try presetTimeline("heroZoomOut")
        #expect(out.spec.layers.last?.id == "toSnapshot" && out.state("toSnapshot", at: 0).opacity == 0)
        #expect(
            near(out.state("toSnapshot", at: 0).quad[1].x - out.state("toSnapshot", at: 0).quad[0].x, 1.3 * 390, 1e-9))
    }
}
