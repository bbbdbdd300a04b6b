import Foundation
import Testing
@testable import AnimaticCore

@Suite struct ContainerSpringPresetTests {
    @Test func travelsWPlus16WithTheDirectionReadFromTheFrames() throws {
        // To a higher index the context puts the appearing view at +W, so the animator's
        // goingRight is false and travel = −(W + 16).
        let tl = try presetTimeline("containerSpring", #"{"from": 0, "to": 1}"#)
        #expect(tl.transitionDuration == 1)
        #expect(near(tl.state("to", at: 0).quad, quad(406, 0, 390, 844)))
        #expect(tl.state("to", at: 0).opacity == 0)
        #expect(near(tl.state("to", at: 1).quad, quad(0, 0, 390, 844)))
        #expect(tl.state("to", at: 1).opacity == 1)
        // The from-view's targets: moved by travel, faded out.
        guard case .block(let block) = tl.spec.animations[0] else { Issue.record("a block"); return }
        #expect(
            block.changes.contains(
                PropertyChange(
                    layer: "from", property: .transform,
                    value: .transform(.operations([.translate(x: -406, y: 0, z: 0)])))))
        #expect(block.timing == .springDamping(ratio: 0.75, initialVelocity: 0.5) && block.duration == 1)
        // Completion: the from-view's transform is reset (and the container removes it).
        #expect(near(tl.state("from", at: 1).quad, quad(0, 0, 390, 844)))
        #expect(tl.state("from", at: 1).hidden)

        let back = try presetTimeline("containerSpring", #"{"from": 1, "to": 0}"#)
        #expect(near(back.state("to", at: 0).quad, quad(-406, 0, 390, 844)))
    }

    @Test func theSpringOvershootsWithDamping075AndVelocity05() throws {
        let tl = try presetTimeline("containerSpring")
        let p = SpringParameters.uikit(dampingRatio: 0.75, initialVelocity: 0.5, duration: 1)
        var minimum = Double.infinity
        for k in 0..<200 {
            let t = Double(k) / 200
            let progress = Reference.spring(
                mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: 0.5, at: t)
            let x = tl.state("to", at: t).quad[0].x
            #expect(near(x, 406 * (1 - progress), 1e-6), "t = \(t)")
            #expect(near(tl.state("from", at: t).quad[0].x, -406 * progress, 1e-6), "t = \(t)")
            // Alpha rides the same spring, rendered clamped to 0…1.
            #expect(near(tl.state("to", at: t).opacity, min(max(progress, 0), 1), 1e-9), "t = \(t)")
            minimum = min(minimum, x)
        }
        #expect(minimum < -10, "damping 0.75 overshoots past the final frame")
    }

    @Test func sameIndicesAreAProblem() {
        #expect(
            presetProblems(#"{"preset": "containerSpring", "params": {"from": 2, "to": 2}}"#).map(\.pointer) == [
                "/params/to"
            ])
        #expect(
            presetProblems(#"{"preset": "containerSpring", "params": {"dampingRatio": 1.5}}"#).map(\.pointer) == [
                "/params/dampingRatio"
            ])
    }
}
