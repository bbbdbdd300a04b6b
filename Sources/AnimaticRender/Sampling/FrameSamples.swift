import AnimaticCore

/// A timeline sampled at its frame times once, shared by the encoders.
///
/// Where a value jumps (an instant change: `hidden`, a completion block's assignment, the
/// end of a cancelled run, a `steps` curve's step, a discrete keyframe) the samples hold
/// the jump as two entries at the same time: first the value just before it
/// (`isLeftLimit`), then the value from it on. Encoders that write one key per sample thus
/// write a step — SMIL repeated key times, Lottie a hold key, CSS a keyframe pair —
/// instead of tweening the change across a frame. Step and keyframe jumps are bounded by
/// `Timeline.jumpTimes(limit:)`: at most one per frame in all.
///
/// Between frames the samples are refined where the motion is not close to linear (see
/// `Refinement`): exports interpolate between samples, and a spring or a perspective turn
/// leaves the chord between two frames by several points. A refinement sample is written
/// only for the layers that need it (`layer(_:)`), within a budget of
/// `refinementsPerSecond` layer samples per second and layer (1.5 per frame interval at
/// 60 fps), spent on the worst intervals first: every export's keys — and the work behind
/// them — stay within a fixed multiple of the frames × layers the JSON export writes.
struct FrameSamples {
    let timeline: Timeline
    let fps: Int
    /// Non-decreasing; a time appears twice at a jump.
    let times: [Double]
    /// Per sample: whether it is the value just before a jump at its time.
    let isLeftLimit: [Bool]
    /// `states[k][i]`: layer i at sample k. At a refinement sample only the layers it is
    /// for (`layersOf`) are evaluated there; the others hold a state of theirs from an
    /// earlier sample.
    let states: [[LayerState]]
    /// Per sample: the layers it is written for, ascending, or nil for every layer. Frames
    /// and jumps are for every layer; a refinement sample only for the layers whose motion
    /// leaves the export's interpolation there.
    let layersOf: [[Int]?]

    /// How far before a jump its left-limit sample is taken, in seconds.
    static let leftLimitOffset = 1e-9

    /// Between two samples an export moves each corner about linearly; where the true
    /// corner is further than this from that chord at the interval's midpoint, the
    /// interval is split. Half of the 0.5 pt that issue 13 allows between frames: the
    /// midpoint is where a bend leaves its chord most, and the rest is the browsers' and
    /// players' own rounding.
    static let chordTolerance = 0.25
    /// At most this many halvings of a frame interval (16 samples per frame).
    static let maximumSplits = 4
    /// Samples the refinement may add per second of the timeline and per layer: 1.5 per
    /// frame interval at 60 fps. A motion's bends need about the same samples per second at
    /// any frame rate (the chord's error falls with the square of its length), so the
    /// budget is per second — at 30 fps it is 3 per frame interval, which every preset
    /// stays within (the most any needs is 2.75, tabSlide's and the flip's).
    static let refinementsPerSecond = 90.0

    /// The refinement's budget in layer samples for a timeline of `duration` seconds,
    /// `frames` frames and `layers` layers: `refinementsPerSecond`, and never more than
    /// the halvings allow (15 per frame interval).
    static func refinementBudget(duration: Double, frames: Int, layers: Int) -> Int {
        let perLayer = min(
            Int((refinementsPerSecond * duration).rounded(.up)), ((1 << maximumSplits) - 1) * max(frames - 1, 0))
        return perLayer * layers
    }

    /// How the export moves a layer between two samples, which the refinement predicts.
    enum Interpolation {
        /// Each corner linearly (SVG polygons and affine channels, Lottie paths).
        case corners
        /// CSS: `matrix3d` through its decomposition (CSS Transforms 2), the box's size linearly.
        case decomposedMatrix
    }

    /// `refines` says which layers the refinement considers (an encoder that writes a layer
    /// exactly between frames needs no samples there).
    init(
        _ timeline: Timeline, fps: Int, interpolation: Interpolation = .corners,
        refines: (Int) -> Bool = { _ in true }
    ) {
        self.timeline = timeline
        self.fps = max(fps, 1)
        let frames = timeline.frameTimes(fps: self.fps)
        let samples = Self.sampleTimes(frames: frames, jumps: timeline.jumpTimes(limit: frames.count))
        // Abandoned work (RenderCancellation) repeats the last sample and refines nothing:
        // indices stay valid and the output is dropped anyway.
        var sampler = Timeline.StateSampler(timeline)
        var base: [[LayerState]] = []
        base.reserveCapacity(samples.count)
        for sample in samples {
            if let last = base.last, RenderCancellation.isRequested { base.append(last); continue }
            base.append(sampler.states(at: sample.leftLimit ? sample.time - Self.leftLimitOffset : sample.time))
        }
        let added = Refinement.samples(
            &sampler, between: samples.map(\.time), states: base, layers: timeline.layers.indices.filter(refines),
            interpolation: interpolation,
            budget: Self.refinementBudget(
                duration: timeline.duration, frames: frames.count, layers: timeline.layers.count))
        var times: [Double] = [], isLeftLimit: [Bool] = [], states: [[LayerState]] = []
        var layersOf: [[Int]?] = []
        let count = samples.count + added.count
        times.reserveCapacity(count); isLeftLimit.reserveCapacity(count); states.reserveCapacity(count)
        layersOf.reserveCapacity(count)
        var next = 0
        for k in samples.indices {
            // Added samples lie strictly between two distinct sample times.
            while next < added.count, added[next].time < samples[k].time {
                times.append(added[next].time); isLeftLimit.append(false); states.append(added[next].states)
                layersOf.append(added[next].layers)
                next += 1
            }
            times.append(samples[k].time); isLeftLimit.append(samples[k].leftLimit); states.append(base[k])
            layersOf.append(nil)
        }
        self.times = times
        self.isLeftLimit = isLeftLimit
        self.states = states
        self.layersOf = layersOf
    }

