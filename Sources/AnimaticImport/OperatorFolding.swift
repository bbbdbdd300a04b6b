import SwiftSyntax

/// A binary expression tree folded from the parser's flat `SequenceExprSyntax` with Swift's
/// standard precedence groups (the module depends on SwiftParser only, not SwiftOperators,
/// to keep the build short; animators use only the standard operators).
indirect enum FoldedExpression {
    case leaf(ExprSyntax)
    case binary(op: String, lhs: FoldedExpression, rhs: FoldedExpression, at: Syntax)
    case assignment(lhs: FoldedExpression, rhs: FoldedExpression, at: Syntax)
    case ternary(condition: FoldedExpression, then: ExprSyntax, otherwise: FoldedExpression, at: Syntax)
    /// `as`, `as?`, `as!`, `is`: the value passes through (`is` is unsupported and reported).
    case cast(FoldedExpression, isTest: Bool, at: Syntax)

    /// Swift's standard precedence (higher binds tighter), and whether right-associative.
    static func precedence(_ op: String) -> (Int, Bool) {
        switch op {
        case "<<", ">>": return (11, false)
        case "*", "/", "%", "&*", "&": return (10, false)
        case "+", "-", "&+", "&-", "|", "^": return (9, false)
        case "..<", "...": return (8, false)
        case "??": return (6, true)
        case "==", "!=", "<", ">", "<=", ">=", "===", "!==", "~=": return (5, false)
        case "&&": return (4, false)
        case "||": return (3, false)
        default: return (9, false)
        }
    }

    private enum Element {
        case operand(FoldedExpression)
        case binaryOp(String, Syntax)
        case assign(Syntax)
        case ternary(ExprSyntax, Syntax)
        case cast(Bool, Syntax)
    }

    static func fold(_ sequence: SequenceExprSyntax) -> FoldedExpression {
        var elements: [Element] = []
        var pendingCast: (Bool, Syntax)? = nil
        for e in sequence.elements {
            if let op = e.as(BinaryOperatorExprSyntax.self) {
                elements.append(.binaryOp(op.operator.text, Syntax(op)))
            } else if e.is(AssignmentExprSyntax.self) {
                elements.append(.assign(Syntax(e)))
            } else if let t = e.as(UnresolvedTernaryExprSyntax.self) {
                elements.append(.ternary(t.thenExpression, Syntax(t)))
            } else if e.is(UnresolvedAsExprSyntax.self) {
                pendingCast = (false, Syntax(e))
            } else if e.is(UnresolvedIsExprSyntax.self) {
                pendingCast = (true, Syntax(e))
            } else if let c = pendingCast, e.is(TypeExprSyntax.self) {
                elements.append(.cast(c.0, c.1))
                pendingCast = nil
            } else {
                elements.append(.operand(.leaf(e)))
            }
        }
        // Precedence climbing over operand (op operand)*; casts are postfix at precedence 7.
        var index = 0
        func parse(_ minPrecedence: Int) -> FoldedExpression {
            guard index < elements.count, case .operand(var lhs) = elements[index] else {
                return .leaf(ExprSyntax(sequence))
            }
            index += 1
            while index < elements.count {
                switch elements[index] {
                case .cast(let isTest, let at):
                    guard 7 >= minPrecedence else { return lhs }
                    index += 1
                    lhs = .cast(lhs, isTest: isTest, at: at)
                case .binaryOp(let op, let at):
                    let (p, right) = precedence(op)
                    guard p >= minPrecedence else { return lhs }
                    index += 1
                    let rhs = parse(right ? p : p + 1)
                    lhs = .binary(op: op, lhs: lhs, rhs: rhs, at: at)
                case .ternary(let then, let at):
                    guard 2 >= minPrecedence else { return lhs }
                    index += 1
                    let otherwise = parse(2)
                    lhs = .ternary(condition: lhs, then: then, otherwise: otherwise, at: at)
                case .assign(let at):
                    guard 1 >= minPrecedence else { return lhs }
                    index += 1
                    let rhs = parse(1)
                    lhs = .assignment(lhs: lhs, rhs: rhs, at: at)
                case .operand:
                    return lhs
                }
            }
            return lhs
        }
        return parse(0)
    }
}
