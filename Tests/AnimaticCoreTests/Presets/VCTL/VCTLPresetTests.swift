import Foundation
import Testing
@testable import AnimaticCore

/// Each VCTransitionsLibrary preset on the library's numbers (ColinEberhardt/VCTransitionsLibrary @ 4ce0512).
@Suite struct VCTLPresetTests {
    @Test func crossfadeFadesTheFromViewOverTheToView() throws {
        let tl = try presetTimeline("crossfade")
        let block = try #require(tl.block)
        #expect(block.duration == 1 && block.timing == .easeInEaseOut)
        #expect(tl.spec.layers.map(\.id) == ["to", "from"], "the to-view is sent to the back")
        #expect(near(tl.state("from", at: 0.3).opacity, 1 - Curves.easeInEaseOut(0.3), 1e-9))
        #expect(tl.state("to", at: 0.3).opacity == 1)
        // Completion: the from-view is removed, its alpha set back to 1.
        #expect(tl.finalState("from").hidden && tl.finalState("from").opacity == 1)
        #expect(try presetTimeline("crossfade", #"{"reverse": true}"#).spec == tl.spec, "reverse is ignored")
    }

    @Test func panUsesTheLibrarys320PointNumbersInBothDirections() throws {
        let tl = try presetTimeline("pan")
        #expect(tl.transitionDuration == 0.3 && tl.block?.timing == .easeInEaseOut)
        #expect(tl.spec.layers.map(\.id) == ["from", "to"], "forward: the to-view is brought to the front")
        #expect(near(tl.state("to", at: 0).quad[0].x, 320) && near(tl.transitionState("to", at: 0.3).quad[0].x, 0))
        let f = Curves.easeInEaseOut(0.5)
        #expect(near(tl.state("from", at: 0.15).quad[0].x, -160 * f, 1e-9))
        #expect(near(tl.state("to", at: 0.15).quad[0].x, 320 - 320 * f, 1e-9))
        #expect(tl.finalState("from").hidden)
        let back = try presetTimeline("pan", #"{"reverse": true}"#)
        #expect(back.spec.layers.map(\.id) == ["to", "from"], "reverse: the to-view is sent to the back")
        #expect(
            near(back.state("to", at: 0).quad[0].x, -160) && near(back.transitionState("from", at: 0.3).quad[0].x, 320))
    }

    @Test func portalOpensTheDoorsOverTheZoomingToView() throws {
        let tl = try presetTimeline("portal")
        let block = try #require(tl.block)
        #expect(block.duration == 1 && block.timing == .easeOut)
        #expect(tl.spec.layers.first?.id == "toSnapshot", "the to-snapshot is sent to the back")
        // The snapshot starts at 0.8 and looks full size at the end (bounds 1.25×, scale 0.8).
        #expect(near(tl.state("toSnapshot", at: 0).quad, quad(39, 84.4, 312, 675.2), 1e-9))
        #expect(near(tl.transitionState("toSnapshot", at: 1).quad, quad(0, 0, 390, 844), 1e-9))
        let f = Curves.easeOut(0.4)
        #expect(near(tl.state("fromLeft", at: 0.4).quad[0].x, -195 * f, 1e-9))
        #expect(near(tl.state("fromRight", at: 0.4).quad[0].x, 195 + 195 * f, 1e-9))
        // Visible width of the snapshot at 0.4: 0.8 × (390 + (487.5 − 390) f).
        let snapshot = tl.state("toSnapshot", at: 0.4)
        #expect(near(snapshot.quad[1].x - snapshot.quad[0].x, 0.8 * (390 + 97.5 * f), 1e-9))
        #expect(!tl.finalState("to").hidden && tl.finalState("fromLeft").hidden && tl.finalState("toSnapshot").hidden)

        let back = try presetTimeline("portal", #"{"reverse": true}"#)
        #expect(near(back.state("toLeft", at: 0).quad[0].x, -195) && near(back.state("toRight", at: 0).quad[0].x, 390))
        #expect(
            near(back.transitionState("toLeft", at: 1).quad[0].x, 0)
                && near(back.transitionState("toRight", at: 1).quad[0].x, 195))
        #expect(near(back.transitionState("from", at: 1).transform.m11, 0.8))
        #expect(near(back.finalState("to").quad, quad(0, 0, 390, 844)) && back.finalState("from").hidden)
    }

