import AnimaticCore
import SwiftSyntax

/// How a statement list ended.
enum ControlFlow {
    case normal
    case returned(ImportValue)
    case breakLoop
    case continueLoop
}

extension Interpreter {
    func run(_ items: CodeBlockItemListSyntax, in scope: ImportScope) throws -> ControlFlow {
        for item in items {
            try step(item)
            let flow = try run(item: item, in: scope)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func run(item: CodeBlockItemSyntax, in scope: ImportScope) throws -> ControlFlow {
        switch item.item {
        case .decl(let decl):
            try declare(decl, in: scope)
            return .normal
        case .stmt(let stmt):
            return try run(statement: stmt, in: scope)
        case .expr(let expr):
            return try runExpressionStatement(expr, in: scope)
        }
    }

    func runExpressionStatement(_ expr: ExprSyntax, in scope: ImportScope) throws -> ControlFlow {
        if let ifExpr = expr.as(IfExprSyntax.self) { return try runIf(ifExpr, in: scope) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) {
            problem(switchExpr, "a switch is not read; its cases are skipped")
            return .normal
        }
        _ = try evaluate(expr, in: scope)
        return .normal
    }

    func declare(_ decl: DeclSyntax, in scope: ImportScope) throws {
        if let v = decl.as(VariableDeclSyntax.self) {
            for binding in v.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    if binding.pattern.is(WildcardPatternSyntax.self), let e = binding.initializer?.value {
                        _ = try evaluate(e, in: scope)
                    } else {
                        problem(binding.pattern, "a tuple pattern is not read")
                    }
                    continue
                }
                if let e = binding.initializer?.value {
                    let value = try evaluate(e, in: scope)
                    scope.declare(name, value)
                    if case .view(let i) = value, views[i].role == .made || views[i].role == .snapshot,
                        views[i].id.hasPrefix("view") || views[i].id.hasPrefix("snapshot")
                            || views[i].id.hasPrefix("imageView")
                    {
                        rename(i, to: name)
                    }
                } else {
                    scope.declare(name, .none)
                }
            }
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            scope.declare(f.name.text, .function(ImportFunction(syntax: f, scope: scope)))
        } else {
            problem(decl, "this declaration is not read")
        }
    }

    /// Names a made view after the variable that holds it (the spec's layer id).
    func rename(_ i: Int, to name: String) {
        let base = name.hasPrefix("self.") ? String(name.dropFirst(5)) : name
        var unique = base
        var n = 2
        while views.indices.contains(where: { $0 != i && views[$0].id == unique }) {
            unique = "\(base)\(n)"
            n += 1
        }
        views[i].id = unique
        initial[i].id = unique
    }

    func run(statement stmt: StmtSyntax, in scope: ImportScope) throws -> ControlFlow {
        if let r = stmt.as(ReturnStmtSyntax.self) {
            if let e = r.expression { return .returned(try evaluate(e, in: scope)) }
            return .returned(.none)
        }
        if let e = stmt.as(ExpressionStmtSyntax.self) { return try runExpressionStatement(e.expression, in: scope) }
        if let g = stmt.as(GuardStmtSyntax.self) {
            let inner = scope
            let ok = try conditions(g.conditions, in: inner)
            if ok == false {
                let flow = try run(g.body.statements, in: ImportScope(parent: scope))
                if case .normal = flow { return .returned(.none) }
                return flow
            }
            return .normal
        }
        if let f = stmt.as(ForStmtSyntax.self) { return try runFor(f, in: scope) }
        if let w = stmt.as(WhileStmtSyntax.self) {
            while try conditions(w.conditions, in: scope) == true {
                try step(w)
                let flow = try run(w.body.statements, in: ImportScope(parent: scope))
                if case .breakLoop = flow { break }
                if case .returned = flow { return flow }
            }
            return .normal
        }
        if stmt.is(BreakStmtSyntax.self) { return .breakLoop }
        if stmt.is(ContinueStmtSyntax.self) { return .continueLoop }
        if let d = stmt.as(DoStmtSyntax.self) { return try run(d.body.statements, in: ImportScope(parent: scope)) }
        if let d = stmt.as(DeferStmtSyntax.self) {
            problem(d, "defer is not read")
            return .normal
        }
        problem(stmt, "this statement is not read")
        return .normal
    }

