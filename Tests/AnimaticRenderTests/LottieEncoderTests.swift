import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

private let fold = """
    {"container": {"width": 300, "height": 400, "perspective": 600, "background": "#000000"},
     "layers": [{"id": "page", "frame": [0, 0, 300, 400], "fill": "#f2f2f7", "gradient": {"colors": ["#ffffff", "#000000"]}},
                {"id": "strip", "frame": [0, 0, 300, 200], "anchor": [0.5, 1], "fill": "#ff9500", "content": {"of": "page", "rect": [0, 0, 300, 200]}},
                {"id": "card", "frame": [20, 20, 100, 60], "fill": "#007aff", "cornerRadius": 10, "hidden": true, "content": {"image": {"aspect": 2}}}],
     "animations": [{"duration": 0.5, "changes": {"strip": {"transform": [{"rotateX": 60}]}, "card": {"hidden": false, "alpha": 0.5}}}]}
    """

private func document(_ fps: Int = 30) throws -> (Timeline, [String: Any]) {
    let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(fold.utf8)).get())
    let bytes = LottieEncoder.encode(tl, options: TimelineOptions(fps: fps))
    return (tl, try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]))
}

@Suite struct LottieEncoderTests {
    @Test func topLevelAndLayerOrder() throws {
        let (_, doc) = try document()
        #expect(doc["v"] as? String == LottieEncoder.version)
        #expect(doc["fr"] as? Int == 30 && doc["ip"] as? Int == 0 && doc["op"] as? Int == 15)
        #expect(doc["w"] as? Int == 300 && doc["h"] as? Int == 400 && doc["ddd"] as? Int == 0)
        let layers = try #require(doc["layers"] as? [[String: Any]])
        // Top first; the container background last.
        #expect(layers.map { $0["nm"] as? String } == ["card", "strip", "page", "background"])
        #expect(layers.allSatisfy { $0["ty"] as? Int == 4 && $0["ddd"] as? Int == 0 })
    }

    @Test func pathKeyframesAreTheProjectedQuads() throws {
        let (tl, doc) = try document()
        let layers = try #require(doc["layers"] as? [[String: Any]])
        let strip = try #require(layers.first { $0["nm"] as? String == "strip" })
        let shapes = try #require(strip["shapes"] as? [[String: Any]])
        // Bottom to top inside the layer means the last group is the fill.
        #expect(shapes.map { $0["nm"] as? String } == ["snapshot gradient", "snapshot", "fill"])
        let fill = try #require((shapes.last?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "sh" })
        let ks = try #require(fill["ks"] as? [String: Any])
        #expect(ks["a"] as? Int == 1)
        let keys = try #require(ks["k"] as? [[String: Any]])
        // Every frame has a key; the perspective turn adds keys between frames.
        let keyFrames = keys.compactMap { $0["t"] as? Double }
        let times = tl.frameTimes(fps: 30)
        #expect(times.allSatisfy { t in keyFrames.contains { abs($0 - t * 30) < 1e-3 } })
        #expect(keys.count > times.count, "\(keys.count) keys for \(times.count) frames")
        let index = try #require(tl.layerIndex("strip"))
        var worst = 0.0
        for key in keys {
            let t = (key["t"] as? Double ?? -1) / 30
            let shape = try #require((key["s"] as? [[String: Any]])?.first)
            let v = try #require(shape["v"] as? [[Double]])
            let q = tl.states(at: t)[index].quad
            for (p, e) in zip(v, q) { worst = max(worst, abs(p[0] - e.x), abs(p[1] - e.y)) }
        }
        #expect(worst <= 5e-4)
    }

    @Test func opacityHoldsAcrossVisibilityChanges() throws {
        let (tl, doc) = try document()
        let layers = try #require(doc["layers"] as? [[String: Any]])
        let card = try #require(layers.first { $0["nm"] as? String == "card" })
        let o = try #require((card["ks"] as? [String: Any])?["o"] as? [String: Any])
        let keys = try #require(o["k"] as? [[String: Any]])
        let index = try #require(tl.layerIndex("card"))
        // Keys sit at frames and wherever the motion needs more (a key's own t says when);
        // a key followed by one at the same t holds the value just before a jump.
        for (k, key) in keys.enumerated() {
            let frame = try #require(key["t"] as? Double)
            let jumpsNext = k + 1 < keys.count && (keys[k + 1]["t"] as? Double) == frame
            let s = tl.states(at: frame / 30 - (jumpsNext ? 1e-9 : 0))[index]
            let value = (key["s"] as? [Double])?.first ?? -1
            #expect(abs(value - (s.visible ? s.opacity * 100 : 0)) < 1e-3)
        }
    }

    /// The Lottie features the encoder uses, read back from a document; docs/FORMATS.md lists them.
    @Test func featuresUsedAreTheDocumentedOnes() throws {
        let (_, doc) = try document()
        var shapeTypes = Set<String>(), animated = Set<String>(), layerKeys = Set<String>()
        func walk(_ items: [[String: Any]]) {
            for item in items {
                let ty = item["ty"] as? String ?? "?"
                shapeTypes.insert(ty)
                for (key, value) in item {
                    if (value as? [String: Any])?["a"] as? Int == 1 { animated.insert("\(ty).\(key)") }
                }
                if let it = item["it"] as? [[String: Any]] { walk(it) }
            }
        }
        for layer in doc["layers"] as? [[String: Any]] ?? [] {
            layerKeys.formUnion(layer.keys)
            for (key, value) in layer["ks"] as? [String: Any] ?? [:] where (value as? [String: Any])?["a"] as? Int == 1
            {
                animated.insert("ks.\(key)")
            }
            walk(layer["shapes"] as? [[String: Any]] ?? [])
        }
        #expect(Set(doc.keys) == Set(LottieEncoder.features["top"]!))
        #expect(layerKeys == Set(LottieEncoder.features["layer"]!))
        // A stroke (`st`) appears only for borders, which this document has none of.
        #expect(shapeTypes.union(["st"]) == Set(LottieEncoder.features["shapeTypes"]!))
        #expect(animated.isSubset(of: Set(LottieEncoder.features["animated"]!)))
        #expect(animated.isSuperset(of: ["ks.o", "sh.ks"]))
        #expect(OutputFormat.lottie.mediaType == "application/json")
    }
}
