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
        let timeline = samples.timeline
        let layer = timeline.layers[i]
        let showsShadow = samples.states.contains { $0[i].shadow != nil }
        let showsBorder = samples.states.contains { $0[i].border != nil }
        guard showsShadow || showsBorder else { return }
        let view = samples.layer(i)
        let times = view.times
        // Own values at every frame (the states leave out a shadow or border that does not show).
        let values = times.indices.map {
            layer.values(at: timeline.transitionTime(atWallTime: view.evaluationTime($0)))
        }
        func channel(
            _ p: AnimatableProperty, _ sampled: (CompiledLayer.Values) -> [Double],
            _ map: @escaping (TrackValue) -> [Double]
        ) -> Channel {
            timeline.run == nil
                ? Channel.exact(track: layer.track(p), duration: timeline.duration, samples: view, map: map)
                : Channel.sampled(times: times, values: values.map(sampled))
        }
        if showsShadow {
            let opacity = channel(.shadowOpacity, { [$0.shadow.opacity] }) { $0.numbers.map { min(max($0, 0), 1) } }
            let color = channel(.shadowColor, { $0.shadow.color.components }) { $0.numbers.map { min(max($0, 0), 1) } }
            let flood =
                color.isConstant && timeline.run == nil
                ? opacity.mapValues { [$0[0] * color.values[0][3]] }
                : Channel.sampled(
                    times: times,
                    values: values.map {
                        [min(max($0.shadow.opacity, 0), 1) * $0.shadow.color.alpha]
                    })
            let radius = channel(.shadowRadius, { [$0.shadow.radius] }) { $0.numbers.map { max($0, 0) } }
            let offset = channel(.shadowOffset, { [$0.shadow.offset.x, $0.shadow.offset.y] }) { $0.numbers }
            let reach =
                values.map { 3 * $0.shadow.radius + max(abs($0.shadow.offset.x), abs($0.shadow.offset.y)) }.max() ?? 0
            shadow = Shadow(
                opacity: flood, radius: radius, offset: offset,
                color: color.mapValues { Array($0.prefix(3)) }, reach: reach)
        }
        if showsBorder {
            border = Border(
                width: channel(.borderWidth, { [$0.border.width] }) { $0.numbers.map { max($0, 0) } },
                color: channel(.borderColor, { $0.border.color.components }) { $0.numbers.map { min(max($0, 0), 1) } })
        }
    }
}
