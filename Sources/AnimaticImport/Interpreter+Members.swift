import AnimaticCore
import SwiftSyntax

extension Interpreter {
    func member(_ m: MemberAccessExprSyntax, in scope: ImportScope) throws -> ImportValue {
        let name = SwiftSpellings.member(m.declName.baseName.text)
        guard let baseExpr = m.base else {
            if name == "pi" { return .number(.pi) }
            return .member(name)
        }
        let base = try evaluate(baseExpr, in: scope)
        return read(base, name, at: m)
    }

    /// `base.name` on a value.
    func read(_ base: ImportValue, _ name: String, at node: some SyntaxProtocol) -> ImportValue {
        switch base {
        case .unknown: return .unknown
        case .none: return .none
        case .type(let t): return staticMember(t, name, at: node)
        case .member(let m):
            if name == "rawValue" { return base }
            if let c = Interpreter.namedColor(m), name == "cgColor" { return .color(c) }
        case .options:
            if name == "rawValue" { return base }
        case .number(let n):
            switch name {
            case "magnitude": return .number(Swift.abs(n))
            default: break
            }
        case .point(let p):
            switch name {
            case "x": return .number(p.x)
            case "y": return .number(p.y)
            default: break
            }
        case .size(let s):
            switch name {
            case "width": return .number(s.width)
            case "height": return .number(s.height)
            default: break
            }
        case .rect(let r):
            switch name {
            case "origin": return .point(r.origin)
            case "size": return .size(r.size)
            case "width": return .number(r.width)
            case "height": return .number(r.height)
            case "minX": return .number(r.minX)
            case "midX": return .number(r.midX)
            case "maxX": return .number(r.maxX)
            case "minY": return .number(r.minY)
            case "midY": return .number(r.midY)
            case "maxY": return .number(r.maxY)
            case "standardized", "integral": return .rect(r)
            default: break
            }
        case .transform(let t):
            if let v = Interpreter.matrixEntry(t.matrix, name) { return .number(v) }
            if name == "isIdentity" { return .bool(t.matrix.isIdentity) }
        case .affine(let t):
            switch name {
            case "a": return .number(t.matrix.m11)
            case "b": return .number(t.matrix.m12)
            case "c": return .number(t.matrix.m21)
            case "d": return .number(t.matrix.m22)
            case "tx": return .number(t.matrix.m41)
            case "ty": return .number(t.matrix.m42)
            case "isIdentity": return .bool(t.matrix.isIdentity)
            default: break
            }
        case .color(let c):
            if name == "cgColor" || name == "CGColor" { return .color(c) }
        case .array(let items):
            if name == "count" { return .number(Double(items.count)) }
            if name == "isEmpty" { return .bool(items.isEmpty) }
        case .tuple(let parts):
            if let p = parts.first(where: { $0.label == name }) { return p.value }
            if parts.first?.label == "UIImage", name == "size" { return parts[0].value }
        case .view(let i): return viewProperty(i, name, at: node)
        case .viewController(let i):
            if name == "view" { return .view(i) }
            if name == "tabBarController" || name == "navigationController" { return .viewController(i) }
            if name == "tabBar" || name == "navigationBar" { return appBar(name, at: node) }
        case .context:
            if name == "containerView" { return .view(0) }
            if name == "isInteractive" || name == "isAnimated" { return .bool(name == "isAnimated") }
            if name == "transitionWasCancelled" { return .unknown }
            if name == "presentationStyle" { return .member("fullScreen") }
        case .selfObject:
            if let v = selfScope.lookup(name) { return v }
            if let f = methods[name] { return .function(ImportFunction(syntax: f, scope: nil)) }
            problem(node, "self.\(name) is not declared in the animator")
            return .unknown
        case .layerAnimation(let i):
            let a = layerAnimations[i]
            if name == "duration" { return .number(a.duration ?? 0.25) }
            if name == "settlingDuration" {
                return .number(
                    SpringParameters(
                        mass: a.mass, stiffness: a.stiffness, damping: a.damping, initialVelocity: a.initialVelocity
                    ).settlingDuration)
            }
        case .propertyAnimator(let i):
            if name == "duration" { return .number(propertyAnimators[i].duration) }
        default: break
        }
        problem(node, "\(base.kindName).\(name) is not read")
        return .unknown
    }

