import Foundation
import Testing
@testable import AnimaticCore
@testable import AnimaticRender

/// `content: {"image": {"aspect", "mode"}}`: UIKit's scaleAspectFill, scaleAspectFit and
/// scaleToFill, clipped by `clips`.
@Suite struct ImageContentModeTests {
    @Test func imageRectsFollowUIKitsModes() {
        // A 4:3 image in a 100 × 100 box.
        let size = Size(width: 100, height: 100)
        #expect(
            ImageContentMode.fit.imageRect(aspect: 4.0 / 3, in: size) == Rect(x: 0, y: 12.5, width: 100, height: 75))
        let fill = ImageContentMode.fill.imageRect(aspect: 4.0 / 3, in: size)
        #expect(
            abs(fill.minX + 50.0 / 3) < 1e-12 && fill.minY == 0 && abs(fill.width - 400.0 / 3) < 1e-12
                && fill.height == 100)
        #expect(
            ImageContentMode.stretch.imageRect(aspect: 4.0 / 3, in: size) == Rect(x: 0, y: 0, width: 100, height: 100))
        // A tall image: fit is height-limited, fill width-limited.
        #expect(ImageContentMode.fit.imageRect(aspect: 0.5, in: size) == Rect(x: 25, y: 0, width: 50, height: 100))
        #expect(ImageContentMode.fill.imageRect(aspect: 0.5, in: size) == Rect(x: 0, y: -50, width: 100, height: 200))
    }

    private func spec(mode: String, clips: Bool) throws -> Timeline {
        let json = """
            {"layers": [{"id": "photo", "frame": [10, 20, 100, 100], "clips": \(clips),
                         "content": {"image": {"aspect": 2, "mode": "\(mode)"}}}]}
            """
        return TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
    }

    @Test func theModeIsDecodedEncodedAndChecked() throws {
        let tl = try spec(mode: "fill", clips: true)
        #expect(tl.layers[0].spec.imageMode == .fill)
        #expect(try SpecDecoder.decode(SpecEncoder.encode(tl.spec)).get() == tl.spec)
        let bad =
            #"{"layers": [{"id": "p", "frame": [0, 0, 1, 1], "content": {"image": {"aspect": 1, "mode": "cover"}}}]}"#
        guard case .failure(let e) = SpecDecoder.decode(bytes: Array(bad.utf8)) else {
            Issue.record("accepted"); return
        }
        #expect(e.problems.map(\.pointer) == ["/layers/0/content/image/mode"])
    }

    @Test func svgAndLottieDrawEachMode() throws {
        for (mode, ratio) in [("fill", "xMidYMid slice"), ("fit", "xMidYMid meet"), ("stretch", "none")] {
            let svg = String(decoding: AnimatedSVGEncoder.encode(try spec(mode: mode, clips: false)), as: UTF8.self)
            #expect(svg.contains("preserveAspectRatio=\"\(ratio)\""), "\(mode)")
        }
        // Lottie: aspect-fill of a 2:1 image in 100 × 100 is 200 × 100 centred; clipped, the bounds.
        func imageCorners(_ tl: Timeline) -> [Point] {
            let s = tl.states(at: 0)[0]
            return LottieEncoder.imageRect(
                2, mode: tl.layers[0].spec.imageMode, clips: tl.layers[0].spec.clips, in: s.size)
        }
        #expect(
            imageCorners(try spec(mode: "fill", clips: false))
                == [Point(x: -50, y: 0), Point(x: 150, y: 0), Point(x: 150, y: 100), Point(x: -50, y: 100)])
        #expect(
            imageCorners(try spec(mode: "fill", clips: true))
                == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        #expect(
            imageCorners(try spec(mode: "fit", clips: true))
                == [Point(x: 0, y: 25), Point(x: 100, y: 25), Point(x: 100, y: 75), Point(x: 0, y: 75)])
    }

    /// Document 002: `transitionImageView.contentMode = .scaleAspectFill`, `clipsToBounds = true`.
    @Test func zoomsImagesAreAspectFill() throws {
        let json = #"{"preset": "zoom", "params": {"imageAspect": 1.5}}"#
        let tl = TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
        for id in ["thumbnail", "transitionImage", "toImage"] {
            let layer = tl.layers[tl.layerIndex(id)!].spec
            #expect(layer.imageMode == .fill && layer.clips, "\(id)")
        }
    }
}
