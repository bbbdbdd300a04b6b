/// Compiles a validated spec into per-layer, per-property tracks the way UIKit runs it:
///
/// - Blocks start at their delay, in order of start (ties in spec order). A block
///   animates each property **from the value presented when it starts** to its target,
///   and takes the property over from any earlier animation still running, so chained
///   and overlapping blocks join without a jump.
/// - A keyframe block makes one track per property over the whole block: the presented
///   value at the block's start at key time 0, a hold key where a keyframe starts later
///   than the previous one ended, each keyframe's value at its end, and a hold to 1 —
///   the key times UIKit hands to `CAKeyframeAnimation`.
/// - `hidden` is not animatable: its change applies when its block starts.
/// - Completion changes apply at the transition's end (after a `.restart` release, at
///   the end of the restarted run; see `RestartRun`).
public enum TimelineCompiler {
    public static func compile(_ stated: TransitionSpec) -> Timeline {
        var spec = stated
        var layers = spec.layers.map(CompiledLayer.init(spec:))
        var index: [String: Int] = [:]
        for (i, l) in spec.layers.enumerated() { index[l.id] = i }

        // Blocks in order of start; the sort is stable so ties keep spec order.
        let ordered = spec.animations.enumerated().sorted { a, b in
            a.element.delay != b.element.delay ? a.element.delay < b.element.delay : a.offset < b.offset
        }.map(\.element)

        let transitionEnd = spec.transitionDuration
        for animation in ordered {
            switch animation {
            case .block(let block):
                let start = block.delay, end = block.delay + block.duration
                let curve = block.timing.curve(duration: block.duration)
                for change in block.changes {
                    guard let li = index[change.layer] else { continue }
                    let target = TrackValue(change.value)
                    if change.property == .hidden {
                        layers[li].append(.set(time: start, value: target), to: .hidden)
                        continue
                    }
                    let from = layers[li].value(of: change.property, at: start)
                    // UIKit adds no animation for a value that does not change.
                    if from == target && !layers[li].isMoving(change.property, at: start) { continue }
                    layers[li].append(
                        .tween(start: start, end: end, from: from, to: target, curve: curve), to: change.property)
                }
            case .keyframes(let block):
                let start = block.delay, end = block.delay + block.duration
                let warp = block.timing.curve(duration: block.duration)
                for (li, property, path, instantHidden) in keyframePaths(block, layers: layers, index: index) {
                    if let hidden = instantHidden {
                        for (time, value) in hidden {
                            layers[li].append(.set(time: start + time * block.duration, value: value), to: .hidden)
                        }
                        continue
                    }
                    layers[li].append(
                        .keyframes(start: start, end: end, path: path, warp: warp), to: property)
                }
            }
        }

        let run = spec.interaction.map { InteractiveRun(interaction: $0, transitionDuration: transitionEnd) }
        let outcome = run?.outcome ?? .finish
        var completionTime = transitionEnd
        if let run, let interaction = spec.interaction, run.drive == .restart {
            completionTime = RestartRun.append(
                to: &layers, run: run, transitionEnd: transitionEnd,
                fallback: interaction.completionCurve)
        }
        spec = PresentersViewDefault.resolve(spec, layers: layers, index: index, transitionEnd: transitionEnd)
        let ending = endState(spec.endChanges(outcome), layers: layers, index: index)
        if run?.drive == .percent && outcome == .cancel {
            // The run goes back to transition time 0: the block's end applies to that state.
            return Timeline(
                spec: spec, layers: layers, transitionDuration: transitionEnd, run: run,
                cancelledEnd: ending)
        }
        for change in spec.endChanges(outcome) {
            guard let li = index[change.layer] else { continue }
            layers[li].append(.set(time: completionTime, value: TrackValue(change.value)), to: change.property)
        }
        return Timeline(spec: spec, layers: layers, transitionDuration: transitionEnd, run: run, cancelledEnd: nil)
    }

    /// Each layer's values at transition time 0 with `changes` applied: where a cancelled
    /// percent-driven run ends, after the completion block and `completeTransition(false)`.
    static func endState(_ changes: [PropertyChange], layers: [CompiledLayer], index: [String: Int]) -> [CompiledLayer
        .Values]
    {
        var values = layers.map { $0.values(at: 0) }
        for change in changes {
            guard let li = index[change.layer] else { continue }
            values[li].apply(change.property, TrackValue(change.value))
        }
        return values
    }

    /// The key lists of one keyframe block, one per (layer, property) it touches.
    /// `hidden` is returned as instant changes instead (it cannot be interpolated).
    static func keyframePaths(_ block: KeyframeAnimation, layers: [CompiledLayer], index: [String: Int])
        -> [(Int, AnimatableProperty, KeyframePathBox, [(Double, TrackValue)]?)]
    {
        // Keyframes in order of start, ties in spec order; `offset` is the spec index.
        let frames = block.keyframes.enumerated().sorted { a, b in
            a.element.relativeStart != b.element.relativeStart
                ? a.element.relativeStart < b.element.relativeStart : a.offset < b.offset
        }
        // Kochanek–Bartels parameters of spline key k (0: the block's start key).
        func knot(_ k: Int) -> SplineKnot {
            SplineKnot(
                tension: block.tension.value(forKey: k), continuity: block.continuity.value(forKey: k),
                bias: block.bias.value(forKey: k))
        }

        struct Key: Hashable { let layer: Int; let property: AnimatableProperty }
        var order: [Key] = []
        var keys: [Key: (times: [Double], values: [TrackValue], knots: [SplineKnot])] = [:]
        for (offset, frame) in frames {
            for change in frame.changes {
                guard let li = index[change.layer] else { continue }
                let key = Key(layer: li, property: change.property)
                let value = TrackValue(change.value)
                if keys[key] == nil {
                    order.append(key)
                    let initial = layers[li].value(of: change.property, at: block.delay)
                    keys[key] = ([0], [initial], [knot(0)])
                }
                var entry = keys[key]!
                let last = entry.times[entry.times.count - 1]
                let startTime = max(frame.relativeStart, last)
                if startTime > last {
                    // A hold key repeats the key it holds, parameters included.
                    entry.times.append(startTime)
                    entry.values.append(entry.values[entry.values.count - 1])
                    entry.knots.append(entry.knots[entry.knots.count - 1])
                }
                entry.times.append(max(frame.relativeStart + frame.relativeDuration, startTime))
                entry.values.append(value)
                entry.knots.append(knot(offset + 1))
                keys[key] = entry
            }
        }
        return order.map { key in
            var entry = keys[key]!
            if key.property == .hidden {
                // Each change of `hidden` applies at its keyframe's start.
                var instants: [(Double, TrackValue)] = []
                for (_, frame) in frames {
                    for change in frame.changes where change.property == .hidden && index[change.layer] == key.layer {
                        instants.append((frame.relativeStart, TrackValue(change.value)))
                    }
                }
                return (
                    key.layer, key.property,
                    KeyframePathBox.make(times: [0], values: [entry.values[0]], mode: .discrete, knots: []),
                    instants
                )
            }
            if entry.times[entry.times.count - 1] < 1 {
                entry.times.append(1)
                entry.values.append(entry.values[entry.values.count - 1])
                entry.knots.append(entry.knots[entry.knots.count - 1])
            }
            let path = KeyframePathBox.make(
                times: entry.times, values: entry.values, mode: block.calculationMode, knots: entry.knots)
            return (key.layer, key.property, path, nil)
        }
    }
}
