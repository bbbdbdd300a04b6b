import AnimaticCore
import Glibc
import SwiftSyntax

extension Interpreter {
    func call(_ c: FunctionCallExprSyntax, in scope: ImportScope) throws -> ImportValue {
        var args = try evaluateArguments(c, in: scope)
        let callee = c.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self),
            let label = SwiftSpellings.firstLabel(m.declName.baseName.text),
            !args.isEmpty, args[0].label == nil
        {
            args[0].label = label
        }
        if let d = callee.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            if let v = scope.lookup(name) {
                return try callValue(v, args, at: c)
            }
            if let m = methods[name] { return try invoke(ImportFunction(syntax: m, scope: nil), args, at: c) }
            if let f = fileFunctions[name] { return try invoke(ImportFunction(syntax: f, scope: nil), args, at: c) }
            return try freeFunction(name, args, at: c)
        }
        if let m = callee.as(MemberAccessExprSyntax.self) {
            let name = m.declName.baseName.text
            guard let baseExpr = m.base else {
                return try freeFunction(name, args, at: c)  // `.init(…)`-style implicit members
            }
            let base = try evaluate(baseExpr, in: scope)
            if case .type(let t) = base, name == "init" { return try freeFunction(t, args, at: c) }
            // `pieces.append(piece)` on a variable array (the export's explode pieces).
            if name == "append", case .array(let items) = base, args.count == 1, args[0].label == nil,
                baseExpr.is(DeclReferenceExprSyntax.self)
            {
                try assign(baseExpr, .array(items + [args[0].value]), in: scope)
                return .none
            }
            return try method(base, name, args, at: c)
        }
        let v = try evaluate(callee, in: scope)
        return try callValue(v, args, at: c)
    }

    func callValue(_ v: ImportValue, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        switch v {
        case .function(let f): return try invoke(f, args, at: c)
        case .closure(let cl): return try invoke(cl, args.map(\.value), at: c)
        case .type(let t): return try freeFunction(t, args, at: c)
        case .unknown: return .unknown
        default:
            problem(c, "calling \(v.kindName) is not read")
            return .unknown
        }
    }

    func argument(_ args: [ImportArgument], _ label: String?) -> ImportValue? {
        args.first { $0.label == label }?.value
    }

    func numbers(_ args: [ImportArgument]) -> [Double]? {
        let n = args.compactMap { $0.value.number }
        return n.count == args.count ? n : nil
    }

    func freeFunction(_ rawName: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        if args.contains(where: { $0.value.isUnknown }) { return .unknown }
        let name = rawName.split(separator: ".").last.map(String.init) ?? rawName
        let n = numbers(args)
        func num(_ label: String) -> Double? { argument(args, label)?.number }
        switch name {
        case "CGRect", "CGRectMake":
            if let n, n.count == 4 { return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3])) }
            if let o = argument(args, "origin").flatMap(asPoint), let s = argument(args, "size").flatMap(asSize) {
                return .rect(Rect(origin: o, size: s))
            }
            if args.isEmpty { return .rect(Rect(x: 0, y: 0, width: 0, height: 0)) }
        case "CGPoint", "CGPointMake", "CGVector":
            if let n, n.count == 2 { return .point(Point(x: n[0], y: n[1])) }
            if args.isEmpty { return .point(.zero) }
        case "CGSize", "CGSizeMake":
            if let n, n.count == 2 { return .size(Size(width: n[0], height: n[1])) }
            if args.isEmpty { return .size(Size(width: 0, height: 0)) }
        case "CGFloat", "Double", "Float", "TimeInterval", "NSTimeInterval", "Float64", "CFTimeInterval":
            if let n, n.count == 1 { return .number(n[0]) }
        case "Int":
            if let n, n.count == 1 { return .number(n[0].rounded(.towardZero)) }
        case "min": if let n, !n.isEmpty { return .number(n.min()!) }
        case "max": if let n, !n.isEmpty { return .number(n.max()!) }
        case "abs", "fabs": if let n, n.count == 1 { return .number(Swift.abs(n[0])) }
        case "sin": if let n, n.count == 1 { return .number(sin(n[0])) }
        case "cos": if let n, n.count == 1 { return .number(cos(n[0])) }
        case "tan": if let n, n.count == 1 { return .number(tan(n[0])) }
        case "atan": if let n, n.count == 1 { return .number(atan(n[0])) }
        case "atan2": if let n, n.count == 2 { return .number(atan2(n[0], n[1])) }
        case "sqrt": if let n, n.count == 1 { return .number(n[0].squareRoot()) }
        case "pow": if let n, n.count == 2 { return .number(pow(n[0], n[1])) }
        case "floor": if let n, n.count == 1 { return .number(n[0].rounded(.down)) }
        case "ceil": if let n, n.count == 1 { return .number(n[0].rounded(.up)) }
        case "round": if let n, n.count == 1 { return .number(n[0].rounded()) }
        case "CACurrentMediaTime", "now": return .number(0)
        case "print", "debugPrint", "assert", "precondition", "NSLog": return .none
        case "CGAffineTransform":
            if let x = num("translationX"), let y = num("y") {
                return .affine(TransformChain(.translate(x: x, y: y, z: 0)))
            }
            if let x = num("scaleX"), let y = num("y") { return .affine(TransformChain(.scale(x: x, y: y, z: 1))) }
            if let a = num("rotationAngle") { return .affine(.rotation(radians: a, x: 0, y: 0, z: 1)) }
            if let n, n.count == 6 { return .affine(.affine(a: n[0], b: n[1], c: n[2], d: n[3], tx: n[4], ty: n[5])) }
            if args.isEmpty { return .affine(.identity) }
        case "CGAffineTransformMakeTranslation":
            if let n, n.count == 2 { return .affine(TransformChain(.translate(x: n[0], y: n[1], z: 0))) }
        case "CGAffineTransformMakeScale":
            if let n, n.count == 2 { return .affine(TransformChain(.scale(x: n[0], y: n[1], z: 1))) }
        case "CGAffineTransformMakeRotation":
            if let n, n.count == 1 { return .affine(.rotation(radians: n[0], x: 0, y: 0, z: 1)) }
        case "CGAffineTransformConcat":
            if args.count == 2, let a = asTransform(args[0].value), let b = asTransform(args[1].value) {
                return .affine(a.concatenating(b))
            }
        case "CGAffineTransformInvert":
            if args.count == 1, let a = asTransform(args[0].value) { return .affine(a.inverted) }
        case "CGAffineTransformScale", "CGAffineTransformTranslate", "CGAffineTransformRotate":
            if let t = args.first.flatMap({ asTransform($0.value) }), let rest = numbers(Array(args.dropFirst())) {
                if name.hasSuffix("Rotate"), rest.count == 1 {
                    return .affine(t.then(.rotate(degrees: rest[0] * 180 / .pi, axis: (0, 0, 1))))
                }
                if rest.count == 2 {
                    return .affine(
                        t.then(
                            name.hasSuffix("Scale")
                                ? .scale(x: rest[0], y: rest[1], z: 1) : .translate(x: rest[0], y: rest[1], z: 0)))
                }
            }
        case "CATransform3DMakeRotation":
            if let n, n.count == 4 { return .transform(.rotation(radians: n[0], x: n[1], y: n[2], z: n[3])) }
        case "CATransform3DMakeTranslation":
            if let n, n.count == 3 { return .transform(TransformChain(.translate(x: n[0], y: n[1], z: n[2]))) }
        case "CATransform3DMakeScale":
            if let n, n.count == 3 { return .transform(TransformChain(.scale(x: n[0], y: n[1], z: n[2]))) }
        case "CATransform3DRotate", "CATransform3DTranslate", "CATransform3DScale":
            if let t = args.first.flatMap({ asTransform($0.value) }), let rest = numbers(Array(args.dropFirst())) {
                if name == "CATransform3DRotate", rest.count == 4 {
                    return .transform(
                        t.then(.rotate(degrees: rest[0] * 180 / .pi, axis: (rest[1], rest[2], rest[3]))))
                }
                if rest.count == 3 {
                    return .transform(
                        t.then(
                            name == "CATransform3DScale"
                                ? .scale(x: rest[0], y: rest[1], z: rest[2])
                                : .translate(x: rest[0], y: rest[1], z: rest[2])))
                }
            }
        case "CATransform3DConcat":
            if args.count == 2, let a = asTransform(args[0].value), let b = asTransform(args[1].value) {
                return .transform(a.concatenating(b))
            }
        case "CATransform3DInvert":
            if args.count == 1, let a = asTransform(args[0].value) { return .transform(a.inverted) }
        case "CATransform3DMakeAffineTransform":
            if args.count == 1, let a = asTransform(args[0].value) { return .transform(a) }
        case "CATransform3D":
            if let n, n.count == 16 { return .transform(TransformChain(matrix: Transform3D(n), operations: nil)) }
            if args.isEmpty { return .transform(.identity) }
        case "UIColor", "CGColor":
            if let r = num("red"), let g = num("green"), let b = num("blue") {
                return .color(Color(red: r, green: g, blue: b, alpha: num("alpha") ?? 1))
            }
            if let w = num("white") { return .color(Color(red: w, green: w, blue: w, alpha: num("alpha") ?? 1)) }
        case "UIView", "UIImageView", "CALayer", "CAGradientLayer", "CAShapeLayer", "UIVisualEffectView":
            return try makeViewCall(name, args, at: c)
        case "CABasicAnimation", "CASpringAnimation", "CAKeyframeAnimation":
            return makeLayerAnimation(name, args, at: c)
        case "CAMediaTimingFunction":
            if let n, n.count == 4 {
                return .timing(.bezier(CubicBezier(n[0], n[1], n[2], n[3])))
            }
            if let v = argument(args, "name") { return .timing(namedCurve(v) ?? .default) }
        case "UICubicTimingParameters":
            if let p1 = argument(args, "controlPoint1").flatMap(asPoint),
                let p2 = argument(args, "controlPoint2").flatMap(asPoint)
            {
                return .timing(.bezier(CubicBezier(p1.x, p1.y, p2.x, p2.y)))
            }
            if let v = argument(args, "animationCurve") { return .timing(namedCurve(v) ?? .easeInEaseOut) }
            if args.isEmpty { return .timing(.easeInEaseOut) }
        case "UISpringTimingParameters":
            if let r = num("dampingRatio") {
                let v = argument(args, "initialVelocity").flatMap(asPoint)?.x ?? 0
                return .timing(.springDamping(ratio: r, initialVelocity: v))
            }
            if let m = num("mass"), let k = num("stiffness"), let d = num("damping") {
                let v = argument(args, "initialVelocity").flatMap(asPoint)?.x ?? 0
                return .timing(.springPhysical(SpringParameters(mass: m, stiffness: k, damping: d, initialVelocity: v)))
            }
            if let d = num("duration"), let b = num("bounce") {
                let v = argument(args, "initialVelocity").flatMap(asPoint)?.x ?? 0
                return .timing(.springPerceptual(duration: d, bounce: b, initialVelocity: v))
            }
        case "UIViewPropertyAnimator":
            return try makePropertyAnimator(args, at: c)
        default:
            if let f = typeFunctions[rawName] { return try invoke(ImportFunction(syntax: f, scope: nil), args, at: c) }
            if name.hasSuffix("Options"), let raw = argument(args, "rawValue") { return raw }
            if let isGradient = viewClasses[name] {
                let i = try makeView(id: "view", role: .made, at: c)
                if isGradient { views[i].gradient = GradientSpec(colors: []) }
                initial[i] = views[i]
                return .view(i)
            }
        }
        problem(c, "\(rawName)(\(args.map { ($0.label ?? "_") + ":" }.joined())) is not read")
        return .unknown
    }

    func namedCurve(_ v: ImportValue) -> TimingSpec? {
        let name: String
        switch v {
        case .member(let m): name = m
        case .string(let s): name = s
        default: return nil
        }
        switch name {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut", "easeInOut": return .easeInEaseOut
        case "default": return .default
        default: return nil
        }
    }

    func makeViewCall(_ name: String, _ args: [ImportArgument], at c: FunctionCallExprSyntax) throws -> ImportValue {
        let id = name == "UIImageView" ? "imageView" : "view"
        let i = try makeView(id: id, role: .made, at: c)
        if name == "CAGradientLayer" { views[i].gradient = GradientSpec(colors: []) }
        if let r = argument(args, "frame").flatMap(asRect) {
            views[i].size = r.size
            views[i].position = r.center
            views[i].placed = true
        }
        if case .tuple(let parts)? = argument(args, "image"), parts.first?.label == "UIImage",
            case .size(let s) = parts[0].value, s.height > 0
        {
            views[i].content = .image(aspectRatio: s.width / s.height, fill: nil)
            views[i].size = s
            views[i].position = Point(x: s.width / 2, y: s.height / 2)
        }
        initial[i] = views[i]
        return .view(i)
    }
}
