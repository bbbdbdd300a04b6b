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

    init(spec: TransitionSpec, layers: [CompiledLayer], transitionDuration: Double) {
        self.spec = spec
        self.layers = layers
        self.transitionDuration = transitionDuration
        if let d = spec.container.perspective {
            let c = spec.container.size
            containerSublayer = Transform3D.translation(-c.width / 2, -c.height / 2)
                .concatenating(.perspective(eyeDistance: d))
                .concatenating(.translation(c.width / 2, c.height / 2))
        } else {
            containerSublayer = .identity
        }
        run = spec.interaction.map { InteractiveRun(interaction: $0, transitionDuration: transitionDuration) }
        tree = LayerTree(spec.layers)
    }

    /// Layer indices in drawing order, back to front (`LayerTree.drawOrder`).
    public var drawOrder: [Int] { tree.drawOrder }

    /// Wall-clock length of what the timeline shows: the transition, or the whole
    /// interactive run (scrub, then finish or cancel).
    public var duration: Double { run?.duration ?? transitionDuration }

    /// Every layer's state at wall time `t` (clamped to 0…duration), in spec order.
    public func states(at t: Double) -> [LayerState] {
        let transitionTime = transitionTime(atWallTime: t)
        return states(atTransitionTime: transitionTime)
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

    /// State of each layer at `t` seconds of *transition* time (ignoring any interaction).
    public func states(atTransitionTime t: Double) -> [LayerState] {
        if tree.isFlat { return layers.map { $0.state(at: t, containerSublayer: containerSublayer) } }
        var states = layers.indices.map { i in
            layers[i].state(at: t, containerSublayer: tree.parents[i] == nil ? containerSublayer : .identity)
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
