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
        let hasFill = view.samples.states[0][i].fill != nil
        let times = view.times
        func sampled(_ number: (LayerState) -> Double) -> Channel {
            .sampled(times: times, width: 1) { k, values in values.append(number(view.state(k))) }
        }
        func visibility() -> Channel {
            .discrete(times: times, values: view.indices.map { view.state($0).visible ? 1 : 0 })
        }
        if timeline.run == nil {
            let d = timeline.duration
            func channel(_ p: AnimatableProperty, _ bound: Channel.Bound) -> Channel {
                Channel.exact(track: layer.track(p), duration: d, samples: view, bound: bound)
            }
            opacity = channel(.alpha, .unit)
            size = channel(.size, .nonNegative)
            radius = channel(.cornerRadius, .nonNegative)
            fill = hasFill ? channel(.fill, .unit) : nil
            var vt: [Double] = [0], vv: [Double] = [layer.spec.hidden ? 0 : 1]
            for segment in layer.track(.hidden).segments {
                if case let .set(time, .bool(hidden)) = segment, time <= d {
                    vt.append(time); vv.append(hidden ? 0 : 1)
                }
            }
            visible = .discrete(times: vt, values: vv)
            if timeline.tree.parents[i] != nil {
                opacity = sampled(\.opacity)
                visible = visibility()
            }
        } else {
            opacity = sampled(\.opacity)
            size = .sampled(times: times, width: 2) { k, values in
                let s = view.state(k).size
                values.append(s.width); values.append(s.height)
            }
            radius = sampled(\.cornerRadius)
            fill =
                hasFill
                ? .sampled(times: times, width: 4) { k, values in
                    let c = view.state(k).fill ?? .clear
                    values.append(c.red); values.append(c.green); values.append(c.blue); values.append(c.alpha)
                } : nil
            visible = visibility()
        }
        clip = Self.clip(view)
    }

    static func clip(_ samples: FrameSamples.LayerSamples) -> Channel? {
        var count = 0, clips = false
        for k in samples.indices {
            guard let polygon = samples.state(k).clip else { continue }
            clips = true
            count = max(count, polygon.count)
        }
        guard clips else { return nil }
        count = max(count, 3)
        return .sampled(times: samples.times, width: 2 * count) { k, values in
            guard let polygon = samples.state(k).clip, let last = polygon.last else {
                // No clip at this frame (cannot happen within one tree) or an empty one: nothing shows.
                values.append(contentsOf: repeatElement(0, count: 2 * count))
                return
            }
            for p in polygon { values.append(p.x); values.append(p.y) }
            for _ in polygon.count..<count { values.append(last.x); values.append(last.y) }
        }
    }
}
