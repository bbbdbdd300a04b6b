import AnimaticCore

/// The interruptible variant of the export (`?interruptible=true`, `--interruptible`):
/// `interruptibleAnimator(using:)` returns one `UIViewPropertyAnimator` for the whole
/// transition (the same one each time UIKit asks), and `animateTransition(using:)` starts
/// it. One animator has one timing and one end, so the spec's blocks must share their
/// curve or spring and end together (each is `addAnimations(_:delayFactor:)`, whose
/// animations run from delay factor × duration to the end on the animator's timing), or be
/// one keyframe block (`animateKeyframes` inside the animator, which then times it).
/// What does not fit is a problem at its JSON pointer, not a silently different file.
/// See docs/EXPORT.md, "Interruptible".
public enum SwiftInterruptible {
    /// Why `spec` cannot be one property animator; empty when it can.
    public static func problems(_ spec: TransitionSpec) -> [SpecProblem] {
        var problems: [SpecProblem] = []
        func problem(_ pointer: String, _ message: String) {
            problems.append(SpecProblem(pointer: pointer, message: "interruptible: " + message))
        }
        let end = SwiftAnimatorEncoder.transitionDuration(spec: spec)
        var keyframeBlocks = 0
        var first: TimingSpec?
        for (i, animation) in spec.animations.enumerated() {
            let pointer = "/animations/\(i)"
            switch animation {
            case .keyframes(let k):
                keyframeBlocks += 1
                if spec.animations.count > 1 {
                    problem(pointer, "a keyframe block is one animator on its own; this spec has other animations")
                }
                if case .bezier = k.timing {
                } else {
                    problem(pointer + "/timing", "a keyframe block's curve must be a Bézier")
                }
                for (n, keyframe) in k.keyframes.enumerated() {
                    for c in keyframe.changes where c.property == .hidden || SwiftPropertyWriter.isLayerOnly(c.property)
                    {
                        problem(
                            "\(pointer)/keyframes/\(n)/changes",
                            "\(c.property.rawValue) is not animated by a property animator")
                    }
                }
            case .block(let b):
                switch b.timing {
                case .steps: problem(pointer + "/timing", "UIKit has no step timing parameters")
                case .springPerceptual:
                    problem(
                        pointer + "/timing",
                        "a duration/bounce spring lasts until it settles, not to the animator's end")
                default: break
                }
                if let first, first != b.timing {
                    problem(pointer + "/timing", "one animator has one timing; /animations/0 has another")
                }
                first = first ?? b.timing
                if abs(b.delay + b.duration - end) > 1e-9 {
                    problem(
                        pointer,
                        "ends at \(SwiftLiteral.number(b.delay + b.duration)) s; every animation of one animator ends with it at \(SwiftLiteral.number(end)) s"
                    )
                }
                for c in b.changes where SwiftPropertyWriter.isLayerOnly(c.property) {
                    problem(pointer + "/changes", "\(c.property.rawValue) is not animated by a property animator")
                }
                if b.delay > 0, b.changes.contains(where: { $0.property == .hidden }) {
                    problem(pointer + "/changes", "hidden changes after a delay are not part of an animator")
                }
            }
        }
        _ = keyframeBlocks
        if spec.animations.isEmpty { problem("/animations", "there is nothing to animate") }
        return problems
    }

    /// The animator's timing parameters for `timing`.
    static func timingParameters(_ timing: TimingSpec) -> String {
        let n = SwiftLiteral.number
        switch timing {
        case .bezier(let c):
            switch c {
            case .linear: return "UICubicTimingParameters(animationCurve: .linear)"
            case .easeIn: return "UICubicTimingParameters(animationCurve: .easeIn)"
            case .easeOut: return "UICubicTimingParameters(animationCurve: .easeOut)"
            case .easeInEaseOut: return "UICubicTimingParameters(animationCurve: .easeInOut)"
            default:
                return
                    "UICubicTimingParameters(controlPoint1: \(SwiftLiteral.point(Point(x: c.x1, y: c.y1))), controlPoint2: \(SwiftLiteral.point(Point(x: c.x2, y: c.y2))))"
            }
        case let .springDamping(ratio, velocity):
            return
                "UISpringTimingParameters(dampingRatio: \(n(ratio)), initialVelocity: CGVector(dx: \(n(velocity)), dy: \(n(velocity))))"
        case .springPhysical(let s):
            return
                "UISpringTimingParameters(mass: \(n(s.mass)), stiffness: \(n(s.stiffness)), damping: \(n(s.damping)), initialVelocity: CGVector(dx: \(n(s.initialVelocity)), dy: \(n(s.initialVelocity))))"
        case .springPerceptual, .steps:
            return "UICubicTimingParameters(animationCurve: .linear)"  // refused by `problems`
        }
    }
}

