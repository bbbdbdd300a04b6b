import AnimaticCore

/// A layer's look over time as channels: exact from its tracks when the timeline has no
/// interaction (wall time is transition time), else sampled from the frames. A
/// sublayer's opacity and visibility are its ancestors' too, so they are sampled.
struct LayerChannels {
    var opacity: Channel
    /// 1 visible, 0 hidden; discrete.
    var visible: Channel
    var size: Channel
    var radius: Channel
    /// r, g, b, a in 0…1; nil when the layer has no fill.
    var fill: Channel?
    /// The ancestors' clip polygon, x0, y0, x1, y1, … with a fixed number of points (a
    /// shorter polygon repeats its last point; an empty one is all zeros); nil when no
    /// ancestor clips.
    var clip: Channel?

    init(layer i: Int, samples: FrameSamples) {
        self.init(samples.layer(i))
    }

    init(_ view: FrameSamples.LayerSamples) {
        let timeline = view.samples.timeline
        let i = view.layer
        let layer = timeline.layers[i]
        let hasFill = view.withState(0) { $0.fill != nil }
        let times = view.times
        // The states are read in place: a copy of one is a string and four optionals.
        func sampled(_ number: (borrowing LayerState) -> Double) -> Channel {
            .sampled(times: times, width: 1) { k, values in values.append(view.withState(k) { number($0) }) }
        }
        func visibility() -> Channel {
            .discrete(times: times, values: view.indices.map { k in view.withState(k) { $0.visible ? 1 : 0 } })
        }
        if timeline.run == nil {
            let d = timeline.duration
            let isRoot = timeline.tree.parents[i] == nil
            // Each track's samples are read from the states, which hold its values as it gives
            // them — but a sublayer's opacity, which its ancestors' multiply.
            func channel(_ p: AnimatableProperty, _ bound: Channel.Bound, _ presented: Channel.Presented) -> Channel {
                Channel.exact(track: layer.track(p), duration: d, samples: view, bound: bound, presented: presented)
            }
            opacity = isRoot ? channel(.alpha, .unit, .opacity) : sampled { $0.opacity }
            size = channel(.size, .nonNegative, .size)
            radius = channel(.cornerRadius, .nonNegative, .cornerRadius)
            fill = hasFill ? channel(.fill, .unit, .fill) : nil
            var vt: [Double] = [0], vv: [Double] = [layer.spec.hidden ? 0 : 1]
            for segment in layer.track(.hidden).segments {
                if case let .set(time, .bool(hidden)) = segment, time <= d {
                    vt.append(time); vv.append(hidden ? 0 : 1)
                }
            }
            visible = isRoot ? .discrete(times: vt, values: vv) : visibility()
        } else {
            opacity = sampled { $0.opacity }
            size = .sampled(times: times, width: 2) { k, values in
                let s = view.withState(k) { $0.size }
                values.append(s.width); values.append(s.height)
            }
            radius = sampled { $0.cornerRadius }
            fill =
                hasFill
                ? .sampled(times: times, width: 4) { k, values in
                    let c = view.withState(k) { $0.fill } ?? .clear
                    values.append(c.red); values.append(c.green); values.append(c.blue); values.append(c.alpha)
                } : nil
            visible = visibility()
        }
        clip = Self.clip(view)
    }

    static func clip(_ samples: FrameSamples.LayerSamples) -> Channel? {
        var count = 0, clips = false
        for k in samples.indices {
            guard let n = samples.withState(k, { $0.clip?.count }) else { continue }
            clips = true
            count = max(count, n)
        }
        guard clips else { return nil }
        count = max(count, 3)
        return .sampled(times: samples.times, width: 2 * count) { k, values in
            guard let polygon = samples.withState(k, { $0.clip }), let last = polygon.last else {
                // No clip at this frame (cannot happen within one tree) or an empty one: nothing shows.
                values.append(contentsOf: repeatElement(0, count: 2 * count))
                return
            }
            for p in polygon { values.append(p.x); values.append(p.y) }
            for _ in polygon.count..<count { values.append(last.x); values.append(last.y) }
        }
    }
}
