import Foundation
import Testing
@testable import AnimaticCore

@Suite struct PopupPresetTests {
    @Test func presentFadesInA280By170PopupCentredOnTheParent() throws {
        let tl = try presetTimeline("popup")
        #expect(tl.transitionDuration == 0.25)
        // Centred in 390 × 844: x = 195 − 140, y = 422 − 85.
        #expect(near(tl.state("addEntry", at: 0).quad, quad(55, 337, 280, 170)))
        #expect(near(tl.state("addEntry", at: 0.25).quad, quad(55, 337, 280, 170)))
        #expect(tl.state("addEntry", at: 0).opacity == 0)
        #expect(tl.state("addEntry", at: 0.25).opacity == 1)
        // The default curve is symmetric: half-way in time is half-way in alpha.
        #expect(near(tl.state("addEntry", at: 0.125).opacity, 0.5))
        #expect(near(tl.state("addEntry", at: 0.0625).opacity, Reference.easeInEaseOut(0.25), 1e-7))
        for t in [0, 0.1, 0.25] {
            #expect(near(tl.state("parent", at: t).quad, quad(0, 0, 390, 844)))
            #expect(tl.state("parent", at: t).opacity == 1)
        }
    }

    @Test func landscapeIs170By280() throws {
        let tl = try presetTimeline("popup", #"{"orientation": "landscape"}"#)
        #expect(near(tl.state("addEntry", at: 0.25).quad, quad(195 - 85, 422 - 140, 170, 280)))
    }

    @Test func dismissFadesThePopupOutAndLeavesTheParent() throws {
        let tl = try presetTimeline("popup", #"{"operation": "dismiss"}"#)
        #expect(tl.state("addEntry", at: 0).opacity == 1)
        #expect(near(tl.state("addEntry", at: 0.125).opacity, 0.5))
        #expect(tl.state("addEntry", at: 0.25).opacity == 0)
        #expect(tl.state("addEntry", at: 0.25).hidden, "removed when the dismissal completes")
        #expect(near(tl.state("parent", at: 0.25).quad, quad(0, 0, 390, 844)))
    }

    @Test func aContainerTooSmallForThePopupIsAProblem() {
        let problems = presetProblems(#"{"preset": "popup", "params": {"width": 200}}"#)
        #expect(problems.map(\.pointer) == ["/params/width"])
    }
}
