import AnimaticCore
import AnimaticImages
import Testing

@testable import AnimaticRaster

/// Pictures drawn by the raster formats: a known pixel of a known picture lands where the
/// layer's map (affine or projective) puts that point of the picture, in sRGB.
@Suite struct ImagePainterTests {
    /// The three-colour picture stretched over a 200 × 100 layer (5 pt per picture pixel):
    /// red where bounds x < 100, blue right and above y = 50, green right and below.
    static func stretched(transform: String, perspective: Bool = false) -> Timeline {
        let uri = TestPictures.dataURI(TestPictures.threeColours)
        return TestPictures.timeline(
            """
            {"container": {"width": 300, "height": 240\(perspective ? #", "perspective": 300"# : "")},
             "layers": [{"id": "a", "frame": [50, 70, 200, 100]\(transform.isEmpty ? "" : #", "transform": "# + transform),
                         "content": {"image": {"data": "\(uri)", "mode": "stretch"}}}]}
            """, library: TestPictures.library(TestPictures.threeColours, width: 40, height: 20))
    }

    /// The frame's pixel at the container point where the layer's matrix takes `point` of its bounds.
    static func sample(_ t: Timeline, _ point: Point, scale: Int = 2) -> [Int] {
        let p = t.states(at: 0)[0].matrix.apply(to: point)
        let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: scale)).frame(at: 0)
        return f.pixel(Int(p.x * Double(scale)), Int(p.y * Double(scale)))
    }

    static let regions: [(point: Point, colour: [Int], name: String)] = [
        (Point(x: 50, y: 50), TestPictures.red, "red half"), (Point(x: 150, y: 25), TestPictures.blue, "blue quarter"),
        (Point(x: 150, y: 75), TestPictures.green, "green quarter"),
        (Point(x: 12, y: 90), TestPictures.red, "near the bottom-left corner"),
    ]

    @Test func aFlatLayerShowsEachRegionOfThePicture() {
        let t = Self.stretched(transform: "")
        for r in Self.regions { #expect(Self.sample(t, r.point) == r.colour, "\(r.name)") }
        // The picture's pixel column 19 (red) meets column 20 (blue) at bounds x = 100.
        let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: 1)).frame(at: 0)
        #expect(f.pixel(50 + 97, 70 + 20) == TestPictures.red && f.pixel(50 + 102, 70 + 20) == TestPictures.blue)
    }

    @Test func aRotatedLayerTurnsThePicture() {
        let t = Self.stretched(transform: #"[{"rotate": 30}, {"scale": 0.8}]"#)
        for r in Self.regions { #expect(Self.sample(t, r.point) == r.colour, "\(r.name)") }
    }

    @Test func aTurnedLayerShowsThePictureThroughItsHomography() {
        let t = Self.stretched(transform: #"[{"rotateY": 50}, {"rotateX": 15}]"#, perspective: true)
        let s = t.states(at: 0)[0]
        let q = s.quad
        // A true perspective: the quad's opposite sides are not parallel.
        let top = (q[1].y - q[0].y) / (q[1].x - q[0].x), bottom = (q[2].y - q[3].y) / (q[2].x - q[3].x)
        #expect(abs(top - bottom) > 0.05, "slopes \(top), \(bottom)")
        for r in Self.regions { #expect(near(Self.sample(t, r.point), r.colour, 2), "\(r.name)") }
        // The picture's red/blue edge is where the homography puts bounds x = 100, not where
        // an affine map through three corners would.
        let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: 2)).frame(at: 0)
        for v in [20.0, 80.0] {
            let left = s.matrix.apply(to: Point(x: 97, y: v)), right = s.matrix.apply(to: Point(x: 103, y: v))
            #expect(near(f.pixel(Int(left.x * 2), Int(left.y * 2)), TestPictures.red, 2), "left of the edge at v \(v)")
            let colour = v < 50 ? TestPictures.blue : TestPictures.green
            #expect(near(f.pixel(Int(right.x * 2), Int(right.y * 2)), colour, 2), "right of the edge at v \(v)")
        }
    }

    /// Aspect-fill in a square: the 2:1 picture spans bounds x −50…150, cut to the bounds
    /// only when the layer clips; a snapshot of the layer's right half shows blue over green.
    @Test func fillClipsAndSnapshotsPlaceThePicture() {
        let uri = TestPictures.dataURI(TestPictures.threeColours)
        func frame(clips: Bool) -> RasterFrame {
            let t = TestPictures.timeline(
                """
                {"container": {"width": 300, "height": 200},
                 "layers": [{"id": "a", "frame": [100, 50, 100, 100], "clips": \(clips),
                             "content": {"image": {"data": "\(uri)", "mode": "fill"}}},
                            {"id": "b", "frame": [0, 0, 50, 100], "content": {"of": "a", "rect": [50, 0, 50, 100]}}]}
                """, library: TestPictures.library(TestPictures.threeColours, width: 40, height: 20))
            return FrameRasterizer(timeline: t, options: RasterOptions()).frame(at: 0)
        }
        let clipped = frame(clips: true), open = frame(clips: false)
        for f in [clipped, open] {
            #expect(f.pixel(125, 75) == TestPictures.red)
            #expect(f.pixel(175, 75) == TestPictures.blue)
            #expect(f.pixel(175, 125) == TestPictures.green)
            #expect(f.pixel(25, 25) == TestPictures.blue, "the snapshot's top: a's bounds x 50…100, y < 50")
            #expect(f.pixel(25, 75) == TestPictures.green, "the snapshot's bottom")
        }
        #expect(clipped.pixel(75, 100) == [0, 0, 0, 0], "bounds x −25: cut by the clip")
        #expect(open.pixel(75, 100) == TestPictures.red, "bounds x −25: drawn outside the bounds, as UIKit does")
    }

    /// A Display P3 picture is drawn in sRGB: the decoder's LittleCMS conversion, not its
    /// stored values (P3 (200, 120, 60) is about sRGB (214, 114, 50)).
    @Test func aDisplayP3PictureIsDrawnInSRGB() throws {
        let png = TestPictures.taggedDisplayP3(TestPictures.plain([200, 120, 60]))
        let decoded = try ImageDecoder.decode(png, limits: .standard)
        let v = UInt32(littleEndian: decoded.pixels[0])
        let converted = [Int(v & 0xFF), Int(v >> 8 & 0xFF), Int(v >> 16 & 0xFF), 255]
        #expect(converted[0] - 200 > 8, "the conversion moves red: \(converted)")
        let uri = TestPictures.dataURI(png)
        let t = TestPictures.timeline(
            """
            {"container": {"width": 40, "height": 40},
             "layers": [{"id": "a", "frame": [0, 0, 40, 40], "content": {"image": {"data": "\(uri)"}}}]}
            """, library: TestPictures.library(png, width: 8, height: 8))
        let f = FrameRasterizer(timeline: t, options: RasterOptions()).frame(at: 0)
        #expect(f.pixel(20, 20) == converted)
        #expect(f.pixel(2, 37) == converted)
    }

    /// A picture the library lacks (a key nobody resolved) leaves the placeholder.
    @Test func aMissingPictureLeavesThePlaceholder() {
        var spec = TestPictures.timeline(
            """
            {"container": {"width": 40, "height": 40},
             "layers": [{"id": "a", "frame": [0, 0, 40, 40], "content": {"image": {"aspect": 1, "fill": "#00ff00"}}}]}
            """,
            library: .empty
        ).spec
        spec.layers[0].imageSource = .asset("sha256-" + String(repeating: "0", count: 64))
        let f = FrameRasterizer(timeline: TimelineCompiler.compile(spec), options: RasterOptions()).frame(at: 0)
        #expect(f.pixel(20, 20) == [0, 255, 0, 255])
    }
}
