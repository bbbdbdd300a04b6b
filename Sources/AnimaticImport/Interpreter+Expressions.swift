import AnimaticCore
import Glibc
import SwiftSyntax

/// An argument of a call, evaluated, with its label (a trailing closure has the label
/// `trailing`; the additional ones theirs).
struct ImportArgument {
    var label: String?
    var value: ImportValue
    var syntax: Syntax
}

extension Interpreter {
    func evaluate(_ e: ExprSyntax, in scope: ImportScope) throws -> ImportValue {
        try step(e)
        if let n = e.as(IntegerLiteralExprSyntax.self) { return .number(Interpreter.integer(n.literal.text) ?? 0) }
        if let f = e.as(FloatLiteralExprSyntax.self) {
            return .number(Double(String(f.literal.text.filter { $0 != "_" })) ?? 0)
        }
        if let b = e.as(BooleanLiteralExprSyntax.self) { return .bool(b.literal.text == "true") }
        if e.is(NilLiteralExprSyntax.self) { return .none }
        if let s = e.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in s.segments {
                if let plain = segment.as(StringSegmentSyntax.self) { text += plain.content.text } else { text += "…" }
            }
            return .string(text)
        }
        if let seq = e.as(SequenceExprSyntax.self) {
            // Folding and evaluating recurse once per operator: a run-on expression is refused
            // rather than allowed to exhaust a worker thread's stack.
            guard seq.elements.count <= 1_001 else {
                problem(seq, "an expression of more than 500 operators is not read")
                return .unknown
            }
            return try evaluate(folded: FoldedExpression.fold(seq), in: scope)
        }
        if let p = e.as(PrefixOperatorExprSyntax.self) {
            let v = try evaluate(p.expression, in: scope)
            switch (p.operator.text, v) {
            case ("-", .number(let n)): return .number(-n)
            case ("+", .number(let n)): return .number(n)
            case ("!", .bool(let b)): return .bool(!b)
            case (_, .unknown): return .unknown
            default:
                problem(p, "prefix \(p.operator.text) on \(v.kindName) is not read")
                return .unknown
            }
        }
        if let t = e.as(TupleExprSyntax.self) {
            if t.elements.count == 1 && t.elements.first!.label == nil {
                return try evaluate(t.elements.first!.expression, in: scope)
            }
            return .tuple(try t.elements.map { ($0.label?.text, try evaluate($0.expression, in: scope)) })
        }
        if let a = e.as(ArrayExprSyntax.self) {
            let items = try a.elements.map { try evaluate($0.expression, in: scope) }
            if !items.isEmpty, items.allSatisfy({ if case .member = $0 { return true } else { return false } }) {
                return .options(items.compactMap { if case .member(let m) = $0 { return m } else { return nil } })
            }
            if items.allSatisfy({ if case .options = $0 { return true } else { return false } }), !items.isEmpty {
                return .options(items.flatMap { if case .options(let o) = $0 { return o } else { return [] } })
            }
            var flat: [String] = []
            var allOptions = !items.isEmpty
            for item in items {
                switch item {
                case .member(let m): flat.append(m)
                case .options(let o): flat += o
                default: allOptions = false
                }
            }
            return allOptions ? .options(flat) : .array(items)
        }
        if let c = e.as(ClosureExprSyntax.self) { return .closure(ImportClosure(syntax: c, scope: scope)) }
        if let d = e.as(DeclReferenceExprSyntax.self) { return try lookup(d, in: scope) }
        if let m = e.as(MemberAccessExprSyntax.self) { return try member(m, in: scope) }
        if let call = e.as(FunctionCallExprSyntax.self) { return try self.call(call, in: scope) }
        if let s = e.as(SubscriptCallExprSyntax.self) { return try subscriptValue(s, in: scope) }
        if let o = e.as(OptionalChainingExprSyntax.self) { return try evaluate(o.expression, in: scope) }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return try evaluate(f.expression, in: scope) }
        if let t = e.as(TernaryExprSyntax.self) {
            let c = try evaluate(t.condition, in: scope)
            guard case .bool(let b) = c else {
                if !c.isUnknown { problem(t.condition, "this condition is not read as true or false") }
                return .unknown
            }
            return try evaluate(b ? t.thenExpression : t.elseExpression, in: scope)
        }
        if let i = e.as(IfExprSyntax.self) {
            problem(i, "an if expression's value is not read")
            return .unknown
        }
        if let a = e.as(AsExprSyntax.self) { return try evaluate(a.expression, in: scope) }
        if e.is(SuperExprSyntax.self) { return .type("super") }
        if let t = e.as(TypeExprSyntax.self) { return .type(t.type.trimmedDescription) }
        if let a = e.as(AwaitExprSyntax.self) { return try evaluate(a.expression, in: scope) }
        if let t = e.as(TryExprSyntax.self) { return try evaluate(t.expression, in: scope) }
        if let g = e.as(GenericSpecializationExprSyntax.self) { return try evaluate(g.expression, in: scope) }
        if let p = e.as(PostfixOperatorExprSyntax.self) { return try evaluate(p.expression, in: scope) }
        problem(e, "this expression is not read")
        return .unknown
    }

    /// `array[i]` with a whole index in range (the export's tables: explode's draws).
    func subscriptValue(_ s: SubscriptCallExprSyntax, in scope: ImportScope) throws -> ImportValue {
        let base = try evaluate(s.calledExpression, in: scope)
        guard s.arguments.count == 1, s.arguments.first!.label == nil else {
            problem(s, "a subscript of more than one index is not read")
            return .unknown
        }
        let index = try evaluate(s.arguments.first!.expression, in: scope)
        if base.isUnknown || index.isUnknown { return .unknown }
        guard case .array(let items) = base, let i = index.number, i == i.rounded() else {
            problem(s, "a subscript of \(base.kindName) by \(index.kindName) is not read")
            return .unknown
        }
        guard i >= 0, i < Double(items.count) else {
            problem(s, "index \(NumberText.format(i)) is out of the array's \(items.count) elements")
            return .unknown
        }
        return items[Int(i)]
    }

    static func integer(_ text: String) -> Double? {
        let t = String(text.filter { $0 != "_" })
        if t.hasPrefix("0x") { return Int(t.dropFirst(2), radix: 16).map(Double.init) }
        if t.hasPrefix("0b") { return Int(t.dropFirst(2), radix: 2).map(Double.init) }
        if t.hasPrefix("0o") { return Int(t.dropFirst(2), radix: 8).map(Double.init) }
        return Double(t)
    }

    func evaluate(folded f: FoldedExpression, in scope: ImportScope) throws -> ImportValue {
        switch f {
        case .leaf(let e): return try evaluate(e, in: scope)
        case .cast(let inner, let isTest, let at):
            if isTest {
                problem(at, "`is` is not read")
                return .unknown
            }
            return try evaluate(folded: inner, in: scope)
        case .ternary(let c, let then, let otherwise, _):
            let cv = try evaluate(folded: c, in: scope)
            guard case .bool(let b) = cv else {
                if case .leaf(let e) = c, !cv.isUnknown { problem(e, "this condition is not read as true or false") }
                return .unknown
            }
            return b ? try evaluate(then, in: scope) : try evaluate(folded: otherwise, in: scope)
        case .assignment(let lhs, let rhs, let at):
            let value = try evaluate(folded: rhs, in: scope)
            guard case .leaf(let target) = lhs else {
                problem(at, "this assignment's target is not read")
                return .none
            }
            try assign(target, value, in: scope)
            return .none
        case .binary(let op, let lhs, let rhs, let at):
            if op.count >= 2, op.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(op) {
                guard case .leaf(let target) = lhs else {
                    problem(at, "this assignment's target is not read")
                    return .none
                }
                let a = try evaluate(target, in: scope)
                let b = try evaluate(folded: rhs, in: scope)
                let value = binary(String(op.dropLast()), a, b, at: at)
                try assign(target, value, in: scope)
                return .none
            }
            if op == "&&" || op == "||" {
                let a = try evaluate(folded: lhs, in: scope)
                if case .bool(let x) = a, (op == "&&" && !x) || (op == "||" && x) { return .bool(x) }
                let b = try evaluate(folded: rhs, in: scope)
                if case .bool(let x) = a, case .bool(let y) = b { return .bool(op == "&&" ? x && y : x || y) }
                if !a.isUnknown && !b.isUnknown { problem(at, "\(op) of \(a.kindName) and \(b.kindName) is not read") }
                return .unknown
            }
            if op == "??" {
                let a = try evaluate(folded: lhs, in: scope)
                if case .none = a { return try evaluate(folded: rhs, in: scope) }
                return a
            }
            let a = try evaluate(folded: lhs, in: scope)
            let b = try evaluate(folded: rhs, in: scope)
            return binary(op, a, b, at: at)
        }
    }

    func binary(_ op: String, _ a: ImportValue, _ b: ImportValue, at: Syntax) -> ImportValue {
        if a.isUnknown || b.isUnknown { return .unknown }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            switch op {
            case "+": return .number(x + y)
            case "-": return .number(x - y)
            case "*": return .number(x * y)
            case "/": return .number(x / y)
            case "%": return .number(fmod(x, y))
            case "<": return .bool(x < y)
            case ">": return .bool(x > y)
            case "<=": return .bool(x <= y)
            case ">=": return .bool(x >= y)
            case "==": return .bool(x == y)
            case "!=": return .bool(x != y)
            default: break
            }
        case (.bool(let x), .bool(let y)):
            if op == "==" { return .bool(x == y) }
            if op == "!=" { return .bool(x != y) }
        case (.affine(let x), .affine(let y)) where op == "*":
            return .affine(x.concatenating(y))
        case (.none, _), (_, .none):
            if op == "==" || op == "!=" {
                let bothNone: Bool
                if case .none = a, case .none = b { bothNone = true } else { bothNone = false }
                return .bool((op == "==") == bothNone)
            }
        case (.member(let x), .member(let y)):
            if op == "==" { return .bool(x == y) }
            if op == "!=" { return .bool(x != y) }
        default: break
        }
        problem(at, "\(a.kindName) \(op) \(b.kindName) is not read")
        return .unknown
    }

    func lookup(_ d: DeclReferenceExprSyntax, in scope: ImportScope) throws -> ImportValue {
        let name = d.baseName.text
        if let v = scope.lookup(name) { return v }
        if name == "self" { return .selfObject }
        if let v = selfScope.lookup(name) { return v }
        if let m = methods[name] { return .function(ImportFunction(syntax: m, scope: nil)) }
        if let f = fileFunctions[name] { return .function(ImportFunction(syntax: f, scope: nil)) }
        if let constant = Interpreter.globalConstant(name) { return constant }
        if name.first?.isUppercase == true { return .type(name) }
        if name == "transitionWasCancelled" { return .unknown }
        problem(d, "\"\(name)\" is not known here")
        return .unknown
    }

    /// The global constants of the frameworks (`M_PI_2`, `CATransform3DIdentity`, Swift 2's keys).
    static func globalConstant(_ name: String) -> ImportValue? {
        switch name {
        case "M_PI": return .number(.pi)
        case "M_PI_2": return .number(.pi / 2)
        case "M_PI_4": return .number(.pi / 4)
        case "CATransform3DIdentity": return .transform(.identity)
        case "CGAffineTransformIdentity": return .affine(.identity)
        case "CGRectZero": return .rect(Rect(x: 0, y: 0, width: 0, height: 0))
        case "CGPointZero": return .point(.zero)
        case "CGSizeZero": return .size(Size(width: 0, height: 0))
        case "UITransitionContextFromViewControllerKey", "UITransitionContextFromViewKey": return .member("from")
        case "UITransitionContextToViewControllerKey", "UITransitionContextToViewKey": return .member("to")
        case "kCAMediaTimingFunctionLinear": return .string("linear")
        case "kCAMediaTimingFunctionEaseIn": return .string("easeIn")
        case "kCAMediaTimingFunctionEaseOut": return .string("easeOut")
        case "kCAMediaTimingFunctionEaseInEaseOut": return .string("easeInEaseOut")
        case "kCAMediaTimingFunctionDefault": return .string("default")
        case "kCAFillModeBackwards", "kCAFillModeForwards", "kCAFillModeBoth": return .member("fill")
        default: return nil
        }
    }

    func evaluateArguments(_ call: FunctionCallExprSyntax, in scope: ImportScope) throws -> [ImportArgument] {
        var args = try call.arguments.map {
            ImportArgument(label: $0.label?.text, value: try evaluate($0.expression, in: scope), syntax: Syntax($0))
        }
        if let t = call.trailingClosure {
            args.append(
                ImportArgument(
                    label: "trailing", value: .closure(ImportClosure(syntax: t, scope: scope)), syntax: Syntax(t)))
        }
        for extra in call.additionalTrailingClosures {
            args.append(
                ImportArgument(
                    label: extra.label.text, value: .closure(ImportClosure(syntax: extra.closure, scope: scope)),
                    syntax: Syntax(extra)))
        }
        return args
    }

    /// Runs a closure with `arguments` bound to its parameters; its result.
    func invoke(_ closure: ImportClosure, _ arguments: [ImportValue], at node: some SyntaxProtocol) throws
        -> ImportValue
    {
        try nested(at: node) { try runBody(of: closure, arguments) }
    }

    /// One more nested call for `body`, refused past `ImportOptions.maxCallDepth` (recursion).
    private func nested(at node: some SyntaxProtocol, _ body: () throws -> ImportValue) throws -> ImportValue {
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > options.maxCallDepth {
            throw ImportStop(
                message: "calls nest deeper than \(options.maxCallDepth) (the import's bound)", node: Syntax(node))
        }
        return try body()
    }

    private func runBody(of closure: ImportClosure, _ arguments: [ImportValue]) throws -> ImportValue {
        let scope = ImportScope(parent: closure.scope)
        var names: [String] = []
        if let sig = closure.syntax.signature?.parameterClause {
            switch sig {
            case .simpleInput(let list): names = list.map { $0.name.text }
            case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            }
        }
        for (name, value) in zip(names, arguments) where name != "_" { scope.declare(name, value) }
        // `$0` closures
        for (i, value) in arguments.enumerated() { scope.declare("$\(i)", value) }
        // A single-expression closure returns its expression.
        if closure.syntax.statements.count == 1, case .expr(let e) = closure.syntax.statements.first!.item,
            !e.is(IfExprSyntax.self) && !e.is(SwitchExprSyntax.self)
        {
            return try evaluate(e, in: scope)
        }
        let flow = try run(closure.syntax.statements, in: scope)
        if case .returned(let v) = flow { return v }
        return .none
    }

    /// Calls a function of the file (inlined), arguments matched by position.
    func invoke(_ f: ImportFunction, _ arguments: [ImportArgument], at node: some SyntaxProtocol) throws
        -> ImportValue
    {
        try nested(at: node) { try runBody(of: f, arguments, at: node) }
    }

    private func runBody(of f: ImportFunction, _ arguments: [ImportArgument], at node: some SyntaxProtocol) throws
        -> ImportValue
    {
        guard let body = f.syntax.body else {
            problem(node, "\(f.syntax.name.text) has no body to read")
            return .unknown
        }
        let scope = ImportScope(parent: f.scope ?? selfScope)
        let params = Array(f.syntax.signature.parameterClause.parameters)
        for (i, p) in params.enumerated() {
            let name = (p.secondName ?? p.firstName).text
            if i < arguments.count {
                scope.declare(name, arguments[i].value)
            } else if let d = p.defaultValue?.value {
                scope.declare(name, try evaluate(d, in: scope))
            } else {
                scope.declare(name, .unknown)
            }
        }
        // A function whose body is one expression returns it (Swift 5.1).
        if body.statements.count == 1, case .expr(let e) = body.statements.first!.item,
            f.syntax.signature.returnClause != nil, !e.is(IfExprSyntax.self) && !e.is(SwitchExprSyntax.self)
        {
            return try evaluate(e, in: scope)
        }
        let flow = try run(body.statements, in: scope)
        if case .returned(let v) = flow { return v }
        return .none
    }
}
