import AnimaticCore

/// Core Animation animations, for what `UIView` blocks cannot animate: every property of a
/// physical (`mass`/`stiffness`/`damping`) spring, and the layer-only properties (shadow,
/// border) of any block.
extension SwiftAnimatorWriter {
    /// How a layer animation runs.
    enum LayerTiming {
        case bezier(CubicBezier)
        case spring(SpringParameters)
    }

    /// A physical spring block: one `CASpringAnimation` per changed property in a
    /// `CATransaction` (whose completion block runs when all of them end).
    mutating func writeSpringAnimations(
        _ changes: [PropertyChange], spring: SpringParameters,
        block: BlockAnimation, index: Int, pointer: String
    ) {
        out.comment(
            "\(pointer): CASpringAnimation, mass \(SwiftLiteral.number(spring.mass)), stiffness \(SwiftLiteral.number(spring.stiffness)), damping \(SwiftLiteral.number(spring.damping)), \(SwiftLiteral.number(block.duration)) s after \(SwiftLiteral.number(block.delay)) s"
        )
        guard !changes.isEmpty else {
            // An empty transaction completes at once: the transition's completion waits on the clock.
            if index == completionOwner { writeFinish(after: block.delay + block.duration) }
            return
        }
        out.line("CATransaction.begin()")
        if index == completionOwner { out.line("CATransaction.setCompletionBlock { finish() }") }
        writeLayerAnimations(
            changes, timing: .spring(spring), delay: block.delay, duration: block.duration,
            index: index, pointer: pointer + "/changes")
        out.line("CATransaction.commit()")
    }

    /// One animation per change, each from the model value before the change to the spec's
    /// value, then the model value set, as Core Animation requires; a delay is a
    /// `beginTime` with `fillMode = .backwards` holding the start.
    mutating func writeLayerAnimations(
        _ changes: [PropertyChange], timing: LayerTiming, delay: Double,
        duration: Double, index: Int, pointer: String
    ) {
        if delay > 0 { out.line("let start\(index) = CACurrentMediaTime() + \(SwiftLiteral.number(delay))") }
        for (layer, set) in Self.grouped(changes) {
            out.comment(Self.pointer(pointer, layer: layer))
            let view = plan.name(layer)
            for change in set {
                guard let animation = SwiftPropertyWriter.layerAnimation(view, change.property, change.value) else {
                    continue
                }
                out.block("do") { w in
                    switch timing {
                    case .spring(let spring):
                        w.line("let animation = CASpringAnimation(keyPath: \(SwiftLiteral.string(animation.keyPath)))")
                        w.line("animation.mass = \(SwiftLiteral.number(spring.mass))")
                        w.line("animation.stiffness = \(SwiftLiteral.number(spring.stiffness))")
                        w.line("animation.damping = \(SwiftLiteral.number(spring.damping))")
                        w.line("animation.initialVelocity = \(SwiftLiteral.number(spring.initialVelocity))")
                    case .bezier(let curve):
                        w.line("let animation = CABasicAnimation(keyPath: \(SwiftLiteral.string(animation.keyPath)))")
                        if curve != .linear {
                            let points = [curve.x1, curve.y1, curve.x2, curve.y2].map(SwiftLiteral.number).joined(
                                separator: ", ")
                            w.line("animation.timingFunction = CAMediaTimingFunction(controlPoints: \(points))")
                        }
                    }
                    w.line("animation.duration = \(SwiftLiteral.number(duration))")
                    if delay > 0 {
                        w.line("animation.beginTime = start\(index)")
                        w.line("animation.fillMode = .backwards")
                    }
                    w.line("animation.fromValue = \(animation.current)")
                    w.line("animation.toValue = \(animation.target)")
                    w.line("\(view).layer.add(animation, forKey: \(SwiftLiteral.string(animation.keyPath)))")
                }
                writeChanges(layer, [change])
            }
        }
    }
}
