import AnimaticCore

/// A timeline sampled at its frame times once, shared by the encoders.
///
/// Where a value jumps (an instant change: `hidden`, a completion block's assignment, the
/// end of a cancelled run) the samples hold the jump as two entries at the same time:
/// first the value just before it (`isLeftLimit`), then the value from it on. Encoders
/// that write one key per sample thus write a step — SMIL repeated key times, Lottie a
/// hold key, CSS a keyframe pair — instead of tweening the change across a frame.
///
/// Between frames the samples are refined where the motion is not close to linear (see
/// `refine`): exports interpolate between samples, and a spring or a perspective turn
/// leaves the chord between two frames by several points.
struct FrameSamples {
    let timeline: Timeline
    let fps: Int
    /// Non-decreasing; a time appears twice at a jump.
    let times: [Double]
    /// Per sample: whether it is the value just before a jump at its time.
    let isLeftLimit: [Bool]
    /// `states[k][i]`: layer i at sample k.
    let states: [[LayerState]]

    /// How far before a jump its left-limit sample is taken, in seconds.
    static let leftLimitOffset = 1e-9

    /// Between two samples an export moves each corner about linearly; where the true
    /// corner is further than this from that chord at the interval's midpoint, the
    /// interval is split (see `refined`).
    static let chordTolerance = 0.1
    /// At most this many halvings of a frame interval (16 samples per frame).
    static let maximumSplits = 4

    /// How the export moves a layer between two samples, which `refine` predicts.
    enum Interpolation {
        /// Each corner linearly (SVG polygons and affine channels, Lottie paths).
        case corners
        /// CSS: `matrix3d` through its decomposition (CSS Transforms 2), the box's size linearly.
        case decomposedMatrix
    }

    init(_ timeline: Timeline, fps: Int, interpolation: Interpolation = .corners) {
        self.timeline = timeline
        self.fps = max(fps, 1)
        let samples = Self.sampleTimes(frames: timeline.frameTimes(fps: self.fps), jumps: timeline.jumpTimes)
        // Abandoned work (RenderCancellation) repeats the last sample and refines nothing:
        // indices stay valid and the output is dropped anyway.
        var base: [[LayerState]] = []
        base.reserveCapacity(samples.count)
        for sample in samples {
            if let last = base.last, RenderCancellation.isRequested { base.append(last); continue }
            base.append(timeline.states(at: sample.leftLimit ? sample.time - Self.leftLimitOffset : sample.time))
        }
        var times: [Double] = [], isLeftLimit: [Bool] = [], states: [[LayerState]] = []
        times.reserveCapacity(samples.count); isLeftLimit.reserveCapacity(samples.count);
        states.reserveCapacity(samples.count)
        for k in samples.indices {
            if k > 0, samples[k].time > samples[k - 1].time {
                Self.refine(
                    timeline, from: (samples[k - 1].time, base[k - 1]), to: (samples[k].time, base[k]),
                    interpolation: interpolation, splits: Self.maximumSplits,
                    times: &times, isLeftLimit: &isLeftLimit, states: &states)
            }
            times.append(samples[k].time); isLeftLimit.append(samples[k].leftLimit); states.append(base[k])
        }
        self.times = times
        self.isLeftLimit = isLeftLimit
        self.states = states
    }

