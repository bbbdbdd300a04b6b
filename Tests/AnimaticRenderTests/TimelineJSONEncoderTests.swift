import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

private let slide = """
    {"container": {"width": 390, "height": 844},
     "layers": [{"id": "from", "frame": [0, 0, 390, 844], "fill": "#f2f2f7", "label": "History"},
                {"id": "to", "frame": [390, 0, 390, 844], "fill": "#34c759"}],
     "animations": [{"duration": 0.25, "changes": {"to": {"frame": [0, 0, 390, 844]}, "from": {"frame": [-390, 0, 390, 844]}}},
                    {"delay": 0.1, "duration": 0.5, "timing": {"spring": {"dampingRatio": 0.6, "initialVelocity": 0}},
                     "changes": {"to": {"alpha": 0.5}}}]}
    """

private func encoded(_ json: String, _ options: TimelineOptions) throws -> (Timeline, [String: Any]) {
    let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
    let bytes = TimelineJSONEncoder.encode(tl, options: options)
    let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    return (tl, try #require(object))
}

@Suite struct TimelineJSONEncoderTests {
    @Test func framesCarryTheFixedFieldsAtEveryFrameTime() throws {
        let (tl, json) = try encoded(slide, TimelineOptions(fps: 60, includeFrames: true))
        #expect(json["duration"] as? Double == 0.6)
        #expect(json["fps"] as? Int == 60)
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 37)
        for (k, frame) in frames.enumerated() {
            let t = try #require(frame["t"] as? Double)
            #expect(abs(t - min(Double(k) / 60, 0.6)) < 1e-6)
            let layers = try #require(frame["layers"] as? [[String: Any]])
            #expect(layers.map { $0["id"] as? String } == ["from", "to"])
            // The exact frame time; the written one is rounded to a millionth of a second.
            let states = tl.states(at: tl.frameTimes(fps: 60)[k])
            for (layer, state) in zip(layers, states) {
                let quad = try #require(layer["quad"] as? [[Double]])
                #expect(quad.count == 4)
                for (corner, expected) in zip(quad, state.quad) {
                    #expect(abs(corner[0] - expected.x) <= 5e-7 && abs(corner[1] - expected.y) <= 5e-7)
                }
                #expect(abs((layer["opacity"] as? Double ?? -1) - state.opacity) <= 5e-7)
                #expect(layer["visible"] as? Bool == true)
            }
        }
    }

    @Test func tracksDescribeCurvesExactlyAndSpringsBySamples() throws {
        let (_, json) = try encoded(slide, TimelineOptions())
        #expect(json["frames"] == nil)
        let layers = try #require(json["layers"] as? [[String: Any]])
        let to = try #require(layers.first { $0["id"] as? String == "to" })
        let tracks = try #require(to["tracks"] as? [String: Any])
        let position = try #require(tracks["position"] as? [String: Any])
        let segment = try #require((position["segments"] as? [[String: Any]])?.first)
        let curve = try #require(segment["curve"] as? [String: Any])
        #expect(curve["type"] as? String == "cubicBezier")
        #expect(curve["points"] as? [Double] == [0.42, 0, 0.58, 1])
        #expect(segment["from"] as? [Double] == [585, 422] && segment["to"] as? [Double] == [195, 422])
        let alpha = try #require((tracks["alpha"] as? [String: Any])?["segments"] as? [[String: Any]])
        let spring = try #require(alpha.first?["curve"] as? [String: Any])
        #expect(spring["type"] as? String == "spring")
        let samples = try #require(spring["samples"] as? [[Double]])
        #expect(samples.first == [0, 0] && samples.last == [1, 1])
        #expect(samples.contains { $0[1] > 1.05 }, "ζ = 0.6 overshoots")
        // Sizes do not change, so no size track is written (UIKit adds no animation either).
        #expect(tracks["size"] == nil)
    }

    @Test func outputIsDeterministic() throws {
        let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(slide.utf8)).get())
        let options = TimelineOptions(fps: 30, includeFrames: true)
        #expect(TimelineJSONEncoder.encode(tl, options: options) == TimelineJSONEncoder.encode(tl, options: options))
    }
}

@Suite struct FrameTransformFieldTests {
    @Test func framesCarryALayersOwnTransformOnlyWhenItIsNotTheIdentity() throws {
        let spec = """
            {"layers": [{"id": "still", "frame": [0, 0, 10, 10]},
                        {"id": "turning", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"turning": {"transform": [{"rotate": 90}]}}}]}
            """
        let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(spec.utf8)).get())
        let bytes = TimelineJSONEncoder.encode(tl, options: TimelineOptions(fps: 2, includeFrames: true))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let frames = try #require(json["frames"] as? [[String: Any]])
        #expect(frames.count == 3)
        for (k, frame) in frames.enumerated() {
            let layers = try #require(frame["layers"] as? [[String: Any]])
            #expect(layers[0]["transform"] == nil, "the identity is left out")
            let turning = layers[1]["transform"] as? [Double]
            if k == 0 {
                #expect(turning == nil)
            } else {
                // Half-way the layer has turned 45°: m11 = cos 45°, m12 = sin 45°.
                let angle = Double(k) * 45 * .pi / 180
                let m = try #require(turning)
                #expect(abs(m[0] - cos(angle)) < 1e-6 && abs(m[1] - sin(angle)) < 1e-6)
            }
        }
    }
}

@Suite struct ColorWritingTests {
    @Test func colorsAreWrittenAsColorHexStringSpellsThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let c = Color(
                red: .random(in: 0...1, using: &generator), green: .random(in: 0...1, using: &generator),
                blue: .random(in: 0...1, using: &generator),
                alpha: Bool.random(using: &generator) ? 1 : .random(in: 0...1, using: &generator))
            var w = JSONWriter()
            w.color(c)
            #expect(String(decoding: w.bytes, as: UTF8.self) == "\"\(c.hexString)\"")
        }
        var w = JSONWriter()
        w.color(Color(red: 1, green: 0, blue: 0.5, alpha: 0.5))
        #expect(String(decoding: w.bytes, as: UTF8.self) == "\"#ff008080\"")
    }
}
