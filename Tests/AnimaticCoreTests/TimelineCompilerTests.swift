import Foundation
import Testing
@testable import AnimaticCore

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

private func x(of id: String, in tl: Timeline, at t: Double) -> Double {
    tl.states(at: t)[tl.layerIndex(id)!].position.x
}

@Suite struct TimelineCompilerTests {
    /// A 100 pt slide over 0.25 s with the default block curve, at every 60 fps frame.
    @Test func easeInEaseOutSlideHasTheExpectedXAtEveryFrame() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 50, 50]}],
             "animations": [{"duration": 0.25, "changes": {"v": {"frame": [100, 0, 50, 50]}}}]}
            """)
        let times = tl.frameTimes(fps: 60)
        #expect(times.count == 16)  // k = 0 … ⌈0.25 × 60⌉ = 15
        #expect(times.last == 0.25)
        for t in times {
            let expected = 25 + 100 * Reference.easeInEaseOut(t / 0.25)
            #expect(abs(x(of: "v", in: tl, at: t) - expected) < 1e-6, "t = \(t)")
        }
        #expect(abs(x(of: "v", in: tl, at: 0.125) - 75) < 1e-9, "midpoint of a symmetric curve")
    }

    @Test func frameTimesClampTheLastFrameToTheDuration() {
        let times = Timeline.frameTimes(duration: 0.6, fps: 60)
        #expect(times.count == 37)
        let odd = Timeline.frameTimes(duration: 0.26, fps: 60)
        #expect(odd.count == 17 && odd[15] == 0.25 && odd[16] == 0.26)
    }

    @Test func uikitSpringSamplesMatchTheClosedForm() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 50, 50]}],
             "animations": [{"duration": 1, "timing": {"spring": {"dampingRatio": 0.5, "initialVelocity": 0}},
                             "changes": {"v": {"position": [225, 25]}}}]}
            """)
        let p = SpringParameters.uikit(dampingRatio: 0.5, initialVelocity: 0, duration: 1)
        // The research table: D = 1, ζ = 0.5 → k ≈ 161.7, c ≈ 12.7.
        #expect(abs(p.stiffness - 161.7) < 0.05 && abs(p.damping - 12.7) < 0.05)
        var overshoot = 0.0
        for k in 0..<100 {
            let t = Double(k) / 100
            let expected =
                25 + 200 * Reference.spring(mass: 1, stiffness: p.stiffness, damping: p.damping, velocity: 0, at: t)
            #expect(abs(x(of: "v", in: tl, at: t) - expected) < 1e-9, "t = \(t)")
            overshoot = max(overshoot, x(of: "v", in: tl, at: t) - 225)
        }
        #expect(overshoot > 20, "an underdamped spring overshoots its target")
        #expect(x(of: "v", in: tl, at: 1) == 225, "the block ends at its target")
    }

    @Test func aLaterBlockTakesOverFromThePresentedValue() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 50, 50]}],
             "animations": [
               {"duration": 1, "timing": "linear", "changes": {"v": {"position": [125, 25]}}},
               {"delay": 0.5, "duration": 0.5, "timing": "linear", "changes": {"v": {"position": [25, 25]}}}]}
            """)
        // At 0.5 the first block shows 75; the second goes 75 → 25 over 0.5 s.
        #expect(abs(x(of: "v", in: tl, at: 0.5) - 75) < 1e-12)
        #expect(abs(x(of: "v", in: tl, at: 0.75) - 50) < 1e-12)
        #expect(abs(x(of: "v", in: tl, at: 1) - 25) < 1e-12)
        #expect(tl.transitionDuration == 1)
    }

    @Test func delayedBlocksHoldTheirStartValueAndChain() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 50, 50], "alpha": 0}],
             "animations": [
               {"delay": 0.2, "duration": 0.3, "timing": "linear", "changes": {"v": {"alpha": 1}}},
               {"delay": 0.5, "duration": 0.5, "timing": "linear", "changes": {"v": {"alpha": 0.5}}}]}
            """)
        let alpha = { (t: Double) in tl.states(at: t)[0].opacity }
        #expect(alpha(0.1) == 0)
        #expect(abs(alpha(0.35) - 0.5) < 1e-12)
        #expect(abs(alpha(0.75) - 0.75) < 1e-12)
        #expect(alpha(1) == 0.5)
    }

    @Test func completionAppliesAtTheEnd() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 50, 50]}],
             "animations": [{"duration": 0.5, "changes": {"v": {"alpha": 0}}}],
             "completion": {"v": {"hidden": true, "alpha": 1}}}
            """)
        #expect(tl.states(at: 0.4999)[0].visible)
        #expect(!tl.states(at: 0.5)[0].visible)
        #expect(tl.states(at: 0.5)[0].opacity == 1)
    }

    /// A layer centred in a 400 × 400 container with perspective d = 500, turned θ about y:
    /// a corner (x, y) from the anchor lands at c + (x·cosθ, y) / (1 + x·sinθ/d).
    @Test func quadsUnderPerspectiveMatchAHandComputation() throws {
        let tl = try timeline(
            """
            {"container": {"width": 400, "height": 400, "perspective": 500},
             "layers": [{"id": "v", "frame": [100, 100, 200, 200], "transform": [{"rotateY": 30}]}]}
            """)
        let quad = tl.states(at: 0)[0].quad
        let theta = 30 * Double.pi / 180, d = 500.0
        let corners: [(Double, Double)] = [(-100, -100), (100, -100), (100, 100), (-100, 100)]
        for (i, (cx, cy)) in corners.enumerated() {
            let w = 1 + cx * sin(theta) / d
            #expect(abs(quad[i].x - (200 + cx * cos(theta) / w)) < 1e-9, "corner \(i)")
            #expect(abs(quad[i].y - (200 + cy / w)) < 1e-9, "corner \(i)")
        }
        // The near edge (x < 0 here, turned towards the eye) looks taller than the far one.
        #expect(quad[3].y - quad[0].y > quad[2].y - quad[1].y)
    }

    @Test func anchorPointIsTheCentreOfRotation() throws {
        // Anchor at the left edge: turning 90° about z swings the layer down around (0, 50).
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 100, 100], "anchor": [0, 0.5], "transform": [{"rotate": 90}]}]}
            """)
        let q = tl.states(at: 0)[0].quad
        #expect(abs(q[0].x - 50) < 1e-9 && abs(q[0].y - 50) < 1e-9)  // top-left (0,0) → (50, 50)
        #expect(abs(q[1].x - 50) < 1e-9 && abs(q[1].y - 150) < 1e-9)  // top-right (100,0) → (50, 150)
    }

    @Test func transformOperationsComposeLikeUIKitChaining() throws {
        // [translate(100, 0), rotate(90)]: rotate about the anchor, then move 100 right.
        let tl = try timeline(
            """
            {"layers": [{"id": "v", "frame": [0, 0, 100, 20], "transform": [{"translate": [100, 0]}, {"rotate": 90}]}]}
            """)
        let s = tl.states(at: 0)[0]
        let centre = Point(x: (s.quad[0].x + s.quad[2].x) / 2, y: (s.quad[0].y + s.quad[2].y) / 2)
        #expect(abs(centre.x - 150) < 1e-9 && abs(centre.y - 10) < 1e-9)
        #expect(abs(s.quad[0].x - 160) < 1e-9 && abs(s.quad[0].y + 40) < 1e-9)
    }
}
