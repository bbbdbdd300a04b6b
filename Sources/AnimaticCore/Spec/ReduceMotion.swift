/// The cross-fade that Apple's Human Interface Guidelines ask for when Reduce Motion is on
/// ("Motion": replace movement with a dissolve), applied to any spec (docs/SPEC.md,
/// "Reduce Motion"):
///
/// - Nothing moves, scales or turns: every `position`, `size` and `transform` change is
///   taken out of the animations.
/// - A layer whose geometry differs between the start and the end of its animations is
///   shown twice: the layer itself stays at its start geometry and fades from its start
///   alpha to 0, and a copy (`<id>~end`, drawn just above it, with its look) stands at the
///   end geometry and fades from 0 to the layer's end alpha — over the span of the layer's
///   geometric animations (first start to last end), on the curve of the first of them.
///   The layer's own alpha changes are replaced by that fade.
/// - When the transition finishes, the layer takes the end geometry and alpha its
///   animations gave it (before the completion block's finished branch; what the block
///   sets in both outcomes still wins) and the copy is removed, so the end state is the
///   original's; a cancelled run ends as the original's does.
/// - A layer whose geometry comes back to where it started only loses its movement.
/// Everything else (fills, shadows, other fades, hidden, the interaction) is kept.
public enum ReduceMotion {
    static let geometry: Set<AnimatableProperty> = [.position, .size, .transform]

    /// The id of the copy that shows `id` at its end geometry.
    public static func endCopyID(_ id: String) -> String { id + "~end" }

    public static func apply(_ spec: TransitionSpec) -> TransitionSpec {
        // The animations' end values, without completion or interaction.
        let animated = TimelineCompiler.compile(
            TransitionSpec(
                container: spec.container, layers: spec.layers,
                animations: spec.animations))
        var spans: [String: (start: Double, end: Double, timing: TimingSpec)] = [:]
        for animation in spec.animations {
            let (start, end, timing, changes): (Double, Double, TimingSpec, [PropertyChange])
            switch animation {
            case .block(let b): (start, end, timing, changes) = (b.delay, b.delay + b.duration, b.timing, b.changes)
            case .keyframes(let k):
                (start, end, timing, changes) = (
                    k.delay, k.delay + k.duration, k.timing, k.keyframes.flatMap(\.changes)
                )
            }
            for id in Set(changes.filter { geometry.contains($0.property) }.map(\.layer)) {
                if let s = spans[id] {
                    spans[id] = (min(s.start, start), max(s.end, end), s.start <= start ? s.timing : timing)
                } else {
                    spans[id] = (start, end, timing)
                }
            }
        }
        guard !spans.isEmpty else { return spec }

        var crossFaded: Set<String> = []
        var layers: [LayerSpec] = []
        var fades: [AnimationSpec] = []
        var handOver: [PropertyChange] = []
        var removals: [PropertyChange] = []
        for layer in spec.layers {
            layers.append(layer)
            guard let span = spans[layer.id], let index = animated.layerIndex(layer.id) else { continue }
            let end = animated.layers[index].values(at: animated.transitionDuration)
            let endTransform = TransformSpec.matrix(end.transform)
            if end.position == layer.position && end.size == layer.size && end.transform == layer.transform.matrix {
                continue
            }
            crossFaded.insert(layer.id)
            var copy = layer
            copy.id = endCopyID(layer.id)
            copy.position = end.position
            copy.size = end.size
            copy.transform = endTransform
            copy.alpha = 0
            layers.append(copy)
            fades.append(
                .block(
                    BlockAnimation(
                        delay: span.start, duration: max(span.end - span.start, 0), timing: span.timing,
                        changes: [
                            PropertyChange(layer: layer.id, property: .alpha, value: .number(0)),
                            PropertyChange(layer: copy.id, property: .alpha, value: .number(end.alpha)),
                        ])))
            // The hand-over, when the transition finishes: the layer takes the end geometry
            // and alpha its animations gave it — but not what the completion block sets
            // anyway, which must still win — before the block's finished branch runs.
            let completed = Set(spec.completion.filter { $0.layer == layer.id }.map(\.property))
            handOver += [
                PropertyChange(layer: layer.id, property: .position, value: .point(end.position)),
                PropertyChange(layer: layer.id, property: .size, value: .size(end.size)),
                PropertyChange(layer: layer.id, property: .transform, value: .transform(endTransform)),
                PropertyChange(layer: layer.id, property: .alpha, value: .number(end.alpha)),
            ]
            .filter { !completed.contains($0.property) }
            removals.append(PropertyChange(layer: copy.id, property: .hidden, value: .bool(true)))
        }

        func keep(_ change: PropertyChange) -> Bool {
            !(spans[change.layer] != nil && geometry.contains(change.property))
                && !(crossFaded.contains(change.layer) && change.property == .alpha)
        }
        var animations: [AnimationSpec] = []
        for animation in spec.animations {
            switch animation {
            case .block(var b):
                b.changes = b.changes.filter(keep)
                if !b.changes.isEmpty { animations.append(.block(b)) }
            case .keyframes(var k):
                k.keyframes = k.keyframes.map {
                    var f = $0; f.changes = f.changes.filter(keep); return f
                }.filter { !$0.changes.isEmpty }
                if !k.keyframes.isEmpty { animations.append(.keyframes(k)) }
            }
        }
        var reduced = spec
        reduced.layers = layers
        reduced.animations = animations + fades
        reduced.completion = spec.completion + removals
        reduced.completionIfFinished = handOver + spec.completionIfFinished
        return reduced
    }
}