    static func matrixEntry(_ m: Transform3D, _ name: String) -> Double? {
        let names = [
            "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43",
            "m44",
        ]
        guard let i = names.firstIndex(of: name) else { return nil }
        return m.entries[i]
    }

    func staticMember(_ type: String, _ name: String, at node: some SyntaxProtocol) -> ImportValue {
        if let v = typeConstants["\(type).\(name)"] { return v }
        if type == "Self" || type == "self", let a = animatorName, let v = typeConstants["\(a).\(name)"] { return v }
        let t = type.split(separator: ".").last.map(String.init) ?? type
        switch (t, name) {
        case ("CGFloat", "pi"), ("Double", "pi"), ("Float", "pi"): return .number(.pi)
        case ("CGFloat", "greatestFiniteMagnitude"), ("Double", "greatestFiniteMagnitude"):
            return .number(.greatestFiniteMagnitude)
        case ("CGRect", "zero"), ("CGRect", "zeroRect"): return .rect(Rect(x: 0, y: 0, width: 0, height: 0))
        case ("CGPoint", "zero"), ("CGPoint", "zeroPoint"): return .point(.zero)
        case ("CGSize", "zero"), ("CGSize", "zeroSize"): return .size(Size(width: 0, height: 0))
        case ("CGAffineTransform", "identity"): return .affine(.identity)
        case ("CATransform3D", "identity"): return .transform(.identity)
        case ("DispatchQueue", "main"): return .type("DispatchQueue.main")
        case ("DispatchTime", "now"), ("DispatchQueue", "now"): return .number(0)
        default: break
        }
        if t == "UIColor" || t == "CGColor", let c = Interpreter.namedColor(name) { return .color(c) }
        if name.first?.isUppercase == true { return .type("\(type).\(name)") }
        return .member(name)
    }

    /// The app's tab bar or navigation bar (002 fades `fromVC.tabBarController?.tabBar`): a view
    /// of the app, its frame a parameter.
    func appBar(_ name: String, at node: some SyntaxProtocol) -> ImportValue {
        if let i = views.firstIndex(where: { $0.id == name }) { return .view(i) }
        guard let i = try? makeView(id: name, role: .appView, at: node) else { return .unknown }
        appViewNodes[i] = Syntax(node)
        let height: Double = name == "tabBar" ? 83 : 91
        let y = name == "tabBar" ? options.containerSize.height - height : 0
        if case .rect(let r) = parameter(
            name + "Frame", at: node,
            default: .rect(Rect(x: 0, y: y, width: options.containerSize.width, height: height)),
            meaning: "the \(name)'s frame")
        {
            views[i].size = r.size
            views[i].position = r.center
            views[i].placed = true
            initial[i] = views[i]
        }
        return .view(i)
    }