    @Test func turnTurnsTheFromViewThenTheToViewWithTheContainersPerspective() throws {
        let tl = try presetTimeline("turn")
        let k = try #require(tl.keyframeBlock)
        #expect(k.duration == 1 && k.calculationMode == .linear)
        #expect(k.keyframes.map { [$0.relativeStart, $0.relativeDuration] } == [[0, 0.5], [0.5, 0.5]])
        #expect(tl.spec.container.perspective == 500, "m34 = −0.002 on the container")
        #expect(
            near(yRotationDegrees(tl.state("to", at: 0).transform), 90),
            "forward: the to-view starts at −factor × 90° = +90°")
        // The whole block is eased; the from-view's key runs over the first half of it.
        let f = Curves.easeInEaseOut(0.2)
        #expect(near(yRotationDegrees(tl.state("from", at: 0.2).transform), -90 * f / 0.5, 1e-6))
        #expect(near(yRotationDegrees(tl.transitionState("from", at: 1).transform), -90, 1e-9))
        #expect(tl.transitionState("to", at: 1).transform == .identity)
        let back = try presetTimeline("turn", #"{"reverse": true, "direction": "horizontal"}"#)
        #expect(near(xRotationDegrees(back.state("to", at: 0).transform), -90, 1e-9))
        #expect(near(xRotationDegrees(back.transitionState("from", at: 1).transform), 90, 1e-9))
    }

