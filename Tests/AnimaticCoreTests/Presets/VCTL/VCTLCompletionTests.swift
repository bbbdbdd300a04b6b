import Foundation
import Testing
@testable import AnimaticCore

/// Both end states of every VCTL and Hero preset against the source's completion block and
/// completeTransition's rule (a container: finished keeps the to-view, cancelled the from-view).
@Suite struct VCTLCompletionTests {
    static let finishing = #""progress": [[0, 0], [0.2, 0.8]]"#
    static let cancelling = #""progress": [[0, 0], [0.2, 0.3]]"#

    /// The layers visible at the end of a swipe that finishes or cancels.
    func visibleAtEnd(_ name: String, _ extra: String = "", cancel: Bool) throws -> (Set<String>, Timeline) {
        let interaction =
            name.hasPrefix("hero")
            ? #""interactive": true, "progress": [[0, 0], [0.2, 0.5]], "outcome": "\#(cancel ? "cancel" : "finish")""#
            : #""swipe": "horizontal", \#(cancel ? Self.cancelling : Self.finishing)"#
        let tl = try presetTimeline(name, "{\(interaction)\(extra)}")
        #expect(tl.run?.outcome == (cancel ? .cancel : .finish), "\(name)")
        let states = tl.states(at: tl.duration)
        return (Set(states.filter { !$0.hidden && $0.opacity > 0 }.map(\.id)), tl)
    }

    @Test(arguments: ["crossfade", "pan", "turn", "cards", "natGeo", "cube", "explode", "pageFlip", "portal"])
    func finishedKeepsTheToViewAndCancelledTheFromView(_ name: String) throws {
        for reverse in [false, true] {
            let extra = #", "reverse": \#(reverse)"#
            let (finished, f) = try visibleAtEnd(name, extra, cancel: false)
            #expect(finished == ["to"], "\(name) reverse \(reverse) finished: \(finished)")
            #expect(near(f.states(at: f.duration)[f.layerIndex("to")!].quad, quad(0, 0, 390, 844), 1e-6), "\(name)")
            let (cancelled, c) = try visibleAtEnd(name, extra, cancel: true)
            #expect(cancelled == ["from"], "\(name) reverse \(reverse) cancelled: \(cancelled)")
            let from = c.states(at: c.duration)[c.layerIndex("from")!]
            if !(name == "portal" && reverse) {
                #expect(
                    near(from.quad, quad(0, 0, 390, 844), 1e-6),
                    "\(name) reverse \(reverse): the from-view back in place")
            }
        }
    }

    @Test func theCancelBranchesOfTheSource() throws {
        // Crossfade: the from-view's alpha is set back to 1 in both outcomes.
        let (_, crossfade) = try visibleAtEnd("crossfade", cancel: true)
        #expect(crossfade.states(at: crossfade.duration)[crossfade.layerIndex("from")!].opacity == 1)
        // Cards reverse: a cancel resets the to-view to the identity and alpha 1.
        let cards = try presetTimeline("cards", #"{"reverse": true, "swipe": "vertical", \#(Self.cancelling)}"#)
        let to = cards.states(at: cards.duration)[cards.layerIndex("to")!]
        #expect(to.transform == .identity && to.opacity == 1)
        // Portal reverse: the block scaled the from-view to 0.8 and no cancelled branch resets
        // it (CEPortalAnimationController, PortalAnimator's executeBackwardAnimation): the
        // kept from-view ends at 0.8 about its centre, 312 × 675.2 at (39, 84.4).
        for library in ["vctl", "ibanimatable"] {
            let portal = try presetTimeline(
                "portal", #"{"reverse": true, "library": "\#(library)", "swipe": "horizontal", \#(Self.cancelling)}"#)
            let from = portal.states(at: portal.duration)[portal.layerIndex("from")!]
            #expect(portal.run?.outcome == .cancel && !from.hidden)
            #expect(near(from.quad, quad(39, 84.4, 312, 675.2), 1e-9), "\(library)")
            let mid = portal.states(at: portal.run!.releaseTime)[portal.layerIndex("from")!]
            #expect(mid.quad[0].x > 0, "scaled while the finger holds it")
        }
    }

    @Test(arguments: ["heroPush", "heroPull", "heroSlide", "heroFade", "heroZoom", "heroPageOut"])
    func heroRestoresTheViewsAndRemovesTheSnapshots(_ name: String) throws {
        let (finished, _) = try visibleAtEnd(name, cancel: false)
        #expect(finished == ["to"], "\(name): \(finished)")
        let (cancelled, _) = try visibleAtEnd(name, cancel: true)
        #expect(cancelled == ["from"], "\(name): \(cancelled)")
    }
}
