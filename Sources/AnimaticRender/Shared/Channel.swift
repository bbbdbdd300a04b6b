import AnimaticCore

/// One animated quantity (a vector of numbers) over a whole timeline, as keys and the
/// curve between them — the shape SMIL `keyTimes`/`values`/`keySplines`, CSS keyframes
/// and Lottie keyframes all share.
///
/// Built either **from a track** (exact: a Bézier tween becomes one interval with that
/// curve as its spline; springs, steps, keyframe blocks and interrupted tweens are sampled
/// at the frame times) or **from frames** (every key a frame, linear between).
struct Channel: Equatable {
    /// Key times in seconds: non-decreasing, the first 0, the last the timeline's duration.
    /// Two equal times make a jump.
    var times: [Double]
    var values: [[Double]]
    /// Per interval (times.count − 1): the Bézier easing, nil for linear.
    var splines: [CubicBezier?]
    /// Holds each value until the next key (SMIL `calcMode="discrete"`).
    var discrete = false

    var isConstant: Bool { values.allSatisfy { $0 == values[0] } }
    var hasSplines: Bool { splines.contains { $0 != nil } }

    /// The channel's value at `t` seconds (for self-checks and tests).
    func value(at t: Double) -> [Double] {
        guard t > times[0] else { return values[0] }
        // The last key at or before t (a jump shows its new value at its time).
        var lo = 0, hi = times.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        if lo == times.count - 1 || discrete { return values[lo] }
        let span = times[lo + 1] - times[lo]
        let x = span > 0 ? (t - times[lo]) / span : 1
        let p = splines[lo]?.value(at: x) ?? x
        return zip(values[lo], values[lo + 1]).map { $0 + ($1 - $0) * p }
    }

    /// `value(at: t)` of a two-number channel (a point, a size), without an array.
    func pair(at t: Double) -> (Double, Double) {
        guard t > times[0] else { return (values[0][0], values[0][1]) }
        var lo = 0, hi = times.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        if lo == times.count - 1 || discrete { return (values[lo][0], values[lo][1]) }
        let span = times[lo + 1] - times[lo]
        let x = span > 0 ? (t - times[lo]) / span : 1
        let p = splines[lo]?.value(at: x) ?? x
        let a = values[lo], b = values[lo + 1]
        return (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
    }

    func mapValues(_ f: ([Double]) -> [Double]) -> Channel {
        var c = self
        c.values = values.map(f)
        return c
    }

    /// Keys at the given times, linear between.
    static func sampled(times: [Double], values: [[Double]]) -> Channel {
        Channel(times: times, values: values, splines: Array(repeating: nil, count: max(times.count - 1, 0)))
    }

    /// Keys at the given times, each value held until the next; repeated values are dropped.
    static func discrete(times: [Double], values: [[Double]]) -> Channel {
        var c = Channel(times: [times[0]], values: [values[0]], splines: [], discrete: true)
        for (t, v) in zip(times.dropFirst(), values.dropFirst()) where v != c.values[c.values.count - 1] {
            c.times.append(t); c.values.append(v); c.splines.append(nil)
        }
        return c
    }

    /// The track's value over `0…duration` of transition time: exact Bézier intervals where
    /// the track has a Bézier tween that runs to its end with control points in 0…1 (what
    /// SMIL `keySplines` accepts), the samples' times elsewhere — a jump of the samples
    /// (a step, a discrete key) as two keys at its time, the value before it first. `map` turns a value
    /// into numbers and must be linear in the value (positions, sizes, numbers, colours);
    /// it may clamp (opacity to 0…1) because Bézier tweens with control points in 0…1 never
    /// leave their end values.
    private static let leftLimitOffset = FrameSamples.leftLimitOffset

    static func exact(
        track: PropertyTrack, duration: Double, samples: FrameSamples.LayerSamples,
        map: (TrackValue) -> [Double]
    ) -> Channel {
        var b = Builder(initial: map(track.initial))
        let segments = track.segments
        for (i, segment) in segments.enumerated() {
            guard segment.start <= duration else { break }
            let next = i + 1 < segments.count ? segments[i + 1].start : .infinity
            switch segment {
            case let .set(time, value):
                b.jump(at: time, to: map(value))
            case let .tween(start, end, from, to, .bezier(curve))
            where end > start && end <= next && end <= duration
                && (0...1).contains(curve.y1) && (0...1).contains(curve.y2):
                b.jump(at: start, to: map(from))
                b.add(end, map(to), spline: curve == .linear ? nil : curve)
            default:
                let start = segment.start
                b.jump(at: start, to: map(segment.value(at: start)))
                let stop = min(segment.end, next, duration)
                let times = samples.times
                var endsWithJump = false
                for k in times.indices where times[k] > start + 1e-9 {
                    guard times[k] < stop - 1e-9 else {
                        endsWithJump = samples.isLeftLimit[k] && abs(times[k] - stop) <= 1e-9
                        break
                    }
                    b.add(times[k], map(segment.value(at: samples.evaluationTime(k))), spline: nil)
                }
                if stop > start {
                    if endsWithJump {
                        b.add(stop, map(segment.value(at: stop - leftLimitOffset)), spline: nil)
                    }
                    b.add(stop, map(segment.value(at: stop)), spline: nil)
                }
            }
        }
        b.hold(until: duration)
        return b.channel
    }

    private struct Builder {
        var channel: Channel

        init(initial: [Double]) { channel = Channel(times: [0], values: [initial], splines: []) }

        var last: [Double] { channel.values[channel.values.count - 1] }
        var lastTime: Double { channel.times[channel.times.count - 1] }

        mutating func add(_ t: Double, _ v: [Double], spline: CubicBezier?) {
            channel.times.append(max(t, lastTime))
            channel.values.append(v)
            channel.splines.append(spline)
        }

        mutating func hold(until t: Double) {
            if t > lastTime + 1e-12 { add(t, last, spline: nil) }
        }

        mutating func jump(at t: Double, to v: [Double]) {
            if channel.times.count == 1 && t <= 0 { channel.values[0] = v; return }
            hold(until: t)
            if v != last { add(t, v, spline: nil) }
        }
    }
}

extension TrackValue {
    /// The numbers of a value for channels: a point or size as two, a colour as four, a
    /// number as one, a boolean as 0 or 1, a transform as its 16 entries.
    var numbers: [Double] {
        switch self {
        case .number(let n): return [n]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .bool(let b): return [b ? 1 : 0]
        case .transform(let m, _): return m.entries
        }
    }
}