    /// Adds samples strictly between `a` and `b` where a visible layer's corner at the
    /// midpoint is more than `chordTolerance` from the chord of its corners at `a` and `b`
    /// (a spring's overshoot, a perspective turn), halving at most `splits` times. Each
    /// evaluation either adds a sample or ends a branch, so the work stays proportional
    /// to the samples written.
    static func refine(
        _ timeline: Timeline, from a: (Double, [LayerState]), to b: (Double, [LayerState]),
        interpolation: Interpolation, splits: Int,
        times: inout [Double], isLeftLimit: inout [Bool], states: inout [[LayerState]]
    ) {
        guard splits > 0, b.0 - a.0 > 1e-6, !RenderCancellation.isRequested else { return }
        let t = (a.0 + b.0) / 2
        let mid = timeline.states(at: t)
        var worst = 0.0
        for i in mid.indices where mid[i].visible || a.1[i].visible || b.1[i].visible {
            // CSS: both its decomposition and the chord must be close — browsers decompose
            // a projective matrix with small differences of their own, which shrink with the
            // interval as the chord's error does.
            let predictions =
                interpolation == .corners
                ? [halfway(a.1[i], b.1[i], .corners)]
                : [halfway(a.1[i], b.1[i], .corners), halfway(a.1[i], b.1[i], .decomposedMatrix)]
            let qm = mid[i].quad
            for predicted in predictions {
                for c in 0..<4 {
                    let dx = qm[c].x - predicted[c].x, dy = qm[c].y - predicted[c].y
                    worst = max(worst, (dx * dx + dy * dy).squareRoot())
                }
            }
            if !(worst <= chordTolerance) { break }
        }
        guard !(worst <= chordTolerance) else { return }
        refine(
            timeline, from: a, to: (t, mid), interpolation: interpolation, splits: splits - 1,
            times: &times, isLeftLimit: &isLeftLimit, states: &states)
        times.append(t); isLeftLimit.append(false); states.append(mid)
        refine(
            timeline, from: (t, mid), to: b, interpolation: interpolation, splits: splits - 1,
            times: &times, isLeftLimit: &isLeftLimit, states: &states)
    }

    /// The corners an export draws halfway between two samples.
    static func halfway(_ a: LayerState, _ b: LayerState, _ interpolation: Interpolation) -> [Point] {
        switch interpolation {
        case .corners:
            return zip(a.quad, b.quad).map { Point(x: ($0.x + $1.x) / 2, y: ($0.y + $1.y) / 2) }
        case .decomposedMatrix:
            let size = Size(width: (a.size.width + b.size.width) / 2, height: (a.size.height + b.size.height) / 2)
            guard let da = DecomposedTransform(a.matrix), let db = DecomposedTransform(b.matrix) else {
                // CSS switches at the midpoint: nothing near the motion; split.
                let nowhere = Point(x: Double.infinity, y: Double.infinity)
                return [nowhere, nowhere, nowhere, nowhere]
            }
            let m = da.interpolated(to: db, fraction: 0.5).matrix
            let c = LayerState.corners(size: size, matrix: m)
            return [c.0, c.1, c.2, c.3]
        }
    }

    /// The frame times with, at each jump, a left-limit sample and a sample at the jump.
    static func sampleTimes(frames: [Double], jumps: [Double]) -> [(time: Double, leftLimit: Bool)] {
        var result: [(time: Double, leftLimit: Bool)] = []
        result.reserveCapacity(frames.count + 2 * jumps.count)
        var j = 0
        for f in frames {
            while j < jumps.count, jumps[j] < f - 1e-9 {
                result.append((jumps[j], true)); result.append((jumps[j], false))
                j += 1
            }
            if j < jumps.count, abs(jumps[j] - f) <= 1e-9 {
                result.append((f, true))
                j += 1
            }
            result.append((f, false))
        }
        return result
    }

    /// Whether layer `i` is projected through a perspective at any frame.
    func isProjective(_ i: Int) -> Bool { states.contains { $0[i].isProjective } }

    /// Layer `i` at every sample.
    func layer(_ i: Int) -> [LayerState] { states.map { $0[i] } }
}

extension Timeline {
    /// Wall times in (0, duration] where some layer's value jumps, ascending: the instant
    /// changes of its tracks (`hidden`, completion assignments) where wall time is
    /// transition time, and the end of an interactive run, where the completion block runs.
    var jumpTimes: [Double] {
        var times = Set<Double>()
        let wallIsTransition = run == nil || run?.drive == .direct
        if wallIsTransition {
            for layer in layers {
                for track in layer.tracks {
                    for case let .set(time, _) in track.segments where time > 0 && time <= duration {
                        times.insert(time)
                    }
                }
            }
        } else if let run, run.duration > 0 {
            times.insert(run.duration)
        }
        return times.sorted()
    }
}
