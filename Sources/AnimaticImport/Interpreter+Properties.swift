import AnimaticCore
import SwiftSyntax

extension Interpreter {
    // MARK: Coercions (implicit members such as `.zero`, `.identity`)

    func asNumber(_ v: ImportValue) -> Double? { v.number }

    func asPoint(_ v: ImportValue) -> Point? {
        switch v {
        case .point(let p): return p
        case .size(let s): return Point(x: s.width, y: s.height)
        case .member("zero"): return .zero
        default: return nil
        }
    }

    func asSize(_ v: ImportValue) -> Size? {
        switch v {
        case .size(let s): return s
        case .member("zero"): return Size(width: 0, height: 0)
        default: return nil
        }
    }

    func asRect(_ v: ImportValue) -> Rect? {
        switch v {
        case .rect(let r): return r
        case .member("zero"), .member("zeroRect"): return Rect(x: 0, y: 0, width: 0, height: 0)
        default: return nil
        }
    }

    func asColor(_ v: ImportValue) -> Color? {
        switch v {
        case .color(let c): return c
        case .member(let m): return Interpreter.namedColor(m)
        case .none: return .clear
        default: return nil
        }
    }

    func asTransform(_ v: ImportValue) -> TransformChain? {
        switch v {
        case .transform(let t), .affine(let t): return t
        case .member("identity"): return .identity
        default: return nil
        }
    }

    // MARK: Writing a view's property

    func setViewProperty(_ i: Int, _ name: String, _ value: ImportValue, at node: Syntax) {
        if value.isUnknown { return }
        func bad() { problem(node, "\(views[i].id).\(name) = \(value.kindName) is not read") }
        switch name {
        case "frame":
            guard let r = asRect(value) else { return bad() }
            let a = views[i].anchor
            write(i, .position, .point(Point(x: r.minX + a.x * r.width, y: r.minY + a.y * r.height)), at: node)
            write(i, .size, .size(r.size), at: node)
            views[i].placed = true
            initial[i].placed = true
        case "bounds":
            guard let r = asRect(value) else { return bad() }
            if r.minX != 0 || r.minY != 0 {
                problem(
                    node,
                    "a bounds origin other than zero scrolls the content, which the spec does not model: only the size is read"
                )
            }
            write(i, .size, .size(r.size), at: node)
        case "center", "position":
            guard let p = asPoint(value) else { return bad() }
            write(i, .position, .point(p), at: node)
            views[i].placed = true
            initial[i].placed = true
        case "alpha", "opacity":
            guard let n = asNumber(value) else { return bad() }
            write(i, .alpha, .number(n), at: node)
        case "transform":
            guard let t = asTransform(value) else { return bad() }
            write(i, .transform, .transform(t.spec), chain: t, at: node)
        case "cornerRadius":
            guard let n = asNumber(value) else { return bad() }
            write(i, .cornerRadius, .number(n), at: node)
        case "isHidden", "hidden":
            guard case .bool(let b) = value else { return bad() }
            write(i, .hidden, .bool(b), at: node)
        case "backgroundColor":
            guard let c = asColor(value) else { return bad() }
            if i == 0 {
                containerBackground = c
                return
            }
            write(i, .fill, .color(c), at: node)
        case "zPosition":
            guard let n = asNumber(value) else { return bad() }
            write(i, .zPosition, .number(n), at: node)
        case "shadowOpacity":
            guard let n = asNumber(value) else { return bad() }
            write(i, .shadowOpacity, .number(n), at: node)
        case "shadowRadius":
            guard let n = asNumber(value) else { return bad() }
            write(i, .shadowRadius, .number(n), at: node)
        case "shadowOffset":
            guard let p = asPoint(value) else { return bad() }
            write(i, .shadowOffset, .point(p), at: node)
        case "shadowColor":
            guard let c = asColor(value) else { return bad() }
            write(i, .shadowColor, .color(c), at: node)
        case "borderWidth":
            guard let n = asNumber(value) else { return bad() }
            write(i, .borderWidth, .number(n), at: node)
        case "borderColor":
            guard let c = asColor(value) else { return bad() }
            write(i, .borderColor, .color(c), at: node)
        case "anchorPoint":
            guard let p = asPoint(value) else { return bad() }
            if sink != nil || now > 0 {
                // After the setup the spec's anchor stays; the layer keeps its position, so it
                // moves on screen by (old − new anchor) × size: written as that position change.
                views[i].anchor = p
                touched.insert(i)
                write(i, .position, .point(views[i].position), at: node)
                return
            }
            staticWrite(i, "anchorPoint", at: node) { $0.anchor = p }
        case "clipsToBounds", "masksToBounds":
            guard case .bool(let b) = value else { return bad() }
            staticWrite(i, name, at: node) { $0.clips = b }
        case "sublayerTransform":
            guard let t = asTransform(value) else { return bad() }
            var m = t.matrix
            let perspective = m.m34
            m.m34 = 0
            let spec: SublayerTransformSpec? =
                t.matrix.isIdentity
                ? nil : (m.isIdentity && perspective < 0 ? .perspective(-1 / perspective) : .matrix(t.matrix))
            if i == 0 {
                if case .matrix = spec {
                    problem(node, "the container's sublayerTransform is read as a perspective only")
                }
                containerPerspective = { if case .perspective(let d)? = spec { return d } else { return nil } }()
                return
            }
            staticWrite(i, name, at: node) { $0.sublayerTransform = spec }
        case "contentMode":
            guard case .member(let m) = value else { return bad() }
            let mode: ImageContentMode? =
                m == "scaleAspectFill" ? .fill : m == "scaleAspectFit" ? .fit : m == "scaleToFill" ? .stretch : nil
            guard let mode else {
                problem(node, "contentMode .\(m) is read as aspect-fit")
                return
            }
            staticWrite(i, name, at: node) { $0.imageMode = mode }
        case "colors":
            guard case .array(let items) = value else { return bad() }
            let colors = items.compactMap(asColor)
            staticWrite(i, name, at: node) {
                var g = $0.gradient ?? GradientSpec(colors: [])
                g.colors = colors
                $0.gradient = g
            }
        case "startPoint", "endPoint":
            guard let p = asPoint(value) else { return bad() }
            staticWrite(i, name, at: node) {
                var g = $0.gradient ?? GradientSpec(colors: [])
                if name == "startPoint" { g.start = p } else { g.end = p }
                $0.gradient = g
            }
        case "image":
            if case .tuple(let parts) = value, parts.first?.label == "UIImage", case .size(let s) = parts[0].value,
                s.height > 0
            {
                staticWrite(i, name, at: node) { $0.content = .image(aspectRatio: s.width / s.height, fill: nil) }
            } else if case .none = value {
                return
            } else {
                bad()
            }
        case "isUserInteractionEnabled", "autoresizingMask", "translatesAutoresizingMaskIntoConstraints",
            "shouldRasterize", "rasterizationScale", "isOpaque", "tintColor", "shadowPath", "allowsEdgeAntialiasing",
            "isDoubleSided", "contentsGravity", "cornerCurve":
            problem(node, "\(name) does not change what the spec draws: ignored")
        default:
            problem(node, "\(views[i].id).\(name) is not a property the spec has: not read")
        }
    }

