import Foundation
import Testing
@testable import AnimaticCore

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

/// Core Animation's tree as point operations on homogeneous column vectors (x, y, z, w),
/// written from the model in docs/SPEC.md and sharing no code with the engine: a point of
/// a layer's bounds goes −anchor·size, own transform, +position (now in the parent's
/// bounds), through the parent's sublayerTransform about the parent's anchor, is
/// flattened into the parent's plane (z = 0), and so on up to the container's perspective
/// about its centre; then the divide.
private enum TreeModel {
    typealias V = (x: Double, y: Double, z: Double, w: Double)

    /// One step of the way up.
    enum Step {
        case translate(Double, Double)
        case rotateZ(degrees: Double)
        /// CATransform3DMakeRotation(θ, 0, 1, 0): x' = x cosθ + z sinθ, z' = −x sinθ + z cosθ.
        case rotateY(degrees: Double)
        /// m34 = −1/d: w' = w − z/d.
        case perspective(Double)
        case flatten
    }

    static func apply(_ steps: [Step], to point: (Double, Double)) -> Point {
        var v: V = (point.0, point.1, 0, 1)
        for step in steps {
            switch step {
            case let .translate(tx, ty): v = (v.x + tx * v.w, v.y + ty * v.w, v.z, v.w)
            case let .rotateZ(deg):
                let a = deg * .pi / 180
                v = (v.x * cos(a) - v.y * sin(a), v.x * sin(a) + v.y * cos(a), v.z, v.w)
            case let .rotateY(deg):
                let a = deg * .pi / 180
                v = (v.x * cos(a) + v.z * sin(a), v.y, -v.x * sin(a) + v.z * cos(a), v.w)
            case let .perspective(d): v = (v.x, v.y, v.z, v.w - v.z / d)
            case .flatten: v = (v.x, v.y, 0, v.w)
            }
        }
        return Point(x: v.x / v.w, y: v.y / v.w)
    }

    static func corners(_ w: Double, _ h: Double) -> [(Double, Double)] { [(0, 0), (w, 0), (w, h), (0, h)] }
}

