import AnimaticCore

/// The specs the engine benchmarks run.
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
            case 0:
                animations.append(
                    .block(
                        BlockAnimation(
                            duration: 1,
                            changes: [
                                PropertyChange(layer: id, property: .position, value: .point(Point(x: 585, y: y + 20)))
                            ])))
            case 1:
                animations.append(
                    .block(
                        BlockAnimation(
                            delay: 0.2, duration: 0.8, timing: .linear,
                            changes: [
                                PropertyChange(layer: id, property: .alpha, value: .number(0))
                            ])))
            case 2:
                animations.append(
                    .block(
                        BlockAnimation(
                            duration: 1, timing: .springDamping(ratio: 0.7, initialVelocity: 0),
                            changes: [
                                PropertyChange(
                                    layer: id, property: .transform,
                                    value: .transform(.operations([.scale(x: 0.5, y: 0.5, z: 1)])))
                            ])))
            default:
                animations.append(
                    .keyframes(
                        KeyframeAnimation(
                            duration: 1, calculationMode: .cubic,
                            keyframes: [
                                Keyframe(
                                    relativeStart: 0, relativeDuration: 0.5,
                                    changes: [
                                        PropertyChange(
                                            layer: id, property: .transform,
                                            value: .transform(.operations([.rotate(degrees: -90, axis: (0, 1, 0))])))
                                    ]),
                                Keyframe(
                                    relativeStart: 0.5, relativeDuration: 0.5,
                                    changes: [
                                        PropertyChange(
                                            layer: id, property: .transform,
                                            value: .transform(.operations([])))
                                    ]),
                            ])))
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
            animations.append(
                .block(
                    BlockAnimation(
                        duration: 1,
                        changes: [
                            PropertyChange(layer: root, property: .position, value: .point(Point(x: 390, y: y + 75)))
                        ])))
            animations.append(
                .block(
                    BlockAnimation(
                        duration: 1, timing: .springDamping(ratio: 0.7, initialVelocity: 0),
                        changes: [
                            PropertyChange(
                                layer: middle, property: .transform,
                                value: .transform(.operations([.rotate(degrees: 10, axis: (0, 0, 1))])))
                        ])))
            animations.append(
                .keyframes(
                    KeyframeAnimation(
                        duration: 1, calculationMode: .cubic,
                        keyframes: [
                            Keyframe(
                                relativeStart: 0, relativeDuration: 0.5,
                                changes: [
                                    PropertyChange(
                                        layer: turning, property: .transform,
                                        value: .transform(.operations([.rotate(degrees: -60, axis: (0, 1, 0))])))
                                ]),
                            Keyframe(
                                relativeStart: 0.5, relativeDuration: 0.5,
                                changes: [
                                    PropertyChange(
                                        layer: turning, property: .transform,
                                        value: .transform(.operations([])))
                                ]),
                        ])))
            animations.append(
                .block(
                    BlockAnimation(
                        delay: 0.2, duration: 0.8, timing: .linear,
                        changes: [
                            PropertyChange(layer: fading, property: .alpha, value: .number(0))
                        ])))
        }
        return TransitionSpec(container: ContainerSpec(), layers: layers, animations: animations)
    }
}
