/// The release of a `.restart` interaction (Hero's `finish()` / `cancel()`), compiled into
/// the tracks: after the transition's last block, every animated property gets one tween
/// from the value presented at the release to its value at the transition's end (finish)
/// or start (cancel), over the run's completion duration, along the curve of the
/// animation that was driving it at the release (the interaction's `completionCurve` when
/// that was a keyframe block or a spring). `hidden` keeps the value it had at the release.
/// Wall time after the release maps to transition time `transitionEnd + elapsed`
/// (`InteractiveRun.transitionTime(atWallTime:)`), so every output samples the restart
/// like any other segment. Returns the transition time at which the run ends.
enum RestartRun {
    static func append(
        to layers: inout [CompiledLayer], run: InteractiveRun, transitionEnd: Double,
        fallback: CubicBezier
    ) -> Double {
        let presented = run.releaseTransitionTime
        let target = run.outcome == .finish ? transitionEnd : 0
        let end = transitionEnd + run.completionDuration
        for li in layers.indices {
            for property in layers[li].animatedProperties {
                let track = layers[li].track(property)
                let from = track.value(at: presented)
                if property == .hidden {
                    layers[li].append(.set(time: transitionEnd, value: from), to: property)
                    continue
                }
                let to = track.value(at: target)
                if run.completionDuration <= 0 || from == to {
                    layers[li].append(.set(time: transitionEnd, value: to), to: property)
                    continue
                }
                layers[li].append(
                    .tween(
                        start: transitionEnd, end: end, from: from, to: to,
                        curve: curve(of: track, at: presented, fallback: fallback)), to: property)
            }
        }
        return end
    }

    /// The Bézier curve of the tween driving `track` at `t`, else `fallback`.
    static func curve(of track: PropertyTrack, at t: Double, fallback: CubicBezier) -> TimingCurve {
        for segment in track.segments.reversed() where segment.start <= t {
            if case let .tween(_, _, _, _, curve) = segment, case .bezier = curve { return curve }
            break
        }
        return .bezier(fallback)
    }
}
