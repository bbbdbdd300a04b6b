import AnimaticCore
import SwiftSyntax

/// Reads an interaction controller of the file: a `UIPercentDrivenInteractiveTransition`
/// subclass (its release rule, `completionSpeed`, curve) or a direct-manipulation
/// `UIViewControllerInteractiveTransitioning` that replays recorded samples. The finger's
/// path comes from the app: unless the samples are in the code, it is the import's
/// `interactionInput` (a default drag, with a problem saying so).
struct InteractionReader {
    let interpreter: Interpreter

    func read(_ classes: [ClassDeclSyntax]) -> InteractionSpec? {
        guard let c = classes.first else { return nil }
        let inherited = c.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let direct = !inherited.contains("UIPercentDrivenInteractiveTransition")
        var release = ReleaseRule()
        var speed: Double = 1
        var curve = CubicBezier.easeInEaseOut
        var samples: [ProgressSample] = []
        var releaseTime: Double?
        let scope = ImportScope(parent: interpreter.selfScope)
        final class Finder: SyntaxVisitor {
            var assignments: [(String, SequenceExprSyntax)] = []
            var ifs: [IfExprSyntax] = []
            var calls: [FunctionCallExprSyntax] = []
            var lets: [(String, ExprSyntax)] = []
            override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
                let e = Array(node.elements)
                if e.count >= 3, e[1].is(AssignmentExprSyntax.self) {
                    assignments.append((e[0].trimmedDescription, node))
                }
                return .visitChildren
            }
            override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
                ifs.append(node)
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                calls.append(node)
                return .visitChildren
            }
            override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
                if let n = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let v = node.initializer?.value
                {
                    lets.append((n, v))
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(c)
        var fromPercent = false
        for (target, sequence) in finder.assignments {
            let name = target.hasPrefix("self.") ? String(target.dropFirst(5)) : target
            guard ["completionSpeed", "completionCurve", "timingCurve"].contains(name),
                case .assignment(_, let rhs, _) = FoldedExpression.fold(sequence)
            else { continue }
            let text = String(sequence.elements.dropFirst(2).map(\.trimmedDescription).joined().filter { $0 != " " })
            if name == "completionSpeed", text == "1-percentComplete" || text == "1-self.percentComplete" {
                fromPercent = true
                continue
            }
            let v = (try? interpreter.evaluate(folded: rhs, in: scope)) ?? .unknown
            switch target {
            case "completionSpeed", "self.completionSpeed": if let n = v.number { speed = n }
            case "completionCurve", "self.completionCurve":
                if case .member(let m) = v, let t = interpreter.namedCurve(.member(m)), case .bezier(let b) = t {
                    curve = b
                }
            case "timingCurve", "self.timingCurve":
                if case .timing(.bezier(let b)) = v { curve = b }
            default: break
            }
        }
        for i in finder.ifs {
            let condition = String(i.conditions.trimmedDescription.filter { $0 != " " })
            let body = i.body.statements.trimmedDescription
            if condition.hasPrefix("percent>"), let n = Double(condition.dropFirst("percent>".count)) {
                release.threshold = n
            } else if condition.hasPrefix("abs(velocity)>"), let n = Double(condition.dropFirst("abs(velocity)>".count))
            {
                release.velocity = n
            } else if condition == "velocity<0", body.contains("cancel()") {
                release.cancelWhenMovingBack = true
            }
        }
        if let f = c.memberBlock.members.compactMap({ $0.decl.as(FunctionDeclSyntax.self) }).first(where: {
            $0.name.text == "release"
        }), let body = f.body {
            for item in body.statements {
                let t = item.trimmedDescription
                if t == "finish()" { release.decision = .finish }
                if t == "cancel()" { release.decision = .cancel }
            }
        }
        if direct {
            for (name, value) in finder.lets where name == "samples" {
                if case .array(let items)? = try? interpreter.evaluate(value, in: scope) {
                    for item in items {
                        if case .tuple(let parts) = item, parts.count == 2, let t = parts[0].value.number,
                            let p = parts[1].value.number
                        {
                            samples.append(ProgressSample(time: t, percent: p))
                        }
                    }
                }
            }
            for call in finder.calls {
                guard let m = call.calledExpression.as(MemberAccessExprSyntax.self),
                    m.declName.baseName.text == "asyncAfter",
                    let closure = call.trailingClosure
                else { continue }
                let text = closure.statements.trimmedDescription
                guard text.contains("finishInteractiveTransition") || text.contains("cancelInteractiveTransition")
                else { continue }
                if let d = call.arguments.first?.expression, let v = (try? interpreter.evaluate(d, in: scope))?.number {
                    releaseTime = v
                }
                release.decision = text.contains("finishInteractiveTransition") ? .finish : .cancel
            }
            if samples.isEmpty {
                interpreter.problem(c.name, "no recorded samples: the direct interaction is not read")
                return nil
            }
            if let releaseTime, let last = samples.last, last.time != releaseTime {
                interpreter.problem(
                    c.name, "the release at \(releaseTime) s is not the last sample's time: read at the last sample")
            }
            return InteractionSpec(
                input: .progress(samples), release: release, completionSpeed: speed, completionCurve: curve,
                drive: .direct)
        }
        interpreter.problem(
            c.name,
            "the interaction controller is read for its release rule, completionSpeed and curve; its gesture handling is your app's"
        )
        let input: InteractionInput
        if let given = interpreter.options.interactionInput {
            input = given
        } else {
            input = .progress([
                ProgressSample(time: 0, percent: 0), ProgressSample(time: 0.1, percent: 0.2),
                ProgressSample(time: 0.2, percent: 0.45), ProgressSample(time: 0.3, percent: 0.7),
            ])
        }
        interpreter.problem(
            c.name,
            "the finger's path comes from your app's gesture: \(interpreter.options.interactionInput == nil ? "a default drag to 70 % in 0.3 s" : "the given drag") is used"
        )
        var spec = InteractionSpec(
            input: input, release: release, completionSpeed: speed, completionCurve: curve, drive: .percent)
        spec.completionSpeedFromPercent = fromPercent
        return spec
    }
}
