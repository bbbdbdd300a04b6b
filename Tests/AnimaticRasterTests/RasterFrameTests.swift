import Foundation
import AnimaticCore
import AnimaticRender
import Testing

@testable import AnimaticRaster

/// What the rasteriser draws, pixel by pixel, against numbers worked out by hand from the spec.
@Suite struct RasterFrameTests {
    static let square = """
        {"container": {"width": 100, "height": 80},
         "layers": [{"id": "a", "frame": [10, 20, 30, 40], "fill": "#ff0000"}]}
        """

    @Test func aFillCoversItsFrameAndNothingElse() {
        for scale in 1...3 {
            let f = drawn(Self.square, scale: scale)
            #expect(f.width == 100 * scale && f.height == 80 * scale)
            // Inside, on the first and last pixels of the frame (edges on pixel boundaries).
            for (x, y) in [(10, 20), (39, 59), (25, 40)] {
                #expect(f.pixel(x * scale, y * scale) == [255, 0, 0, 255], "inside at \(x),\(y) @\(scale)x")
                #expect(f.pixel(x * scale + scale - 1, y * scale + scale - 1) == [255, 0, 0, 255])
            }
            // Just outside: transparent (the spec sets no background).
            for (x, y) in [(9, 40), (40, 40), (25, 19), (25, 60)] {
                #expect(f.pixel(x * scale, y * scale) == [0, 0, 0, 0], "outside at \(x),\(y) @\(scale)x")
            }
        }
    }

    @Test func theContainerBackgroundAndTheOptionsBackground() {
        let spec = Self.square.replacingOccurrences(
            of: "\"height\": 80}", with: "\"height\": 80, \"background\": \"#0000ff\"}")
        #expect(drawn(spec).pixel(0, 0) == [0, 0, 255, 255])
        let options = RasterOptions(background: RGBA8(parsing: "#00ff0080"))
        let f = FrameRasterizer(timeline: timeline(spec), options: options).frame(at: 0)
        #expect(f.pixel(0, 0) == [0, 128, 0, 128], "premultiplied half green")
    }

    @Test func aHalfPixelEdgeIsHalfCovered() {
        let f = drawn(
            """
            {"container": {"width": 20, "height": 20},
             "layers": [{"id": "a", "frame": [2.5, 2, 10, 10], "fill": "#000000"}]}
            """)
        #expect(near(f.pixel(2, 5), [0, 0, 0, 128], 2), "column 2 is half inside: \(f.pixel(2, 5))")
        #expect(f.pixel(3, 5) == [0, 0, 0, 255])
    }

    @Test func cornerRadiusCutsTheCorners() {
        let f = drawn(
            """
            {"container": {"width": 100, "height": 100},
             "layers": [{"id": "a", "frame": [0, 0, 100, 100], "fill": "#000000", "cornerRadius": 40}]}
            """)
        // Pixel (5, 5)'s centre is 49.5 √2 − 34.5 ≈ 35.5 from the corner circle's centre (40, 40)…
        #expect(f.pixel(5, 5)[3] == 0, "outside the arc")
        // …(20, 20)'s is 19.5 √2 ≈ 27.6 from it: inside.
        #expect(f.pixel(20, 20)[3] == 255)
        // On the arc at 45°: (40 − 40/√2) = 11.7 — the pixel containing it is partly covered.
        let edge = f.pixel(11, 11)[3]
        #expect(edge > 30 && edge < 225, "antialiased arc: \(edge)")
        #expect(f.pixel(0, 50)[3] == 255 && f.pixel(50, 0)[3] == 255, "straight sides untouched")
        // The covered area: 100² − (4 − π) · 40² = 8626.5 px, less what flattening the arcs
        // into chords within 0.1 px takes (at most 0.1 px × the arcs' length, 2π · 40), give
        // or take Cairo's coverage rounding (1 % of a pixel per edge pixel, our bound).
        var sum = 0
        for y in 0..<100 { for x in 0..<100 { sum += f.pixel(x, y)[3] } }
        let area = Double(sum) / 255, exact = 10000 - (4 - Double.pi) * 1600, arcs = 2 * Double.pi * 40
        #expect(area <= exact + 0.01 * arcs && area >= exact - 0.1 * arcs - 0.01 * arcs, "area \(area) of \(exact)")
    }

