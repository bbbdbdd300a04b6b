import AnimaticCore

/// One animated quantity (a vector of `width` numbers) over a whole timeline, as keys and
/// the curve between them — the shape SMIL `keyTimes`/`values`/`keySplines`, CSS keyframes
/// and Lottie keyframes all share.
///
/// Built either **from a track** (exact: a Bézier tween becomes one interval with that
/// curve as its spline; springs, steps, keyframe blocks and interrupted tweens are sampled
/// at the frame times) or **from frames** (every key a frame, linear between).
///
/// The keys' numbers are one flat array, key k at `k × width ..< (k + 1) × width`: a
/// channel is three allocations whatever its key count (issue 12: an export's work stays
/// within a small multiple of what it writes).
struct Channel: Equatable {
    /// Key times in seconds: non-decreasing, the first 0, the last the timeline's duration.
    /// Two equal times make a jump.
    var times: [Double]
    /// Numbers per key.
    var width: Int
    /// Every key's numbers in turn (`times.count × width`).
    var values: [Double]
    /// Per interval (times.count − 1): the Bézier easing, nil for linear.
    var splines: [CubicBezier?]
    /// Holds each value until the next key (SMIL `calcMode="discrete"`).
    var discrete = false

    /// Component `c` of key `k`.
    subscript(_ k: Int, _ c: Int) -> Double { values[k * width + c] }

    /// One key's numbers, read in place (no slice, no array): a view of the channel's
    /// `values` that `mapValues` and the SMIL writers are lent, for as long as the call
    /// that lends it (its `count` is the channel's width; its subscript is checked).
    typealias KeyNumbers = Span<Double>

    /// Lends `body` each key's numbers in turn, with its index; stops when `body` returns
    /// false.
    func forEachKey(_ body: (Int, KeyNumbers) -> Bool) {
        let all = values.span
        for k in times.indices {
            if !body(k, all.extracting(k &* width..<(k &+ 1) &* width)) { return }
        }
    }

    /// Lends `body` key `k`'s numbers.
    func withKey<R>(_ k: Int, _ body: (KeyNumbers) -> R) -> R {
        body(values.span.extracting(k * width..<(k + 1) * width))
    }

    /// Key `k`'s numbers as an array (for first values and tests).
    func key(_ k: Int) -> [Double] { Array(values[k * width..<(k + 1) * width]) }

    /// Whether keys `a` and `b` hold the same numbers.
    func sameKey(_ a: Int, _ b: Int) -> Bool {
        for c in 0..<width where values[a * width + c] != values[b * width + c] { return false }
        return true
    }

    var isConstant: Bool {
        for k in times.indices.dropFirst() where !sameKey(k, 0) { return false }
        return true
    }
    var hasSplines: Bool { splines.contains { $0 != nil } }

    /// The channel's value at `t` seconds (for self-checks and tests).
    func value(at t: Double) -> [Double] {
        guard t > times[0] else { return key(0) }
        // The last key at or before t (a jump shows its new value at its time).
        let lo = lastKey(atOrBefore: t)
        if lo == times.count - 1 || discrete { return key(lo) }
        let p = progress(lo, t)
        return (0..<width).map { c in self[lo, c] + (self[lo + 1, c] - self[lo, c]) * p }
    }

    /// Component `c` of `value(at: t)`, without an array.
    func component(_ c: Int, at t: Double) -> Double {
        guard t > times[0] else { return self[0, c] }
        return component(c, at: t, from: lastKey(atOrBefore: t))
    }

    /// `value(at: t)` of a two-number channel (a point, a size), without an array.
    func pair(at t: Double) -> (Double, Double) {
        guard t > times[0] else { return (self[0, 0], self[0, 1]) }
        return pair(at: t, from: lastKey(atOrBefore: t))
    }

    /// `component(c, at: t)` for t past the first key, with `lo` its last key at or before t.
    private func component(_ c: Int, at t: Double, from lo: Int) -> Double {
        if lo == times.count - 1 || discrete { return self[lo, c] }
        let p = progress(lo, t)
        return self[lo, c] + (self[lo + 1, c] - self[lo, c]) * p
    }

