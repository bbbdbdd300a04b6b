import Foundation
import AnimaticCore

/// Lottie (bodymovin) JSON of a timeline, for lottie-web, lottie-ios, lottie-android,
/// rlottie and Skottie.
///
/// Lottie players have no dependable 3-D (rlottie ignores the camera, iOS and Android
/// players drop `ddd`), so every layer is a 2-D shape layer (`ty` 4) whose **paths are
/// the projected geometry**: the bounds (rounded when the layer has a corner radius) mapped
/// through the layer's composed matrix, perspective divide included, keyframed at every
/// frame of the timeline (`fr` = the fps asked for), linear between frames. Players
/// therefore show the engine's quads exactly at frame times. Opacity (and visibility, as
/// opacity 0 with hold keyframes) is the layer's `ks.o`.
///
/// What each layer draws (bottom to top): its fill (`fl`), its gradient (`gf`, end points
/// mapped like the path), its content — an image placeholder as its aspect-fit rect, a
/// snapshot as the bounds painted with the source layer's fill and gradient (the
/// source's label, content and corner radius are not reproduced). Labels are not drawn
/// (text layers need fonts). A picture is an image asset drawn by an image layer
/// (`LottieEncoder+Images.swift`). `LottieEncoder.features` lists every Lottie feature used.
///
/// The layer tree is baked, not parented: every layer's paths already carry its composed
/// geometry and `ks.o` its product opacity, so Lottie's `parent` (which would also scale
/// opacity differently: Lottie does not inherit opacity) is never needed. An ancestor's
/// clip is a mask (`masksProperties`, mode add) whose path is the clip polygon at every
/// frame; a border is a stroke (`st`) on the bounds inset by half its width — for a layer
/// with sublayers, on a second layer above them; a shadow is a Drop Shadow effect (`ef`,
/// `ty` 25) — drawn by lottie-web, lottie-ios and lottie-android, ignored by rlottie.
public enum LottieEncoder {
    /// The bodymovin version written in `v`.
    public static let version = "5.7.4"

