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
        let timeline = samples.timeline
        let layer = timeline.layers[i]
        let hasFill = samples.states[0][i].fill != nil
        let view = samples.layer(i)
        if timeline.run == nil {
            let d = timeline.duration, times = view.times
            func channel(_ p: AnimatableProperty, _ map: (TrackValue) -> [Double]) -> Channel {
                Channel.exact(track: layer.track(p), duration: d, samples: view, map: map)
            }
            opacity = channel(.alpha) { v in v.numbers.map { min(max($0, 0), 1) } }
            size = channel(.size) { v in v.numbers.map { max($0, 0) } }
            radius = channel(.cornerRadius) { v in v.numbers.map { max($0, 0) } }
            fill = hasFill ? channel(.fill) { v in v.numbers.map { min(max($0, 0), 1) } } : nil
            var vt: [Double] = [0], vv: [[Double]] = [[layer.spec.hidden ? 0 : 1]]
            for segment in layer.track(.hidden).segments {
                if case let .set(time, .bool(hidden)) = segment, time <= d {
                    vt.append(time); vv.append([hidden ? 0 : 1])
                }
            }
            visible = .discrete(times: vt, values: vv)
            if timeline.tree.parents[i] != nil {
                let states = view.states
                opacity = .sampled(times: times, values: states.map { [$0.opacity] })
                visible = .discrete(times: times, values: states.map { [$0.visible ? 1 : 0] })
            }
        } else {
            let states = view.states, times = view.times
            opacity = .sampled(times: times, values: states.map { [$0.opacity] })
            size = .sampled(times: times, values: states.map { [$0.size.width, $0.size.height] })
            radius = .sampled(times: times, values: states.map { [$0.cornerRadius] })
            fill = hasFill ? .sampled(times: times, values: states.map { ($0.fill ?? .clear).components }) : nil
            visible = .discrete(times: times, values: states.map { [$0.visible ? 1 : 0] })
        }
        clip = Self.clip(view)
    }

    static func clip(_ samples: FrameSamples.LayerSamples) -> Channel? {
        let polygons = samples.states.map(\.clip)
        guard polygons.contains(where: { $0 != nil }) else { return nil }
        let count = max(polygons.map { $0?.count ?? 0 }.max() ?? 0, 3)
        return .sampled(
            times: samples.times,
            values: polygons.map { polygon in
                guard let polygon, let last = polygon.last else {
                    // No clip at this frame (cannot happen within one tree) or an empty one: nothing shows.
                    return [Double](repeating: 0, count: 2 * count)
                }
                let padded = polygon + Array(repeating: last, count: count - polygon.count)
                return padded.flatMap { [$0.x, $0.y] }
            })
    }
}