    /// `pair(at: t)` for t past the first key, with `lo` its last key at or before t.
    private func pair(at t: Double, from lo: Int) -> (Double, Double) {
        if lo == times.count - 1 || discrete { return (self[lo, 0], self[lo, 1]) }
        let p = progress(lo, t)
        return (self[lo, 0] + (self[lo + 1, 0] - self[lo, 0]) * p, self[lo, 1] + (self[lo + 1, 1] - self[lo, 1]) * p)
    }

    /// Reads a channel at non-decreasing times — every sample of a layer in turn — with
    /// `pair(at:)`'s and `component(_:at:)`'s numbers, the key found by stepping on from
    /// the last one rather than by a search per read; a constant channel reads its first
    /// key (equal to what those give: `v + 0 × p`, a −0 key aside, which reads +0 there).
    struct Reader {
        let channel: Channel
        private let isConstant: Bool
        /// The last key at or before the last time read past the first key.
        private var lo = 0

        init(_ channel: Channel) {
            self.channel = channel
            isConstant = channel.isConstant
        }

        /// `channel.pair(at: t)`; `t` at or after the last time read.
        mutating func pair(at t: Double) -> (Double, Double) {
            guard t > channel.times[0], !isConstant else { return (channel[0, 0], channel[0, 1]) }
            return channel.pair(at: t, from: advance(to: t))
        }

        /// `channel.component(c, at: t)`; `t` at or after the last time read.
        mutating func component(_ c: Int, at t: Double) -> Double {
            guard t > channel.times[0], !isConstant else { return channel[0, c] }
            return channel.component(c, at: t, from: advance(to: t))
        }

        /// The last key at or before `t` (past the first key), as `lastKey(atOrBefore:)` finds it.
        private mutating func advance(to t: Double) -> Int {
            let times = channel.times
            while lo + 1 < times.count, times[lo + 1] <= t { lo += 1 }
            return lo
        }
    }

    private func lastKey(atOrBefore t: Double) -> Int {
        var lo = 0, hi = times.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }

    private func progress(_ lo: Int, _ t: Double) -> Double {
        let span = times[lo + 1] - times[lo]
        let x = span > 0 ? (t - times[lo]) / span : 1
        return splines[lo]?.value(at: x) ?? x
    }

    /// The same keys with `width` new numbers each: component `c` of a new key is
    /// `f(old key's numbers, c)`.
    func mapValues(width newWidth: Int, _ f: (KeyNumbers, Int) -> Double) -> Channel {
        var mapped = [Double]()
        mapped.reserveCapacity(times.count * newWidth)
        forEachKey { _, old in
            for c in 0..<newWidth { mapped.append(f(old, c)) }
            return true
        }
        return Channel(times: times, width: newWidth, values: mapped, splines: splines, discrete: discrete)
    }

    /// Keys at the given times, linear between; `values` holds `width` numbers per time.
    static func sampled(times: [Double], width: Int, values: [Double]) -> Channel {
        Channel(
            times: times, width: width, values: values, splines: Array(repeating: nil, count: max(times.count - 1, 0)))
    }

    /// Keys at the given times, linear between; `append(k, &values)` appends key k's
    /// `width` numbers.
    static func sampled(times: [Double], width: Int, _ append: (Int, inout [Double]) -> Void) -> Channel {
        var values = [Double]()
        values.reserveCapacity(times.count * width)
        for k in times.indices { append(k, &values) }
        return sampled(times: times, width: width, values: values)
    }

    /// One-number keys at the given times, each held until the next; repeated values are dropped.
    static func discrete(times: [Double], values: [Double]) -> Channel {
        var c = Channel(times: [times[0]], width: 1, values: [values[0]], splines: [], discrete: true)
        for (t, v) in zip(times.dropFirst(), values.dropFirst()) where v != c.values[c.values.count - 1] {
            c.times.append(t); c.values.append(v); c.splines.append(nil)
        }
        return c
    }

    /// How a track's value becomes a channel's numbers (`TrackValue.numbers`), bounded
    /// where the drawing needs it.
    enum Bound {
        case none
        /// At least 0 (sizes, radii, widths).
        case nonNegative
        /// 0…1 (opacities, colour components).
        case unit

        func apply(_ x: Double) -> Double {
            switch self {
            case .none: return x
            case .nonNegative: return max(x, 0)
            case .unit: return min(max(x, 0), 1)
            }
        }
    }