extension SwiftAnimatorWriter {
    /// The body of `interruptibleAnimator(using:)` after the views and `finish()`: the one
    /// property animator, kept in `transitionAnimator`.
    mutating func writeInterruptibleAnimations() {
        let end = SwiftAnimatorEncoder.transitionDuration(spec: spec)
        let duration = SwiftLiteral.number(end)
        out.line()
        switch spec.animations.first {
        case .keyframes(let k)?:
            out.comment("/animations/0: one animator timed by the keyframe block's curve")
            out.line(
                "let animator = UIViewPropertyAnimator(duration: \(duration), timingParameters: \(SwiftInterruptible.timingParameters(k.timing)))"
            )
            let mode =
                ".calculationMode" + k.calculationMode.rawValue.prefix(1).uppercased()
                + k.calculationMode.rawValue.dropFirst()
            out.line("animator.addAnimations {")
            writeIndented { w in
                w.out.comment("inside a property animator, a keyframe block takes the animator's duration and timing")
                w.out.line("UIView.animateKeyframes(withDuration: 0, delay: 0, options: [\(mode)], animations: {")
                w.writeIndented { w in
                    for (n, keyframe) in k.keyframes.enumerated() where !keyframe.changes.isEmpty {
                        w.out.comment("/animations/0/keyframes/\(n)")
                        w.out.line(
                            "UIView.addKeyframe(withRelativeStartTime: \(SwiftLiteral.number(keyframe.relativeStart)), relativeDuration: \(SwiftLiteral.number(keyframe.relativeDuration))) {"
                        )
                        w.writeAnimationBody(keyframe.changes, pointer: "/animations/0/keyframes/\(n)")
                        w.out.line("}")
                    }
                }
                w.out.line("}, completion: nil)")
            }
            out.line("}")
        case .block(let first)?:
            out.comment(
                "/animations: one animator for every block (the same timing, ending together); each block from its delay factor"
            )
            out.line(
                "let animator = UIViewPropertyAnimator(duration: \(duration), timingParameters: \(SwiftInterruptible.timingParameters(first.timing)))"
            )
            for (i, animation) in spec.animations.enumerated() {
                guard case .block(let b) = animation else { continue }
                let pointer = "/animations/\(i)"
                let hidden = b.changes.filter { $0.property == .hidden }
                writeImmediate(hidden, at: 0, pointer: pointer)
                let animated = b.changes.filter { $0.property != .hidden }
                guard !animated.isEmpty else { continue }
                out.comment("\(pointer): \(SwiftLiteral.number(b.duration)) s after \(SwiftLiteral.number(b.delay)) s")
                out.line("animator.addAnimations({")
                writeAnimationBody(animated, pointer: pointer)
                out.line("}, delayFactor: \(SwiftLiteral.number(end > 0 ? b.delay / end : 0)))")
            }
        case nil:
            out.line("let animator = UIViewPropertyAnimator(duration: 0, curve: .linear)")
        }
        out.finishInterruptibleAnimator()
    }
}

extension SwiftSourceWriter {
    /// The end of `interruptibleAnimator(using:)` once `animator` has its animations: the
    /// completion finishes the transition and forgets the animator, which is kept and returned
    /// (UIKit asks for the same animator again until the transition ends).
    mutating func finishInterruptibleAnimator() {
        line("animator.addCompletion { [weak self] _ in")
        indent { w in
            w.line("finish()")
            w.line("self?.transitionAnimator = nil")
        }
        line("}")
        line("transitionAnimator = animator")
        line("return animator")
    }
}