    /// Everything the files use, for players' support tables and the tests.
    public static let features: [String: [String]] = [
        "top": ["v", "fr", "ip", "op", "w", "h", "nm", "ddd", "assets", "layers"],
        "layerTypes": ["4"],  // shape layers only
        "layer": ["ddd", "ind", "ty", "nm", "sr", "ks", "ao", "shapes", "ip", "op", "st", "bm"],
        // Only on layers under a clipping ancestor (masks) or with a shadow (ef).
        "optionalLayer": ["hasMask", "masksProperties", "ef"],
        "effectTypes": ["25"],  // Drop Shadow
        "transform": ["o", "r", "p", "a", "s"],  // only o is animated; the others are identity
        "shapeTypes": ["gr", "sh", "fl", "gf", "st", "tr"],
        "animated": ["ks.o", "sh.ks", "fl.c", "fl.o", "gf.s", "gf.e", "st.c", "st.o", "st.w", "mask.pt", "ef.v"],
        "keyframe": ["t", "s", "i", "o", "h"],  // linear easing (o 0,0 → i 1,1); h for visibility jumps
        // Only with pictures (`content.image.asset|data`): image assets and image layers
        // (`LottieEncoder+Images.swift`), their transform keyframed with skew.
        "imageAsset": ["id", "w", "h", "u", "p", "e"],
        "imageLayer": ["ty 2", "refId", "ks.r", "ks.p", "ks.s", "ks.sk", "ks.sa", "masksProperties"],
    ]

    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] {
        let samples = FrameSamples(timeline, fps: options.fps)
        let container = timeline.spec.container
        let fps = Double(samples.fps)
        let lastFrame = max((timeline.duration * fps - 1e-9).rounded(.up), 1)
        var w = JSONWriter(fractionDigits: 3, reserve: 8192 + samples.times.count * timeline.layers.count * 400)
        w.budget = RenderBudget.maxBytes
        w.raw("{"); w.key("v"); w.string(version)
        w.raw(","); w.key("fr"); w.integer(samples.fps)
        w.raw(","); w.key("ip"); w.integer(0)
        w.raw(","); w.key("op"); w.number(lastFrame)
        w.raw(","); w.key("w"); w.number(container.size.width)
        w.raw(","); w.key("h"); w.number(container.size.height)
        w.raw(","); w.key("nm"); w.string("animatic")
        w.raw(","); w.key("ddd"); w.integer(0)
        let pictures = pictureAssets(timeline)
        w.raw(","); w.key("assets"); w.raw("[")
        writeAssets(pictures, timeline: timeline, link: options.linkImages, into: &w)
        w.raw("]")
        w.raw(","); w.key("layers"); w.raw("[")
        var index = 1
        // Lottie draws the first layer on top.
        let steps = timeline.drawSteps { i in samples.states.contains { $0[i].border != nil } }
        for (n, step) in steps.reversed().enumerated() {
            if RenderCancellation.isRequested || w.isOverBudget { break }
            if n > 0 { w.raw(",") }
            switch step {
            case .body(let i):
                if let picture = picture(of: timeline.layers[i].spec, in: timeline),
                    let asset = pictures.firstIndex(of: picture.source)
                {
                    imageLayer(
                        i, picture: picture, asset: asset, ind: index, samples: samples, lastFrame: lastFrame, into: &w)
                    w.raw(",")
                    index += 1
                }
                layer(
                    i, part: timeline.hasSublayers(i) ? .body : .bodyAndBorder, ind: index, samples: samples,
                    lastFrame: lastFrame, into: &w)
            case .border(let i):
                layer(i, part: .border, ind: index, samples: samples, lastFrame: lastFrame, into: &w)
            }
            index += 1
        }
        if let background = container.background {
            if index > 1 { w.raw(",") }
            let size = container.size
            let rect = [
                Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height),
                Point(x: 0, y: size.height),
            ]
            layerHeader(name: "background", ind: index, lastFrame: lastFrame, into: &w)
            w.raw("\"ks\":"); layerTransform(opacity: [100], frames: [0], holds: nil, into: &w)
            w.raw(",\"shapes\":[")
            group(
                "background", path: { w in staticPath(PathFrames(polygon: rect), into: &w) },
                paint: { w in solidFill(background, into: &w) }, into: &w)
            w.raw("]}")
        }
        w.raw("]}")
        return w.takeBytes()
    }

    // MARK: Layers

    static func layerHeader(name: String, ind: Int, lastFrame: Double, into w: inout JSONWriter) {
        w.raw("{\"ddd\":0,\"ind\":"); w.integer(ind); w.raw(",\"ty\":4,\"nm\":"); w.string(name)
        w.raw(",\"sr\":1,\"ao\":0,\"ip\":0,\"op\":"); w.number(lastFrame); w.raw(",\"st\":0,\"bm\":0,")
    }

    /// A layer's `ks`: the opacity keyframed at `frames`, every other member the identity
    /// (the paths carry the geometry).
    static func layerTransform(opacity: [Double], frames: [Double], holds: [Bool]?, into w: inout JSONWriter) {
        w.raw("{\"o\":")
        scalarProperty(opacity, frames: frames, holds: holds, into: &w)
        w.raw(
            ",\"r\":{\"a\":0,\"k\":0},\"p\":{\"a\":0,\"k\":[0,0,0]},\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":{\"a\":0,\"k\":[100,100,100]}}"
        )
    }

    static func layer(
        _ i: Int, part: SVGPainter.Part, ind: Int, samples: FrameSamples, lastFrame: Double,
        into w: inout JSONWriter
    ) {
        let timeline = samples.timeline
        var spec = timeline.layers[i].spec
        let view = samples.layer(i)
        var states = view.states
        let frames = view.times.map { min($0 * Double(samples.fps), lastFrame) }
        layerHeader(name: part == .border ? spec.id + " border" : spec.id, ind: ind, lastFrame: lastFrame, into: &w)
        if part == .border {
            // Only the border: no fill, gradient, content or shadow.
            spec = LayerSpec(id: spec.id, frame: Rect(x: 0, y: 0, width: 0, height: 0))
            for k in states.indices { states[k].fill = nil; states[k].shadow = nil }
        }
        mask(states, frames: frames, into: &w)
        if part != .border { shadowEffect(states, frames: frames, into: &w) }

        // Opacity: 0 while hidden; hold where visibility changes so the jump stays a jump.
        let opacities = states.map { $0.visible ? $0.opacity * 100 : 0 }
        let holds = states.indices.map { k in k + 1 < states.count && states[k].visible != states[k + 1].visible }
        w.raw("\"ks\":")
        layerTransform(opacity: opacities, frames: frames, holds: holds, into: &w)
        w.raw(",\"shapes\":[")
        var groups: [(inout JSONWriter) -> Void] = []  // bottom to top
        let rounded = states.contains { $0.cornerRadius > 0 }

        // The fill and the gradient are drawn in the same path: the bounds.
        let bounds =
            states[0].fill != nil || spec.gradient != nil
            ? boundsPaths(states, rounded: rounded) : PathFrames(vertexCount: 0, capacity: 0)
        if states[0].fill != nil {
            let fills = states.map { $0.fill ?? .clear }
            groups.append { w in
                group(
                    "fill", path: { w in pathProperty(bounds, frames: frames, into: &w) },
                    paint: { w in
                        solidFill(
                            color: { w in colorProperty(fills, frames: frames, into: &w) },
                            opacity: { w in
                                scalarProperty(fills.map { $0.alpha * 100 }, frames: frames, holds: nil, into: &w)
                            }, into: &w)
                    }, into: &w)
            }
        }
        if let gradient = spec.gradient {
            let starts = states.map {
                $0.matrix.apply(to: Point(x: gradient.start.x * $0.size.width, y: gradient.start.y * $0.size.height))
            }
            let ends = states.map {
                $0.matrix.apply(to: Point(x: gradient.end.x * $0.size.width, y: gradient.end.y * $0.size.height))
            }
            groups.append { w in
                group(
                    "gradient", path: { w in pathProperty(bounds, frames: frames, into: &w) },
                    paint: { w in
                        gradientFill(gradient.colors, starts: starts, ends: ends, frames: frames, into: &w)
                    }, into: &w)
            }
        }
        switch spec.content {
        case let .image(aspect, imageFill)?:
            // A picture (its own image layer, above) covers the placeholder unless a fill is given.
            if imageFill == nil, let source = spec.imageSource, timeline.spec.images[source] != nil { break }
            var paths = PathFrames(vertexCount: 4, capacity: states.count)
            for s in states {
                let rect = imageRect(aspect, mode: spec.imageMode, clips: spec.clips, in: s.size)
                paths.appendPolygon(rect.map { s.matrix.apply(to: $0) })
            }
            let fill = imageFill ?? SVGPainter.placeholderFill
            groups.append { w in
                group(
                    "image", path: { w in pathProperty(paths, frames: frames, into: &w) },
                    paint: { w in solidFill(fill, into: &w) }, into: &w)
            }
        case let .snapshot(of, rect)?:
            if let source = timeline.layerIndex(of) {
                let src = timeline.layers[source].spec
                let paths = boundsPaths(states, rounded: false)
                if let fill = src.fill {
                    groups.append { w in
                        group(
                            "snapshot", path: { w in pathProperty(paths, frames: frames, into: &w) },
                            paint: { w in solidFill(fill, into: &w) }, into: &w)
                    }
                }
                if let g = src.gradient {
                    let r = rect ?? Rect(origin: .zero, size: src.size)
                    func local(_ u: Point, _ s: LayerState) -> Point {
                        let p = Point(x: u.x * src.size.width, y: u.y * src.size.height)
                        return Point(
                            x: (p.x - r.minX) * s.size.width / max(r.width, 1e-9),
                            y: (p.y - r.minY) * s.size.height / max(r.height, 1e-9))
                    }
                    let starts = states.map { $0.matrix.apply(to: local(g.start, $0)) }
                    let ends = states.map { $0.matrix.apply(to: local(g.end, $0)) }
                    groups.append { w in
                        group(
                            "snapshot gradient", path: { w in pathProperty(paths, frames: frames, into: &w) },
                            paint: { w in
                                gradientFill(g.colors, starts: starts, ends: ends, frames: frames, into: &w)
                            }, into: &w)
                    }
                }
            }
        case nil:
            break
        }
        if part != .body, states.contains(where: { $0.border != nil }) {
            groups.append { w in border(states, frames: frames, into: &w) }
        }
        for (n, g) in groups.reversed().enumerated() {
            if n > 0 { w.raw(",") }
            g(&w)
        }
        w.raw("]}")
    }

    // MARK: Tree: clips, shadows, borders

    /// `"hasMask":true,"masksProperties":[…],` when an ancestor clips: one additive mask
    /// whose path is the clip polygon at every frame (padded to one vertex count; an empty
    /// clip is a degenerate path, so nothing shows).
    static func mask(_ states: [LayerState], frames: [Double], into w: inout JSONWriter) {
        guard states.contains(where: { $0.clip != nil }) else { return }
        let count = max(states.map { $0.clip?.count ?? 0 }.max() ?? 0, 3)
        var paths = PathFrames(vertexCount: count, capacity: states.count)
        for s in states {
            if let clip = s.clip, let last = clip.last {
                paths.appendPolygon(clip + Array(repeating: last, count: count - clip.count))
            } else {
                paths.appendPolygon(repeatElement(Point.zero, count: count))
            }
        }
        w.raw("\"hasMask\":true,\"masksProperties\":[{\"inv\":false,\"mode\":\"a\",\"nm\":\"clip\",\"pt\":")
        pathProperty(paths, frames: frames, into: &w)
        w.raw(",\"o\":{\"a\":0,\"k\":100},\"x\":{\"a\":0,\"k\":0}}],")
    }

    /// `"ef":[Drop Shadow],` when the shadow shows at some frame. The effect works on the
    /// layer's composed (container) pixels, so the offset is the layer's offset carried
    /// through its matrix and the blur its radius scaled like the layer. lottie-web's
    /// mapping (player/js/elements/svgElements/effects/SVGDropShadowEffect.js): σ =
    /// softness / 4, flood opacity = opacity / 255, offset = distance along direction − 90°.
    static func shadowEffect(_ states: [LayerState], frames: [Double], into w: inout JSONWriter) {
        guard states.contains(where: { $0.shadow != nil }) else { return }
        var colors: [Color] = [], opacities: [Double] = [], directions: [Double] = [], distances: [Double] = []
        var softness: [Double] = []
        for s in states {
            let shadow = s.shadow ?? ShadowSpec(opacity: 0)
            let centre = Point(x: s.size.width / 2, y: s.size.height / 2)
            let a = s.matrix.apply(to: centre)
            let b = s.matrix.apply(to: Point(x: centre.x + shadow.offset.x, y: centre.y + shadow.offset.y))
            let dx = b.x - a.x, dy = b.y - a.y
            let scale = (s.affine.map { abs($0.a * $0.d - $0.b * $0.c) } ?? 1).squareRoot()
            colors.append(shadow.color)
            opacities.append(255 * shadow.opacity * shadow.color.alpha)
            directions.append(atan2(dy, dx) * 180 / .pi + 90)
            distances.append((dx * dx + dy * dy).squareRoot())
            softness.append(4 * shadow.radius * scale)
        }
        func value(_ ty: Int, _ name: String, _ ix: Int, _ write: (inout JSONWriter) -> Void) {
            w.raw("{\"ty\":"); w.integer(ty); w.raw(",\"nm\":"); w.string(name); w.raw(",\"mn\":\"ADBE Drop Shadow-000")
            w.integer(ix); w.raw("\",\"ix\":"); w.integer(ix); w.raw(",\"v\":"); write(&w); w.raw("}")
        }
        w.raw(
            "\"ef\":[{\"ty\":25,\"nm\":\"Drop Shadow\",\"mn\":\"ADBE Drop Shadow\",\"np\":8,\"ix\":1,\"en\":1,\"ef\":[")
        value(2, "Shadow Color", 1) { w in colorProperty(colors, frames: frames, into: &w) }; w.raw(",")
        value(0, "Opacity", 2) { w in scalarProperty(opacities, frames: frames, holds: nil, into: &w) }; w.raw(",")
        value(0, "Direction", 3) { w in scalarProperty(directions, frames: frames, holds: nil, into: &w) }; w.raw(",")
        value(0, "Distance", 4) { w in scalarProperty(distances, frames: frames, holds: nil, into: &w) }; w.raw(",")
        value(0, "Softness", 5) { w in scalarProperty(softness, frames: frames, holds: nil, into: &w) }; w.raw(",")
        value(7, "Shadow Only", 6) { w in w.raw("{\"a\":0,\"k\":0}") }
        w.raw("]}],")
    }

    /// The border: a stroke of the bounds inset by half its width (corner radius less half
    /// the width), the width scaled like the layer, width 0 where there is none.
    static func border(_ states: [LayerState], frames: [Double], into w: inout JSONWriter) {
        let rounded = states.contains { $0.cornerRadius > 0 }
        var paths = PathFrames(vertexCount: rounded ? 8 : 4, capacity: states.count)
        for s in states {
            let bw = s.border?.width ?? 0
            appendBounds(
                width: max(s.size.width - bw, 0), height: max(s.size.height - bw, 0),
                cornerRadius: max(s.cornerRadius - bw / 2, 0),
                matrix: Transform3D.translation(bw / 2, bw / 2).concatenating(s.matrix), rounded: rounded, to: &paths)
        }
        let widths = states.map { s in
            (s.border?.width ?? 0) * (s.affine.map { abs($0.a * $0.d - $0.b * $0.c) } ?? 1).squareRoot()
        }
        let colors = states.map { $0.border?.color ?? .clear }
        group(
            "border", path: { w in pathProperty(paths, frames: frames, into: &w) },
            paint: { w in
                w.raw("{\"ty\":\"st\",\"nm\":\"stroke\",\"lc\":2,\"lj\":1,\"ml\":4,\"c\":");
                colorProperty(colors, frames: frames, into: &w)
                w.raw(",\"o\":"); scalarProperty(colors.map { $0.alpha * 100 }, frames: frames, holds: nil, into: &w)
                w.raw(",\"w\":"); scalarProperty(widths, frames: frames, holds: nil, into: &w); w.raw("}")
            }, into: &w)
    }

    // MARK: Paths

    /// Bézier circle constant: a quarter circle's handles are 0.5523 of its radius.
    static let kappa = 0.5522847498

    /// Every state's bounds (rounded when `rounded`, always 8 vertices then) through its matrix.
    static func boundsPaths(_ states: [LayerState], rounded: Bool) -> PathFrames {
        var paths = PathFrames(vertexCount: rounded ? 8 : 4, capacity: states.count)
        for s in states {
            appendBounds(
                width: s.size.width, height: s.size.height, cornerRadius: s.cornerRadius, matrix: s.matrix,
                rounded: rounded, to: &paths)
        }
        return paths
    }

    /// Bounds of `width` × `height` (rounded by `cornerRadius` when `rounded`) through `m`.
    static func appendBounds(
        width w: Double, height h: Double, cornerRadius: Double, matrix m: Transform3D, rounded: Bool,
        to paths: inout PathFrames
    ) {
        guard rounded else {
            paths.appendRect(width: w, height: h, through: m)
            return
        }
        let r = min(cornerRadius, w / 2, h / 2), k = r * kappa
        let v = [
            Point(x: r, y: 0), Point(x: w - r, y: 0), Point(x: w, y: r), Point(x: w, y: h - r),
            Point(x: w - r, y: h), Point(x: r, y: h), Point(x: 0, y: h - r), Point(x: 0, y: r),
        ]
        let i = [
            Point(x: -k, y: 0), .zero, Point(x: 0, y: -k), .zero, Point(x: k, y: 0), .zero, Point(x: 0, y: k), .zero,
        ]
        let o = [
            Point.zero, Point(x: k, y: 0), .zero, Point(x: 0, y: k), .zero, Point(x: -k, y: 0), .zero,
            Point(x: 0, y: -k),
        ]
        paths.appendCurves(
            vertices: v.map { m.apply(to: $0) }, inHandles: (0..<8).map { m.apply(to: v[$0] + i[$0]) },
            outHandles: (0..<8).map { m.apply(to: v[$0] + o[$0]) })
    }

    /// The corners of an aspect-fit rect of `aspect` (width / height) centred in `size`.
    /// The image's corners in bounds coordinates for its mode; a clipping layer cuts an
    /// aspect-fill image to the bounds (both are rectangles in the layer's plane, so the
    /// cut is their intersection).
    static func imageRect(_ aspect: Double, mode: ImageContentMode, clips: Bool, in size: Size) -> [Point] {
        var r = mode.imageRect(aspect: aspect, in: size)
        if clips {
            let x0 = max(r.minX, 0), y0 = max(r.minY, 0)
            let x1 = min(r.minX + r.width, size.width), y1 = min(r.minY + r.height, size.height)
            r = Rect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
        }
        return [
            Point(x: r.minX, y: r.minY), Point(x: r.minX + r.width, y: r.minY),
            Point(x: r.minX + r.width, y: r.minY + r.height), Point(x: r.minX, y: r.minY + r.height),
        ]
    }

    // MARK: Writing

    static func group(
        _ name: String, path: (inout JSONWriter) -> Void, paint: (inout JSONWriter) -> Void, into w: inout JSONWriter
    ) {
        w.raw("{\"ty\":\"gr\",\"nm\":"); w.string(name); w.raw(",\"it\":[{\"ty\":\"sh\",\"nm\":\"path\",\"ks\":")
        path(&w)
        w.raw("},")
        paint(&w)
        w.raw(
            ",{\"ty\":\"tr\",\"p\":{\"a\":0,\"k\":[0,0]},\"a\":{\"a\":0,\"k\":[0,0]},\"s\":{\"a\":0,\"k\":[100,100]},\"r\":{\"a\":0,\"k\":0},\"o\":{\"a\":0,\"k\":100},\"sk\":{\"a\":0,\"k\":0},\"sa\":{\"a\":0,\"k\":0}}]}"
        )
    }

    static func solidFill(
        color: (inout JSONWriter) -> Void, opacity: (inout JSONWriter) -> Void, into w: inout JSONWriter
    ) {
        w.raw("{\"ty\":\"fl\",\"nm\":\"fill\",\"r\":1,\"c\":"); color(&w); w.raw(",\"o\":"); opacity(&w); w.raw("}")
    }

    /// A fill of one colour that does not change.
    static func solidFill(_ c: Color, into w: inout JSONWriter) {
        solidFill(
            color: { w in color(c, into: &w) },
            opacity: { w in scalarProperty([c.alpha * 100], frames: [0], holds: nil, into: &w) },
            into: &w)
    }

    static func gradientFill(
        _ colors: [Color], starts: [Point], ends: [Point], frames: [Double], into w: inout JSONWriter
    ) {
        w.raw("{\"ty\":\"gf\",\"nm\":\"gradient\",\"r\":1,\"t\":1,\"o\":{\"a\":0,\"k\":100},\"s\":")
        pointProperty(starts, frames: frames, into: &w)
        w.raw(",\"e\":"); pointProperty(ends, frames: frames, into: &w)
        w.raw(",\"g\":{\"p\":"); w.integer(colors.count); w.raw(",\"k\":{\"a\":0,\"k\":[")
        let offsets = colors.indices.map { colors.count > 1 ? Double($0) / Double(colors.count - 1) : 0 }
        var first = true
        for (c, t) in zip(colors, offsets) {
            for v in [t, c.red, c.green, c.blue] { if !first { w.raw(",") }; first = false; w.number(v) }
        }
        if colors.contains(where: { $0.alpha < 1 }) {
            for (c, t) in zip(colors, offsets) { w.raw(","); w.number(t); w.raw(","); w.number(c.alpha) }
        }
        w.raw("]}}}")
    }

    static func color(_ c: Color, into w: inout JSONWriter) {
        w.raw("{\"a\":0,\"k\":["); w.number(c.red); w.raw(","); w.number(c.green); w.raw(","); w.number(c.blue);
        w.raw(",1]}")
    }

}
