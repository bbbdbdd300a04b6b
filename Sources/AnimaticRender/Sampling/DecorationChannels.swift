import AnimaticCore

/// A layer's shadow and border over time as channels, for the encoders that animate
/// them: exact from the tracks when the timeline has no interaction, else sampled from
/// the frames. Nil parts never show.
struct DecorationChannels {
    struct Shadow {
        /// shadowOpacity × the colour's alpha: what a renderer's flood opacity is.
        var opacity: Channel
        var radius: Channel
        var offset: Channel
        /// r, g, b in 0…1.
        var color: Channel
        /// How far past the bounds the shadow reaches at most: 3 σ of blur plus the offset.
        var reach: Double
    }

    struct Border {
        var width: Channel
        /// r, g, b, a in 0…1.
        var color: Channel
    }

    var shadow: Shadow?
    var border: Border?

    init(layer i: Int, samples: FrameSamples) {
        self.init(samples.layer(i))
    }

    init(_ view: FrameSamples.LayerSamples) {
        let samples = view.samples, i = view.layer
        let timeline = samples.timeline
        let layer = timeline.layers[i]
        let showsShadow = samples.states.contains { $0[i].shadow != nil }
        let showsBorder = samples.states.contains { $0[i].border != nil }
        guard showsShadow || showsBorder else { return }
        let times = view.times
        // Own values at every frame (the states leave out a shadow or border that does not show).
        let values = times.indices.map {
            layer.values(at: timeline.transitionTime(atWallTime: view.evaluationTime($0)))
        }
        func channel(
            _ p: AnimatableProperty, _ bound: Channel.Bound, width: Int,
            _ sampled: (CompiledLayer.Values, inout [Double]) -> Void
        ) -> Channel {
            timeline.run == nil
                ? Channel.exact(track: layer.track(p), duration: timeline.duration, samples: view, bound: bound)
                : Channel.sampled(times: times, width: width) { k, out in sampled(values[k], &out) }
        }
        func appendColor(_ c: Color, _ out: inout [Double]) {
            out.append(c.red); out.append(c.green); out.append(c.blue); out.append(c.alpha)
        }
        if showsShadow {
            let opacity = channel(.shadowOpacity, .unit, width: 1) { v, out in out.append(v.shadow.opacity) }
            let color = channel(.shadowColor, .unit, width: 4) { v, out in appendColor(v.shadow.color, &out) }
            let alpha = color[0, 3]
            let flood =
                color.isConstant && timeline.run == nil
                ? opacity.mapValues(width: 1) { v, _ in v[0] * alpha }
                : Channel.sampled(times: times, width: 1) { k, out in
                    out.append(min(max(values[k].shadow.opacity, 0), 1) * values[k].shadow.color.alpha)
                }
            let radius = channel(.shadowRadius, .nonNegative, width: 1) { v, out in out.append(v.shadow.radius) }
            let offset = channel(.shadowOffset, .none, width: 2) { v, out in
                out.append(v.shadow.offset.x); out.append(v.shadow.offset.y)
            }
            let reach =
                values.map { 3 * $0.shadow.radius + max(abs($0.shadow.offset.x), abs($0.shadow.offset.y)) }.max() ?? 0
            shadow = Shadow(
                opacity: flood, radius: radius, offset: offset,
                color: color.mapValues(width: 3) { v, c in v[c] }, reach: reach)
        }
        if showsBorder {
            border = Border(
                width: channel(.borderWidth, .nonNegative, width: 1) { v, out in out.append(v.border.width) },
                color: channel(.borderColor, .unit, width: 4) { v, out in appendColor(v.border.color, &out) })
        }
    }
}
