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
    public static let maxSpringSamples = 600

    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] {
        let frameCount = options.includeFrames ? Timeline.frameCount(duration: timeline.duration, fps: options.fps) : 0
        var w = JSONWriter(reserve: 4096 + frameCount * timeline.layers.count * 420)
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
            self.layer(layer, into: &w)
        }
        w.raw("]")
        if options.includeFrames {
            w.raw(","); w.key("frames"); w.raw("[")
            for (k, t) in timeline.frameTimes(fps: options.fps).enumerated() {
                if k > 0 { w.raw(",") }
                frame(t, timeline: timeline, into: &w)
            }
            w.raw("]")
        }
        w.raw("}")
        return w.bytes
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
        w.raw(","); w.key("completionCurve"); w.numbers([run.completionCurve.x1, run.completionCurve.y1, run.completionCurve.x2, run.completionCurve.y2])
        w.raw(","); w.key("phases"); w.raw("[")
        for (i, phase) in run.phases.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{"); w.key("name"); w.string(phase.name)
            w.raw(","); w.key("start"); w.number(phase.start)
            w.raw(","); w.key("end"); w.number(phase.end); w.raw("}")
        }
        w.raw("]}")
    }

    static func layer(_ layer: CompiledLayer, into w: inout JSONWriter) {
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
                w.raw("}}")
            }
        }
        w.raw(","); w.key("tracks"); w.raw("{")
        var first = true
        for track in layer.tracks where track.isAnimated {
            if !first { w.raw(",") }
            first = false
            w.string(track.property.rawValue); w.raw(":")
            self.track(track, into: &w)
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
                if k > 0 { w.raw(",") }
                let f = Double(k) / Double(count)
                w.raw("["); w.number(f); w.raw(","); w.number(curve.progress(at: f, duration: duration)); w.raw("]")
            }
            w.raw("]}")
        }
    }

    static func frame(_ t: Double, timeline: Timeline, into w: inout JSONWriter) {
        w.raw("{"); w.key("t"); w.number(t)
        w.raw(","); w.key("layers"); w.raw("[")
        for (i, state) in timeline.states(at: t).enumerated() {
            if i > 0 { w.raw(",") }
            layerState(state, into: &w)
        }
        w.raw("]}")
    }

    static func layerState(_ s: LayerState, into w: inout JSONWriter) {
        w.raw("{"); w.key("id"); w.string(s.id)
        w.raw(","); w.key("opacity"); w.number(s.opacity)
        w.raw(","); w.key("visible"); w.bool(s.visible)
        w.raw(","); w.key("quad"); w.raw("[")
        let q = s.quad
        w.point(q[0]); w.raw(","); w.point(q[1]); w.raw(","); w.point(q[2]); w.raw(","); w.point(q[3])
        w.raw("]")
        w.raw(","); w.key("position"); w.point(s.position)
        w.raw(","); w.key("size"); w.size(s.size)
        w.raw(","); w.key("zPosition"); w.number(s.zPosition)
        w.raw(","); w.key("cornerRadius"); w.number(s.cornerRadius)
        if let fill = s.fill { w.raw(","); w.key("fill"); w.color(fill) }
        w.raw(","); w.key("transform"); w.matrix(s.transform)
        w.raw(","); w.key("matrix"); w.matrix(s.matrix)
        w.raw("}")
    }
}
