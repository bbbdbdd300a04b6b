import AnimaticCore

extension SwiftAnimatorWriter {
    /// A physical spring: one `CASpringAnimation` per changed property in a
    /// `CATransaction` (whose completion block runs when all of them end), each from the
    /// model value before the change to the spec's value; the model is then set to the
    /// target, as Core Animation requires, and `fillMode = .backwards` holds the start
    /// during a delay.
    mutating func writeSpringAnimations(_ changes: [PropertyChange], spring: SpringParameters,
                                        block: BlockAnimation, index: Int, pointer: String) {
        let duration = SwiftLiteral.number(block.duration)
        out.comment("\(pointer): CASpringAnimation, mass \(SwiftLiteral.number(spring.mass)), stiffness \(SwiftLiteral.number(spring.stiffness)), damping \(SwiftLiteral.number(spring.damping)), \(duration) s after \(SwiftLiteral.number(block.delay)) s")
        out.line("CATransaction.begin()")
        if index == lastAnimation { out.line("CATransaction.setCompletionBlock { finish() }") }
        if block.delay > 0 { out.line("let start\(index) = CACurrentMediaTime() + \(SwiftLiteral.number(block.delay))") }
        for (layer, set) in Self.grouped(changes) {
            out.comment(Self.pointer(pointer + "/changes", layer: layer))
            let view = plan.name(layer)
            for change in set {
                guard let animation = SwiftPropertyWriter.layerAnimation(view, change.property, change.value) else { continue }
                out.block("do") { w in
                    w.line("let spring = CASpringAnimation(keyPath: \(SwiftLiteral.string(animation.keyPath)))")
                    w.line("spring.mass = \(SwiftLiteral.number(spring.mass))")
                    w.line("spring.stiffness = \(SwiftLiteral.number(spring.stiffness))")
                    w.line("spring.damping = \(SwiftLiteral.number(spring.damping))")
                    w.line("spring.initialVelocity = \(SwiftLiteral.number(spring.initialVelocity))")
                    w.line("spring.duration = \(duration)")
                    if block.delay > 0 {
                        w.line("spring.beginTime = start\(index)")
                        w.line("spring.fillMode = .backwards")
                    }
                    w.line("spring.fromValue = \(animation.current)")
                    w.line("spring.toValue = \(animation.target)")
                    w.line("\(view).layer.add(spring, forKey: \(SwiftLiteral.string(animation.keyPath)))")
                }
                writeChanges(layer, [change])
            }
        }
        out.line("CATransaction.commit()")
    }
}