    @Test func aClippingParentCutsItsSublayer() {
        let f = drawn(
            """
            {"container": {"width": 200, "height": 200, "background": "#ffffff"},
             "layers": [
               {"id": "card", "frame": [40, 40, 120, 120], "fill": "#0000ff", "clips": true},
               {"id": "inner", "parent": "card", "frame": [60, 60, 100, 100], "fill": "#00ff00"}]}
            """)
        #expect(f.pixel(130, 130) == [0, 255, 0, 255], "sublayer inside the card")
        #expect(f.pixel(80, 80) == [0, 0, 255, 255], "card")
        #expect(f.pixel(170, 130) == [255, 255, 255, 255], "sublayer past the card's edge: cut")
        #expect(f.pixel(159, 130) == [0, 255, 0, 255], "last column inside the card")
        #expect(f.pixel(160, 130) == [255, 255, 255, 255], "first column outside it")
    }

    @Test func aFadedParentIsCompositedAsOneGroup() {
        // Parent at alpha 0.5 fully covered by an opaque sublayer of the same red: Core
        // Animation's group opacity gives 50 % red over white (255, 128, 128) where they
        // overlap; fading each on its own would give 75 % (255, 64, 64).
        let f = drawn(
            """
            {"container": {"width": 100, "height": 100, "background": "#ffffff"},
             "layers": [
               {"id": "p", "frame": [0, 0, 100, 100], "fill": "#ff0000", "alpha": 0.5},
               {"id": "c", "parent": "p", "frame": [0, 0, 50, 100], "fill": "#ff0000"}]}
            """)
        #expect(near(f.pixel(25, 50), [255, 128, 128, 255]), "overlap: \(f.pixel(25, 50))")
        #expect(near(f.pixel(75, 50), [255, 128, 128, 255]), "parent alone: \(f.pixel(75, 50))")
    }

    @Test func aFadedLeafIsDrawnAtItsOpacity() {
        let f = drawn(
            """
            {"container": {"width": 10, "height": 10, "background": "#ffffff"},
             "layers": [{"id": "a", "frame": [0, 0, 10, 10], "fill": "#000000", "alpha": 0.25}]}
            """)
        #expect(near(f.pixel(5, 5), [191, 191, 191, 255]), "\(f.pixel(5, 5))")
    }

    @Test func hiddenLayersAndTheirSublayersAreNotDrawn() {
        let f = drawn(
            """
            {"container": {"width": 10, "height": 10},
             "layers": [{"id": "a", "frame": [0, 0, 10, 10], "fill": "#000000", "hidden": true},
                        {"id": "b", "parent": "a", "frame": [0, 0, 5, 5], "fill": "#ff0000"}]}
            """)
        #expect(f.pixels.allSatisfy { $0 == 0 })
    }