    private static let leftLimitOffset = FrameSamples.leftLimitOffset

    /// The track's value over `0…duration` of transition time: exact Bézier intervals where
    /// the track has a Bézier tween that runs to its end with control points in 0…1 (what
    /// SMIL `keySplines` accepts), the samples' times elsewhere — a jump of the samples
    /// (a step, a discrete key) as two keys at its time, the value before it first. Values
    /// become numbers with `TrackValue.numbers`, each bounded by `bound`: linear in the
    /// value (positions, sizes, numbers, colours); a clamp (opacity to 0…1) is exact
    /// because Bézier tweens with control points in 0…1 never leave their end values.
    ///
    /// `presented`, when given, is where each sample's state holds the track's value: the
    /// samples evaluated the track there already (`Timeline.StateSampler` presents the value
    /// of the segment that took over last, at the sample's own evaluation time, by the same
    /// interpolation), so it is read, not evaluated again — a spring once per sample, not
    /// twice. Only for a timeline without interaction (wall time is transition time).
    static func exact(
        track: PropertyTrack, duration: Double, samples: FrameSamples.LayerSamples, bound: Bound,
        presented: Presented? = nil
    ) -> Channel {
        let segments = track.segments
        // At most a key per sample and two per segment, and the end; a still track has two.
        var b = Builder(
            initial: track.initial, bound: bound,
            keys: segments.isEmpty ? 2 : samples.count + 2 * segments.count + 2)
        for (i, segment) in segments.enumerated() {
            guard segment.start <= duration else { break }
            let next = i + 1 < segments.count ? segments[i + 1].start : .infinity
            switch segment {
            case let .set(time, value):
                b.jump(at: time, to: value)
            case let .tween(start, end, from, to, .bezier(curve))
            where end > start && end <= next && end <= duration
                && (0...1).contains(curve.y1) && (0...1).contains(curve.y2):
                b.jump(at: start, to: from)
                b.add(end, to, spline: curve == .linear ? nil : curve)
            default:
                let start = segment.start
                b.jump(at: start, to: segment.value(at: start))
                let stop = min(segment.end, next, duration)
                var endsWithJump = false
                for k in 0..<samples.count where samples.time(k) > start + 1e-9 {
                    guard samples.time(k) < stop - 1e-9 else {
                        endsWithJump = samples.isLeftLimit(k) && abs(samples.time(k) - stop) <= 1e-9
                        break
                    }
                    if let presented {
                        // The numbers are read inside the lending call and passed on as
                        // numbers: a borrowed `LayerState` passed on to a mutating call
                        // was copied (callgrind: 7,400 copies in the springs' SVG).
                        let numbers = samples.withState(k) { presented.numbers(in: $0) }
                        b.add(samples.time(k), presented, numbers)
                    } else {
                        b.add(samples.time(k), segment.value(at: samples.evaluationTime(k)), spline: nil)
                    }
                }
                if stop > start {
                    if endsWithJump {
                        b.add(stop, segment.value(at: stop - leftLimitOffset), spline: nil)
                    }
                    b.add(stop, segment.value(at: stop), spline: nil)
                }
            }
        }
        b.hold(until: duration)
        return b.channel
    }

    /// A track's value as a layer's state holds it: as the track gives it, clamped as its
    /// `Bound` clamps it (the engine's presented size, radius and opacity are clamped
    /// alike), so bounding it again changes nothing.
    enum Presented {
        case position, size, cornerRadius, fill
        /// A layer of the container's only: a sublayer's state multiplies its ancestors' in.
        case opacity

        /// The value's numbers in the state, up to four (`width` of them; the rest 0), as
        /// `TrackValue.appendNumbers` gives them before bounding. Only the fields are loaded.
        @inline(__always) func numbers(in state: borrowing LayerState) -> Numbers {
            switch self {
            case .position: return (state.position.x, state.position.y, 0, 0)
            case .size: return (state.size.width, state.size.height, 0, 0)
            case .cornerRadius: return (state.cornerRadius, 0, 0, 0)
            case .opacity: return (state.opacity, 0, 0, 0)
            case .fill:
                let c = state.fill ?? .clear
                return (c.red, c.green, c.blue, c.alpha)
            }
        }

