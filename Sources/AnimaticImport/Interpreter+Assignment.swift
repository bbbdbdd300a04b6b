import AnimaticCore
import SwiftSyntax

extension Interpreter {
    /// `target = value`: a variable, a member of a struct held in a variable, or a property
    /// of a view (or of an animation object).
    func assign(_ target: ExprSyntax, _ value: ImportValue, in scope: ImportScope) throws {
        try assign(target, path: [], value, in: scope, at: Syntax(target))
    }

    private func stripped(_ e: ExprSyntax) -> ExprSyntax {
        if let o = e.as(OptionalChainingExprSyntax.self) { return stripped(o.expression) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return stripped(f.expression) }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 { return stripped(t.elements.first!.expression) }
        return e
    }

    private func assign(
        _ rawTarget: ExprSyntax, path: [String], _ value: ImportValue, in scope: ImportScope, at node: Syntax
    )
        throws
    {
        let target = stripped(rawTarget)
        if let d = target.as(DeclReferenceExprSyntax.self) {
            let name = d.baseName.text
            let current = scope.lookup(name) ?? selfScope.lookup(name)
            if path.isEmpty {
                if !scope.assign(name, value) && !selfScope.assign(name, value) {
                    if name == "_" { return }
                    if isSelfContext(scope) {
                        selfScope.declare(name, value)
                        return
                    }
                    problem(d, "\"\(name)\" is not declared here")
                }
                return
            }
            guard let current else {
                problem(d, "\"\(name)\" is not declared here")
                return
            }
            if isReference(current) {
                setOnReference(current, path, value, at: node)
                return
            }
            guard let updated = setting(current, path, value, at: node) else { return }
            if !scope.assign(name, updated) { _ = selfScope.assign(name, updated) }
            return
        }
        if target.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            setOnReference(.selfObject, path, value, at: node)
            return
        }
        if let m = target.as(MemberAccessExprSyntax.self), let base = m.base {
            let name = SwiftSpellings.member(m.declName.baseName.text)
            let strippedBase = stripped(base)
            if strippedBase.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                if path.isEmpty {
                    selfScope.declare(name, value)
                    return
                }
                if let current = selfScope.lookup(name) {
                    if isReference(current) {
                        setOnReference(current, path, value, at: node)
                    } else if let updated = setting(current, path, value, at: node) {
                        selfScope.declare(name, updated)
                    }
                    return
                }
            }
            let baseValue = try evaluate(strippedBase, in: scope)
            if isReference(baseValue) {
                setOnReference(baseValue, [name] + path, value, at: node)
                return
            }
            if case .unknown = baseValue { return }
            if case .none = baseValue { return }  // optional chaining on nil: nothing happens
            try assign(strippedBase, path: [name] + path, value, in: scope, at: node)
            return
        }
        problem(target, "this assignment's target is not read")
    }

    private func isSelfContext(_ scope: ImportScope) -> Bool { true }

    func isReference(_ v: ImportValue) -> Bool {
        switch v {
        case .view, .viewController, .layerAnimation, .propertyAnimator, .selfObject, .context: return true
        default: return false
        }
    }

    /// `value` with the member at `path` replaced (CGRect.origin.x, a transform's m34, …).
    func setting(_ value: ImportValue, _ path: [String], _ new: ImportValue, at node: Syntax) -> ImportValue? {
        guard let first = path.first else { return new }
        let rest = Array(path.dropFirst())
        func inner(_ v: ImportValue) -> ImportValue? { setting(v, rest, new, at: node) }
        switch value {
        case .point(var p):
            guard case .number(let n)? = inner(read(value, first, at: node)) else { break }
            if first == "x" { p.x = n } else if first == "y" { p.y = n } else { break }
            return .point(p)
        case .size(var s):
            guard case .number(let n)? = inner(read(value, first, at: node)) else { break }
            if first == "width" { s.width = n } else if first == "height" { s.height = n } else { break }
            return .size(s)
        case .rect(var r):
            switch first {
            case "origin":
                guard case .point(let p)? = inner(.point(r.origin)) else { break }
                r.origin = p
                return .rect(r)
            case "size":
                guard case .size(let s)? = inner(.size(r.size)) else { break }
                r.size = s
                return .rect(r)
            default: break
            }
        case .transform(let t):
            guard rest.isEmpty, case .number(let n) = new else { break }
            var entries = t.matrix.entries
            let names = [
                "m11", "m12", "m13", "m14", "m21", "m22", "m23", "m24", "m31", "m32", "m33", "m34", "m41", "m42", "m43",
                "m44",
            ]
            guard let i = names.firstIndex(of: first) else { break }
            entries[i] = n
            return .transform(TransformChain(matrix: Transform3D(entries), operations: nil))
        default: break
        }
        problem(node, "setting \(path.joined(separator: ".")) of \(value.kindName) is not read")
        return nil
    }

    func setOnReference(_ ref: ImportValue, _ path: [String], _ value: ImportValue, at node: Syntax) {
        switch ref {
        case .selfObject:
            guard let first = path.first else { return }
            if path.count == 1 {
                selfScope.declare(first, value)
            } else if let current = selfScope.lookup(first) {
                if isReference(current) {
                    setOnReference(current, Array(path.dropFirst()), value, at: node)
                } else if let updated = setting(current, Array(path.dropFirst()), value, at: node) {
                    selfScope.declare(first, updated)
                }
            }
        case .viewController(let i):
            if path.first == "view" {
                setOnReference(.view(i), Array(path.dropFirst()), value, at: node)
            } else {
                problem(node, "setting \(path.joined(separator: ".")) on a view controller is not read")
            }
        case .view(let i):
            var p = path
            while let f = p.first, f == "layer" || f == "gradientLayer" || f == "contentView" { p.removeFirst() }
            guard let first = p.first else { return }
            if p.count == 1 {
                setViewProperty(i, first, value, at: node)
                return
            }
            let current = viewProperty(i, first, at: node)
            if let updated = setting(current, Array(p.dropFirst()), value, at: node) {
                setViewProperty(i, first, updated, at: node)
            }
        case .layerAnimation(let i):
            setLayerAnimationProperty(i, path.joined(separator: "."), value, at: node)
        case .propertyAnimator(let i):
            if path == ["isInterruptible"] || path == ["isUserInteractionEnabled"] || path == ["scrubsLinearly"] {
                return
            }
            if path == ["pausesOnCompletion"] { return }
            problem(node, "UIViewPropertyAnimator.\(path.joined(separator: ".")) is not read")
            _ = i
        case .context:
            problem(node, "setting the context's \(path.joined(separator: ".")) is not read")
        default:
            problem(node, "this assignment is not read")
        }
    }
}