    @Test func aTurnedLayerCoversItsProjectedQuad() {
        let json = """
            {"container": {"width": 300, "height": 200, "perspective": 300},
             "layers": [{"id": "a", "frame": [100, 40, 100, 120], "fill": "#000000", "transform": [{"rotateY": 50}]}]}
            """
        let t = timeline(json)
        let quad = t.states(at: 0)[0].quad
        #expect(t.states(at: 0)[0].isProjective, "the test needs a true perspective")
        let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: 2)).frame(at: 0)
        // Covered area (px) = the quad's area (pt²) × 4, within the edges' antialiasing.
        var sum = 0
        for y in 0..<f.height { for x in 0..<f.width { sum += f.pixel(x, y)[3] } }
        var area = 0.0
        for i in 0..<4 {
            let p = quad[i], q = quad[(i + 1) % 4]
            area += p.x * q.y - q.x * p.y
        }
        area = abs(area) / 2 * 4
        var perimeter = 0.0
        for i in 0..<4 {
            let p = quad[i], q = quad[(i + 1) % 4]
            perimeter += 2 * ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
        }
        // Within Cairo's coverage rounding: 1 % of a pixel per edge pixel (our bound).
        #expect(abs(Double(sum) / 255 - area) < 0.01 * perimeter, "covered \(Double(sum) / 255) px, quad \(area) px")
        // A point just inside each edge's midpoint (towards the centre) is covered; just outside is not.
        let centre = Point(x: quad.map(\.x).reduce(0, +) / 4, y: quad.map(\.y).reduce(0, +) / 4)
        for i in 0..<4 {
            let p = quad[i], q = quad[(i + 1) % 4]
            let mid = Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
            let dx = centre.x - mid.x, dy = centre.y - mid.y, n = (dx * dx + dy * dy).squareRoot()
            let inside = Point(x: mid.x + dx / n * 1.5, y: mid.y + dy / n * 1.5)
            let outside = Point(x: mid.x - dx / n * 1.5, y: mid.y - dy / n * 1.5)
            #expect(f.pixel(Int(inside.x * 2), Int(inside.y * 2))[3] == 255, "inside edge \(i)")
            #expect(f.pixel(Int(outside.x * 2), Int(outside.y * 2))[3] == 0, "outside edge \(i)")
        }
    }

    @Test func contentUnderPerspectiveFillsTheQuad() {
        // An image placeholder stretched to a turned layer: every pixel well inside the quad
        // is the image's colour (pixman's projective map covers the whole quad).
        let json = """
            {"container": {"width": 300, "height": 200, "perspective": 300},
             "layers": [{"id": "a", "frame": [100, 40, 100, 120], "transform": [{"rotateY": 50}],
                         "content": {"image": {"aspect": 2, "fill": "#0000ff", "mode": "stretch"}}}]}
            """
        let t = timeline(json)
        let q = t.states(at: 0)[0].quad
        let f = FrameRasterizer(timeline: t, options: RasterOptions()).frame(at: 0)
        var checked = 0
        for u in stride(from: 0.1, through: 0.9, by: 0.1) {
            for v in stride(from: 0.1, through: 0.9, by: 0.1) {
                let top = Point(x: q[0].x + (q[1].x - q[0].x) * u, y: q[0].y + (q[1].y - q[0].y) * u)
                let bottom = Point(x: q[3].x + (q[2].x - q[3].x) * u, y: q[3].y + (q[2].y - q[3].y) * u)
                let p = Point(x: top.x + (bottom.x - top.x) * v, y: top.y + (bottom.y - top.y) * v)
                #expect(f.pixel(Int(p.x), Int(p.y)) == [0, 0, 255, 255], "at \(p)")
                checked += 1
            }
        }
        #expect(checked == 81)
        #expect(f.pixel(Int(q[0].x) - 3, 100) == [0, 0, 0, 0], "left of the quad")
    }

    @Test func contentUnderPerspectiveLandsWhereTheHomographyPutsIt() {
        // A 2:1 image fitted in a square layer fills the band h/4 … 3h/4. Turned under
        // perspective, that band's top edge is the image of v = h/4 through the plane's
        // homography: 1 px beyond it (towards v < h/4) is empty, 1 px inside is the image.
        let t = timeline(
            """
            {"container": {"width": 300, "height": 240, "perspective": 250},
             "layers": [{"id": "a", "frame": [90, 40, 120, 120], "transform": [{"rotateY": 55}, {"rotateX": 20}],
                         "content": {"image": {"aspect": 2, "fill": "#0000ff"}}}]}
            """)
        let s = t.states(at: 0)[0]
        #expect(s.isProjective)
        let plane = PlaneHomography(s.matrix)
        let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: 2)).frame(at: 0)
        for u in stride(from: 0.1, through: 0.9, by: 0.1) {
            for v in [30.0, 90.0] {  // the band's top and bottom edges, in bounds points
                let p = plane.apply(Point(x: u * 120, y: v))
                let q = plane.apply(Point(x: u * 120, y: v + (v < 60 ? 1 : -1)))  // towards the band
                let dx = q.x - p.x, dy = q.y - p.y, n = (dx * dx + dy * dy).squareRoot()
                let inX = (p.x + dx / n * 1.0) * 2, inY = (p.y + dy / n * 1.0) * 2
                let outX = (p.x - dx / n * 1.0) * 2, outY = (p.y - dy / n * 1.0) * 2
                #expect(f.pixel(Int(inX), Int(inY)) == [0, 0, 255, 255], "1 px inside at u \(u), v \(v)")
                #expect(f.pixel(Int(outX), Int(outY)) == [0, 0, 0, 0], "1 px outside at u \(u), v \(v)")
            }
        }
    }

    @Test func aGradientUnderPerspectiveShowsItsColourAtEachPixelsBoundsPoint() {
        // Red → blue along (0, 0.2) → (1, 0) in bounding-box units, on a turned layer: a pixel
        // well inside the quad shows the gradient at the bounds point its centre sees (the
        // plane's inverse homography), t = ((U, V) − start) · (end − start) / |end − start|²,
        // red 255 (1 − t) and blue 255 t, within the 8-bit rounding.
        let t = timeline(
            """
            {"container": {"width": 300, "height": 200, "perspective": 300},
             "layers": [{"id": "a", "frame": [100, 40, 100, 120], "transform": [{"rotateY": 50}, {"rotateX": 15}],
                         "gradient": {"colors": ["#ff0000", "#0000ff"], "start": [0, 0.2], "end": [1, 0]}}]}
            """)
        let s = t.states(at: 0)[0]
        #expect(s.isProjective)
        let plane = PlaneHomography(s.matrix)
        guard let back = plane.inverse else {
            Issue.record("the plane is edge-on")
            return
        }
        for scale in [1, 2] {
            let k = Double(scale)
            let f = FrameRasterizer(timeline: t, options: RasterOptions(scale: scale)).frame(at: 0)
            var checked = 0
            var spread = (low: 1.0, high: 0.0)
            for u in stride(from: 0.1, through: 0.9, by: 0.1) {
                for v in stride(from: 0.1, through: 0.9, by: 0.1) {
                    let p = plane.apply(Point(x: u * 100, y: v * 120))
                    let px = Int(p.x * k), py = Int(p.y * k)
                    let seen = back.apply(Point(x: (Double(px) + 0.5) / k, y: (Double(py) + 0.5) / k))
                    let along = ((seen.x / 100) * 1 + (seen.y / 120 - 0.2) * -0.2) / 1.04
                    let g = min(max(along, 0), 1)
                    spread = (min(spread.low, g), max(spread.high, g))
                    let expected = [255 * (1 - g), 0, 255 * g, 255]
                    let pixel = f.pixel(px, py)
                    for c in 0..<4 {
                        #expect(
                            abs(Double(pixel[c]) - expected[c]) <= 1,
                            "@\(scale)x pixel (\(px), \(py)), t \(g): \(pixel) against \(expected)")
                    }
                    checked += 1
                }
            }
            #expect(checked == 81)
            // The samples run along most of the gradient, so a wrong slope would show.
            #expect(spread.low < 0.2 && spread.high > 0.8, "t from \(spread.low) to \(spread.high)")
        }
    }

    /// A faded layer that is only a projected gradient is faded in its drawing, without a
    /// group: byte for byte what the group gives. The reference is the same layer with a
    /// sublayer of alpha 0, which makes it a group at its alpha holding the gradient drawn
    /// at full opacity. Half-transparent stops, over a background, at four alphas (among
    /// them 0.5, where Cairo's 16-bit alpha and the nearest 8-bit one part) and two scales.
    @Test(arguments: [0.1, 0.26, 0.5, 0.73])
    func aFadedProjectedGradientIsWhatItsGroupGives(alpha: Double) {
        func spec(_ sublayer: Bool) -> String {
            """
            {"container": {"width": 200, "height": 160, "perspective": 300, "background": "#20a0ff"},
             "layers": [{"id": "a", "frame": [50, 20, 100, 120], "alpha": \(alpha),
                         "transform": [{"rotateY": 50}, {"rotateX": 15}],
                         "gradient": {"colors": ["#ff000080", "#0000ff", "#00000000"], "start": [0, 0.2], "end": [1, 0]}}
                        \(sublayer ? ", {\"id\": \"b\", \"parent\": \"a\", \"frame\": [0, 0, 10, 10], \"fill\": \"#ffffff\", \"alpha\": 0}" : "")]}
            """
        }
        for scale in [1, 2] {
            let faded = drawn(spec(false), scale: scale)
            let group = drawn(spec(true), scale: scale)
            let background = drawn(
                spec(false).replacingOccurrences(of: "\"alpha\": \(alpha)", with: "\"alpha\": 0"), scale: scale)
            let differing = zip(faded.pixels, group.pixels).filter { $0 != $1 }.count
            #expect(faded.pixels.count == group.pixels.count && differing == 0, "alpha \(alpha) @\(scale)x")
            // The gradient shows: most of the quad's pixels differ from the background alone.
            let changed = stride(from: 0, to: faded.pixels.count, by: 4).filter {
                faded.pixels[$0..<$0 + 4] != background.pixels[$0..<$0 + 4]
            }.count
            #expect(changed > 4_000 * scale * scale, "\(changed) pixels drawn @\(scale)x")
        }
    }

    @Test func theShadowIsOffsetAndBlurred() {
        let sharp = drawn(
            """
            {"container": {"width": 100, "height": 100, "background": "#ffffff"},
             "layers": [{"id": "a", "frame": [20, 20, 40, 40], "fill": "#ff0000",
                         "shadow": {"opacity": 1, "radius": 0, "offset": [10, 20], "color": "#000000"}}]}
            """)
        #expect(sharp.pixel(40, 40) == [255, 0, 0, 255], "the layer above its shadow")
        #expect(sharp.pixel(40, 70) == [0, 0, 0, 255], "the shadow 20 pt below")
        #expect(sharp.pixel(65, 40) == [0, 0, 0, 255], "and 10 pt right")
        #expect(sharp.pixel(15, 70) == [255, 255, 255, 255], "not left of the offset shape")
        #expect(sharp.pixel(71, 70) == [255, 255, 255, 255], "not right of it")
        let soft = drawn(
            """
            {"container": {"width": 100, "height": 100, "background": "#ffffff"},
             "layers": [{"id": "a", "frame": [20, 20, 40, 40], "fill": "#ff0000",
                         "shadow": {"opacity": 0.5, "radius": 4, "offset": [0, 20], "color": "#000000"}}]}
            """)
        // On the shadow's bottom edge (y = 80) the blur gives half its alpha: 0.25 black.
        let edge = soft.pixel(40, 80)
        #expect(abs(edge[0] - 191) <= 8, "half-way down the blurred edge: \(edge)")
        // Well inside the shadow: opacity 0.5 → 128 over white.
        #expect(near(soft.pixel(40, 70), [128, 128, 128, 255], 2), "\(soft.pixel(40, 70))")
        // 3σ below the edge: nearly nothing.
        #expect(soft.pixel(40, 93)[0] >= 253)
    }

    @Test func aBorderIsDrawnInsideTheBoundsAboveSublayers() {
        let f = drawn(
            """
            {"container": {"width": 100, "height": 100, "background": "#ffffff"},
             "layers": [
               {"id": "card", "frame": [10, 10, 80, 80], "fill": "#0000ff", "border": {"width": 4, "color": "#ff0000"}},
               {"id": "inner", "parent": "card", "frame": [0, 0, 80, 40], "fill": "#00ff00"}]}
            """)
        #expect(f.pixel(10, 60) == [255, 0, 0, 255] && f.pixel(13, 60) == [255, 0, 0, 255], "4 pt border inside")
        #expect(f.pixel(14, 60) == [0, 0, 255, 255], "the fill inside the border")
        #expect(f.pixel(9, 60) == [255, 255, 255, 255], "nothing outside the bounds")
        #expect(f.pixel(12, 20) == [255, 0, 0, 255], "the border above the sublayer")
        #expect(f.pixel(30, 20) == [0, 255, 0, 255], "the sublayer above the fill")
    }

    @Test func framesReuseTheRasterizerAndFollowTime() {
        let t = timeline(
            """
            {"container": {"width": 100, "height": 10},
             "layers": [{"id": "a", "frame": [0, 0, 10, 10], "fill": "#000000"}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"a": {"frame": [90, 0, 10, 10]}}}]}
            """)
        let r = FrameRasterizer(timeline: t, options: RasterOptions())
        #expect(r.frame(at: 0).pixel(5, 5)[3] == 255)
        let middle = r.frame(at: 0.5)
        #expect(middle.pixel(5, 5)[3] == 0 && middle.pixel(50, 5)[3] == 255)
        #expect(r.frame(at: 2).pixel(95, 5)[3] == 255, "clamped to the end")
    }

    @Test func fittingShrinksKeepingTheAspect() {
        let t = timeline(Self.square)
        let r = FrameRasterizer(timeline: t, options: RasterOptions(scale: 3, maxWidth: 150))
        #expect(r.width == 150 && r.height == 120)
        #expect(r.frame(at: 0).pixel(Int(25 * 1.5), Int(40 * 1.5)) == [255, 0, 0, 255])
        let o = RasterOptions(scale: 2, maxWidth: 1000, maxHeight: 80)
        #expect(o.pixelsPerPoint(containerWidth: 100, height: 80) == 1)
    }
}

