/// Reading the layer-tree members of a layer (`parent`, `sublayerTransform`, `shadow`,
/// `border`) and checking the tree the parents make.
extension SpecDecoder {
    /// `{"perspective": d}` or `{"matrix": [16 numbers]}`.
    mutating func sublayerTransform(_ json: JSONValue, at pointer: String) -> SublayerTransformSpec? {
        guard let members = object(json, at: pointer, allowed: ["perspective", "matrix"]) else { return nil }
        guard members.count == 1 else {
            problem(pointer, "a sublayerTransform is {\"perspective\": eye distance} or {\"matrix\": [16 numbers]}")
            return nil
        }
        if let d = json["perspective"] {
            return number(d, at: JSONPointer.appending(pointer, "perspective"), range: .positive(max: 1e6)).map {
                .perspective($0)
            }
        }
        return json["matrix"].flatMap { matrix($0, at: JSONPointer.appending(pointer, "matrix")) }.map { .matrix($0) }
    }

    // `shadow` and `border` (`{"color", "opacity", "radius", "offset"}`, `{"width", "color"}`)
    // are generated from the property table into DecorationSpecs+Generated.swift.

    /// The largest shadow radius a spec may ask for, in points: past a screen's size a blur
    /// shows nothing more, and renderers' blur cost grows with it. Our choice.
    static let maxShadowRadius = 1_000.0

    /// Every `parent` must name another layer of the spec, the parents must not loop, and
    /// no layer may sit deeper than `limits.maxTreeDepth` (a root layer is at depth 1).
    /// Each problem is reported at the offending layer's `/layers/i/parent`.
    mutating func checkTree(_ layers: [LayerSpec], parentPointers: [String: String]) {
        var index: [String: Int] = [:]
        for (i, l) in layers.enumerated() { index[l.id] = i }
        for layer in layers {
            guard let parent = layer.parent, let p = parentPointers[layer.id] else { continue }
            if parent == layer.id {
                problem(p, "a layer cannot be its own parent")
                continue
            }
            guard index[parent] != nil else {
                problem(p, "unknown layer \"\(parent)\"")
                continue
            }
            // Walk up to the root, or until a layer comes round again.
            var depth = 1
            var current = layer.id
            var seen: Set<String> = [layer.id]
            var looped: String?
            while let up = index[current].flatMap({ layers[$0].parent }), index[up] != nil {
                if !seen.insert(up).inserted { looped = up; break }
                depth += 1
                current = up
            }
            if let looped {
                problem(p, "parents form a loop through \"\(looped)\"")
            } else if depth > limits.maxTreeDepth {
                problem(p, "sits \(depth) levels deep, more than the limit of \(limits.maxTreeDepth)")
            }
        }
    }
}
