import Foundation
import Testing
@testable import AnimaticCore

/// Presets restated as trees where their sources are trees: the fold's gradient views are
/// subviews of their strips, the zoom's reference images subviews of their controllers'
/// views. The frames are those of the flat statement: each gradient on its strip's quad
/// with its own alpha, each image on its own frame.
@Suite struct PresetTreeTests {
    @Test func foldShadowsAreSublayersOfTheirStripsAndFollowThem() throws {
        for params in [#"{}"#, #"{"folds": 3, "from": 0, "to": 1}"#] {
            let tl = try presetTimeline("fold", params)
            let folds = tl.spec.layers.filter { $0.id.hasSuffix("Shadow") }
            #expect(folds.count == (params == "{}" ? 8 : 12))
            for shade in folds {
                let strip = String(shade.id.dropLast("Shadow".count))
                #expect(shade.parent == strip)
                #expect(!tl.layers[tl.layerIndex(shade.id)!].track(.transform).isAnimated, "no motion of its own")
                for t in stride(from: 0.0, through: tl.duration, by: 0.1) {
                    let s = tl.state(shade.id, at: t), st = tl.state(strip, at: t)
                    #expect(near(s.quad, st.quad, 1e-9), "\(shade.id) at \(t)")
                    #expect(s.hidden == st.hidden)
                    // The strip is opaque: the gradient's rendered alpha is its own.
                    #expect(near(s.opacity, tl.layers[tl.layerIndex(shade.id)!].values(at: t).alpha, 1e-12))
                }
            }
            // The library removes the strips at the end; their gradients go with them.
            let end = tl.duration
            #expect(folds.allSatisfy { tl.state($0.id, at: end).hidden })
        }
    }

    @Test func zoomImagesAreSublayersOfTheirViews() throws {
        let present = try presetTimeline("zoom")
        #expect(present.spec.layer("thumbnail")?.parent == "from" && present.spec.layer("toImage")?.parent == "to")
        // The thumbnail sits on its own frame (the grid is the container's bounds).
        #expect(near(present.state("thumbnail", at: 0).quad, quad(16, 120, 128, 128)))
        // Shown at the end with the to-view; the removed grid takes its thumbnail along.
        let end = present.duration
        #expect(!present.state("toImage", at: end).hidden && present.state("thumbnail", at: end).hidden)
        let dismiss = try presetTimeline("zoom", #"{"operation": "dismiss"}"#)
        #expect(dismiss.spec.layer("fromImage")?.parent == "from")
        #expect(
            dismiss.state("fromImage", at: dismiss.duration).hidden
                && !dismiss.state("thumbnail", at: dismiss.duration).hidden)
    }
}