/// A shadow much wider than the frame (issue 27's bound on work): drawn in strips of rows,
/// blurred along columns only where the frame shows them, pixel for pixel as in one piece.
@Suite struct WideShadowTests {
    static let spec = """
        {"container": {"width": 60, "height": 40, "background": "#ffffff", "perspective": 200},
         "layers": [{"id": "a", "frame": [20, 10, 20, 20], "fill": "#ff0000",
                     "shadow": {"opacity": 0.8, "radius": 12, "offset": [6, 9], "color": "#000000"}},
                    {"id": "b", "frame": [5, 5, 12, 12], "fill": "#00ff00", "transform": [{"rotateY": 40}],
                     "shadow": {"opacity": 1, "radius": 9, "offset": [0, 3], "color": "#0000ff"}}]}
        """

    @Test func stripsOfOneRowDrawWhatOneStripDraws() {
        let t = timeline(Self.spec)
        for scale in [1, 2] {
            let whole = FrameRasterizer(timeline: t, options: RasterOptions(scale: scale))
            let rows = FrameRasterizer(timeline: t, options: RasterOptions(scale: scale))
            rows.shadowStripBytes = 1
            let a = whole.frame(at: 0), b = rows.frame(at: 0)
            #expect(a.pixels == b.pixels, "@\(scale)x")
            // One strip against one row a strip: the strips' buffers tell them apart.
            #expect(rows.shadowStrip.count < whole.shadowStrip.count)
            // The shadow shows: below-right of the red square, grey over white.
            let p = a.pixel(45 * scale, 33 * scale)
            #expect(p[0] == p[1] && p[1] == p[2] && p[0] > 60 && p[0] < 250, "@\(scale)x: \(p)")
        }
    }

