import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

/// The JSON frames of a layer tree carry the rendered state the engine composes: world
/// quads, product opacity, the ancestors' clip, shadows and borders as presented.
@Suite struct TreeFramesJSONTests {
    static let card = """
        {"container": {"width": 400, "height": 400},
         "layers": [
           {"id": "card", "frame": [50, 50, 300, 300], "fill": "#ffffff", "cornerRadius": 20, "clips": true,
            "alpha": 0.8, "shadow": {"opacity": 0.3, "radius": 8, "offset": [0, 4]}, "sublayerTransform": {"perspective": 500}},
           {"id": "overlay", "parent": "card", "frame": [0, 0, 300, 300], "fill": "#000000", "alpha": 0.5,
            "border": {"width": 2, "color": "#ff0000"}}],
         "animations": [{"duration": 1, "timing": "linear",
                         "changes": {"card": {"transform": [{"rotate": 90}], "shadowOpacity": 0.6},
                                     "overlay": {"transform": [{"rotateY": 30}]}}}]}
        """

    @Test func treeFramesMatchTheComposedStates() throws {
        let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(Self.card.utf8)).get())
        let bytes = TimelineJSONEncoder.encode(tl, options: TimelineOptions(fps: 10, includeFrames: true))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 11)
        for (k, frame) in frames.enumerated() {
            let states = tl.states(at: tl.frameTimes(fps: 10)[k])
            let layers = try #require(frame["layers"] as? [[String: Any]])
            for (layer, state) in zip(layers, states) {
                let quad = try #require(layer["quad"] as? [[Double]])
                for (corner, expected) in zip(quad, state.quad) {
                    #expect(abs(corner[0] - expected.x) <= 5e-7 && abs(corner[1] - expected.y) <= 5e-7)
                }
                #expect(abs((layer["opacity"] as? Double ?? -1) - state.opacity) <= 5e-7)
            }
            let card = layers[0], overlay = layers[1]
            #expect(abs((overlay["opacity"] as? Double ?? 0) - 0.4) < 1e-9, "0.8 × 0.5")
            #expect(card["clip"] == nil)
            let clip = try #require(overlay["clip"] as? [[Double]])
            #expect(clip.count == 36, "4 corners × 9 points of the card's 20 pt corners")
            let shadow = try #require(card["shadow"] as? [String: Any])
            #expect(abs((shadow["opacity"] as? Double ?? 0) - (0.3 + 0.3 * Double(k) / 10)) < 1e-6)
            #expect(shadow["offset"] as? [Double] == [0, 4] && shadow["color"] as? String == "#000000")
            #expect(overlay["shadow"] == nil)
            let border = try #require(overlay["border"] as? [String: Any])
            #expect(border["width"] as? Double == 2 && border["color"] as? String == "#ff0000")
        }
        let layers = try #require(json["layers"] as? [[String: Any]])
        #expect(layers[1]["parent"] as? String == "card" && layers[0]["parent"] == nil)
        #expect((layers[0]["sublayerTransform"] as? [Double])?[11] == -0.002)
    }

    /// A flat timeline writes shadows and borders through its fast path too.
    @Test func flatFramesCarryShadowAndBorder() throws {
        let tl = TimelineCompiler.compile(
            try SpecDecoder.decode(
                bytes: Array(
                    """
                    {"layers": [{"id": "a", "frame": [0, 0, 10, 10], "border": {"width": 1}}],
                     "animations": [{"duration": 1, "timing": "linear", "changes": {"a": {"shadowOpacity": 1, "borderWidth": 3}}}]}
                    """.utf8)
            ).get())
        let bytes = TimelineJSONEncoder.encode(tl, options: TimelineOptions(fps: 2, includeFrames: true))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        let a = frames.map { (($0["layers"] as? [[String: Any]]) ?? [])[0] }
        #expect(a[0]["shadow"] == nil)
        #expect((a[1]["shadow"] as? [String: Any])?["opacity"] as? Double == 0.5)
        #expect((a[1]["shadow"] as? [String: Any])?["offset"] as? [Double] == [0, -3])
        #expect((a[2]["border"] as? [String: Any])?["width"] as? Double == 3)
        #expect((a[1]["border"] as? [String: Any])?["width"] as? Double == 2)
    }
}
