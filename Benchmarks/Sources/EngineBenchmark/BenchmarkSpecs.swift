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
            layers.append(LayerSpec(id: id, frame: Rect(x: 0, y: y, width: 390, height: 40),
                                    fill: Color(red: Double(i) / 20, green: 0.5, blue: 0.8), label: "Row \(i)"))
            switch i % 4 {
            case 0:
                animations.append(.block(BlockAnimation(duration: 1, changes: [
                    PropertyChange(layer: id, property: .position, value: .point(Point(x: 585, y: y + 20)))])))
            case 1:
                animations.append(.block(BlockAnimation(delay: 0.2, duration: 0.8, timing: .linear, changes: [
                    PropertyChange(layer: id, property: .alpha, value: .number(0))])))
            case 2:
                animations.append(.block(BlockAnimation(duration: 1, timing: .springDamping(ratio: 0.7, initialVelocity: 0),
                    changes: [PropertyChange(layer: id, property: .transform,
                                             value: .transform(.operations([.scale(x: 0.5, y: 0.5, z: 1)])))])))
            default:
                animations.append(.keyframes(KeyframeAnimation(duration: 1, calculationMode: .cubic, keyframes: [
                    Keyframe(relativeStart: 0, relativeDuration: 0.5, changes: [PropertyChange(layer: id, property: .transform,
                        value: .transform(.operations([.rotate(degrees: -90, axis: (0, 1, 0))])))]),
                    Keyframe(relativeStart: 0.5, relativeDuration: 0.5, changes: [PropertyChange(layer: id, property: .transform,
                        value: .transform(.operations([])))]),
                ])))
            }
        }
        return TransitionSpec(container: ContainerSpec(perspective: 500), layers: layers, animations: animations)
    }
}