    @Test func aRadiusOf1000PointsHoldsTheSeenColumnsAndOneStrip() {
        let f = FrameRasterizer(
            timeline: timeline(
                """
                {"container": {"width": 390, "height": 844},
                 "layers": [{"id": "a", "frame": [10, 10, 300, 500], "fill": "#007aff",
                             "shadow": {"opacity": 1, "radius": 1000}}]}
                """), options: RasterOptions(scale: 1))
        // On the frame's own grid (by default a σ this wide is drawn on a coarser one).
        f.shadowSigmaLimit = .infinity
        let frame = f.frame(at: 0)
        // σ 1,000 px: reach 3,002. Rows 10 − 3,002 … 510 + 3,002, 6,504; seen columns 0 … 390,
        // 392 bytes a row. The strip: columns −2,992 … 3,312, 6,304 bytes, by the shape's
        // rows 9 … 511, 502 (the whole mask was 6,304 × 6,504, 41 MB).
        #expect(f.shadowMask.count == 392 * 6_504)
        #expect(f.shadowStrip.count == 6_304 * 502)
        // Core Animation's default shadow (opacity given, offset (0, −3)) under the layer:
        // with σ that wide, a faint grey haze beside it.
        #expect(frame.pixel(350, 400)[3] > 0 && frame.pixel(350, 400)[3] < 40, "\(frame.pixel(350, 400))")
    }
}

