import Foundation
import Testing
@testable import AnimaticCore

/// IBAnimatable's animators (IBAnimatable/IBAnimatable @ 242a77f): its own slide and fade,
/// and `library: "ibanimatable"` on the VCTL presets it shares.
@Suite struct IBAnimatablePresetTests {
    @Test func slideMovesBothViewsByTheTravel() throws {
        let tl = try presetTimeline("slide")
        #expect(tl.block?.duration == 0.75 && tl.block?.timing == .easeInEaseOut)
        let f = Reference.easeInEaseOut(0.25 / 0.75)
        #expect(near(tl.state("from", at: 0.25).quad[0].x, -390 * f, 1e-9), "left: travel −W")
        #expect(near(tl.state("to", at: 0.25).quad[0].x, 390 * (1 - f), 1e-9), "the to-view starts at −travel")
        #expect(tl.state("to", at: 0.25).opacity == 1)
        let faded = try presetTimeline("slide", #"{"direction": "top", "fade": true}"#)
        #expect(near(faded.state("to", at: 0).quad[0].y, 844) && faded.state("to", at: 0).opacity == 0)
        #expect(near(faded.state("from", at: 0.25).opacity, 1 - f, 1e-9))
        #expect(
            near(try presetTimeline("slide", #"{"reverse": true}"#).state("to", at: 0).quad[0].x, -390),
            "reverse: the opposite direction")
        // Completion resets the transforms; the alpha is not restored.
        let end = faded.finalState("to")
        #expect(near(end.quad, quad(0, 0, 390, 844), 1e-9) && end.opacity == 1 && faded.finalState("from").hidden)
    }

    @Test func fadeCrossInAndOut() throws {
        let cross = try presetTimeline("fade")
        #expect(cross.block?.duration == 0.75 && cross.spec.layers.map(\.id) == ["from", "to"])
        let f = Reference.easeInEaseOut(0.5)
        #expect(
            near(cross.state("from", at: 0.375).opacity, 1 - f, 1e-9)
                && near(cross.state("to", at: 0.375).opacity, f, 1e-9))
        let into = try presetTimeline("fade", #"{"direction": "in"}"#)
        #expect(into.state("from", at: 0.375).opacity == 1 && near(into.state("to", at: 0.375).opacity, f, 1e-9))
        let out = try presetTimeline("fade", #"{"direction": "in", "reverse": true}"#)
        #expect(out.spec.layers.map(\.id) == ["to", "from"] && out.state("to", at: 0).opacity == 1)
        #expect(near(out.state("from", at: 0.375).opacity, 1 - f, 1e-9))
    }

    @Test func theLibraryParameterPlaysIBAnimatablesAnimator() throws {
        for name in ["cards", "natGeo", "pageFlip", "portal", "turn"] {
            let vctl = try presetTimeline(name), ib = try presetTimeline(name, #"{"library": "ibanimatable"}"#)
            #expect(vctl.transitionDuration == 1 && ib.transitionDuration == 0.75, "\(name)")
            #expect(try presetTimeline(name, #"{"library": "ibanimatable", "duration": 2}"#).transitionDuration == 2)
        }
        // NatGeoAnimator adds the to-view, then the from-view: the from-view is on top.
        let natGeo = try presetTimeline("natGeo", #"{"library": "ibanimatable"}"#)
        #expect(natGeo.spec.layers.map(\.id) == ["to", "from"])
        // The same numbers otherwise: turn's from-view is edge-on at the middle of 0.75 s.
        let turn = try presetTimeline("turn", #"{"library": "ibanimatable"}"#)
        #expect(near(yRotationDegrees(turn.transitionState("from", at: 0.75 - 1e-12).transform), -90, 1e-6))
        #expect(
            presetProblems(#"{"preset": "crossfade", "params": {"library": "ibanimatable"}}"#).map(\.pointer) == [
                "/params/library"
            ])
    }
}
