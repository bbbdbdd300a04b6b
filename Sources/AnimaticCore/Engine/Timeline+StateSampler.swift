extension Timeline {
    /// Layer states at many instants, for the exports' samples: exactly what `states(at:)`
    /// gives — for all layers, or for a few with their ancestors — for less work. The
    /// layers' presented values live in one buffer moved by the animated tracks only
    /// (`sampleValues`, as the JSON frame loop does), so a layer's state costs its animated
    /// tracks — not a fresh `values(at:)` of all fourteen, nor a copy of the layer — and a
    /// few layers of many cost theirs and their ancestors' only, without a copy of the
    /// other layers' states.
    public struct StateSampler {
        public let timeline: Timeline
        /// Every layer's presented values at the last instant it was sampled (only animated
        /// tracks move it: the others keep `initialValues`).
        private var values: [CompiledLayer.Values]
        /// What a layer's state takes from its spec, per layer.
        private let ids: [String]
        private let anchors: [Point]
        private let hasFill: [Bool]
        /// Per layer: the container's sublayer transform for a layer of the container,
        /// identity for a sublayer (composed into its parent afterwards).
        private let sublayers: [Transform3D]
        /// States being composed by `states(at:only:into:)` (a tree's): the entries it sets
        /// are valid.
        private var scratch: [LayerState] = []
        /// Which layers the current `states(at:only:into:)` needs; all false between calls.
        private var needed: [Bool]
        private var neededList: [Int] = []
        private let isFlat: Bool

        public init(_ timeline: Timeline) {
            self.timeline = timeline
            values = timeline.initialValues
            ids = timeline.layers.map(\.spec.id)
            anchors = timeline.layers.map(\.spec.anchor)
            hasFill = timeline.layers.map(\.hasFill)
            sublayers = timeline.tree.parents.map { $0 == nil ? timeline.containerSublayer : .identity }
            needed = [Bool](repeating: false, count: timeline.layers.count)
            isFlat = timeline.tree.isFlat
        }

        /// Layer i's own state (before composing into its parent) from `values[i]`.
        private func ownState(_ i: Int) -> LayerState {
            CompiledLayer.state(
                values: values[i], id: ids[i], anchor: anchors[i], hasFill: hasFill[i], containerSublayer: sublayers[i])
        }

        /// `timeline.states(at: t)`.
        public mutating func states(at t: Double) -> [LayerState] {
            if timeline.cancelledEndValues(atWallTime: t) != nil { return timeline.states(at: t) }
            timeline.sampleValues(atTransitionTime: timeline.transitionTime(atWallTime: t), into: &values)
            var states: [LayerState] = []
            states.reserveCapacity(values.count)
            for i in values.indices { states.append(ownState(i)) }
            if !isFlat { compose(&states, where: nil) }
            return states
        }

        /// `timeline.states(at: t)`'s entries for the layers in `wanted` (ascending, each
        /// once) and their ancestors, each `(layer, state)` in ascending layer order, in
        /// `entries` (replaced); the work is theirs, not the whole tree's. At the end of a
        /// cancelled run, every layer's.
        public mutating func states(at t: Double, only wanted: [Int], into entries: inout [(Int, LayerState)]) {
            entries.removeAll(keepingCapacity: true)
            guard timeline.cancelledEndValues(atWallTime: t) == nil else {
                for (i, s) in timeline.states(at: t).enumerated() { entries.append((i, s)) }
                return
            }
            let time = timeline.transitionTime(atWallTime: t)
            let samplers = timeline.samplers
            if isFlat {
                for i in wanted {
                    samplers[i].sampleAnimated(at: time, into: &values[i])
                    entries.append((i, ownState(i)))
                }
                return
            }
            if scratch.isEmpty { scratch = timeline.states(atTransitionTime: time) }
            neededList.removeAll(keepingCapacity: true)
            for i in wanted {
                var next: Int? = i
                while let k = next, !needed[k] {
                    needed[k] = true
                    neededList.append(k)
                    next = timeline.tree.parents[k]
                }
            }
            neededList.sort()
            for i in neededList {
                samplers[i].sampleAnimated(at: time, into: &values[i])
                scratch[i] = ownState(i)
            }
            compose(&scratch, where: needed)
            for i in neededList {
                entries.append((i, scratch[i]))
                needed[i] = false
            }
        }

        /// Composes each layer of `states` (those `only` marks) into its parent's, parents first.
        private func compose(_ states: inout [LayerState], where only: [Bool]?) {
            for i in timeline.tree.compositionOrder where only?[i] ?? true {
                guard let p = timeline.tree.parents[i] else { continue }
                states[i].compose(into: states[p], parentSpec: timeline.layers[p].spec)
            }
        }
    }
}
