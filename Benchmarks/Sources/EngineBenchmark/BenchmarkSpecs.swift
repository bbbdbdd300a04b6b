import AnimaticCore

/// The specs the engine benchmarks run. Both 20-layer specs are built from the same four
/// animations (`slide`, `fade`, `springTurn`, `cubicTurn`), so flat and tree differ only in
/// the layer structure around them.
enum BenchmarkSpecs {
    /// 20 layers over 1 s: slides (easeInEaseOut), fades, spring scales and cubic keyframe
    /// turns under perspective — every kind of track the engine has.
    static func twentyLayers() -> TransitionSpec {
        var layers: [LayerSpec] = []
        var animations: [AnimationSpec] = []
        for i in 0..<20 {
            let id = "layer\(i)"
            let y = Double(i) * 40
            layers.append(
                LayerSpec(
                    id: id, frame: Rect(x: 0, y: y, width: 390, height: 40),
                    fill: Color(red: Double(i) / 20, green: 0.5, blue: 0.8), label: "Row \(i)"))
            switch i % 4 {
            case 0: animations.append(slide(id, to: Point(x: 585, y: y + 20)))
            case 1: animations.append(fade(id))
            case 2: animations.append(springTurn(id, to: .operations([.scale(x: 0.5, y: 0.5, z: 1)])))
            default: animations.append(cubicTurn(id, degrees: -90))
            }
        }
        return TransitionSpec(container: ContainerSpec(perspective: 500), layers: layers, animations: animations)
    }

    /// The same 20 layers as a tree: 5 groups of 4 — a root card that slides (easeInEaseOut)
    /// and clips, a middle layer inside it with a perspective `sublayerTransform` that turns
    /// on a spring, and two leaves in the middle layer: one turning about y on cubic
    /// keyframes (seen through the middle layer's perspective), one fading. Every frame
    /// composes three levels.
    static func twentyLayerTree() -> TransitionSpec {
        var layers: [LayerSpec] = []
        var animations: [AnimationSpec] = []
        for g in 0..<5 {
            let root = "card\(g)", middle = "middle\(g)", turning = "turning\(g)", fading = "fading\(g)"
            let y = Double(g) * 160
            layers.append(
                LayerSpec(
                    id: root, frame: Rect(x: 0, y: y, width: 390, height: 150), cornerRadius: 12,
                    fill: Color(red: Double(g) / 5, green: 0.5, blue: 0.8), clips: true,
                    shadow: ShadowSpec(opacity: 0.3, radius: 6, offset: Point(x: 0, y: 3))))
            layers.append(
                LayerSpec(
                    id: middle, frame: Rect(x: 20, y: 20, width: 350, height: 110),
                    fill: Color(red: 1, green: 1, blue: 1, alpha: 0.5), parent: root,
                    sublayerTransform: .perspective(500)))
            layers.append(
                LayerSpec(
                    id: turning, frame: Rect(x: 10, y: 10, width: 150, height: 90),
                    fill: Color(red: 0.2, green: 0.6, blue: 0.3), label: "Turn \(g)", parent: middle))
            layers.append(
                LayerSpec(
                    id: fading, frame: Rect(x: 190, y: 10, width: 150, height: 90),
                    fill: Color(red: 0.9, green: 0.4, blue: 0.1), parent: middle,
                    border: BorderSpec(width: 2, color: .white)))
            animations.append(slide(root, to: Point(x: 390, y: y + 75)))
            animations.append(springTurn(middle, to: .operations([.rotate(degrees: 10, axis: (0, 0, 1))])))
            animations.append(cubicTurn(turning, degrees: -60))
            animations.append(fade(fading))
        }
        return TransitionSpec(container: ContainerSpec(), layers: layers, animations: animations)
    }

    /// `position` to `target` over 1 s, easeInEaseOut (the block's default timing).
    static func slide(_ id: String, to target: Point) -> AnimationSpec {
        .block(
            BlockAnimation(
                duration: 1, changes: [PropertyChange(layer: id, property: .position, value: .point(target))]))
    }

    /// `alpha` to 0, linear, from 0.2 s to 1 s.
    static func fade(_ id: String) -> AnimationSpec {
        .block(
            BlockAnimation(
                delay: 0.2, duration: 0.8, timing: .linear,
                changes: [PropertyChange(layer: id, property: .alpha, value: .number(0))]))
    }

    /// `transform` to `target` over 1 s on a spring of damping ratio 0.7.
    static func springTurn(_ id: String, to target: TransformSpec) -> AnimationSpec {
        .block(
            BlockAnimation(
                duration: 1, timing: .springDamping(ratio: 0.7, initialVelocity: 0),
                changes: [PropertyChange(layer: id, property: .transform, value: .transform(target))]))
    }

    /// A turn about y by `degrees` and back over 1 s: two keyframes on a cubic spline.
    static func cubicTurn(_ id: String, degrees: Double) -> AnimationSpec {
        func key(_ start: Double, _ operations: [TransformOperation]) -> Keyframe {
            Keyframe(
                relativeStart: start, relativeDuration: 0.5,
                changes: [PropertyChange(layer: id, property: .transform, value: .transform(.operations(operations)))])
        }
        return .keyframes(
            KeyframeAnimation(
                duration: 1, calculationMode: .cubic,
                keyframes: [key(0, [.rotate(degrees: degrees, axis: (0, 1, 0))]), key(0.5, [])]))
    }
}
