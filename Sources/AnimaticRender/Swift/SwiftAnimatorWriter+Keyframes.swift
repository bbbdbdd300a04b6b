import AnimaticCore

extension SwiftAnimatorWriter {
    /// `UIView.animateKeyframes` with the calculation mode and, for a curve other than
    /// UIKit's default ease-in-ease-out, the curve option; one `addKeyframe` per keyframe.
    mutating func writeKeyframes(_ block: KeyframeAnimation, index: Int) {
        let pointer = "/animations/\(index)"
        var options = [
            ".calculationMode" + block.calculationMode.rawValue.prefix(1).uppercased()
                + block.calculationMode.rawValue.dropFirst()
        ]
        var curve: CubicBezier?
        switch block.timing {
        case .bezier(let c):
            curve = c
            if c != .easeInEaseOut {
                if let option = Self.curveOption(c) {
                    options.append(
                        "UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.\(option.dropFirst()).rawValue)"
                    )
                } else {
                    warn(
                        pointer + "/timing",
                        "animateKeyframes takes only UIKit's four named curves; written with ease-in-ease-out")
                }
            }
        default:
            warn(pointer + "/timing", "animateKeyframes takes no spring or steps curve; written with ease-in-ease-out")
        }
        for (name, parameter) in [("tension", block.tension), ("continuity", block.continuity), ("bias", block.bias)]
        where !parameter.isZero {
            warn(
                pointer + "/" + name,
                "animateKeyframes has no \(name) (CAKeyframeAnimation's \(name)Values are not reachable from it); written without"
            )
        }
        let duration = SwiftLiteral.number(block.duration)
        let delay = SwiftLiteral.number(block.delay)
        let layerOnly = block.keyframes.enumerated().flatMap { k, keyframe in
            keyframe.changes.filter { SwiftPropertyWriter.isLayerOnly($0.property) }.map { (k, keyframe, $0) }
        }
        let owner = completionOwner
        if !layerOnly.isEmpty {
            warn(
                pointer,
                "animateKeyframes does not animate shadows and borders: each is a linear CABasicAnimation over its keyframe's time, without the block's curve and calculation mode"
            )
            out.line("CATransaction.begin()")
            if index == completionOwner { out.line("CATransaction.setCompletionBlock { finish() }") }
            completionOwner = nil
        }
        // isHidden is not animatable: it changes where its keyframe starts, in wall time.
        for (k, keyframe) in block.keyframes.enumerated() {
            let hidden = keyframe.changes.filter { $0.property == .hidden }
            let fraction = Self.time(ofProgress: keyframe.relativeStart, curve: curve ?? .easeInEaseOut)
            writeImmediate(
                hidden, at: ((block.delay + fraction * block.duration) * 1e9).rounded() / 1e9,
                pointer: "\(pointer)/keyframes/\(k)")
        }
        let animatedKeyframes = block.keyframes.contains { keyframe in
            keyframe.changes.contains { $0.property != .hidden && !SwiftPropertyWriter.isLayerOnly($0.property) }
        }
        if animatedKeyframes {
            out.comment(
                "\(pointer): keyframes, \(duration) s after \(delay) s, calculation mode \(block.calculationMode.rawValue)"
            )
            out.line(
                "UIView.animateKeyframes(withDuration: \(duration), delay: \(delay), options: [\(options.joined(separator: ", "))], animations: {"
            )
            writeIndented { w in
                for (k, keyframe) in block.keyframes.enumerated() {
                    let animated = keyframe.changes.filter {
                        $0.property != .hidden && !SwiftPropertyWriter.isLayerOnly($0.property)
                    }
                    guard !animated.isEmpty else { continue }
                    w.out.comment("\(pointer)/keyframes/\(k)")
                    w.out.line(
                        "UIView.addKeyframe(withRelativeStartTime: \(SwiftLiteral.number(keyframe.relativeStart)), relativeDuration: \(SwiftLiteral.number(keyframe.relativeDuration))) {"
                    )
                    w.writeAnimationBody(animated, pointer: "\(pointer)/keyframes/\(k)")
                    w.out.line("}")
                }
            }
            out.line("}, \(completionArgument(index)))")
        } else if completionOwner == index {
            // UIKit completes a keyframe block with nothing to animate at once.
            out.comment("\(pointer): nothing animatable; the transition completes when the block ends")
            writeFinish(after: block.delay + block.duration)
        }
        if !layerOnly.isEmpty {
            for (k, keyframe) in block.keyframes.enumerated() {
                let changes = layerOnly.filter { $0.0 == k }.map(\.2)
                guard !changes.isEmpty else { continue }
                writeLayerAnimations(
                    changes, timing: .bezier(.linear),
                    delay: block.delay + keyframe.relativeStart * block.duration,
                    duration: keyframe.relativeDuration * block.duration,
                    index: index * 1000 + k, pointer: "\(pointer)/keyframes/\(k)/changes")
            }
            out.line("CATransaction.commit()")
            completionOwner = owner
        }
    }

    /// The fraction of the block's time at which its curve reaches `progress` (bisection;
    /// timing curves are monotone in time).
    static func time(ofProgress progress: Double, curve: CubicBezier) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if curve.value(at: mid) < progress { lo = mid } else { hi = mid }
        }
        return ((lo + hi) / 2 * 1e6).rounded() / 1e6
    }
}
