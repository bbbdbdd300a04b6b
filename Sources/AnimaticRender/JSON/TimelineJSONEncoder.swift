import AnimaticCore

/// The JSON timeline: per-layer static look and tracks and, on request, sampled frames.
///
/// Written straight to bytes (see `JSONWriter`), deterministic for a given timeline and
/// options. The field names of `duration`, `fps`, `frames[].t` and
/// `frames[].layers[].{id, opacity, visible, quad}` are fixed: clients and tests read them.
/// docs/TIMELINE.md documents every field.
public enum TimelineJSONEncoder {
    /// Spring curves are written as samples at this rate (per second of the spring).
    public static let springSampleRate = 60.0
    /// At most this many samples per spring curve, whatever its duration.
    public static let maxSpringSamples = 600

    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] {
        let frameCount = options.includeFrames ? Timeline.frameCount(duration: timeline.duration, fps: options.fps) : 0
        var w = JSONWriter(reserve: 8192 + frameCount * timeline.layers.count * 340)
        w.budget = RenderBudget.maxBytes
        w.raw("{")
        w.key("version"); w.integer(1)
        w.raw(","); w.key("duration"); w.number(timeline.duration)
        w.raw(","); w.key("transitionDuration"); w.number(timeline.transitionDuration)
        w.raw(","); w.key("fps"); w.integer(options.fps)
        w.raw(","); w.key("container"); container(timeline.spec.container, into: &w)
        if let run = timeline.run {
            w.raw(","); w.key("interaction"); interaction(run, into: &w)
        }
        w.raw(","); w.key("layers"); w.raw("[")
        for (i, layer) in timeline.layers.enumerated() {
            if i > 0 { w.raw(",") }
            self.layer(layer, images: timeline.spec.images, into: &w)
        }
        w.raw("]")
        if options.includeFrames {
            w.raw(","); w.key("frames")
            frames(timeline, fps: options.fps, into: &w)
        }
        // What UIKit code cannot express exactly (docs/API.md, "Warnings"); only when there is some.
        let warnings = SpecWarnings.of(timeline.spec)
        if !warnings.isEmpty {
            w.raw(","); w.key("warnings")
            SpecWarnings.write(warnings, into: &w)
        }
        w.raw("}")
        return w.takeBytes()
    }

    static func container(_ c: ContainerSpec, into w: inout JSONWriter) {
        w.raw("{"); w.key("width"); w.number(c.size.width)
        w.raw(","); w.key("height"); w.number(c.size.height)
        w.raw(","); w.key("perspective")
        if let p = c.perspective { w.number(p) } else { w.null() }
        if let b = c.background { w.raw(","); w.key("background"); w.color(b) }
        w.raw("}")
    }

    static func interaction(_ run: InteractiveRun, into w: inout JSONWriter) {
        w.raw("{"); w.key("outcome"); w.string(run.outcome.rawValue)
        w.raw(","); w.key("releaseTime"); w.number(run.releaseTime)
        w.raw(","); w.key("percentAtRelease"); w.number(run.percentAtRelease)
        w.raw(","); w.key("velocityAtRelease"); w.number(run.velocityAtRelease)
        w.raw(","); w.key("completionDuration"); w.number(run.completionDuration)
        w.raw(","); w.key("completionCurve");
        w.numbers([run.completionCurve.x1, run.completionCurve.y1, run.completionCurve.x2, run.completionCurve.y2])
        w.raw(","); w.key("phases"); w.raw("[")
        for (i, phase) in run.phases.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{"); w.key("name"); w.string(phase.name)
            w.raw(","); w.key("start"); w.number(phase.start)
            w.raw(","); w.key("end"); w.number(phase.end); w.raw("}")
        }
        w.raw("]}")
    }

    static func layer(_ layer: CompiledLayer, images: ImageLibrary, into w: inout JSONWriter) {
        let s = layer.spec
        w.raw("{"); w.key("id"); w.string(s.id)
        w.raw(","); w.key("size"); w.size(s.size)
        w.raw(","); w.key("anchor"); w.point(s.anchor)
        if let fill = s.fill { w.raw(","); w.key("fill"); w.color(fill) }
        if let g = s.gradient {
            w.raw(","); w.key("gradient"); w.raw("{"); w.key("colors"); w.raw("[")
            for (i, c) in g.colors.enumerated() { if i > 0 { w.raw(",") }; w.color(c) }
            w.raw("],"); w.key("start"); w.point(g.start); w.raw(","); w.key("end"); w.point(g.end); w.raw("}")
        }
        if let label = s.label { w.raw(","); w.key("label"); w.string(label) }
        w.raw(","); w.key("cornerRadius"); w.number(s.cornerRadius)
        w.raw(","); w.key("clips"); w.bool(s.clips)
        if let parent = s.parent { w.raw(","); w.key("parent"); w.string(parent) }
        if let sub = s.sublayerTransform { w.raw(","); w.key("sublayerTransform"); w.matrix(sub.matrix) }
        if s.shadow != .none { shadow(s.shadow, into: &w) }
        if s.border != .none { border(s.border, into: &w) }
        if let content = s.content {
            w.raw(","); w.key("content")
            switch content {
            case let .snapshot(of, rect):
                w.raw("{"); w.key("snapshotOf"); w.string(of)
                if let rect { w.raw(","); w.key("rect"); w.rect(rect) }
                w.raw("}")
            case let .image(aspect, fill):
                w.raw("{"); w.key("image"); w.raw("{"); w.key("aspect"); w.number(aspect)
                if let fill { w.raw(","); w.key("fill"); w.color(fill) }
                w.raw(","); w.key("mode"); w.string(s.imageMode.rawValue)
                switch s.imageSource {
                case .asset(let id)?: w.raw(","); w.key("asset"); w.string(id)
                case .data(let uri)?: w.raw(","); w.key("data"); w.string(uri)
                case nil: break
                }
                if let source = s.imageSource, let image = images[source] {
                    w.raw(","); w.key("type"); w.string(image.mimeType)
                    w.raw(","); w.key("width"); w.integer(image.width)
                    w.raw(","); w.key("height"); w.integer(image.height)
                }
                w.raw("}}")
            }
        }
        w.raw(","); w.key("tracks"); w.raw("{")
        var first = true
        for property in layer.animatedProperties {
            if !first { w.raw(",") }
            first = false
            w.string(property.rawValue); w.raw(":")
            self.track(layer.track(property), into: &w)
        }
        w.raw("}}")
    }

    static func track(_ track: PropertyTrack, into w: inout JSONWriter) {
        w.raw("{"); w.key("initial"); w.trackValue(track.initial)
        w.raw(","); w.key("segments"); w.raw("[")
        for (i, segment) in track.segments.enumerated() {
            if i > 0 { w.raw(",") }
            switch segment {
            case let .tween(start, end, from, to, curve):
                w.raw("{"); w.key("type"); w.string("tween")
                w.raw(","); w.key("start"); w.number(start)
                w.raw(","); w.key("end"); w.number(end)
                w.raw(","); w.key("from"); w.trackValue(from)
                w.raw(","); w.key("to"); w.trackValue(to)
                w.raw(","); w.key("curve"); self.curve(curve, duration: end - start, into: &w)
                w.raw("}")
            case let .keyframes(start, end, path, warp):
                w.raw("{"); w.key("type"); w.string("keyframes")
                w.raw(","); w.key("start"); w.number(start)
                w.raw(","); w.key("end"); w.number(end)
                w.raw(","); w.key("calculationMode"); w.string(path.mode.rawValue)
                w.raw(","); w.key("curve"); self.curve(warp, duration: end - start, into: &w)
                w.raw(","); w.key("keys"); w.raw("[")
                for (k, key) in path.keys.enumerated() {
                    if k > 0 { w.raw(",") }
                    w.raw("["); w.number(key.time); w.raw(","); w.trackValue(key.value); w.raw("]")
                }
                w.raw("]}")
            case let .set(time, value):
                w.raw("{"); w.key("type"); w.string("set")
                w.raw(","); w.key("start"); w.number(time)
                w.raw(","); w.key("value"); w.trackValue(value)
                w.raw("}")
            }
        }
        w.raw("]}")
    }

    /// A curve: exact where it is a Bézier or steps; a spring with its parameters and
    /// progress samples `[fraction, progress]` (its overshoot visible).
    static func curve(_ curve: TimingCurve, duration: Double, into w: inout JSONWriter) {
        switch curve {
        case .bezier(let b):
            w.raw("{"); w.key("type"); w.string("cubicBezier")
            w.raw(","); w.key("points"); w.numbers([b.x1, b.y1, b.x2, b.y2]); w.raw("}")
        case .steps(let n):
            w.raw("{"); w.key("type"); w.string("steps"); w.raw(","); w.key("count"); w.integer(n); w.raw("}")
        case .spring(let p):
            w.raw("{"); w.key("type"); w.string("spring")
            w.raw(","); w.key("mass"); w.number(p.mass)
            w.raw(","); w.key("stiffness"); w.number(p.stiffness)
            w.raw(","); w.key("damping"); w.number(p.damping)
            w.raw(","); w.key("initialVelocity"); w.number(p.initialVelocity)
            w.raw(","); w.key("dampingRatio"); w.number(p.dampingRatio)
            w.raw(","); w.key("samples"); w.raw("[")
            let count = min(max(Int((duration * springSampleRate).rounded(.up)), 2), maxSpringSamples)
            for k in 0...count {
                if k > 0 { w.raw(UInt8(ascii: ",")) }
                let f = Double(k) / Double(count)
                w.pair(f, curve.progress(at: f, duration: duration))
            }
            w.raw("]}")
        }
    }

    /// `[{"t":…,"layers":[…]},…]`: every layer's state at each frame time.
    ///
    /// The hot path of a timeline with frames. The layers' values live in one buffer moved
    /// from frame to frame by `Timeline.sampleValues` (only animated tracks are sampled, no
    /// `LayerState`, no copy of a layer); each layer's `{"id":…,"opacity":` prefix is made
    /// once; the part after `visible` — quad, position, size, matrix… — is copied from the
    /// previous frame when the layer's geometry has not changed (a fade, a hold before a
    /// delayed start or after the end) instead of recomputed, and otherwise written in one
    /// stretch of reserved room, its fill's bytes reused while the colour stays.
    static func frames(_ timeline: Timeline, fps: Int, into w: inout JSONWriter) {
        guard timeline.tree.isFlat else { return treeFrames(timeline, fps: fps, into: &w) }
        let layers = timeline.layers
        let prefixes = LayerByteStrings(
            layers.map { layer in
                var p = JSONWriter()
                p.raw("{"); p.key("id"); p.string(layer.spec.id); p.raw(","); p.key("opacity")
                return p.takeBytes()
            })
        let hasFill = layers.map(\.hasFill)
        let anchors = layers.map(\.spec.anchor)
        let sublayer = timeline.containerSublayer
        var current = timeline.initialValues
        // What each layer's tail (after `visible`) was last written from, and where. Read
        // and written in place through the arrays' spans (`tails[i].field` loads the field
        // alone; an array's subscript getter copies a layer's values out).
        var tailValues = current
        var tailStart = [Int](repeating: -1, count: layers.count)
        var tailCount = [Int](repeating: 0, count: layers.count)
        // `,"fill":"#…"` per layer, remade when the colour changes.
        var fillColors = current.map(\.fill)
        var fillBytes = LayerByteStrings(current.map { fillText($0.fill) }, room: fillText(.clear).count)
        let digits = w.fractionDigits
        let table = DigitTable.shared
        w.raw("[")
        for (k, t) in timeline.frameTimes(fps: fps).enumerated() {
            if RenderCancellation.isRequested || w.isOverBudget { break }
            if k > 0 { w.raw(",{\"t\":") } else { w.raw("{\"t\":") }
            w.number(t)
            w.raw(",\"layers\":[")
            let cancelledEnd = timeline.cancelledEndValues(atWallTime: t)
            if cancelledEnd == nil {
                timeline.sampleValues(atTransitionTime: timeline.transitionTime(atWallTime: t), into: &current)
            }
            let frameValues = cancelledEnd ?? current
            let v = frameValues.span
            var tails = tailValues.mutableSpan
            for i in 0..<layers.count {
                let repeats =
                    tailStart[i] >= 0 && tails[i].position == v[i].position && tails[i].size == v[i].size
                    && tails[i].zPosition == v[i].zPosition && tails[i].cornerRadius == v[i].cornerRadius
                    && tails[i].fill == v[i].fill && tails[i].transform == v[i].transform
                    && tails[i].shadow == v[i].shadow && tails[i].border == v[i].border
                let shadow = repeats ? nil : LayerState.visibleShadow(v[i].shadow)
                let border = repeats ? nil : LayerState.visibleBorder(v[i].border)
                let decorated = shadow != nil || border != nil
                if !repeats && hasFill[i] && v[i].fill != fillColors[i] {
                    fillBytes.set(i, fillText(v[i].fill))
                    fillColors[i] = v[i].fill
                }
                let fillCount = hasFill[i] ? fillBytes.counts[i] : 0
                // The whole entry but its decorations in one stretch of reserved room (192
                // bytes for the text between numbers, the opacity and the separators).
                let room =
                    prefixes.counts[i]
                    + (repeats ? tailCount[i] : 48 * (ByteWriter.maxNumberLength + 1) + fillCount)
                let at = w.count
                var tail = 0
                w.withRoom(room + 192) { room in
                    var c = Cursor(room: room, digits: digits, table: table)
                    defer { room = c.room }
                    if i > 0 { c.byte(UInt8(ascii: ",")) }
                    prefixes.write(i, into: &c.room)
                    c.number(min(max(v[i].alpha, 0), 1))
                    if v[i].hidden { c.text(",\"visible\":false") } else { c.text(",\"visible\":true") }
                    tail = c.room.count
                    if repeats { return }
                    let matrix = LayerState.composedMatrix(
                        position: v[i].position, zPosition: v[i].zPosition, size: v[i].size,
                        anchor: anchors[i], transform: v[i].transform,
                        containerSublayer: sublayer)
                    FrameEntryFields.writeGeometry(
                        corners: LayerState.corners(size: v[i].size, matrix: matrix),
                        position: v[i].position, size: v[i].size, zPosition: v[i].zPosition,
                        cornerRadius: max(v[i].cornerRadius, 0), into: &c)
                    if hasFill[i] { fillBytes.write(i, into: &c.room) }
                    FrameEntryFields.writeMatrices(matrix: matrix, transform: v[i].transform, into: &c)
                    if !decorated { c.byte(UInt8(ascii: "}")) }
                }
                if repeats {
                    // The same bytes as the last time this layer's tail was written.
                    w.repeatBytes(from: tailStart[i], count: tailCount[i])
                    continue
                }
                if decorated {
                    decoration(shadow: shadow, border: border, into: &w)
                    w.raw(UInt8(ascii: "}"))
                }
                tails[i] = v[i]
                tailStart[i] = at + tail
                tailCount[i] = w.count - tailStart[i]
            }
            w.raw("]}")
        }
        w.raw("]")
    }

    /// `frames` for a timeline with sublayers: each frame's states composed down the tree
    /// (`Timeline.states(at:)`), written with the same fields as the flat path plus `clip`
    /// where an ancestor clips.
    static func treeFrames(_ timeline: Timeline, fps: Int, into w: inout JSONWriter) {
        w.raw("[")
        for (k, t) in timeline.frameTimes(fps: fps).enumerated() {
            if RenderCancellation.isRequested || w.isOverBudget { break }
            if k > 0 { w.raw(",{\"t\":") } else { w.raw("{\"t\":") }
            w.number(t)
            w.raw(",\"layers\":[")
            for (i, s) in timeline.states(at: t).enumerated() {
                if i > 0 { w.raw(UInt8(ascii: ",")) }
                w.raw("{"); w.key("id"); w.string(s.id)
                w.raw(","); w.key("opacity"); w.number(s.opacity)
                if s.hidden { w.raw(",\"visible\":false") } else { w.raw(",\"visible\":true") }
                FrameEntryFields.writeGeometry(
                    corners: LayerState.corners(size: s.size, matrix: s.matrix), position: s.position, size: s.size,
                    zPosition: s.zPosition, cornerRadius: s.cornerRadius, into: &w)
                if let fill = s.fill { w.raw(","); w.key("fill"); w.color(fill) }
                FrameEntryFields.writeMatrices(matrix: s.matrix, transform: s.transform, into: &w)
                decoration(shadow: s.shadow, border: s.border, into: &w)
                if let clip = s.clip {
                    w.raw(","); w.key("clip"); w.raw("[")
                    for (n, p) in clip.enumerated() {
                        if n > 0 { w.raw(",") }
                        w.point(p)
                    }
                    w.raw("]")
                }
                w.raw(UInt8(ascii: "}"))
            }
            w.raw("]}")
        }
        w.raw("]")
    }

    /// `"shadow":{opacity, radius, offset, color}` when the shadow shows, `"border":{width,
    /// color}` when there is one.
    static func decoration(shadow: ShadowSpec?, border: BorderSpec?, into w: inout JSONWriter) {
        if let shadow { self.shadow(shadow, into: &w) }
        if let border { self.border(border, into: &w) }
    }

    // `shadow(_:into:)` and `border(_:into:)`, the one writer of each for a layer's static look
    // and its frames, are generated from the property table (AnimaticCore's
    // `PropertyTable.toml`) into TimelineJSONEncoder+Decorations+Generated.swift.

    /// `,"fill":"#rrggbb"` (or `#rrggbbaa`): a flat layer's fill in its frame entries.
    private static func fillText(_ color: Color) -> [UInt8] {
        var f = JSONWriter()
        f.raw(","); f.key("fill"); f.color(color)
        return f.takeBytes()
    }

    /// One short byte string per layer in one array, each in a slot of `room` bytes: the
    /// frame loop copies a layer's into its room without the retain that an array of
    /// arrays costs per read.
    private struct LayerByteStrings {
        private var bytes: [UInt8]
        private(set) var counts: [Int]
        let room: Int

        init(_ strings: [[UInt8]], room: Int? = nil) {
            self.room = max(room ?? 0, strings.map(\.count).max() ?? 0, 1)
            bytes = [UInt8](repeating: 0, count: self.room * max(strings.count, 1))
            counts = [Int](repeating: 0, count: max(strings.count, 1))
            for (i, s) in strings.enumerated() { set(i, s) }
        }

        /// Layer `i`'s bytes into `room`.
        @inline(__always) func write(_ i: Int, into room: inout ByteWriter.Room) {
            room.bytes(bytes, from: i &* self.room, count: counts[i])
        }

        mutating func set(_ i: Int, _ string: [UInt8]) {
            precondition(string.count <= room, "a layer's bytes fit its slot")
            bytes.replaceSubrange(i * room..<i * room + string.count, with: string)
            counts[i] = string.count
        }
    }

    /// Writes a frame entry into the room `withRoom` lent (the caller bounds it): the
    /// JSON timeline's digits and table at hand. Everything is inlined into the frame loop.
    private struct Cursor: FrameEntryWriting {
        var room: ByteWriter.Room
        let digits: Int
        let table: DigitTable

        @inline(__always) mutating func byte(_ b: UInt8) { room.byte(b) }

        @inline(__always) mutating func text(_ s: StaticString) { room.put(s) }

        @inline(__always) mutating func number(_ v: Double) {
            if digits == 6 { room.number6(v, digits: table) } else { room.number(v, fractionDigits: digits) }
        }

        /// `[x,y]`.
        @inline(__always) mutating func point(_ x: Double, _ y: Double) {
            byte(UInt8(ascii: "[")); number(x); byte(UInt8(ascii: ",")); number(y); byte(UInt8(ascii: "]"))
        }

        /// `[m11,…,m44]`.
        @inline(__always) mutating func matrix(_ m: Transform3D) {
            if digits == 6 {
                m.withEntries { room.list6($0, digits: table) }
                return
            }
            m.withEntries { entries in
                byte(UInt8(ascii: "["))
                number(entries[0])
                for k in 1..<16 {
                    byte(UInt8(ascii: ","))
                    number(entries[k])
                }
                byte(UInt8(ascii: "]"))
            }
        }
    }
}
