import Foundation
import Testing
@testable import AnimaticCore

@Suite struct ScaleFadePresetTests {
    @Test func fromScalesToOneTenthWhileToFadesIn() throws {
        let tl = try presetTimeline("scaleFade")
        #expect(tl.transitionDuration == 0.25)
        #expect(near(tl.state("from", at: 0).quad, quad(0, 0, 390, 844)))
        #expect(tl.state("to", at: 0).opacity == 0)
        // Just before completion: 39 × 84.4 about the centre (195, 422).
        #expect(near(tl.transitionState("from", at: 0.25 - 1e-12).quad, quad(175.5, 379.8, 39, 84.4), 1e-6))
        // Midpoint of the eased block: scale 1 − 0.9 / 2, alpha 1/2.
        #expect(
            near(
                tl.state("from", at: 0.125).quad, quad(195 - 0.55 * 195, 422 - 0.55 * 422, 0.55 * 390, 0.55 * 844), 1e-9
            ))
        #expect(near(tl.state("to", at: 0.125).opacity, 0.5))
        #expect(tl.state("to", at: 0.25).opacity == 1)
        // Completion resets the from-view's transform.
        #expect(tl.state("from", at: 0.25).transform.isIdentity)
    }
}
