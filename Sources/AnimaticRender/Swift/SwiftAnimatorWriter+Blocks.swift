import AnimaticCore

extension SwiftAnimatorWriter {
    mutating func writeAnimations() {
        for (i, animation) in spec.animations.enumerated() {
            out.line()
            switch animation {
            case .block(let block): writeBlock(block, index: i)
            case .keyframes(let keyframes): writeKeyframes(keyframes, index: i)
            }
        }
        if spec.animations.isEmpty {
            out.line()
            out.comment("/animations: none; the transition completes at once")
            out.line("finish()")
        }
    }

    /// `completion:` of an animation call: the transition's completion for the last one to end.
    func completionArgument(_ index: Int) -> String {
        index == completionOwner ? "completion: { _ in finish() }" : "completion: nil"
    }

    /// `finish()` on the clock, for a last call that UIKit would complete at once (nothing
    /// in it to animate); the time rounded to 1e-12 s so that 0.1 + 0.7 reads 0.8.
    mutating func writeFinish(after seconds: Double) {
        out.block(
            "DispatchQueue.main.asyncAfter(deadline: .now() + \(SwiftLiteral.number((seconds * 1e12).rounded() / 1e12)))"
        ) { w in
            w.line("finish()")
        }
    }

    /// `isHidden` is not animatable: set where the block starts (at once, or after its delay).
    mutating func writeImmediate(_ changes: [PropertyChange], at time: Double, pointer: String) {
        guard !changes.isEmpty else { return }
        out.comment("\(pointer): isHidden is not animatable; it changes when the block starts")
        if time == 0 {
            for (layer, set) in Self.grouped(changes) { writeChanges(layer, set) }
        } else {
            out.block("DispatchQueue.main.asyncAfter(deadline: .now() + \(SwiftLiteral.number(time)))") { w in
                for (layer, set) in Self.grouped(changes) {
                    for c in set { w.line(SwiftPropertyWriter.assignment(plan.name(layer), c.property, c.value)) }
                }
            }
        }
    }

    private mutating func writeBlock(_ block: BlockAnimation, index: Int) {
        let pointer = "/animations/\(index)"
        let hidden = block.changes.filter { $0.property == .hidden }
        writeImmediate(hidden, at: block.delay, pointer: pointer)
        if case .springPhysical(let parameters) = block.timing {
            if let natural = block.timing.naturalDuration, abs(natural - block.duration) > 1e-9 {
                out.comment(
                    "\(pointer)/duration: \(SwiftLiteral.number(block.duration)) s (the spring settles in \(SwiftLiteral.number((natural * 1000).rounded() / 1000)) s)"
                )
            }
            writeSpringAnimations(
                block.changes.filter { $0.property != .hidden }, spring: parameters,
                block: block, index: index, pointer: pointer)
            return
        }
        let layerOnly = block.changes.filter { SwiftPropertyWriter.isLayerOnly($0.property) }
        let animated = block.changes.filter { $0.property != .hidden && !SwiftPropertyWriter.isLayerOnly($0.property) }
        guard !layerOnly.isEmpty else {
            writeViewBlock(block, animated, index: index, pointer: pointer)
            return
        }
        // UIView blocks leave shadows and borders alone: they get Core Animation animations
        // with the block's timing, in one transaction whose completion ends the transition.
        out.comment(
            "\(pointer): shadow and border changes are not animated by UIView blocks: CAAnimations with the block's timing"
        )
        out.line("CATransaction.begin()")
        // A UIViewPropertyAnimator started after a delay joins no transaction: it keeps the completion.
        var propertyAnimator = false
        if case .bezier(let curve) = block.timing, Self.curveOption(curve) == nil, !animated.isEmpty {
            propertyAnimator = true
        }
        if index == completionOwner, !propertyAnimator { out.line("CATransaction.setCompletionBlock { finish() }") }
        if !animated.isEmpty {
            let owner = completionOwner
            if !propertyAnimator { completionOwner = nil }
            writeViewBlock(block, animated, index: index, pointer: pointer)
            completionOwner = owner
        }
        let timing: LayerTiming
        switch block.timing.curve(duration: block.duration) {
        case .bezier(let curve): timing = .bezier(curve)
        case .spring(let spring): timing = .spring(spring)
        case .steps: timing = .bezier(.linear)
        }
        if case .springDamping = block.timing {
            out.comment("the spring usingSpringWithDamping makes for this duration (docs/TIMING.md)")
        }
        writeLayerAnimations(
            layerOnly, timing: timing, delay: block.delay, duration: block.duration,
            index: index, pointer: pointer + "/changes")
        out.line("CATransaction.commit()")
    }

