import AnimaticCore

/// A timeline sampled at its frame times once, shared by the encoders.
struct FrameSamples {
    let timeline: Timeline
    let fps: Int
    let times: [Double]
    /// `states[k][i]`: layer i at frame k.
    let states: [[LayerState]]

    init(_ timeline: Timeline, fps: Int) {
        self.timeline = timeline
        self.fps = max(fps, 1)
        times = timeline.frameTimes(fps: self.fps)
        // Abandoned work (RenderCancellation) repeats the last frame: indices stay valid
        // and the output is dropped anyway.
        var states: [[LayerState]] = []
        states.reserveCapacity(times.count)
        for t in times {
            if let last = states.last, RenderCancellation.isRequested { states.append(last) } else {
                states.append(timeline.states(at: t))
            }
        }
        self.states = states
    }

    /// Whether layer `i` is projected through a perspective at any frame.
    func isProjective(_ i: Int) -> Bool { states.contains { $0[i].isProjective } }

    /// Layer `i` at every frame.
    func layer(_ i: Int) -> [LayerState] { states.map { $0[i] } }
}
