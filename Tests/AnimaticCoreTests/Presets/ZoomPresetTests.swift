import Foundation
import Testing
@testable import AnimaticCore

@Suite struct ZoomPresetTests {
    @Test func aspectFitOfA4By3ImageIn390By844() {
        let fit = ZoomPreset.aspectFitFrame(imageAspect: 4.0 / 3, in: Size(width: 390, height: 844))
        #expect(fit == Rect(x: 0, y: 275.75, width: 390, height: 292.5))
        // A tall image touches top and bottom instead.
        let tall = ZoomPreset.aspectFitFrame(imageAspect: 0.25, in: Size(width: 390, height: 844))
        #expect(tall == Rect(x: (390 - 211) / 2, y: 0, width: 211, height: 844))
    }

    @Test func zoomInMovesTheImageFromTheThumbnailToTheAspectFitFrameOnASpring() throws {
        let tl = try presetTimeline("zoom", #"{"thumbnail": [16, 120, 128, 128], "imageAspect": 1.3333333333333333}"#)
        #expect(tl.transitionDuration == 0.5)
        #expect(near(tl.state("transitionImage", at: 0).quad, quad(16, 120, 128, 128)))
        #expect(near(tl.state("transitionImage", at: 0.5).quad, quad(0, 275.75, 390, 292.5), 1e-9))
        #expect(tl.state("to", at: 0).opacity == 0 && tl.state("to", at: 0.5).opacity == 1)
        #expect(tl.state("tabBar", at: 0).opacity == 1 && tl.state("tabBar", at: 0.5).opacity == 0)
        let p = SpringParameters.uikit(dampingRatio: 0.8, initialVelocity: 0, duration: 0.5)
        var overshoot = 0.0
        for k in 1..<50 {
            let t = Double(k) / 100
            let f = Reference.spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: 0, at: t)
            let image = tl.state("transitionImage", at: t)
            #expect(near(image.size.width, 128 + (390 - 128) * f, 1e-6), "t = \(t)")
            #expect(near(image.quad[0].y, 120 + (275.75 - 120) * f, 1e-6), "t = \(t)")
            #expect(near(tl.state("to", at: t).opacity, min(f, 1), 1e-9), "t = \(t)")
            overshoot = max(overshoot, image.size.width - 390)
        }
        #expect(overshoot > 1, "damping 0.8 overshoots the full frame")
        // The thumbnail and the destination image are hidden during; the block shows both at
        // the end, and the push then removes the grid with its thumbnail. The transition
        // image view is removed.
        #expect(tl.state("thumbnail", at: 0.25).hidden && tl.state("thumbnail", at: 0.5).hidden)
        #expect(tl.state("toImage", at: 0.25).hidden && !tl.state("toImage", at: 0.5).hidden)
        #expect(!tl.state("transitionImage", at: 0.25).hidden && tl.state("transitionImage", at: 0.5).hidden)
    }

