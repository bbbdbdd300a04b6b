import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

private let slide = """
    {"container": {"width": 390, "height": 844},
     "layers": [{"id": "from", "frame": [0, 0, 390, 844], "fill": "#f2f2f7", "label": "A & <B>"},
                {"id": "to", "frame": [390, 0, 390, 844], "fill": "#34c759", "zPosition": -1}],
     "animations": [{"duration": 0.25, "timing": "easeInOut", "changes": {"to": {"frame": [0, 0, 390, 844]}}},
                    {"delay": 0.25, "duration": 0.5, "timing": {"spring": {"dampingRatio": 0.6, "initialVelocity": 0}},
                     "changes": {"from": {"alpha": 0.5}}}],
     "completion": {"from": {"hidden": true}}}
    """

private let flip = """
    {"container": {"width": 300, "height": 300, "perspective": 500},
     "layers": [{"id": "card", "frame": [50, 50, 200, 200], "fill": "#007aff", "label": "Card"}],
     "animations": [{"duration": 0.5, "changes": {"card": {"transform": [{"rotateY": 80}]}}}]}
    """

@Suite struct AnimatedSVGEncoderTests {
    @Test func exactTweensBecomeSplinesAndDrawOrderFollowsZPosition() throws {
        let tl = try timeline(slide)
        let bytes = AnimatedSVGEncoder.encode(tl, options: TimelineOptions(fps: 30))
        let root = try #require(XMLNode.parse(bytes))
        #expect(root.name == "svg" && root.attributes["viewBox"] == "0 0 390 844")
        let layers = root.children.filter { $0.attributes["data-layer"] != nil }
        #expect(layers.map { $0.attributes["data-layer"] } == ["to", "from"])  // zPosition −1 first
        // The slide: one spline interval with the ease-in-out control points, then a hold.
        let to = layers[0]
        let move = try #require(to.first("animateTransform") { $0.attributes["type"] == "translate" })
        #expect(move.attributes["calcMode"] == "spline")
        #expect(move.attributes["keyTimes"] == "0;0.333333;1")
        #expect(move.attributes["keySplines"] == "0.42 0 0.58 1;0 0 1 1")
        #expect(numbers(move.attributes["values"] ?? "") == [585, 422, 195, 422, 195, 422])
        #expect(move.attributes["fill"] == "freeze" && move.attributes["dur"] == "0.75s")
        // The label is escaped and survives.
        #expect(layers[1].first("text")?.text == "A & <B>")
        // The completion hides "from" at the end, discretely.
        let visibility = try #require(layers[1].first("animate") { $0.attributes["attributeName"] == "visibility" })
        #expect(visibility.attributes["calcMode"] == "discrete" && visibility.attributes["values"] == "visible;hidden")
    }

    @Test func sampledValuesMatchTheFramesAndSplinesMatchTheCurve() throws {
        let tl = try timeline(slide)
        let bytes = AnimatedSVGEncoder.encode(tl, options: TimelineOptions(fps: 30))
        let root = try #require(XMLNode.parse(bytes))
        let from = try #require(root.first("g") { $0.attributes["data-layer"] == "from" })
        let opacity = try #require(from.first("animate") { $0.attributes["attributeName"] == "opacity" })
        let keyTimes = numbers(opacity.attributes["keyTimes"] ?? "")
        let values = numbers(opacity.attributes["values"] ?? "")
        #expect(keyTimes.count == values.count && keyTimes.count > 10)
        let index = try #require(tl.layerIndex("from"))
        for (k, v) in zip(keyTimes, values) {
            let expected = tl.states(at: k * tl.duration)[index].opacity
            #expect(abs(v - expected) <= 1e-3, "opacity at \(k)")
        }
        // Every frame of the exact channel agrees with the engine.
        let samples = FrameSamples(tl, fps: 30)
        let toIndex = try #require(tl.layerIndex("to"))
        let plan = try #require(
            ExactPlanarMotion(
                layer: toIndex, samples: samples, channels: LayerChannels(layer: toIndex, samples: samples)))
        for t in stride(from: 0.0, through: tl.duration, by: 0.01) {
            let q = tl.states(at: t)[toIndex].quad
            let p = plan.screenMap(at: t).apply(Point(x: 0, y: 0))
            #expect(abs(p.x - q[0].x) < 1e-6 && abs(p.y - q[0].y) < 1e-6, "t = \(t)")
        }
    }

    @Test func perspectiveLayersAreAnimatedPolygonsOfTheQuads() throws {
        let tl = try timeline(flip)
        let bytes = AnimatedSVGEncoder.encode(tl, options: TimelineOptions(fps: 20, loop: true))
        let root = try #require(XMLNode.parse(bytes))
        let polygon = try #require(root.first("polygon") { $0.attributes["data-quad"] == "card" })
        let animate = try #require(polygon.first("animate") { $0.attributes["attributeName"] == "points" })
        #expect(animate.attributes["repeatCount"] == "indefinite" && animate.attributes["fill"] == nil)
        let frames = (animate.attributes["values"] ?? "").split(separator: ";")
        // Every frame has a key; the perspective turn adds keys between frames.
        let keyTimes = (animate.attributes["keyTimes"] ?? "").split(separator: ";").compactMap { Double($0) }.map {
            $0 * tl.duration
        }
        #expect(frames.count == keyTimes.count && frames.count > tl.frameTimes(fps: 20).count)
        #expect(tl.frameTimes(fps: 20).allSatisfy { t in keyTimes.contains { abs($0 - t) < 1e-5 } })
        var worst = 0.0
        for (text, t) in zip(frames, keyTimes) {
            let v = numbers(String(text))
            let q = tl.states(at: t)[0].quad
            for c in 0..<4 { worst = max(worst, abs(v[2 * c] - q[c].x), abs(v[2 * c + 1] - q[c].y)) }
        }
        #expect(worst <= 5e-5)
        // The content is drawn in two triangles clipped to the quad.
        #expect(root.all.filter { $0.name == "clipPath" }.count == 2)
    }

    @Test func outputIsDeterministic() throws {
        let tl = try timeline(flip)
        #expect(AnimatedSVGEncoder.encode(tl) == AnimatedSVGEncoder.encode(tl))
        #expect(OutputFormat.svg.mediaType == "image/svg+xml")
    }
}
