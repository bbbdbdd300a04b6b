import AnimaticCore

/// A timeline sampled at its frame times once, shared by the encoders.
///
/// Where a value jumps (an instant change: `hidden`, a completion block's assignment, the
/// end of a cancelled run) the samples hold the jump as two entries at the same time:
/// first the value just before it (`isLeftLimit`), then the value from it on. Encoders
/// that write one key per sample thus write a step — SMIL repeated key times, Lottie a
/// hold key, CSS a keyframe pair — instead of tweening the change across a frame.
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

    init(_ timeline: Timeline, fps: Int) {
        self.timeline = timeline
        self.fps = max(fps, 1)
        let samples = Self.sampleTimes(frames: timeline.frameTimes(fps: self.fps), jumps: timeline.jumpTimes)
        times = samples.map(\.time)
        isLeftLimit = samples.map(\.leftLimit)
        states = samples.map { timeline.states(at: $0.leftLimit ? $0.time - Self.leftLimitOffset : $0.time) }
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