    /// One layer's samples — what an export writes for that layer — as a view of the
    /// shared samples: nothing is copied until a state is read.
    struct LayerSamples {
        let samples: FrameSamples
        let layer: Int
        /// The shared samples written for the layer, ascending; nil when every one is.
        let picks: [Int]?

        var count: Int { picks?.count ?? samples.times.count }
        var indices: Range<Int> { 0..<count }
        /// The shared sample index of the layer's sample `k`.
        func sample(_ k: Int) -> Int { picks?[k] ?? k }
        func time(_ k: Int) -> Double { samples.times[sample(k)] }
        /// Whether sample `k` is the value just before a jump at its time.
        func isLeftLimit(_ k: Int) -> Bool { samples.isLeftLimit[sample(k)] }
        func state(_ k: Int) -> LayerState { samples.states[sample(k)][layer] }
        /// Sample `k`'s state lent to `body`, not copied (a keyframe writer's hot path;
        /// `Array.withElement`).
        @inline(__always) func withState<R>(_ k: Int, _ body: (borrowing LayerState) -> R) -> R {
            samples.states[sample(k)].withElement(layer, body)
        }
        func isVisible(_ k: Int) -> Bool { withState(k) { $0.visible } }

        /// The time at which sample `k` was evaluated: its time, or just before it for the
        /// value before a jump.
        func evaluationTime(_ k: Int) -> Double { isLeftLimit(k) ? time(k) - leftLimitOffset : time(k) }

        /// Every sample's time (non-decreasing; a time appears twice at a jump).
        var times: [Double] { picks.map { $0.map { samples.times[$0] } } ?? samples.times }
        /// Every sample's state, copied out.
        var states: [LayerState] { indices.map(state) }
    }

    /// Layer `i`'s samples: the frames, the jumps, and the refinement samples for it.
    func layer(_ i: Int) -> LayerSamples {
        guard layersOf.contains(where: { $0 != nil }) else { return LayerSamples(samples: self, layer: i, picks: nil) }
        var picks: [Int] = []
        picks.reserveCapacity(times.count)
        for k in times.indices {
            if let only = layersOf[k], !Self.sortedContains(only, i) { continue }
            picks.append(k)
        }
        return LayerSamples(samples: self, layer: i, picks: picks.count == times.count ? nil : picks)
    }

    /// Every layer's samples, `layer(_:)` of each, gathered in one pass over the samples
    /// rather than a search of each sample's layers per layer.
    func layers() -> [LayerSamples] {
        let count = timeline.layers.count
        guard layersOf.contains(where: { $0 != nil }) else {
            return (0..<count).map { LayerSamples(samples: self, layer: $0, picks: nil) }
        }
        // Each layer's count first, so each list is allocated once.
        var counts = [Int](repeating: 0, count: count), shared = 0
        for only in layersOf {
            if let only { for i in only { counts[i] += 1 } } else { shared += 1 }
        }
        var picks = counts.map { n in
            var list: [Int] = []
            list.reserveCapacity(shared + n)
            return list
        }
        for k in times.indices {
            if let only = layersOf[k] {
                for i in only { picks[i].append(k) }
            } else {
                for i in 0..<count { picks[i].append(k) }
            }
        }
        return (0..<count).map { i in
            LayerSamples(samples: self, layer: i, picks: picks[i].count == times.count ? nil : picks[i])
        }
    }

    static func sortedContains(_ sorted: [Int], _ value: Int) -> Bool {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == value
    }

    /// The frame times with, at each jump, a left-limit sample and a sample at the jump (a
    /// jump within 1 ns of a frame takes the frame's place).
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
                // The jump replaces the frame: its own time is the first instant of the new
                // value, which a frame a fraction of a nanosecond earlier would not show.
                result.append((jumps[j], true)); result.append((jumps[j], false))
                j += 1
                continue
            }
            result.append((f, false))
        }
        return result
    }
}