        /// How many of `numbers`' four the value has.
        var width: Int {
            switch self {
            case .position, .size: return 2
            case .cornerRadius, .opacity: return 1
            case .fill: return 4
            }
        }

        /// Up to four numbers of a presented value.
        typealias Numbers = (Double, Double, Double, Double)
    }

    private struct Builder {
        var channel: Channel
        let bound: Bound

        /// A channel at `initial` from 0, with room for `keys` keys.
        init(initial: TrackValue, bound: Bound, keys: Int) {
            self.bound = bound
            var times: [Double] = [], values: [Double] = [], splines: [CubicBezier?] = []
            times.reserveCapacity(keys); values.reserveCapacity(keys * initial.numberCount)
            splines.reserveCapacity(keys)
            times.append(0)
            initial.appendNumbers(to: &values, bound: bound)
            channel = Channel(times: times, width: values.count, values: values, splines: splines)
        }

        var lastKey: Int { channel.times.count - 1 }
        var lastTime: Double { channel.times[channel.times.count - 1] }

        mutating func add(_ t: Double, _ v: TrackValue, spline: CubicBezier?) {
            v.appendNumbers(to: &channel.values, bound: bound)
            channel.times.append(max(t, lastTime))
            channel.splines.append(spline)
        }

        /// A linear key at `t` with the numbers of `presented`'s value (`Presented.numbers`),
        /// each bounded by `bound`.
        mutating func add(_ t: Double, _ presented: Presented, _ numbers: Presented.Numbers) {
            let width = presented.width
            channel.values.append(bound.apply(numbers.0))
            if width > 1 { channel.values.append(bound.apply(numbers.1)) }
            if width > 2 {
                channel.values.append(bound.apply(numbers.2))
                channel.values.append(bound.apply(numbers.3))
            }
            channel.times.append(max(t, lastTime))
            channel.splines.append(nil)
        }

        /// Repeats the last key at `t`.
        mutating func hold(until t: Double) {
            guard t > lastTime + 1e-12 else { return }
            let w = channel.width, from = lastKey * w
            for c in 0..<w { channel.values.append(channel.values[from + c]) }
            channel.times.append(t)
            channel.splines.append(nil)
        }

        mutating func jump(at t: Double, to v: TrackValue) {
            let w = channel.width
            if channel.times.count == 1 && t <= 0 {
                channel.values.removeAll(keepingCapacity: true)
                v.appendNumbers(to: &channel.values, bound: bound)
                return
            }
            hold(until: t)
            // Append, then drop the key again when it repeats the last one.
            v.appendNumbers(to: &channel.values, bound: bound)
            channel.times.append(max(t, lastTime))
            channel.splines.append(nil)
            if channel.sameKey(lastKey, lastKey - 1) {
                channel.values.removeLast(w); channel.times.removeLast(); channel.splines.removeLast()
            }
        }
    }
}

extension TrackValue {
    /// The numbers of a value for channels: a point or size as two, a colour as four, a
    /// number as one, a boolean as 0 or 1, a transform as its 16 entries.
    var numbers: [Double] {
        var result: [Double] = []
        appendNumbers(to: &result, bound: .none)
        return result
    }

    /// How many numbers `numbers` has.
    var numberCount: Int {
        switch self {
        case .number, .bool: return 1
        case .point, .size: return 2
        case .color: return 4
        case .transform: return 16
        }
    }

    /// Appends `numbers`, each bounded by `bound`, without an array of its own.
    func appendNumbers(to values: inout [Double], bound: Channel.Bound) {
        switch self {
        case .number(let n): values.append(bound.apply(n))
        case .point(let p): values.append(bound.apply(p.x)); values.append(bound.apply(p.y))
        case .size(let s): values.append(bound.apply(s.width)); values.append(bound.apply(s.height))
        case .color(let c):
            values.append(bound.apply(c.red)); values.append(bound.apply(c.green))
            values.append(bound.apply(c.blue)); values.append(bound.apply(c.alpha))
        case .bool(let b): values.append(bound.apply(b ? 1 : 0))
        case .transform(let m, _): for e in m.entries { values.append(bound.apply(e)) }
        }
    }
}