private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@Suite struct LayerTreeTests {
    /// Three levels: a root turning about y (0 → 60° linear, under the container's
    /// perspective 800), a middle layer with a perspective-500 sublayerTransform (and so
    /// a vanishing point at its anchor), a leaf turned 40° about y inside it. Every
    /// corner of every layer at five instants against the point model.
    static let threeLevels = """
        {"container": {"width": 400, "height": 600, "perspective": 800},
         "layers": [
           {"id": "root", "frame": [50, 100, 300, 400], "fill": "#ffffff"},
           {"id": "middle", "parent": "root", "frame": [20, 40, 260, 200], "anchor": [0.25, 0.5],
            "sublayerTransform": {"perspective": 500}, "transform": [{"rotate": 10}]},
           {"id": "leaf", "parent": "middle", "frame": [30, 20, 120, 80], "transform": [{"rotateY": 40}]}],
         "animations": [{"duration": 1, "timing": "linear", "changes": {"root": {"transform": [{"rotateY": 60}]}}}]}
        """

    @Test func threeLevelsWithARotatingParentAndPerspectiveInTheMiddleMatchThePointModel() throws {
        let tl = try timeline(Self.threeLevels)
        for t in [0, 0.25, 0.5, 0.75, 1.0] {
            let angle = 60 * t
            // root: size 300×400, anchor centre, position (200, 300).
            let root: [TreeModel.Step] = [
                .translate(-150, -200), .rotateY(degrees: angle), .translate(200, 300),
                .translate(-200, -300), .perspective(800), .translate(200, 300),
            ]
            // middle: size 260×200, anchor (0.25, 0.5) → offset (65, 100), position (20 + 65, 40 + 100).
            let middle: [TreeModel.Step] = [
                .translate(-65, -100), .rotateZ(degrees: 10), .translate(85, 140), .flatten,
            ]
            // leaf: 120×80, position (90, 60) in middle's bounds; then middle's sublayerTransform
            // about middle's anchor (65, 100).
            let leaf: [TreeModel.Step] = [
                .translate(-60, -40), .rotateY(degrees: 40), .translate(90, 60),
                .translate(-65, -100), .perspective(500), .translate(65, 100), .flatten,
            ]
            let states = tl.states(at: t)
            let expected: [(String, [TreeModel.Step], (Double, Double))] = [
                ("root", root, (300, 400)), ("middle", middle + root, (260, 200)),
                ("leaf", leaf + middle + root, (120, 80)),
            ]
            for (id, steps, size) in expected {
                let quad = states[tl.layerIndex(id)!].quad
                for (k, corner) in TreeModel.corners(size.0, size.1).enumerated() {
                    let model = TreeModel.apply(steps, to: corner)
                    #expect(close(quad[k], model), "\(id) corner \(k) at t = \(t): \(quad[k]) vs \(model)")
                }
            }
        }
    }

    /// The middle layer's perspective bends the leaf (its far edge shorter than its near
    /// one), which a flat composition would not.
    @Test func theMiddleLayersPerspectiveForeshortensTheLeaf() throws {
        let tl = try timeline(Self.threeLevels)
        let q = tl.states(at: 0)[tl.layerIndex("leaf")!].quad
        let left = hypot(q[3].x - q[0].x, q[3].y - q[0].y), right = hypot(q[2].x - q[1].x, q[2].y - q[1].y)
        #expect(abs(left - right) > 5, "\(left) vs \(right)")
    }

    /// Group opacity: 0.5 × (1 → 0.4, linear) × 0.5 down the chain.
    @Test func opacityIsTheProductDownTheChain() throws {
        let tl = try timeline(
            """
            {"layers": [
               {"id": "a", "frame": [0, 0, 100, 100], "alpha": 0.5},
               {"id": "b", "parent": "a", "frame": [0, 0, 50, 50]},
               {"id": "c", "parent": "b", "frame": [0, 0, 20, 20], "alpha": 0.5},
               {"id": "other", "frame": [0, 0, 10, 10], "alpha": 0.8}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"b": {"alpha": 0.4}}}]}
            """)
        for t in [0, 0.5, 1.0] {
            let s = tl.states(at: t)
            let b = 1 + (0.4 - 1) * t
            #expect(abs(s[0].opacity - 0.5) < 1e-12)
            #expect(abs(s[1].opacity - 0.5 * b) < 1e-12, "t = \(t)")
            #expect(abs(s[2].opacity - 0.5 * b * 0.5) < 1e-12, "t = \(t)")
            #expect(abs(s[3].opacity - 0.8) < 1e-12)
        }
    }

    /// Hiding a layer hides its sublayers and theirs, not its parent or siblings; showing
    /// it again shows them.
    @Test func hiddenHidesTheSubtree() throws {
        let tl = try timeline(
            """
            {"layers": [
               {"id": "root", "frame": [0, 0, 100, 100]},
               {"id": "mid", "parent": "root", "frame": [0, 0, 50, 50]},
               {"id": "sibling", "parent": "root", "frame": [50, 50, 50, 50]},
               {"id": "leaf", "parent": "mid", "frame": [0, 0, 20, 20]}],
             "animations": [{"delay": 0.2, "duration": 0.3, "changes": {"mid": {"hidden": true}}},
                            {"delay": 0.6, "duration": 0.4, "changes": {"mid": {"hidden": false}}}]}
            """)
        let visible = { (t: Double) in tl.states(at: t).map(\.visible) }
        #expect(visible(0.1) == [true, true, true, true])
        #expect(visible(0.3) == [true, false, true, false])
        #expect(visible(0.8) == [true, true, true, true])
    }

    /// A clipping root cuts its sublayers to its bounds; a clipping middle layer with
    /// rounded corners, moved half out of the root, cuts the leaf to the overlap of both.
    @Test func ancestorClipsIntersectAndFollowRoundedCorners() throws {
        let tl = try timeline(
            """
            {"layers": [
               {"id": "root", "frame": [100, 100, 200, 200], "clips": true},
               {"id": "mid", "parent": "root", "frame": [100, 50, 200, 100], "clips": true, "cornerRadius": 20},
               {"id": "leaf", "parent": "mid", "frame": [0, 0, 300, 300]},
               {"id": "free", "frame": [0, 0, 10, 10]}]}
            """)
        let s = tl.states(at: 0)
        #expect(s[0].clip == nil && s[3].clip == nil, "no clipping ancestor")
        let rootClip = try #require(s[1].clip)
        #expect(rootClip.count == 4)
        for (p, q) in zip(
            rootClip, [Point(x: 100, y: 100), Point(x: 300, y: 100), Point(x: 300, y: 300), Point(x: 100, y: 300)])
        {
            #expect(close(p, q, 1e-9))
        }
        // The leaf: mid's rounded rect (200, 150)–(400, 250), r = 20, within root's (100, 100)–(300, 300).
        let leafClip = try #require(s[2].clip)
        let xs = leafClip.map(\.x), ys = leafClip.map(\.y)
        #expect(abs(xs.min()! - 200) < 1e-9 && abs(xs.max()! - 300) < 1e-9)
        #expect(abs(ys.min()! - 150) < 1e-9 && abs(ys.max()! - 250) < 1e-9)
        // Every point on or inside the rounded rectangle: near mid's left corners, within r of their centres.
        for p in leafClip where p.x < 220 && (p.y < 170 || p.y > 230) {
            let cy = p.y < 200 ? 170.0 : 230.0
            #expect(hypot(p.x - 220, p.y - cy) <= 20 + 1e-9, "\(p)")
        }
        // The area: the 100 × 100 overlap less two rounded corners, each the r × r square
        // less the 8 triangles (r²/2 · sin(π/16) each) of the polygon's quarter circle.
        var area = 0.0
        for i in leafClip.indices {
            let a = leafClip[i], b = leafClip[(i + 1) % leafClip.count]
            area += a.x * b.y - b.x * a.y
        }
        let expected = 100.0 * 100 - 2 * 400 * (1 - 4 * sin(Double.pi / 16))
        #expect(abs(abs(area) / 2 - expected) < 1e-6, "\(abs(area) / 2) vs \(expected)")
    }

    /// A clip follows its ancestor's motion: a root sliding right by 100 moves the clip.
    @Test func clipsMoveWithTheirAncestor() throws {
        let tl = try timeline(
            """
            {"layers": [
               {"id": "root", "frame": [0, 0, 100, 100], "clips": true, "transform": [{"rotate": 45}]},
               {"id": "leaf", "parent": "root", "frame": [50, 50, 100, 100]}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"root": {"frame": [100, 0, 100, 100]}}}]}
            """)
        for t in [0, 0.5, 1.0] {
            let s = tl.states(at: t)
            let clip = try #require(s[1].clip)
            #expect(clip.count == 4)
            for (p, q) in zip(clip, s[0].quad) { #expect(close(p, q, 1e-9), "t = \(t)") }
        }
    }

    /// A sublayer draws above its parent; siblings in list order then zPosition; a later
    /// root with its subtree above an earlier one.
    @Test func drawingOrderIsDepthFirstWithSiblingsByZPosition() throws {
        let tl = try timeline(
            """
            {"layers": [
               {"id": "top", "frame": [0, 0, 10, 10], "zPosition": 1},
               {"id": "a", "frame": [0, 0, 10, 10]},
               {"id": "a2", "parent": "a", "frame": [0, 0, 10, 10], "zPosition": 5},
               {"id": "a1", "parent": "a", "frame": [0, 0, 10, 10]},
               {"id": "a1x", "parent": "a1", "frame": [0, 0, 10, 10]},
               {"id": "b", "frame": [0, 0, 10, 10]}]}
            """)
        #expect(tl.drawOrder.map { tl.layers[$0].spec.id } == ["a", "a1", "a1x", "a2", "b", "top"])
    }

    /// Shadow and border properties animate like any other; a shadow at opacity 0 is not
    /// reported, a border of width 0 neither.
    @Test func shadowAndBorderAnimate() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "card", "frame": [0, 0, 100, 100],
                         "shadow": {"radius": 5, "offset": [0, 2]}, "border": {"color": "#ff0000"}}],
             "animations": [{"duration": 1, "timing": "linear", "changes": {"card": {
                "shadowOpacity": 0.5, "shadowRadius": 15, "shadowOffset": [4, 6], "shadowColor": "#0000ff",
                "borderWidth": 4, "borderColor": "#00ff00"}}}]}
            """)
        let start = tl.states(at: 0)[0]
        #expect(start.shadow == nil && start.border == nil)
        let mid = tl.states(at: 0.5)[0]
        let shadow = try #require(mid.shadow)
        #expect(abs(shadow.opacity - 0.25) < 1e-12 && abs(shadow.radius - 10) < 1e-12)
        #expect(close(shadow.offset, Point(x: 2, y: 4), 1e-12))
        #expect(shadow.color.red == 0 && abs(shadow.color.blue - 0.5) < 1e-12, "black → blue")
        let border = try #require(mid.border)
        #expect(abs(border.width - 2) < 1e-12 && abs(border.color.green - 0.5) < 1e-12)
    }

    /// Core Animation's defaults for what a shadow leaves out: black, offset (0, −3), radius 3.
    @Test func shadowDefaultsAreCoreAnimations() throws {
        let tl = try timeline(
            """
            {"layers": [{"id": "card", "frame": [0, 0, 100, 100], "shadow": {"opacity": 0.4}}]}
            """)
        let shadow = try #require(tl.states(at: 0)[0].shadow)
        #expect(shadow == ShadowSpec(color: .black, opacity: 0.4, radius: 3, offset: Point(x: 0, y: -3)))
    }

    /// A flat spec keeps its states whatever the tree code does: the same states as a
    /// layer composed alone.
    @Test func aSpecWithoutParentsIsUnchanged() throws {
        let tl = try timeline(
            """
            {"container": {"perspective": 500},
             "layers": [{"id": "v", "frame": [100, 100, 200, 200], "transform": [{"rotateY": 30}], "alpha": 0.5}]}
            """)
        let s = tl.states(at: 0)[0]
        #expect(s.clip == nil && s.opacity == 0.5)
        #expect(s.matrix == tl.layers[0].state(at: 0, containerSublayer: tl.containerSublayer).matrix)
    }
}
