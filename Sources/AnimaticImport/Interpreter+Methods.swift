import AnimaticCore
import SwiftSyntax

extension Interpreter {
    func method(_ base: ImportValue, _ rawName: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws
        -> ImportValue
    {
        let name = SwiftSpellings.method(rawName)
        switch base {
        case .unknown: return .unknown
        case .none: return .none  // optional chaining on nil
        case .type(let t): return try staticCall(t, name, args, at: c)
        case .context: return try contextCall(name, args, at: c)
        case .view(let i): return try viewCall(i, name, args, at: c)
        case .viewController(let i):
            if name == "view" || name == "viewIfLoaded" { return .view(i) }
        case .delegate(let d): return delegateCall(d, name, args, at: c)
        case .selfObject:
            if let m = methods[name] { return try invoke(ImportFunction(syntax: m, scope: nil), args, at: c) }
            if let v = selfScope.lookup(name) { return try callValue(v, args, at: c) }
        case .rect(let r):
            switch name {
            case "offsetBy":
                if let dx = argument(args, "dx")?.number, let dy = argument(args, "dy")?.number {
                    return .rect(r.offsetBy(dx: dx, dy: dy))
                }
            case "insetBy":
                if let dx = argument(args, "dx")?.number, let dy = argument(args, "dy")?.number {
                    return .rect(
                        Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy))
                }
            case "applying":
                if let t = args.first.flatMap({ asTransform($0.value) }) {
                    var v = ImportedView(id: "", role: .made)
                    v.anchor = .zero
                    v.position = r.origin
                    v.size = r.size
                    let box = boundingBox(v, t.matrix)
                    return .rect(box)
                }
            default: break
            }
        case .affine(let t):
            switch name {
            case "rotated":
                if let a = argument(args, "by")?.number {
                    return .affine(t.then(.rotate(degrees: a * 180 / .pi, axis: (0, 0, 1))))
                }
            case "scaledBy":
                if let x = argument(args, "x")?.number, let y = argument(args, "y")?.number {
                    return .affine(t.then(.scale(x: x, y: y, z: 1)))
                }
            case "translatedBy":
                if let x = argument(args, "x")?.number, let y = argument(args, "y")?.number {
                    return .affine(t.then(.translate(x: x, y: y, z: 0)))
                }
            case "concatenating":
                if let o = args.first.flatMap({ asTransform($0.value) }) { return .affine(t.concatenating(o)) }
            case "inverted": return .affine(t.inverted)
            default: break
            }
        case .color(let col):
            if name == "withAlphaComponent", let a = args.first?.value.number {
                return .color(Color(red: col.red, green: col.green, blue: col.blue, alpha: a))
            }
        case .number(let n):
            switch name {
            case "rounded": return .number(n.rounded())
            case "squareRoot": return .number(n.squareRoot())
            default: break
            }
        case .propertyAnimator(let i): return try propertyAnimatorCall(i, name, args, at: c)
        default: break
        }
        problem(c, "\(base.kindName).\(rawName)(…) is not read")
        return .unknown
    }

