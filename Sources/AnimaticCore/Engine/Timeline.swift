/// A compiled transition: every layer's tracks, the transition's duration and, for an
/// interactive run, how wall-clock time maps onto transition time. Sample it at any time.
public struct Timeline: Hashable, Sendable {
    public let spec: TransitionSpec
    public let layers: [CompiledLayer]
    /// Seconds from the first block's start to the last block's end (completion applies here).
    public let transitionDuration: Double
    /// The container's `sublayerTransform` about its centre (perspective), composed once.
    public let containerSublayer: Transform3D
    /// The interactive run, when the spec has an interaction.
    public let run: InteractiveRun?
    /// Who is whose sublayer, and the drawing order.
    public let tree: LayerTree
    /// Where a cancelled percent-driven run ends, per layer: the initial state after the
    /// completion block (both outcomes, then its cancelled branch) and
    /// `completeTransition(false)`. Nil for every other timeline, whose end is in its tracks.
    public let cancelledEnd: [CompiledLayer.Values]?
    /// Each layer's tracks by reference, for the frame loop (`sampleValues`).
    let samplers: [SharedLayerTracks]

    init(
        spec: TransitionSpec, layers: [CompiledLayer], transitionDuration: Double, run: InteractiveRun?,
        cancelledEnd: [CompiledLayer.Values]?
    ) {
        self.spec = spec
        self.layers = layers
        samplers = layers.map(\.shared)
        self.transitionDuration = transitionDuration
        if let d = spec.container.perspective {
            let c = spec.container.size
            containerSublayer = Transform3D.translation(-c.width / 2, -c.height / 2)
                .concatenating(.perspective(eyeDistance: d))
                .concatenating(.translation(c.width / 2, c.height / 2))
        } else {
            containerSublayer = .identity
        }
        self.run = run
        self.cancelledEnd = cancelledEnd
        tree = LayerTree(spec.layers)
    }

    /// Layer indices in drawing order, back to front (`LayerTree.drawOrder`).
    public var drawOrder: [Int] { tree.drawOrder }

    /// Wall-clock length of what the timeline shows: the transition, or the whole
    /// interactive run (scrub, then finish or cancel).
    public var duration: Double { run?.duration ?? transitionDuration }

    /// Every layer's state at wall time `t` (clamped to 0…duration), in spec order.
    public func states(at t: Double) -> [LayerState] {
        if let end = cancelledEndValues(atWallTime: t) {
            return composed { i, sublayer in layers[i].state(values: end[i], containerSublayer: sublayer) }
        }
        let transitionTime = transitionTime(atWallTime: t)
        return states(atTransitionTime: transitionTime)
    }

    /// The layers' values when wall time `t` is the end of a cancelled percent-driven run
    /// (the completion block has run), else nil: sample the tracks at `transitionTime`.
    public func cancelledEndValues(atWallTime t: Double) -> [CompiledLayer.Values]? {
        guard let cancelledEnd, let run, t >= run.duration else { return nil }
        return cancelledEnd
    }

    /// The transition time shown at wall time `t` (clamped to 0…duration): `t` itself, or
    /// where an interactive run has got to. `states(at: t)` samples every layer there.
    public func transitionTime(atWallTime t: Double) -> Double {
        let clamped = min(max(t, 0), duration)
        if let run, run.drive == .percent, run.outcome == .cancel, clamped >= run.duration {
            // A cancelled percent-driven transition ends in its initial state.
            return 0
        }
        return run?.transitionTime(atWallTime: clamped) ?? clamped
    }

    /// Every layer's presented values at transition time 0, in spec order: a start for
    /// `sampleValues(atTransitionTime:into:)`.
    public var initialValues: [CompiledLayer.Values] { layers.map { $0.values(at: 0) } }

    /// Moves `values` — every layer's presented values at any one time, in spec order (e.g.
    /// `initialValues`) — to transition time `t`, sampling only the animated tracks. The
    /// frame loop of an output: one buffer for the whole run, no copy of a layer.
    public func sampleValues(atTransitionTime t: Double, into values: inout [CompiledLayer.Values]) {
        precondition(values.count == layers.count, "one values per layer")
        var each = values.mutableSpan
        for i in samplers.indices { samplers[i].sampleAnimated(at: t, into: &each[i]) }
    }

    /// State of each layer at `t` seconds of *transition* time (ignoring any interaction).
    public func states(atTransitionTime t: Double) -> [LayerState] {
        composed { i, sublayer in layers[i].state(at: t, containerSublayer: sublayer) }
    }

    /// Each layer's state from `state(i, sublayer)` — its own state under the container's
    /// sublayer transform (roots) or none (sublayers) — composed into its ancestors'.
    private func composed(_ state: (Int, Transform3D) -> LayerState) -> [LayerState] {
        if tree.isFlat { return layers.indices.map { state($0, containerSublayer) } }
        var states = layers.indices.map { i in
            state(i, tree.parents[i] == nil ? containerSublayer : .identity)
        }
        for i in tree.compositionOrder {
            guard let p = tree.parents[i] else { continue }
            states[i].compose(into: states[p], parentSpec: layers[p].spec)
        }
        return states
    }

    /// Frame times at `fps`: k / fps for k = 0 … ⌈duration × fps⌉, the last clamped to the duration.
    public func frameTimes(fps: Int) -> [Double] {
        Self.frameTimes(duration: duration, fps: fps)
    }

    public static func frameTimes(duration: Double, fps: Int) -> [Double] {
        let count = frameCount(duration: duration, fps: fps)
        return (0..<count).map { min(Double($0) / Double(fps), duration) }
    }

    /// ⌈duration × fps⌉ + 1, with a tolerance so 0.25 s at 60 fps gives 16 frames, not 17.
    public static func frameCount(duration: Double, fps: Int) -> Int {
        Int((duration * Double(fps) - 1e-9).rounded(.up)) + 1
    }

    /// Index of the layer with `id`.
    public func layerIndex(_ id: String) -> Int? { layers.firstIndex { $0.spec.id == id } }
}