    @Test func zoomOutIsTheMirrorIn025Seconds() throws {
        let tl = try presetTimeline("zoom", #"{"operation": "dismiss"}"#)
        #expect(tl.transitionDuration == 0.25)
        #expect(near(tl.state("transitionImage", at: 0).quad, quad(0, 275.75, 390, 292.5)))
        #expect(near(tl.state("transitionImage", at: 0.25).quad, quad(16, 120, 128, 128)))
        #expect(tl.state("from", at: 0).opacity == 1 && tl.state("from", at: 0.25).opacity == 0)
        #expect(tl.state("tabBar", at: 0).opacity == 0 && tl.state("tabBar", at: 0.25).opacity == 1)
    }

    @Test func theDismissalPanMovesAndScalesTheImageWithTheFinger() throws {
        let tl = try presetTimeline(
            "zoom",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 198, 470], [0.2, 203, 545]]}"#
        )
        let run = try #require(tl.run)
        #expect(run.drive == .direct)
        #expect(run.outcome == .finish)
        #expect(run.phases.map(\.name) == ["interactive", "finish"])
        #expect(run.releaseTime == 0.2 && near(tl.duration, 0.45, 1e-12))
        // At the second sample: translation (3, 48).
        let delta = 48.0
        let alpha = 1 - delta / 211, scale = 1 - 0.5 * delta / 422
        let image = tl.state("transitionImage", at: 0.1)
        let center = Point(x: 195 + 3, y: 422 + 48 - 292.5 * scale * (1 - scale) / 2)
        #expect(near(image.position, center, 1e-9))
        #expect(near(image.quad[2].x - image.quad[0].x, 390 * scale, 1e-9))
        #expect(near(tl.state("from", at: 0.1).opacity, alpha, 1e-12))
        #expect(near(tl.state("tabBar", at: 0.1).opacity, 1 - alpha, 1e-12))
        #expect(near(run.percent(atWallTime: 0.1), 1 - scale, 1e-12))
        // Between samples the state is interpolated linearly in time.
        let halfway = tl.state("from", at: 0.05).opacity
        #expect(near(halfway, (1 + alpha) / 2, 1e-12))
        // Finish: 0.25 s to the thumbnail, from-view alpha 0, tab bar alpha 1.
        #expect(near(tl.state("transitionImage", at: tl.duration).quad, quad(16, 120, 128, 128), 1e-9))
        #expect(tl.state("from", at: tl.duration).opacity == 0)
        #expect(tl.state("tabBar", at: tl.duration).opacity == 1)
    }

    @Test func theDismissalCancelsWhenReleasedMovingUp() throws {
        let tl = try presetTimeline(
            "zoom",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 195, 560], [0.2, 195, 530]]}"#
        )
        let run = try #require(tl.run)
        #expect(run.outcome == .cancel)
        #expect(run.phases.map(\.name) == ["interactive", "cancel"])
        // Spring 0.5 s, damping 0.9, back to the source frame with alpha 1.
        #expect(near(tl.duration, 0.7, 1e-12))
        guard case .block(let release) = tl.spec.animations.last else { Issue.record("a block"); return }
        #expect(release.timing == .springDamping(ratio: 0.9, initialVelocity: 0) && release.duration == 0.5)
        #expect(near(tl.state("transitionImage", at: tl.duration).quad, quad(0, 275.75, 390, 292.5), 1e-9))
        #expect(tl.state("from", at: tl.duration).opacity == 1)
        #expect(tl.state("tabBar", at: tl.duration).opacity == 0)
        // Released moving down but dragged above the anchor also cancels.
        let above = try presetTimeline(
            "zoom",
            #"{"operation": "dismiss", "interactive": true, "gesture": [[0, 195, 422], [0.1, 195, 380], [0.2, 195, 390]]}"#
        )
        #expect(above.run?.outcome == .cancel)
    }

    @Test func impossibleValuesAreProblems() {
        #expect(
            presetProblems(#"{"preset": "zoom", "params": {"thumbnail": [300, 120, 128, 128]}}"#).map(\.pointer) == [
                "/params/thumbnail"
            ])
        #expect(
            presetProblems(#"{"preset": "zoom", "params": {"interactive": true}}"#).map(\.pointer) == [
                "/params/interactive"
            ])
        #expect(
            presetProblems(
                #"{"preset": "zoom", "params": {"operation": "dismiss", "interactive": true, "gesture": [[0, 1, 1]]}}"#
            ).map(\.pointer) == ["/params/gesture"])
        #expect(
            presetProblems(
                #"{"preset": "zoom", "params": {"operation": "dismiss", "interactive": true, "gesture": [[0, 1, 1], [0, 1, 2]]}}"#
            ).map(\.pointer) == ["/params/gesture"])
        #expect(
            presetProblems(#"{"preset": "zoom", "params": {"imageAspect": -1}}"#).map(\.pointer) == [
                "/params/imageAspect"
            ])
    }

    @Test func longPansSpreadOverSeveralKeyframeBlocks() throws {
        let rows = (0...450).map { i in "[\(Double(i) / 60), 195, \(422 + Double(i) * 0.5)]" }.joined(separator: ", ")
        let tl = try presetTimeline("zoom", #"{"operation": "dismiss", "interactive": true, "gesture": [\#(rows)]}"#)
        #expect(tl.spec.animations.count == 4)  // 200 + 200 + 50 intervals, then the release
        #expect(tl.run?.outcome == .finish)
        let t = 333.0 / 60
        let delta = 333 * 0.5
        #expect(near(tl.state("from", at: t).opacity, 1 - min(delta / 211, 1), 1e-9))
    }
}