    func staticCall(_ t: String, _ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws
        -> ImportValue
    {
        let type = t.split(separator: ".").last.map(String.init) ?? t
        switch (type, name) {
        case ("UIView", "animate"): return try animateBlock(args, at: c)
        case ("UIView", "animateKeyframes"): return try animateKeyframes(args, at: c)
        case ("UIView", "addKeyframe"): return try addKeyframe(args, at: c)
        case ("UIView", "performWithoutAnimation"):
            if case .closure(let cl)? = args.first?.value {
                let saved = sink
                sink = nil
                defer { sink = saved }
                _ = try invoke(cl, [], at: c)
            }
            return .none
        case ("UIView", "transition"):
            problem(c, "UIView.transition(with:…) (a whole-view transition) is not read")
            return .none
        case ("CATransaction", "begin"):
            transactionStack.append(TransactionState())
            return .none
        case ("CATransaction", "commit"):
            guard let tx = transactionStack.popLast() else { return .none }
            if let completion = tx.completion {
                recorder.schedule(completion, at: tx.animationEnds.max() ?? now, arguments: [])
            }
            return .none
        case ("CATransaction", "setCompletionBlock"):
            if case .closure(let cl)? = args.first?.value, !transactionStack.isEmpty {
                transactionStack[transactionStack.count - 1].completion = cl
            } else {
                problem(c, "a completion block outside CATransaction.begin()/commit() is not read")
            }
            return .none
        case ("CATransaction", "setAnimationDuration"):
            if let d = args.first?.value.number, !transactionStack.isEmpty {
                transactionStack[transactionStack.count - 1].duration = d
            }
            return .none
        case ("CATransaction", "setAnimationTimingFunction"):
            if case .timing(.bezier(let b))? = args.first?.value, !transactionStack.isEmpty {
                transactionStack[transactionStack.count - 1].timing = b
            }
            return .none
        case ("CATransaction", "setDisableActions"): return .none
        case ("DispatchQueue", "asyncAfter"), ("main", "asyncAfter"):
            guard let deadline = argument(args, "deadline")?.number else {
                problem(c, "this asyncAfter's deadline is not read: its closure is skipped")
                return .none
            }
            let closure = args.first { if case .closure = $0.value { return true } else { return false } }
            if case .closure(let cl)? = closure?.value {
                recorder.schedule(cl, at: now + deadline, arguments: [], timer: true)
            }
            return .none
        case ("DispatchQueue", "async"), ("main", "async"):
            if case .closure(let cl)? = args.last?.value { _ = try invoke(cl, [], at: c) }
            return .none
        default: return try freeFunction(t + "." + name, args, at: c)
        }
    }

    func delegateCall(_ d: String, _ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax)
        -> ImportValue
    {
        let lower = name.lowercased()
        let id = (d.hasSuffix("Delegate") ? String(d.dropLast(8)) : d) + "ReferenceImageView"
        if lower.contains("frame") {
            let w = options.containerSize.width
            let value = parameter(
                "\(d).\(name)", at: c, default: .rect(Rect(x: 16, y: 120, width: w / 3, height: w / 3)),
                meaning: "the frame \(d).\(name) answers")
            if case .rect(let r) = value, let i = views.firstIndex(where: { $0.id == id }) { appViewFrames[i] = r }
            return value
        }
        if lower.contains("imageview") || lower.contains("view") {
            if let i = views.firstIndex(where: { $0.id == id }) { return .view(i) }
            guard let i = try? makeView(id: id, role: .appView, at: c) else { return .unknown }
            appViewNodes[i] = Syntax(c)
            return .view(i)
        }
        if lower.contains("willstart") || lower.contains("didend") {
            problem(c, "\(d).\(name) runs your app's code, which the import does not see")
        }
        // Notifications to the app (transitionWillStart…) change nothing the spec draws.
        return .none
    }

    func contextCall(_ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        switch name {
        case "view", "viewController":
            guard case .member(let key)? = args.first?.value, key == "from" || key == "to" else {
                problem(c, "\(name)(forKey:) takes .from or .to")
                return .unknown
            }
            let from = key == "from"
            if let i = from ? fromViewIndex : toViewIndex {
                if name == "view" { if from { fromViaViewForKey = true } else { toViaViewForKey = true } }
                return name == "view" ? .view(i) : .viewController(i)
            }
            let i = try makeView(id: key, role: .transitionView(from: from), at: c)
            views[i].size = options.containerSize
            views[i].position = Point(x: options.containerSize.width / 2, y: options.containerSize.height / 2)
            initial[i] = views[i]
            if from { fromViewIndex = i } else { toViewIndex = i }
            if name == "view" { if from { fromViaViewForKey = true } else { toViaViewForKey = true } }
            return name == "view" ? .view(i) : .viewController(i)
        case "containerView": return .view(0)
        case "finalFrame", "initialFrame":
            return .rect(Rect(x: 0, y: 0, width: options.containerSize.width, height: options.containerSize.height))
        case "completeTransition", "updateInteractiveTransition", "finishInteractiveTransition",
            "cancelInteractiveTransition", "pauseInteractiveTransition":
            return .none
        case "transitionWasCancelled": return .unknown
        default:
            problem(c, "transitionContext.\(name)(…) is not read")
            return .unknown
        }
    }

    func viewCall(_ i: Int, _ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws
        -> ImportValue
    {
        func viewArg(_ label: String?) -> Int? {
            if case .view(let v)? = argument(args, label) { return v }
            if case .viewController(let v)? = argument(args, label) { return v }
            return nil
        }
        switch name {
        case "addSubview", "addSublayer":
            if let v = viewArg(nil) { add(v, to: i) }
            return .none
        case "insertSubview", "insertSublayer":
            guard let v = viewArg(nil) else { return .none }
            if let below = viewArg("belowSubview") ?? viewArg("below"), let k = subviews[i].firstIndex(of: below) {
                add(v, to: i, at: k)
            } else if let above = viewArg("aboveSubview") ?? viewArg("above"), let k = subviews[i].firstIndex(of: above)
            {
                add(v, to: i, at: k + 1)
            } else if let at = argument(args, "at")?.number {
                let count = Double(subviews[i].count)
                add(v, to: i, at: at.isFinite ? Int(Swift.max(0, Swift.min(at, count))) : nil)
            } else {
                add(v, to: i)
            }
            return .none
        case "bringSubviewToFront":
            if let v = viewArg(nil) { add(v, to: i) }
            return .none
        case "sendSubviewToBack":
            if let v = viewArg(nil) { add(v, to: i, at: 0) }
            return .none
        case "removeFromSuperview", "removeFromSuperlayer":
            removeFromSuperview(i, at: c)
            return .none
        case "snapshotView", "resizableSnapshotView":
            let s = try makeView(id: "snapshot", role: .snapshot, at: c)
            let rect = argument(args, "from").flatMap(asRect)
            let source = views[i]
            if views[i].role == .snapshot || views[i].gradient != nil {
                problem(c, "a snapshot of a snapshot or of a gradient is drawn empty")
            }
            views[s].content = .snapshot(
                of: "#\(i)",
                rect: rect.map {
                    $0 == Rect(x: 0, y: 0, width: source.size.width, height: source.size.height) ? nil : $0
                } ?? nil)
            let size = rect?.size ?? source.size
            views[s].size = size
            views[s].position = Point(x: size.width / 2, y: size.height / 2)
            initial[s] = views[s]
            return .view(s)
        case "layoutIfNeeded", "setNeedsLayout", "layoutSubviews", "setNeedsDisplay", "removeAllAnimations",
            "removeAnimation":
            return .none
        case "convert":
            // Frames between views: through each one's untransformed frame in the container.
            guard let value = args.first?.value else { break }
            let to = viewArg("to"), from = viewArg("from")
            let origin = absoluteOrigin(i)
            let other = (to ?? from).map(absoluteOrigin) ?? .zero
            let (dx, dy) =
                to != nil ? (origin.x - other.x, origin.y - other.y) : (other.x - origin.x, other.y - origin.y)
            if let r = asRect(value) { return .rect(r.offsetBy(dx: dx, dy: dy)) }
            if let p = asPoint(value) { return .point(Point(x: p.x + dx, y: p.y + dy)) }
        case "presentation", "model": return .view(i)
        case "add":
            guard case .layerAnimation(let a)? = args.first?.value else { break }
            try addLayerAnimation(a, to: i, at: c)
            return .none
        default: break
        }
        problem(c, "\(views[i].id).\(name)(…) is not read")
        return .unknown
    }

    /// The top-left of a view's bounds in the container (untransformed).
    func absoluteOrigin(_ i: Int) -> Point {
        if i == 0 { return .zero }
        let f = views[i].frame
        guard let s = views[i].superview, s != 0 else { return f.origin }
        let o = absoluteOrigin(s)
        return Point(x: o.x + f.minX, y: o.y + f.minY)
    }

    /// `removeFromSuperview()`: during the run, the view leaves the hierarchy; in a completion
    /// (or later), the spec hides it from then on.
    func removeFromSuperview(_ i: Int, at c: FunctionCallExprSyntax) {
        if sink != nil || now > 0 {
            write(i, .hidden, .bool(true), at: Syntax(c))
            return
        }
        if let s = views[i].superview { subviews[s].removeAll { $0 == i } }
        views[i].superview = nil
        views[i].inHierarchy = false
        initial[i].inHierarchy = false
    }
}
