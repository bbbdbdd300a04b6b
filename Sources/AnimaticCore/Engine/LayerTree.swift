/// The parent–child structure of a timeline's layers, resolved to indices once at compile
/// time: who is whose sublayer, the order states are composed in, and the drawing order.
public struct LayerTree: Hashable, Sendable {
    /// `parents[i]`: the index of layer i's parent; nil for a layer of the container.
    public let parents: [Int?]
    /// Every layer after its parent (otherwise spec order): the order in which a layer's
    /// matrix, opacity, visibility and clip are composed from its parent's.
    public let compositionOrder: [Int]
    /// Layers in drawing order, back to front: the container's layers in a stable sort by
    /// their initial `zPosition` (spec order on ties), each followed by its sublayers drawn
    /// the same way — a sublayer above its parent, siblings in list order then zPosition,
    /// as Core Animation sorts a layer's `sublayers`.
    public let drawOrder: [Int]
    /// `depths[i]`: 1 for a layer of the container, 2 for its sublayers, …
    public let depths: [Int]
    /// `hasSublayers[i]`: whether some layer's parent is layer i (kept so that the
    /// encoders ask it per layer, and per frame, in constant time).
    public let hasSublayers: [Bool]

    /// Whether no layer has a parent (every layer's state is its own).
    public var isFlat: Bool { parents.allSatisfy { $0 == nil } }

    /// The spec's layers, already validated (parents known, no loops).
    public init(_ layers: [LayerSpec]) {
        var index: [String: Int] = [:]
        for (i, l) in layers.enumerated() { index[l.id] = i }
        let parents = layers.map { $0.parent.flatMap { index[$0] } }
        var children = [[Int]](repeating: [], count: layers.count)
        var roots: [Int] = []
        for (i, p) in parents.enumerated() {
            if let p { children[p].append(i) } else { roots.append(i) }
        }
        func sorted(_ list: [Int]) -> [Int] {
            list.enumerated().sorted { a, b in
                let za = layers[a.element].zPosition, zb = layers[b.element].zPosition
                return za != zb ? za < zb : a.offset < b.offset
            }.map(\.element)
        }
        var draw: [Int] = []
        var composition: [Int] = []
        var depths = [Int](repeating: 1, count: layers.count)
        // Depth first for drawing; breadth does not matter for composition, which only
        // needs parents first, so it follows the spec order level by level.
        func visit(_ i: Int, depth: Int) {
            draw.append(i)
            depths[i] = depth
            for c in sorted(children[i]) { visit(c, depth: depth + 1) }
        }
        for r in sorted(roots) { visit(r, depth: 1) }
        var level = roots
        while !level.isEmpty {
            composition.append(contentsOf: level)
            level = level.flatMap { children[$0] }.sorted()
        }
        self.parents = parents
        self.compositionOrder = composition
        self.drawOrder = draw
        self.depths = depths
        self.hasSublayers = children.map { !$0.isEmpty }
    }

    /// Whether layer `a` is `b` or one of its ancestors.
    public func isAncestor(_ a: Int, of b: Int) -> Bool {
        var current: Int? = b
        while let c = current {
            if c == a { return true }
            current = parents[c]
        }
        return false
    }
}
