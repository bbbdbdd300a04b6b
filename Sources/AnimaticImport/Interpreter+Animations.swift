import AnimaticCore
import SwiftSyntax

extension Interpreter {
    /// The closure among the arguments labelled `label` (or the trailing one).
    func closure(_ args: [ImportArgument], _ labels: [String?]) -> ImportClosure? {
        for label in labels {
            if case .closure(let c)? = argument(args, label) { return c }
        }
        return nil
    }

    /// The curve a `UIView.AnimationOptions` list names (ease-in-ease-out when none, as UIKit).
    func curve(of options: ImportValue?, at node: some SyntaxProtocol) -> TimingSpec? {
        var names: [String] = []
        switch options {
        case .options(let o)?: names = o
        case .member(let m)?: names = [m]
        default: break
        }
        var timing: TimingSpec?
        for name in names {
            switch name {
            case "curveEaseInOut": timing = .easeInEaseOut
            case "curveEaseIn": timing = .easeIn
            case "curveEaseOut": timing = .easeOut
            case "curveLinear": timing = .linear
            case "allowUserInteraction", "beginFromCurrentState", "layoutSubviews", "allowAnimatedContent",
                "overrideInheritedDuration", "overrideInheritedCurve", "overrideInheritedOptions",
                "preferredFramesPerSecondDefault",
                "calculationModeLinear", "calculationModeDiscrete", "calculationModePaced", "calculationModeCubic",
                "calculationModeCubicPaced":
                continue
            default:
                problem(node, "option .\(name) does not change the spec's timeline: ignored")
            }
        }
        return timing
    }

    /// Runs an animation closure, collecting its changes.
    func collect(
        _ closure: ImportClosure?, keyframes: Bool = false, inheriting: InheritedAnimation? = nil,
        at node: some SyntaxProtocol
    ) throws -> ChangeSink {
        let s = ChangeSink(.animation)
        if keyframes { s.keyframes = [] }
        guard let closure else { return s }
        let saved = sink
        let savedInherited = inherited
        sink = s
        if let inheriting { inherited = inheriting }
        defer {
            sink = saved
            inherited = savedInherited
        }
        _ = try invoke(closure, [], at: node)
        return s
    }

    /// `UIView.animate` in all its forms.
    func animateBlock(_ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        let delay = argument(args, "delay")?.number ?? 0
        let animations = closure(args, ["animations", "trailing"])
        let completion =
            closure(args, ["completion"]) ?? (argument(args, "animations") != nil ? closure(args, ["trailing"]) : nil)
        var timing: TimingSpec
        var duration: Double
        if let d = argument(args, "springDuration")?.number {
            let bounce = argument(args, "bounce")?.number ?? 0
            let velocity = argument(args, "initialSpringVelocity")?.number ?? 0
            timing = .springPerceptual(duration: d, bounce: bounce, initialVelocity: velocity)
            duration = timing.naturalDuration ?? d
        } else if let d = argument(args, "withDuration")?.number {
            duration = d
            if let ratio = argument(args, "usingSpringWithDamping")?.number {
                let velocity = argument(args, "initialSpringVelocity")?.number ?? 0
                timing = .springDamping(ratio: ratio, initialVelocity: velocity)
                if case .options(let o)? = argument(args, "options"), o.contains(where: { $0.hasPrefix("curve") }) {
                    problem(c, "a spring block has no curve: the curve option is ignored (as the spec does)")
                }
                _ = curveIgnoringCurves(argument(args, "options"), at: c)
            } else {
                timing = curve(of: argument(args, "options"), at: c) ?? .easeInEaseOut
            }
        } else {
            problem(c, "this UIView.animate form is not read (no duration)")
            return .none
        }
        try record(
            duration: duration, delay: delay, timing: timing, animations: animations, completion: completion, at: c)
        return .none
    }

    private func curveIgnoringCurves(_ options: ImportValue?, at node: some SyntaxProtocol) -> TimingSpec? {
        guard case .options(let o)? = options else { return curve(of: options, at: node) }
        return curve(of: .options(o.filter { !$0.hasPrefix("curve") }), at: node)
    }

