import AnimaticCore

extension Timeline {
    /// Wall times in (0, duration] where some layer's value jumps, ascending: where wall
    /// time is transition time, the instant changes of its tracks (`hidden`, completion
    /// assignments: always) and the steps of `steps` curves and discrete keyframes
    /// (`TrackSegment.jumpTimes`) while they number at most `limit` in all; for an
    /// interactive run, its end, where the completion block runs.
    ///
    /// The limit bounds the samples the exports write (two per jump): a segment whose steps
    /// would pass what is left of it is left out whole and sampled at frames like any
    /// continuous motion — its steps are then denser than what is left of the frames can
    /// show. Segments are taken in spec order (layers, then properties, then time).
    func jumpTimes(limit: Int) -> [Double] {
        var times = Set<Double>()
        let wallIsTransition = run == nil || run?.drive == .direct
        guard wallIsTransition else {
            if let run, run.duration > 0 { times.insert(run.duration) }
            return times.sorted()
        }
        // The untyped view of a layer's animated tracks, once per layer: a still track has no
        // segments, so no jumps (and erasing all fourteen tracks of each layer cost more
        // than the rest of this).
        let tracks = layers.map { layer in layer.animatedProperties.map(layer.track) }
        for track in tracks.joined() {
            for case let .set(time, _) in track.segments where time > 0 && time <= duration {
                times.insert(time)
            }
        }
        var left = limit
        for layerTracks in tracks {
            for track in layerTracks {
                let segments = track.segments
                for (k, segment) in segments.enumerated() where left > 0 {
                    if case .set = segment { continue }
                    guard segment.start < duration, let jumps = segment.jumpTimes(limit: left) else { continue }
                    // A later segment takes over at its start: the jumps from there on do not show.
                    let next = k + 1 < segments.count ? segments[k + 1].start : .infinity
                    for t in jumps where t > 0 && t <= duration && t < next {
                        if times.insert(t).inserted { left -= 1 }
                    }
                }
            }
        }
        return times.sorted()
    }
}