/// A blur wider than `shadowSigmaLimit` drawn on a coarser grid, against the same blur on
/// the frame's own grid.
@Suite struct CoarseShadowTests {
    /// Largest and mean difference of two frames' channels, in 1/255.
    static func difference(_ a: RasterFrame, _ b: RasterFrame) -> (largest: Int, mean: Double) {
        var largest = 0, total = 0
        for (x, y) in zip(a.pixels, b.pixels) {
            let d = abs(Int(x) - Int(y))
            largest = max(largest, d)
            total += d
        }
        return (largest, Double(total) / Double(a.pixels.count))
    }

    @Test(arguments: [(70.0, "flat"), (200.0, "flat"), (150.0, "turned"), (90.0, "scaled")])
    func theCoarseGridIsWithinALevelOfTheFineOne(radius: Double, kind: String) {
        let transform: String
        switch kind {
        case "turned": transform = #", "transform": [{"rotateY": 35}, {"rotate": 20}]"#
        case "scaled": transform = #", "transform": [{"scale": 1.5}, {"rotate": 30}]"#
        default: transform = ""
        }
        let t = timeline(
            """
            {"container": {"width": 240, "height": 180, "background": "#ffffff", "perspective": 400},
             "layers": [{"id": "a", "frame": [70, 50, 90, 60], "fill": "#ff0000", "cornerRadius": 12\(transform),
                         "shadow": {"opacity": 1, "radius": \(radius), "offset": [20, 30], "color": "#102030"}}]}
            """)
        let fine = FrameRasterizer(timeline: t, options: RasterOptions(scale: 1))
        fine.shadowSigmaLimit = .infinity
        let coarse = FrameRasterizer(timeline: t, options: RasterOptions(scale: 1))
        let (largest, mean) = Self.difference(fine.frame(at: 0), coarse.frame(at: 0))
        // Measured (2026-11-27): largest 1–2/255, mean 0.04–0.22/255; the three boxes
        // themselves are within 2.5 % of the Gaussian (`ShadowBlurTests`), several times more.
        #expect(largest <= 2, "\(kind) \(radius): \(largest)/255")
        #expect(mean <= 0.25, "\(kind) \(radius): mean \(mean)/255")
    }