    /// Records one block (its changes collected now, as UIKit reads the closure at once).
    func record(
        duration: Double, delay: Double, timing: TimingSpec, animations: ImportClosure?, completion: ImportClosure?,
        inheritable: Bool = false, at c: some SyntaxProtocol
    ) throws {
        let start = now + delay
        // A UIViewPropertyAnimator's closure: a nested `animateKeyframes(withDuration: 0…)`
        // takes the animator's duration, curve and start (UIKit's inherited duration).
        let s = try collect(
            animations,
            inheriting: inheritable ? InheritedAnimation(duration: duration, timing: timing, start: start) : nil,
            at: c)
        if s.changes.isEmpty || duration <= 0 {
            if duration <= 0 && !s.changes.isEmpty {
                // A zero-length block sets its values at once.
                for change in s.changes { applyAtOnce(change, at: start, node: Syntax(c)) }
            }
            if let completion { recorder.schedule(completion, at: now, arguments: [.bool(true)]) }
            return
        }
        recorder.record(.block(BlockAnimation(delay: start, duration: duration, timing: timing, changes: s.changes)))
        noteEnd(start + duration)
        if let completion { recorder.schedule(completion, at: start + duration, arguments: [.bool(true)]) }
    }

    func noteEnd(_ end: Double) {
        for k in transactionStack.indices { transactionStack[k].animationEnds.append(end) }
    }

    func applyAtOnce(_ change: PropertyChange, at time: Double, node: Syntax) {
        guard let i = Int(change.layer.dropFirst()) else { return }
        if time > 0 {
            recorder.instants.append((time, [change], node))
        } else if !animated[i].contains(change.property) {
            initial[i].set(change.property, change.value, chain: views[i].transform)
        }
    }

    func animateKeyframes(_ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        guard var duration = argument(args, "withDuration")?.number else {
            problem(c, "this animateKeyframes form is not read (no duration)")
            return .none
        }
        var delay = argument(args, "delay")?.number ?? 0
        var inheritedTiming: TimingSpec?
        if duration == 0, let inherited {
            duration = inherited.duration
            delay += inherited.start - now
            inheritedTiming = inherited.timing
        }
        var mode = CalculationMode.linear
        if case .options(let o)? = argument(args, "options") {
            for name in o where name.hasPrefix("calculationMode") {
                let m = name.dropFirst("calculationMode".count)
                mode = CalculationMode(rawValue: m.prefix(1).lowercased() + m.dropFirst()) ?? .linear
            }
        } else if case .member(let name)? = argument(args, "options"), name.hasPrefix("calculationMode") {
            let m = name.dropFirst("calculationMode".count)
            mode = CalculationMode(rawValue: m.prefix(1).lowercased() + m.dropFirst()) ?? .linear
        }
        let timing = inheritedTiming ?? curve(of: argument(args, "options"), at: c) ?? .easeInEaseOut
        let animations = closure(args, ["animations", "trailing"])
        let completion =
            closure(args, ["completion"]) ?? (argument(args, "animations") != nil ? closure(args, ["trailing"]) : nil)
        let s = try collect(animations, keyframes: true, at: c)
        var keyframes = s.keyframes ?? []
        if !s.changes.isEmpty {
            keyframes.insert(Keyframe(relativeStart: 0, relativeDuration: 1, changes: s.changes), at: 0)
        }
        let start = now + delay
        if keyframes.isEmpty {
            if let completion { recorder.schedule(completion, at: now, arguments: [.bool(true)]) }
            return .none
        }
        recorder.record(
            .keyframes(
                KeyframeAnimation(
                    delay: start, duration: duration, timing: timing, calculationMode: mode, keyframes: keyframes)))
        noteEnd(start + duration)
        if let completion { recorder.schedule(completion, at: start + duration, arguments: [.bool(true)]) }
        return .none
    }

    func addKeyframe(_ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        guard let outer = sink, outer.keyframes != nil else {
            problem(c, "addKeyframe outside animateKeyframes is not read")
            return .none
        }
        guard let start = argument(args, "withRelativeStartTime")?.number,
            let length = argument(args, "relativeDuration")?.number
        else {
            problem(c, "this addKeyframe form is not read")
            return .none
        }
        let s = try collect(closure(args, ["animations", "trailing"]), at: c)
        outer.keyframes?.append(Keyframe(relativeStart: start, relativeDuration: length, changes: s.changes))
        return .none
    }

    // MARK: UIViewPropertyAnimator

