extension Timeline {
    /// `states(at: t)` for the layers in `wanted` only — each evaluated with the ancestors
    /// it composes with, as `states(at:)` composes them — and `others`' entries for the
    /// rest (an ancestor's entry is its state at `t` too). For a caller that needs a few
    /// layers of many at an instant (the exports' samples between frames): the work is
    /// those layers' and their ancestors', not the whole tree's.
    public func states(at t: Double, only wanted: [Int], others: [LayerState]) -> [LayerState] {
        guard others.count == layers.count, cancelledEndValues(atWallTime: t) == nil else { return states(at: t) }
        let time = transitionTime(atWallTime: t)
        var needed = [Bool](repeating: false, count: layers.count)
        for i in wanted {
            var next: Int? = i
            while let k = next, !needed[k] {
                needed[k] = true
                next = tree.parents[k]
            }
        }
        var states = others
        for i in layers.indices where needed[i] {
            states[i] = layers[i].state(
                at: time, containerSublayer: tree.parents[i] == nil ? containerSublayer : .identity)
        }
        if !tree.isFlat {
            for i in tree.compositionOrder where needed[i] {
                guard let p = tree.parents[i] else { continue }
                states[i].compose(into: states[p], parentSpec: layers[p].spec)
            }
        }
        return states
    }
}