    func viewProperty(_ i: Int, _ rawName: String, at node: some SyntaxProtocol) -> ImportValue {
        let v = views[i]
        switch rawName {
        case "layer", "gradientLayer", "contentView": return .view(i)
        case "frame":
            if case .transform(let t) = v.value(of: .transform), !t.matrix.isIdentity, t.matrix.isAffine2D {
                return .rect(boundingBox(v, t.matrix))
            }
            return .rect(v.frame)
        case "bounds": return .rect(Rect(x: 0, y: 0, width: v.size.width, height: v.size.height))
        case "center", "position": return .point(v.position)
        case "alpha", "opacity": return .number(v.alpha)
        case "transform": return i == 0 ? .transform(.identity) : .affine(v.transform)
        case "anchorPoint": return .point(v.anchor)
        case "cornerRadius": return .number(v.cornerRadius)
        case "isHidden", "hidden": return .bool(v.hidden)
        case "backgroundColor": return v.fill.map { .color($0) } ?? .none
        case "zPosition": return .number(v.zPosition)
        case "clipsToBounds", "masksToBounds": return .bool(v.clips)
        case "shadowOpacity": return .number(v.shadow.opacity)
        case "shadowRadius": return .number(v.shadow.radius)
        case "shadowOffset": return .size(Size(width: v.shadow.offset.x, height: v.shadow.offset.y))
        case "shadowColor": return .color(v.shadow.color)
        case "borderWidth": return .number(v.border.width)
        case "borderColor": return .color(v.border.color)
        case "sublayerTransform":
            return .transform(TransformChain(matrix: v.sublayerTransform?.matrix ?? .identity, operations: nil))
        case "superview": return v.superview.map { .view($0) } ?? .none
        case "window": return .view(0)
        case "image":
            return .tuple([
                (
                    "UIImage",
                    parameter(
                        "\(v.id)ImageSize", at: node, default: .size(Size(width: 4, height: 3)),
                        meaning: "the size of \(v.id)'s image")
                )
            ])
        case "safeAreaInsets", "layoutMargins":
            return .tuple([("top", .number(0)), ("left", .number(0)), ("bottom", .number(0)), ("right", .number(0))])
        default:
            if v.role == .transitionView(from: true) || v.role == .transitionView(from: false) {
                if rawName == "view" { return .view(i) }
            }
            problem(node, "\(v.id).\(rawName) is not read")
            return .unknown
        }
    }

    /// The frame UIKit reports under an affine transform: the bounding box of the transformed bounds.
    func boundingBox(_ v: ImportedView, _ m: Transform3D) -> Rect {
        var xs: [Double] = []
        var ys: [Double] = []
        for (ux, uy) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
            let x = (ux - v.anchor.x) * v.size.width
            let y = (uy - v.anchor.y) * v.size.height
            xs.append(v.position.x + x * m.m11 + y * m.m21 + m.m41)
            ys.append(v.position.y + x * m.m12 + y * m.m22 + m.m42)
        }
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }

    static func namedColor(_ name: String) -> Color? {
        let n = name.hasSuffix("Color") && name != "Color" ? String(name.dropLast(5)) : name
        switch n {
        case "black": return .black
        case "white": return .white
        case "clear": return .clear
        case "red": return Color(red: 1, green: 0, blue: 0)
        case "green": return Color(red: 0, green: 1, blue: 0)
        case "blue": return Color(red: 0, green: 0, blue: 1)
        case "gray": return Color(red: 0.5, green: 0.5, blue: 0.5)
        case "darkGray": return Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)
        case "lightGray": return Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)
        case "yellow": return Color(red: 1, green: 1, blue: 0)
        case "orange": return Color(red: 1, green: 0.5, blue: 0)
        case "purple": return Color(red: 0.5, green: 0, blue: 0.5)
        case "brown": return Color(red: 0.6, green: 0.4, blue: 0.2)
        case "cyan": return Color(red: 0, green: 1, blue: 1)
        case "magenta": return Color(red: 1, green: 0, blue: 1)
        // The system colours in their light appearance (Apple's Human Interface Guidelines, "Color").
        case "systemBackground": return .white
        case "systemRed": return Color(hex: "#ff3b30")
        case "systemGreen": return Color(hex: "#34c759")
        case "systemBlue": return Color(hex: "#007aff")
        case "systemOrange": return Color(hex: "#ff9500")
        case "systemYellow": return Color(hex: "#ffcc00")
        case "systemPink": return Color(hex: "#ff2d55")
        case "systemPurple": return Color(hex: "#af52de")
        case "systemTeal": return Color(hex: "#5ac8fa")
        case "systemIndigo": return Color(hex: "#5856d6")
        case "systemGray": return Color(hex: "#8e8e93")
        case "systemGroupedBackground", "secondarySystemBackground": return Color(hex: "#f2f2f7")
        case "label": return .black
        default: return nil
        }
    }
}