    func makePropertyAnimator(_ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        let duration = argument(args, "duration")?.number ?? 0
        var timing = TimingSpec.easeInEaseOut
        if let curve = argument(args, "curve") {
            timing = namedCurve(curve) ?? .easeInEaseOut
        } else if let ratio = argument(args, "dampingRatio")?.number {
            timing = .springDamping(ratio: ratio, initialVelocity: 0)
        } else if let p1 = argument(args, "controlPoint1").flatMap(asPoint),
            let p2 = argument(args, "controlPoint2").flatMap(asPoint)
        {
            timing = .bezier(CubicBezier(p1.x, p1.y, p2.x, p2.y))
        } else if case .timing(let t)? = argument(args, "timingParameters") {
            timing = t
        }
        var state = PropertyAnimatorState(duration: duration, timing: timing)
        if let a = closure(args, ["animations", "trailing"]) { state.blocks.append((a, 0)) }
        propertyAnimators.append(state)
        return .propertyAnimator(propertyAnimators.count - 1)
    }

    func propertyAnimatorCall(_ i: Int, _ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws
        -> ImportValue
    {
        switch name {
        case "addAnimations":
            if let a = closure(args, [nil, "trailing", "animations"]) {
                propertyAnimators[i].blocks.append((a, argument(args, "delayFactor")?.number ?? 0))
            }
        case "addCompletion":
            if let a = closure(args, [nil, "trailing", "completion"]) { propertyAnimators[i].completions.append(a) }
        case "startAnimation":
            guard !propertyAnimators[i].started else { return .none }
            propertyAnimators[i].started = true
            let p = propertyAnimators[i]
            let delay = argument(args, "afterDelay")?.number ?? 0
            for (block, factor) in p.blocks {
                try record(
                    duration: p.duration * (1 - factor), delay: delay + factor * p.duration, timing: p.timing,
                    animations: block, completion: nil, inheritable: true, at: c)
            }
            for completion in p.completions {
                recorder.schedule(completion, at: now + delay + p.duration, arguments: [.member("end")])
            }
            noteEnd(now + delay + p.duration)
        case "pauseAnimation", "stopAnimation", "finishAnimation", "continueAnimation":
            problem(c, "\(name) is an interaction's: the animator is read as it runs uninterrupted")
        default:
            problem(c, "UIViewPropertyAnimator.\(name)(…) is not read")
        }
        return .none
    }

    // MARK: Core Animation

    func makeLayerAnimation(_ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) -> ImportValue {
        let kind: LayerAnimationState.Kind =
            name == "CASpringAnimation" ? .spring : name == "CAKeyframeAnimation" ? .keyframe : .basic
        var keyPath = ""
        if case .string(let k)? = argument(args, "keyPath") { keyPath = k }
        var state = LayerAnimationState(kind: kind, keyPath: keyPath)
        if let d = argument(args, "perceptualDuration")?.number {
            state.springDuration = d
            state.springBounce = argument(args, "bounce")?.number ?? 0
        }
        layerAnimations.append(state)
        return .layerAnimation(layerAnimations.count - 1)
    }

    func setLayerAnimationProperty(_ i: Int, _ name: String, _ value: ImportValue, at node: Syntax) {
        switch name {
        case "keyPath":
            if case .string(let s) = value {
                layerAnimations[i].keyPath = s
            } else {
                problem(node, "this key path is not read")
            }
        case "duration": layerAnimations[i].duration = value.number
        case "beginTime": layerAnimations[i].beginTime = value.number ?? 0
        case "toValue": layerAnimations[i].toValue = value
        case "byValue": layerAnimations[i].byValue = value
        case "fromValue": break  // the engine starts from the presented value, as `fillMode = .backwards` does
        case "values": if case .array(let v) = value { layerAnimations[i].values = v }
        case "keyTimes": if case .array(let v) = value { layerAnimations[i].keyTimes = v.compactMap(\.number) }
        case "timingFunction":
            if case .timing(.bezier(let b)) = value {
                layerAnimations[i].timing = b
            } else {
                problem(node, "this timing function is not read: the animation is read as linear")
            }
        case "calculationMode":
            let raw: String? = {
                if case .member(let m) = value {
                    return m
                } else if case .string(let s) = value {
                    return s
                } else {
                    return nil
                }
            }()
            if let raw, let m = CalculationMode(rawValue: raw) { layerAnimations[i].calculationMode = m }
        case "mass": layerAnimations[i].mass = value.number ?? 1
        case "stiffness": layerAnimations[i].stiffness = value.number ?? 100
        case "damping": layerAnimations[i].damping = value.number ?? 10
        case "initialVelocity": layerAnimations[i].initialVelocity = value.number ?? 0
        case "fillMode", "isRemovedOnCompletion", "isAdditive", "delegate": break
        default: problem(node, "CAAnimation.\(name) is not read")
        }
    }

    /// `layer.add(animation, forKey:)`: one block (a keyframe block for `CAKeyframeAnimation`).
    func addLayerAnimation(_ a: Int, to i: Int, at c: FunctionCallExprSyntax) throws {
        let state = layerAnimations[a]
        guard let (property, path) = Interpreter.keyPathProperty(state.keyPath) else {
            problem(c, "the key path \"\(state.keyPath)\" is not one the spec animates")
            return
        }
        var timing: TimingSpec = .bezier(state.timing ?? transactionStack.last?.timing ?? .linear)
        var duration = state.duration ?? transactionStack.last?.duration ?? 0.25
        if state.kind == .spring {
            if let d = state.springDuration {
                timing = .springPerceptual(duration: d, bounce: state.springBounce ?? 0, initialVelocity: 0)
            } else {
                timing = .springPhysical(
                    SpringParameters(
                        mass: state.mass, stiffness: state.stiffness, damping: state.damping,
                        initialVelocity: state.initialVelocity))
            }
            if state.duration == nil { duration = timing.naturalDuration ?? duration }
        }
        let start = now + state.beginTime
        func propertyValue(_ v: ImportValue) -> PropertyValue? {
            switch property {
            case .position: return asPoint(v).map { .point($0) }
            case .size:
                if path == "bounds", let r = asRect(v) { return .size(r.size) }
                return asSize(v).map { .size($0) }
            case .transform: return asTransform(v).map { .transform($0.spec) }
            case .fill, .shadowColor, .borderColor: return asColor(v).map { .color($0) }
            case .shadowOffset: return asPoint(v).map { .point($0) }
            case .hidden: return v.number.map { .bool($0 != 0) }
            default: return v.number.map { .number($0) }
            }
        }
        let saved = sink
        defer { sink = saved }
        if state.kind == .keyframe {
            guard let values = state.values, values.count >= 2 else {
                problem(c, "a CAKeyframeAnimation without values is not read")
                return
            }
            let times = state.keyTimes ?? values.indices.map { Double($0) / Double(values.count - 1) }
            var keyframes: [Keyframe] = []
            for k in 1..<min(values.count, times.count) {
                guard let v = propertyValue(values[k]) else { continue }
                keyframes.append(
                    Keyframe(
                        relativeStart: times[k - 1], relativeDuration: times[k] - times[k - 1],
                        changes: [PropertyChange(layer: "#\(i)", property: property, value: v)]))
            }
            recorder.record(
                .keyframes(
                    KeyframeAnimation(
                        delay: start, duration: duration, timing: .linear, calculationMode: state.calculationMode,
                        keyframes: keyframes)))
        } else {
            guard let to = state.toValue.flatMap(propertyValue) else {
                problem(c, "this animation's toValue is not read")
                return
            }
            recorder.record(
                .block(
                    BlockAnimation(
                        delay: start, duration: duration, timing: timing,
                        changes: [PropertyChange(layer: "#\(i)", property: property, value: to)])))
            views[i].set(property, to)
        }
        animated[i].insert(property)
        noteEnd(start + duration)
    }

    static func keyPathProperty(_ keyPath: String) -> (AnimatableProperty, String)? {
        switch keyPath {
        case "position": return (.position, keyPath)
        case "bounds.size", "bounds": return (.size, keyPath)
        case "opacity": return (.alpha, keyPath)
        case "transform": return (.transform, keyPath)
        case "cornerRadius": return (.cornerRadius, keyPath)
        case "backgroundColor": return (.fill, keyPath)
        case "zPosition": return (.zPosition, keyPath)
        case "hidden": return (.hidden, keyPath)
        case "shadowOpacity": return (.shadowOpacity, keyPath)
        case "shadowRadius": return (.shadowRadius, keyPath)
        case "shadowOffset": return (.shadowOffset, keyPath)
        case "shadowColor": return (.shadowColor, keyPath)
        case "borderWidth": return (.borderWidth, keyPath)
        case "borderColor": return (.borderColor, keyPath)
        default: return nil
        }
    }
}

/// The duration, curve and start a nested animation call takes from the
/// `UIViewPropertyAnimator` whose closure it runs in.
struct InheritedAnimation {
    var duration: Double
    var timing: TimingSpec
    var start: Double
}