    @Test func pageFlipTurnsTheFromHalfThenLandsTheToHalf() throws {
        let tl = try presetTimeline("pageFlip")
        let k = try #require(tl.keyframeBlock)
        #expect(k.duration == 1 && k.calculationMode == .linear && tl.spec.container.perspective == 500)
        #expect(
            tl.spec.layers.map(\.id) == [
                "from", "to", "toLeft", "toRight", "toRightShadow", "fromLeft", "fromLeftShadow", "fromRight",
            ])
        #expect(
            tl.spec.layer("fromLeft")?.anchor == Point(x: 1, y: 0.5)
                && tl.spec.layer("toRight")?.anchor == Point(x: 0, y: 0.5))
        // Both flaps hinge on the spine, x = W/2, their frames unchanged.
        #expect(near(tl.state("fromLeft", at: 0).quad, quad(0, 0, 195, 844)))
        #expect(near(yRotationDegrees(tl.state("toRight", at: 0).transform), -90, 1e-9))
        let gradient = try #require(tl.spec.layer("fromLeftShadow")?.gradient)
        #expect(
            gradient.colors[0].alpha == 0 && near(gradient.colors[1].alpha, 0.5, 1 / 255)
                && gradient.start == Point(x: 0, y: 0) && gradient.end == Point(x: 1, y: 0))
        #expect(tl.state("fromLeftShadow", at: 0).opacity == 0 && tl.state("toRightShadow", at: 0).opacity == 1)
        let f = Curves.easeInEaseOut(0.3)
        #expect(near(yRotationDegrees(tl.state("fromLeft", at: 0.3).transform), 90 * f / 0.5, 1e-6))
        #expect(near(tl.state("fromLeftShadow", at: 0.3).opacity, f / 0.5, 1e-9))
        // The to flap lands at −0.001 rad, not 0.
        #expect(near(yRotationDegrees(tl.transitionState("toRight", at: 1).transform), -0.001 * 180 / .pi, 1e-9))
        #expect(
            tl.spec.layers.map(\.id).filter { $0 != "to" }.allSatisfy { tl.finalState($0).hidden }
                && !tl.finalState("to").hidden)
        let back = try presetTimeline("pageFlip", #"{"reverse": true}"#)
        #expect(
            back.spec.layer("fromRight")?.anchor == Point(x: 0, y: 0.5)
                && near(yRotationDegrees(back.state("toLeft", at: 0).transform), 90, 1e-9))
    }

    @Test func cardsKeepsTheLibrarysTransformsAndKeyTimes() throws {
        let tl = try presetTimeline("cards")
        let k = try #require(tl.keyframeBlock)
        #expect(k.duration == 1 && k.calculationMode == .cubic)
        #expect(
            zip(
                k.keyframes.flatMap { [$0.relativeStart, $0.relativeDuration] }, [0, 0.4, 0.2, 0.4, 0.6, 0.2, 0.8, 0.2]
            ).allSatisfy { near($0, $1, 1e-12) })
        // t1 by hand: rotate 15° about x, then scale 0.95, then m34 = −1/900.
        let c = cos(15 * Double.pi / 180), s = sin(15 * Double.pi / 180)
        let t1 = CardsPreset.t1
        #expect(
            near(t1.m22, 0.95 * c) && near(t1.m23, s) && near(t1.m24, -s / 900) && near(t1.m33, c)
                && near(t1.m34, -c / 900))
        let t2 = CardsPreset.t2(height: 844)
        #expect(near(t2.m11, 0.8) && near(t2.m42, -0.08 * 844) && near(t2.m34, -1.0 / 900))
        // The overlapping keyframes make the from-view's key times 0, 0.4, 0.6: the track
        // passes through t1 at 0.4 and t2 at 0.6 of the eased block.
        func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
            zip(a.entries, b.entries).allSatisfy { near($0, $1, 1e-6) }
        }
        #expect(close(tl.state("from", at: easeInEaseOutTime(reaching: 0.4, duration: 1)).transform, t1))
        #expect(near(tl.state("from", at: easeInEaseOutTime(reaching: 0.4, duration: 1)).opacity, 0.6, 1e-6))
        #expect(close(tl.state("from", at: easeInEaseOutTime(reaching: 0.6, duration: 1)).transform, t2))
        #expect(near(tl.state("to", at: 0).quad[0].y, 844))
        #expect(
            near(tl.state("to", at: easeInEaseOutTime(reaching: 0.8, duration: 1)).quad[0].y, 844 - 30, 1e-6),
            "the literal −30 pt step")
        #expect(near(tl.transitionState("to", at: 1).quad, quad(0, 0, 390, 844), 1e-9))
        let back = try presetTimeline("cards", #"{"reverse": true}"#)
        #expect(
            back.spec.layers.map(\.id) == ["to", "from"] && near(back.state("to", at: 0).transform.m11, 0.6)
                && back.state("to", at: 0).opacity == 0.6)
        #expect(
            near(back.transitionState("from", at: 1).quad[0].y, 844)
                && back.transitionState("to", at: 1).transform == .identity)
    }

    @Test func natGeoHasTheLibrarysFourTransforms() throws {
        let tl = try presetTimeline("natGeo")
        let k = try #require(tl.keyframeBlock)
        #expect(k.calculationMode == .cubic && k.duration == 1)
        #expect(near(k.keyframes[1].relativeStart, 0.2, 1e-7) && near(k.keyframes[1].relativeDuration, 0.8, 1e-7))
        #expect(tl.spec.layer("from")?.anchor == Point(x: 0, y: 0.5) && tl.spec.layers.last?.id == "to")
        // sourceLast by hand: x + 170, z − 30, rotate 80° about y, then m34 −1/500. The
        // hinge (the left edge, at x = 0 of the layer) therefore moves by 170 along the turned x axis.
        let a = Double(Float(80) / 180) * .pi
        let m = NatGeoPreset.sourceLast
        #expect(
            near(m.m11, cos(a)) && near(m.m13, -sin(a)) && near(m.m41, 170 * cos(a) + -30 * sin(a))
                && near(m.m43, -170 * sin(a) - 30 * cos(a)))
        #expect(near(m.m44, 1 - (-170 * sin(a) - 30 * cos(a)) / 500, 1e-12))
        #expect(NatGeoPreset.destinationLast.m34 == -0.002 && NatGeoPreset.destinationFirst.m34 != 0)
        func close(_ a: Transform3D, _ b: Transform3D) -> Bool {
            zip(a.entries, b.entries).allSatisfy { near($0, $1, 1e-9) }
        }
        #expect(close(tl.transitionState("to", at: 1 - 1e-9).transform, NatGeoPreset.destinationLast))
        #expect(tl.finalState("to").transform == .identity && tl.finalState("from").hidden)
        let back = try presetTimeline("natGeo", #"{"reverse": true}"#)
        #expect(back.spec.layer("to")?.anchor == Point(x: 0, y: 0.5))
        // The same projective matrix up to its scale (the engine normalises m44 to 1).
        let shown = back.state("to", at: 0).transform, m44 = NatGeoPreset.sourceLast.m44
        #expect(zip(shown.entries, NatGeoPreset.sourceLast.entries).allSatisfy { near($0 * m44, $1, 1e-6) })
    }

    @Test func cubeTurnsAboutTheSharedEdgeWhileTheContainerSlides() throws {
        let tl = try presetTimeline("cube")
        #expect(tl.block?.duration == 1 && tl.block?.timing == .easeInEaseOut)
        // Forward (dir −1): from anchored left, to anchored right, both hinged at x = W/2 after the slide.
        #expect(
            tl.spec.layer("from")?.anchor == Point(x: 0, y: 0.5) && tl.spec.layer("to")?.anchor == Point(x: 1, y: 0.5))
        #expect(near(tl.state("from", at: 0).quad, quad(0, 0, 390, 844)))
        let to0 = tl.state("to", at: 0).transform
        #expect(to0.m34 == -0.005 && near(yRotationDegrees(to0), 90, 1e-9), "rotation −dir × 90° with m34 overwritten")
        let f = Curves.easeInEaseOut(0.5)
        #expect(
            near(tl.state("from", at: 0.5).position.x, -195 + 390 * f + 195, 1e-9),
            "the container's translation −W/2 → W/2")
        #expect(
            near(tl.state("fromCover", at: 0.5).opacity, f, 1e-9)
                && near(tl.state("toCover", at: 0.5).opacity, 1 - f, 1e-9))
        #expect(tl.spec.layer("fromCover")?.fill == Color(red: 0, green: 0, blue: 0, alpha: 0.8))
        // Each cover is its view's subview: it turns with it.
        #expect(
            tl.spec.layer("toCover")?.parent == "to"
                && near(tl.state("toCover", at: 0.5).quad, tl.state("to", at: 0.5).quad, 1e-6))
        #expect(near(tl.transitionState("to", at: 1).quad, quad(0, 0, 390, 844), 1e-9))
        #expect(
            near(tl.finalState("to").quad, quad(0, 0, 390, 844), 1e-9) && tl.finalState("from").hidden
                && tl.finalState("toCover").hidden)
        let vertical = try presetTimeline("cube", #"{"way": "vertical", "reverse": true}"#)
        #expect(
            vertical.spec.layer("to")?.anchor == Point(x: 0.5, y: 0)
                && near(xRotationDegrees(vertical.state("to", at: 0).transform), 90, 1e-9))
        #expect(near(vertical.state("from", at: 0).quad, quad(0, 0, 390, 844)))
    }

    @Test func explodeCutsTheLibrarysGridAndIsDeterministic() throws {
        #expect(ExplodePreset.pieces(Size(width: 390, height: 844)).count == 220)
        #expect(ExplodePreset.pieces(Size(width: 375, height: 667)).count == 180)
        let tl = try presetTimeline("explode")
        #expect(tl.block?.duration == 1 && tl.spec.layers.count == 222)
        #expect(near(tl.state("piece0", at: 0).quad, quad(0, 0, 39, 39), 1e-9))
        for i in [0, 57, 219] {
            let start = tl.state("piece\(i)", at: 0), end = tl.transitionState("piece\(i)", at: 1)
            let dx = end.position.x - start.position.x, dy = end.position.y - start.position.y
            #expect(abs(dx) <= 100 && abs(dy) <= 100 && end.opacity == 0)
            // Scale 0.01 then a rotation of at most 10 rad.
            #expect(near(hypot(end.transform.m11, end.transform.m12), 0.01, 1e-12))
            let f = Curves.easeInEaseOut(0.5)
            #expect(near(tl.state("piece\(i)", at: 0.5).position.x, start.position.x + dx * f, 1e-9))
        }
        #expect(tl.finalState("piece3").hidden)
        let again = try presetTimeline("explode")
        #expect(SpecEncoder.encode(again.spec) == SpecEncoder.encode(tl.spec))
        let other = try presetTimeline("explode", #"{"seed": 2}"#)
        #expect(other.state("piece0", at: 1) != tl.state("piece0", at: 1))
        #expect(
            presetProblems(#"{"preset": "explode", "params": {"width": 100, "height": 3000}}"#).map(\.pointer) == [
                "/params/height"
            ])
    }
}