    /// Evaluates a condition list: true, false, or nil when one condition is the
    /// transition's outcome (handled by `runIf`) or unread.
    func conditions(_ list: ConditionElementListSyntax, in scope: ImportScope) throws -> Bool? {
        for c in list {
            switch c.condition {
            case .availability: continue
            case .optionalBinding(let b):
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    problem(b.pattern, "this binding pattern is not read")
                    return nil
                }
                let value: ImportValue
                if let e = b.initializer?.value {
                    value = try evaluate(e, in: scope)
                } else {
                    value = scope.lookup(name) ?? .unknown
                }
                if case .none = value { return false }
                scope.declare(name, value)
            case .expression(let e):
                let v = try evaluate(e, in: scope)
                switch v {
                case .bool(let b): if !b { return false }
                case .unknown: return nil
                default:
                    problem(e, "this condition (\(v.kindName)) is not read as true or false")
                    return nil
                }
            default:
                problem(c, "this condition is not read")
                return nil
            }
        }
        return true
    }

    func runIf(_ node: IfExprSyntax, in scope: ImportScope) throws -> ControlFlow {
        // `if transitionContext.transitionWasCancelled { … } else { … }` in a completion.
        if node.conditions.count == 1, case .expression(let e) = node.conditions.first!.condition,
            let cancelledWhenTrue = outcomeCondition(e, in: scope)
        {
            guard let sink, sink.kind == .completion else {
                problem(e, "transitionWasCancelled is read only in a completion; this branch is skipped")
                return .normal
            }
            let saved = sink.branch
            sink.branch = cancelledWhenTrue ? .cancel : .finish
            var flow = try run(node.body.statements, in: ImportScope(parent: scope))
            if case .normal = flow, let elseBody = node.elseBody {
                sink.branch = cancelledWhenTrue ? .finish : .cancel
                switch elseBody {
                case .codeBlock(let b): flow = try run(b.statements, in: ImportScope(parent: scope))
                case .ifExpr(let i): flow = try runIf(i, in: scope)
                }
            }
            sink.branch = saved
            if case .returned = flow { return .normal }
            return flow
        }
        let inner = ImportScope(parent: scope)
        let result = try conditions(node.conditions, in: inner)
        if result == nil {
            problem(node.conditions, "this condition is not read; the first branch is taken")
        }
        if result ?? true {
            return try run(node.body.statements, in: inner)
        }
        switch node.elseBody {
        case .codeBlock(let b)?: return try run(b.statements, in: ImportScope(parent: scope))
        case .ifExpr(let i)?: return try runIf(i, in: scope)
        case nil: return .normal
        }
    }

    /// Whether `e` is `transitionWasCancelled` (true) or its negation (false); nil otherwise.
    func outcomeCondition(_ e: ExprSyntax, in scope: ImportScope) -> Bool? {
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "!" {
            return outcomeCondition(p.expression, in: scope).map { !$0 }
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 {
            return outcomeCondition(t.elements.first!.expression, in: scope)
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            return outcomeCondition(call.calledExpression, in: scope)  // Swift 2: transitionWasCancelled()
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "transitionWasCancelled" {
            return true
        }
        if let d = e.as(DeclReferenceExprSyntax.self), d.baseName.text == "transitionWasCancelled" { return true }
        return nil
    }

    func runFor(_ node: ForStmtSyntax, in scope: ImportScope) throws -> ControlFlow {
        let sequence = try iterationValues(node.sequence, in: scope)
        guard let sequence else {
            problem(node.sequence, "this loop's sequence is not a constant range or array: the loop is skipped")
            return .normal
        }
        for element in sequence {
            try step(node)
            let inner = ImportScope(parent: scope)
            bind(node.pattern, element, in: inner)
            if let w = node.whereClause {
                if case .bool(false) = try evaluate(w.condition, in: inner) { continue }
            }
            let flow = try run(node.body.statements, in: inner)
            switch flow {
            case .breakLoop: return .normal
            case .returned: return flow
            default: continue
            }
        }
        return .normal
    }

    func bind(_ pattern: PatternSyntax, _ value: ImportValue, in scope: ImportScope) {
        if let id = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(id.identifier.text, value)
        } else if let t = pattern.as(TuplePatternSyntax.self), case .tuple(let parts) = value {
            for (element, part) in zip(t.elements, parts) { bind(element.pattern, part.value, in: scope) }
        } else if !pattern.is(WildcardPatternSyntax.self) {
            problem(pattern, "this loop pattern is not read")
        }
    }

    /// The values a `for` loop runs over: a constant range, `stride`, an array, `enumerated()`.
    /// A count past the step bound is refused before any iteration.
    func iterationValues(_ e: ExprSyntax, in scope: ImportScope) throws -> [ImportValue]? {
        func bounded(_ count: Double) throws -> Int {
            guard count.isFinite, count <= Double(options.maxSteps - steps) else {
                throw ImportStop(
                    message:
                        "this loop runs \(count.isFinite ? NumberText.format(count.rounded()) : "unbounded") times, past the import's bound of \(options.maxSteps) steps",
                    node: Syntax(e))
            }
            return max(0, Int(count))
        }
        if let seq = e.as(SequenceExprSyntax.self), case .binary(let op, let l, let r, _) = FoldedExpression.fold(seq),
            op == "..<" || op == "..."
        {
            guard let a = try evaluate(folded: l, in: scope).number, let b = try evaluate(folded: r, in: scope).number
            else { return nil }
            let n = try bounded((op == "..<" ? b - a : b - a + 1).rounded(.down))
            return (0..<n).map { .number(a + Double($0)) }
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let d = call.calledExpression.as(DeclReferenceExprSyntax.self), d.baseName.text == "stride" {
                let args = try evaluateArguments(call, in: scope)
                guard let from = args.first(where: { $0.label == "from" })?.value.number,
                    let by = args.first(where: { $0.label == "by" })?.value.number, by != 0
                else { return nil }
                // Swift steps a floating-point stride as from + i × by and stops at the first
                // value past the end (`<` for `to:`, `<=` for `through:`), so the count is the
                // values' own, not the quotient's (IBAnimatable's explode rows, docs/PRESETS.md).
                func values(upTo end: Double, including: Bool) throws -> [ImportValue] {
                    let n = try bounded(((end - from) / by).rounded(.up) + 1)
                    let inside = { (v: Double) in
                        by > 0 ? (including ? v <= end : v < end) : (including ? v >= end : v > end)
                    }
                    var out: [ImportValue] = []
                    for i in 0..<n {
                        let v = from + Double(i) * by
                        guard inside(v) else { break }
                        out.append(.number(v))
                    }
                    return out
                }
                if let to = args.first(where: { $0.label == "to" })?.value.number {
                    return try values(upTo: to, including: false)
                }
                if let through = args.first(where: { $0.label == "through" })?.value.number {
                    return try values(upTo: through, including: true)
                }
                return nil
            }
            if let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base {
                let name = m.declName.baseName.text
                if name == "enumerated", let items = try iterationValues(base, in: scope) {
                    return items.enumerated().map { .tuple([(nil, .number(Double($0.offset))), (nil, $0.element)]) }
                }
                if name == "reversed", let items = try iterationValues(base, in: scope) { return items.reversed() }
            }
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1 {
            return try iterationValues(t.elements.first!.expression, in: scope)
        }
        let v = try evaluate(e, in: scope)
        if case .array(let items) = v { return items }
        return nil
    }
}
