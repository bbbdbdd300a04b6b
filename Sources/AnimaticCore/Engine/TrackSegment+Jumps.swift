extension TrackSegment {
    /// The times in (`start`, `end`] where the segment's value jumps, ascending, or nil when
    /// there are more than `limit` (the caller then samples the segment as a continuous one).
    ///
    /// - `set`: its time.
    /// - A tween along `steps(n)` (CSS `steps(n, jump-end)`, `TimingCurve.progress`): the n
    ///   step boundaries `start + k/n·(end − start)`, k = 1…n — the last one at the end,
    ///   where the value reaches `to`. Nothing when `from == to`.
    /// - A keyframe block whose warp is `steps(n)`: the same boundaries (the warped block
    ///   time holds between them, so the value does too).
    /// - Any other keyframe block: the instants where the warped block time crosses a key
    ///   time at which the path jumps — every key after the first in `discrete` mode whose
    ///   value differs from the one before, and in every mode two keys at one time. The warp
    ///   is inverted on a grid of `inversionGrid` intervals and by bisection inside each
    ///   interval where it crosses; a warp that crosses a key time twice within one grid
    ///   interval (an overshooting Bézier) hides both crossings, which then stay sampled.
    /// - Every other tween: none.
    ///
    /// Each time is the first instant (to the last bit) that `value(at:)` shows the new
    /// value: bisection on the same arithmetic `value(at:)` uses. So `value(at: t)` is the
    /// value after the jump and any instant a nanosecond earlier the value before it.
    /// The work is O(limit + keys · inversionGrid) curve evaluations and ≤ 64 bisection
    /// steps per time returned.
    public func jumpTimes(limit: Int) -> [Double]? {
        switch self {
        case .set(let time, _):
            return limit >= 1 ? [time] : nil
        case let .tween(start, end, from, to, .steps(count)):
            guard end > start, from != to else { return [] }
            return Self.stepBoundaries(start: start, end: end, curve: .steps(count), count: count, limit: limit)
        case .tween:
            return []
        case let .keyframes(start, end, box, .steps(count)):
            guard end > start, box.keys.count > 1 else { return [] }
            return Self.stepBoundaries(start: start, end: end, curve: .steps(count), count: count, limit: limit)
        case let .keyframes(start, end, box, warp):
            guard end > start else { return [] }
            return Self.keyCrossings(start: start, end: end, path: box, warp: warp, limit: limit)
        }
    }

    /// Grid intervals over a keyframe block on which its warp is inverted.
    static let inversionGrid = 64

    /// The progress of `curve` at wall time `t` of a segment over `start…end`, as
    /// `value(at:)` computes it (1 from `end` on).
    private static func progress(_ curve: TimingCurve, at t: Double, start: Double, end: Double) -> Double {
        if t >= end { return 1 }
        let duration = end - start
        return curve.progress(at: (t - start) / duration, duration: duration)
    }

    /// The boundaries of `steps(count)` over `start…end`: the first instants where the
    /// progress reaches k/n.
    private static func stepBoundaries(
        start: Double, end: Double, curve: TimingCurve, count: Int, limit: Int
    ) -> [Double]? {
        let n = max(count, 1)
        guard n <= limit else { return nil }
        let duration = end - start, half = duration / Double(2 * n)
        var times: [Double] = []
        times.reserveCapacity(n)
        for k in 1...n {
            let level = Double(k) / Double(n)
            let nominal = start + duration * level
            let time = firstInstant(from: max(start, nominal - half), to: min(end, nominal + half)) { t in
                progress(curve, at: t, start: start, end: end) >= level
            }
            if let time { times.append(time) }
        }
        return times
    }

    /// Where the warped block time crosses the key times at which the path jumps.
    private static func keyCrossings(
        start: Double, end: Double, path: KeyframePathBox, warp: TimingCurve, limit: Int
    ) -> [Double]? {
        let times = path.keyTimes
        // Only a discrete path, or two keys at one time, jumps: the values (converted from
        // the typed path) are read only then.
        guard path.mode == .discrete || zip(times, times.dropFirst()).contains(where: { $0 == $1 }) else { return [] }
        let values = path.keys.map(\.value)
        var levels: [Double] = []
        for j in 1..<max(values.count, 1) where values[j] != values[j - 1] {
            let zeroSpan = times[j] == times[j - 1]
            if path.mode == .discrete || zeroSpan {
                // Two keys at one time jump at that time, from the earlier key's value.
                levels.append(zeroSpan ? times[j - 1] : times[j])
            }
        }
        guard !levels.isEmpty else { return [] }
        guard levels.count <= limit else { return nil }
        let grid = inversionGrid
        let duration = end - start
        let gridTimes = (0...grid).map { $0 == grid ? end : start + duration * Double($0) / Double(grid) }
        let gridProgress = gridTimes.map { progress(warp, at: $0, start: start, end: end) }
        var crossings: [Double] = []
        for level in Set(levels).sorted() {
            for g in 0..<grid where (gridProgress[g] >= level) != (gridProgress[g + 1] >= level) {
                guard crossings.count < limit else { return nil }
                let time = firstInstant(from: gridTimes[g], to: gridTimes[g + 1]) { t in
                    (progress(warp, at: t, start: start, end: end) >= level) == (gridProgress[g + 1] >= level)
                }
                if let time { crossings.append(time) }
            }
        }
        return crossings.sorted()
    }

    /// The first instant in (`lo`, `hi`] where `reached` holds, given that it does not
    /// hold at `lo` and holds at `hi` (nil otherwise): bisection to adjacent doubles.
    private static func firstInstant(from lo: Double, to hi: Double, _ reached: (Double) -> Bool) -> Double? {
        var lo = lo, hi = hi
        guard lo < hi, !reached(lo), reached(hi) else { return nil }
        for _ in 0..<64 {
            let mid = lo + (hi - lo) / 2
            guard mid > lo, mid < hi else { break }
            if reached(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }
}