    /// A property the spec holds as the layer's (not animatable): set on the model and the initial state.
    func staticWrite(_ i: Int, _ name: String, at node: Syntax, _ body: (inout ImportedView) -> Void) {
        if let sink, sink.kind != .instant || now > 0 {
            if sink.kind == .completion {
                problem(node, "\(name) in a completion is not a spec change: read as the layer's from the start")
            } else {
                problem(node, "\(name) is not animatable: read as the layer's from the start")
            }
        }
        body(&views[i])
        body(&initial[i])
        touched.insert(i)
    }

    /// A write of an animatable property: into the open animation or completion, or the model.
    func write(
        _ i: Int, _ property: AnimatableProperty, _ value: PropertyValue, chain: TransformChain? = nil, at node: Syntax
    ) {
        if i == 0 {
            problem(node, "the container itself is not animated in the spec: not read")
            return
        }
        touched.insert(i)
        // Positions go into the spec for the spec's anchor (the initial one).
        var specValue = value
        if property == .position, case .point(let p) = value, views[i].anchor != initial[i].anchor {
            let a = views[i].anchor, a0 = initial[i].anchor, size = views[i].size
            specValue = .point(Point(x: p.x + (a0.x - a.x) * size.width, y: p.y + (a0.y - a.y) * size.height))
        }
        if let sink {
            sink.append(PropertyChange(layer: "#\(i)", property: property, value: specValue))
            if sink.kind == .animation { animated[i].insert(property) }
            views[i].set(property, value, chain: chain)
            return
        }
        if now > 0 {
            recorder.instants.append(
                (now, [PropertyChange(layer: "#\(i)", property: property, value: specValue)], node))
            views[i].set(property, value, chain: chain)
            return
        }
        if animated[i].contains(property) {
            if views[i].value(of: property) != value {
                problem(node, "\(views[i].id).\(property.rawValue) is set after an animation of it: not read")
            }
            return
        }
        views[i].set(property, value, chain: chain)
        initial[i].set(property, value, chain: chain)
    }
}
