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
        /// Per layer: its own state (before composing into its parent) at the last instant
        /// it was sampled. What never changes — the id, the anchor, no clip, a layer's
        /// geometry (matrix included) or appearance when none of its tracks moves — is set
        /// once; a sample rewrites the rest in place (`refresh`), with
        /// `CompiledLayer.state`'s expressions.
        private var own: [LayerState]
        /// Per layer: whether a property of the geometry group (`PropertyDescriptor.Group`:
        /// position, size, zPosition, transform) is animated (its matrix changes); the others
        /// keep the matrix of their initial values.
        private let geometryMoves: [Bool]
        /// Per layer: whether any of the rest of its state is animated (the appearance and
        /// decoration groups: alpha, corner radius, fill, hidden, shadow, border); the others
        /// keep what their initial values give.
        private let appearanceMoves: [Bool]
        private let anchors: [Point]
        private let hasFill: [Bool]
        /// Per layer: the container's sublayer transform for a layer of the container, nil
        /// for a sublayer (composed into its parent afterwards) or when it is the identity.
        private let sublayers: [Transform3D?]
        /// States being composed by `states(at:only:into:)` (a tree's): the entries it sets
        /// are valid.
        private var scratch: [LayerState] = []
        /// Which layers the current `states(at:only:into:)` needs; all false between calls.
        private var needed: [Bool]
        private var neededList: [Int] = []
        private let isFlat: Bool

        public init(_ timeline: Timeline) {
            self.timeline = timeline
            let values = timeline.initialValues
            self.values = values
            let sublayers = timeline.tree.parents.map { $0 == nil ? timeline.containerSublayer : .identity }
            own = timeline.layers.indices.map { i in
                timeline.layers[i].state(values: values[i], containerSublayer: sublayers[i])
            }
            self.sublayers = sublayers.map { $0.isIdentity ? nil : $0 }
            var geometryMoves: [Bool] = [], appearanceMoves: [Bool] = []
            for shared in timeline.samplers {
                var geometry = false, appearance = false
                for property in AnimatableProperty.allCases where shared.tracks.isAnimated(property) {
                    if property.descriptor.group == .geometry { geometry = true } else { appearance = true }
                }
                geometryMoves.append(geometry)
                appearanceMoves.append(appearance)
            }
            self.geometryMoves = geometryMoves
            self.appearanceMoves = appearanceMoves
            anchors = timeline.layers.map(\.spec.anchor)
            hasFill = timeline.layers.map(\.hasFill)
            needed = [Bool](repeating: false, count: timeline.layers.count)
            isFlat = timeline.tree.isFlat
        }

        /// Brings `own[i]` to `values[i]`: `CompiledLayer.state(values:…)` of them, written in
        /// place by the same writers (`LayerState.setGeometry`, `setAppearance`) — no new state
        /// (its id, optionals and arrays copied), and nothing recomputed that no animated track
        /// feeds.
        private mutating func refresh(_ i: Int) {
            let moves = geometryMoves[i], looks = appearanceMoves[i], anchor = anchors[i], fill = hasFill[i]
            guard moves || looks else { return }
            values.withElement(i) { v in
                own.withMutableElement(i) { s in
                    if moves {
                        s.matrix = LayerState.composedMatrix(
                            position: v.position, zPosition: v.zPosition, size: v.size, anchor: anchor,
                            transform: v.transform, sublayer: sublayers[i])
                        s.setGeometry(v)
                    }
                    if looks { s.setAppearance(v, hasFill: fill) }
                }
            }
        }

        /// `timeline.states(at: t)`.
        public mutating func states(at t: Double) -> [LayerState] {
            if timeline.cancelledEndValues(atWallTime: t) != nil { return timeline.states(at: t) }
            timeline.sampleValues(atTransitionTime: timeline.transitionTime(atWallTime: t), into: &values)
            for i in values.indices { refresh(i) }
            var states = own
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
                    refresh(i)
                    entries.append((i, own[i]))
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
                refresh(i)
                scratch[i] = own[i]
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