    @Test func aLayerScaledUp1000TimesBlursOnBlocksOf313Pixels() {
        // σ = 10 pt × 1,000 = 10,000 px: f = ⌈2 × 10,000 / 64⌉ = 313, σ 31.95 on the grid,
        // reach 97.9 → 98. The frame is 2 × 3 grid cells; the shape covers all of it. Columns
        // seen: −1 … 3 (one beyond each edge), 4 bytes; rows −98 … 101, 199. The strip: columns
        // −98 … 100, 198 (stride 200), by the same 199 rows. On device pixels this mask was
        // 20,390 × 20,844 (over a minute a frame).
        let f = FrameRasterizer(
            timeline: timeline(
                """
                {"container": {"width": 390, "height": 844, "background": "#ffffff"},
                 "layers": [{"id": "a", "frame": [10, 10, 300, 500], "fill": "#007aff", "transform": [{"scale": 1000}],
                             "shadow": {"opacity": 1, "radius": 10}}]}
                """), options: RasterOptions(scale: 1))
        let frame = f.frame(at: 0)
        #expect(f.shadowMask.count == 4 * 199)
        #expect(f.shadowStrip.count == 200 * 199)
        // The layer covers the frame, above its shadow.
        #expect(frame.pixel(200, 400) == [0, 122, 255, 255])
    }
}

/// A frame stops between layers once the render is cancelled (a frame of many wide shadows
/// can take longer than the render's deadline).
@Suite struct FrameCancellationTests {
    final class Asks: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        /// True from the `after + 1`-th question on.
        func next(after: Int) -> Bool {
            lock.withLock {
                count += 1; return count > after
            }
        }
    }

    @Test func aCancelledFrameDrawsNoMoreLayers() {
        // Six 40-pt squares in a row, on white.
        let layers = (0..<6).map {
            "{\"id\": \"l\($0)\", \"frame\": [\($0 * 50 + 5), 5, 40, 40], \"fill\": \"#ff0000\"}"
        }
        let t = timeline(
            "{\"container\": {\"width\": 300, \"height\": 50, \"background\": \"#ffffff\"}, \"layers\": ["
                + layers.joined(separator: ", ") + "]}")
        let asks = Asks()
        let frame = RenderCancellation.withCheck({ asks.next(after: 2) }) {
            FrameRasterizer(timeline: t, options: RasterOptions(scale: 1)).frame(at: 0)
        }
        // Asked before each layer: the first two drawn, then nothing.
        #expect(frame.pixel(25, 25) == [255, 0, 0, 255] && frame.pixel(75, 25) == [255, 0, 0, 255])
        for i in 2..<6 { #expect(frame.pixel(i * 50 + 25, 25) == [255, 255, 255, 255], "layer \(i)") }
        // Not cancelled: all six.
        let whole = FrameRasterizer(timeline: t, options: RasterOptions(scale: 1)).frame(at: 0)
        for i in 0..<6 { #expect(whole.pixel(i * 50 + 25, 25) == [255, 0, 0, 255], "layer \(i)") }
    }
}