    private mutating func writeViewBlock(
        _ block: BlockAnimation, _ animated: [PropertyChange], index: Int, pointer: String
    ) {
        if animated.isEmpty {
            // UIKit calls the completion of a block with nothing to animate at once, so the
            // transition's completion waits for the block's end on the clock instead.
            if completionOwner == index {
                out.comment("\(pointer): nothing animatable; the transition completes when the block ends")
                writeFinish(after: block.delay + block.duration)
            }
            return
        }
        let duration = SwiftLiteral.number(block.duration)
        let delay = SwiftLiteral.number(block.delay)
        let completion = completionArgument(index)
        switch block.timing {
        case .bezier(let curve):
            if let option = Self.curveOption(curve) {
                out.comment("\(pointer): \(duration) s after \(delay) s, \(Self.curveName(curve))")
                out.line(
                    "UIView.animate(withDuration: \(duration), delay: \(delay), options: [\(option)], animations: {")
                writeAnimationBody(animated, pointer: pointer)
                out.line("}, \(completion))")
            } else {
                out.comment(
                    "\(pointer): \(duration) s after \(delay) s, cubic Bézier (\([curve.x1, curve.y1, curve.x2, curve.y2].map(SwiftLiteral.number).joined(separator: ", ")))"
                )
                let name = "animator\(index)"
                out.line(
                    "let \(name) = UIViewPropertyAnimator(duration: \(duration), controlPoint1: \(SwiftLiteral.point(Point(x: curve.x1, y: curve.y1))), controlPoint2: \(SwiftLiteral.point(Point(x: curve.x2, y: curve.y2)))) {"
                )
                writeAnimationBody(animated, pointer: pointer)
                out.line("}")
                if completionOwner == index { out.line("\(name).addCompletion { _ in finish() }") }
                out.line("\(name).startAnimation(afterDelay: \(delay))")
            }
        case let .springDamping(ratio, velocity):
            out.comment(
                "\(pointer): \(duration) s after \(delay) s, spring with damping ratio \(SwiftLiteral.number(ratio))")
            out.line(
                "UIView.animate(withDuration: \(duration), delay: \(delay), usingSpringWithDamping: \(SwiftLiteral.number(ratio)), initialSpringVelocity: \(SwiftLiteral.number(velocity)), options: [], animations: {"
            )
            writeAnimationBody(animated, pointer: pointer)
            out.line("}, \(completion))")
        case let .springPerceptual(springDuration, bounce, velocity):
            let natural = block.timing.naturalDuration ?? block.duration
            if abs(natural - block.duration) > 1e-9 {
                warn(
                    pointer + "/duration",
                    "UIKit runs a duration/bounce spring until it settles (\(SwiftLiteral.number((natural * 1000).rounded() / 1000)) s); the spec ends it at \(duration) s"
                )
            }
            out.comment(
                "\(pointer): iOS 17 spring, duration \(SwiftLiteral.number(springDuration)) s, bounce \(SwiftLiteral.number(bounce)), after \(delay) s"
            )
            out.line("if #available(iOS 17, *) {")
            writeIndented { w in
                w.out.line(
                    "UIView.animate(springDuration: \(SwiftLiteral.number(springDuration)), bounce: \(SwiftLiteral.number(bounce)), initialSpringVelocity: \(SwiftLiteral.number(velocity)), delay: \(delay), options: [], animations: {"
                )
                w.writeAnimationBody(animated, pointer: pointer)
                w.out.line("}, \(completion))")
            }
            out.line("} else {")
            let physical = SpringParameters.perceptual(
                duration: springDuration, bounce: bounce, initialVelocity: velocity)
            let owner = completionOwner
            writeIndented { w in
                w.out.comment(
                    "the same spring before iOS 17: mass 1, stiffness (2π / duration)², damping from the bounce (docs/TIMING.md)"
                )
                w.completionOwner = owner
                w.writeSpringAnimations(animated, spring: physical, block: block, index: index, pointer: pointer)
            }
            out.line("}")
        case .springPhysical:
            break  // written by writeBlock
        case .steps(let n):
            warn(pointer + "/timing", "steps(\(n)) has no UIKit curve; written as a linear block")
            out.line(
                "UIView.animate(withDuration: \(duration), delay: \(delay), options: [.curveLinear], animations: {")
            writeAnimationBody(animated, pointer: pointer)
            out.line("}, \(completion))")
        }
    }

    /// Runs `body` one indentation level deeper, keeping the model transforms it records.
    mutating func writeIndented(_ body: (inout SwiftAnimatorWriter) -> Void) {
        var inner = self
        inner.out = SwiftSourceWriter()
        body(&inner)
        for line in inner.out.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            out.indent { w in w.line(String(line)) }
        }
        modelTransform = inner.modelTransform
        warnings = inner.warnings
    }

    /// The change sets of a block, one commented group per layer, inside its closure.
    mutating func writeAnimationBody(_ changes: [PropertyChange], pointer: String) {
        writeIndented { w in
            for (layer, set) in Self.grouped(changes) {
                w.out.comment(Self.pointer(pointer + "/changes", layer: layer))
                w.writeChanges(layer, set)
            }
        }
    }

    static func curveOption(_ curve: CubicBezier) -> String? {
        switch curve {
        case .linear: return ".curveLinear"
        case .easeIn: return ".curveEaseIn"
        case .easeOut: return ".curveEaseOut"
        case .easeInEaseOut: return ".curveEaseInOut"
        default: return nil
        }
    }

    static func curveName(_ curve: CubicBezier) -> String {
        switch curve {
        case .linear: return "linear"
        case .easeIn: return "ease-in"
        case .easeOut: return "ease-out"
        case .easeInEaseOut: return "ease-in-ease-out"
        default: return "cubic Bézier"
        }
    }
}
