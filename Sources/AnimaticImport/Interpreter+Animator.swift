import AnimaticCore
import SwiftSyntax

extension Interpreter {
    /// Finds the animator class, reads its properties, runs `animateTransition`, then the
    /// completions in time order, and assembles the spec.
    func runAnimator(_ tree: SourceFileSyntax) throws -> TransitionSpec? {
        // The animator: the type whose class or extension declares animateTransition.
        func declaresAnimate(_ block: MemberBlockSyntax) -> Bool {
            block.members.contains { $0.decl.as(FunctionDeclSyntax.self)?.name.text == "animateTransition" }
        }
        var animatorName: String?
        for item in tree.statements {
            guard case .decl(let decl) = item.item else { continue }
            if let c = decl.as(ClassDeclSyntax.self), declaresAnimate(c.memberBlock), animatorName == nil {
                animatorName = c.name.text
            } else if let e = decl.as(ExtensionDeclSyntax.self), declaresAnimate(e.memberBlock), animatorName == nil {
                animatorName = e.extendedType.trimmedDescription
            }
        }
        guard let animatorName else {
            problems.append(
                ImportProblem(
                    line: 1, column: 1,
                    message:
                        "no animator: no class or extension declares animateTransition(using:) (UIViewControllerAnimatedTransitioning)"
                ))
            return nil
        }
        var interactionClasses: [ClassDeclSyntax] = []
        var memberBlocks: [MemberBlockSyntax] = []
        for item in tree.statements {
            guard case .decl(let decl) = item.item else { continue }
            if let c = decl.as(ClassDeclSyntax.self), c.name.text == animatorName {
                memberBlocks.append(c.memberBlock)
            } else if let e = decl.as(ExtensionDeclSyntax.self), e.extendedType.trimmedDescription == animatorName {
                memberBlocks.append(e.memberBlock)
            } else {
                collectDeclaration(decl, interactions: &interactionClasses)
            }
        }
        self.animatorName = animatorName
        for block in memberBlocks {
            for member in block.members { try declareMember(member.decl) }
        }
        guard let animate = methods["animateTransition"] else { return nil }
        if let d = methods["transitionDuration"] {
            if case .number(let n) = try invoke(
                ImportFunction(syntax: d, scope: nil),
                [ImportArgument(label: "using", value: .context, syntax: Syntax(d))],
                at: d)
            {
                transitionDuration = n
            }
        }
        _ = try invoke(
            ImportFunction(syntax: animate, scope: nil),
            [ImportArgument(label: "using", value: .context, syntax: Syntax(animate))], at: animate)
        try runPending()
        let interaction = InteractionReader(interpreter: self).read(interactionClasses)
        return assemble(interaction: interaction, at: animate)
    }

    func collectDeclaration(_ decl: DeclSyntax, interactions: inout [ClassDeclSyntax]) {
        if let c = decl.as(ClassDeclSyntax.self) {
            let inherited = c.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            if inherited.contains(where: { $0.contains("Interactive") }) {
                interactions.append(c)
            } else if inherited.contains(where: {
                $0.hasPrefix("UI") && $0.hasSuffix("View") || $0 == "CALayer" || $0 == "CAGradientLayer"
            }) {
                viewClasses[c.name.text] = c.description.contains("CAGradientLayer")
            } else {
                collectStatics(c.name.text, c.memberBlock)
            }
        } else if let s = decl.as(StructDeclSyntax.self) {
            collectStatics(s.name.text, s.memberBlock)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            collectStatics(e.name.text, e.memberBlock)
        } else if let e = decl.as(ExtensionDeclSyntax.self) {
            collectStatics(e.extendedType.trimmedDescription, e.memberBlock)
        } else if let f = decl.as(FunctionDeclSyntax.self) {
            fileFunctions[f.name.text] = f
        } else if let v = decl.as(VariableDeclSyntax.self) {
            // File-level constants (the export's named parameters may live here).
            for b in v.bindings {
                if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let e = b.initializer?.value,
                    let value = try? evaluate(e, in: selfScope)
                {
                    selfScope.declare(name, value)
                }
            }
        }
    }

    func collectStatics(_ type: String, _ block: MemberBlockSyntax) {
        for member in block.members {
            if let f = member.decl.as(FunctionDeclSyntax.self) { typeFunctions["\(type).\(f.name.text)"] = f }
            if let v = member.decl.as(VariableDeclSyntax.self),
                v.modifiers.contains(where: { $0.name.text == "static" })
            {
                for b in v.bindings {
                    if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let e = b.initializer?.value, let value = try? evaluate(e, in: selfScope)
                    {
                        typeConstants["\(type).\(name)"] = value
                    }
                }
            }
        }
    }

    /// A stored property or method of the animator class.
    func declareMember(_ decl: DeclSyntax) throws {
        if let f = decl.as(FunctionDeclSyntax.self) {
            methods[f.name.text] = f
            return
        }
        guard let v = decl.as(VariableDeclSyntax.self) else { return }
        let isLet = v.bindingSpecifier.text == "let"
        // `static let duration: TimeInterval = 0.5`: a constant of the type, read as
        // `Animator.duration` (the export's named parameters).
        if v.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let e = b.initializer?.value
                else { continue }
                let value = try evaluate(e, in: selfScope)
                typeConstants["\(animatorName ?? "").\(name)"] = value
                selfScope.declare(name, value)
            }
            return
        }
        for b in v.bindings {
            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, b.accessorBlock == nil else {
                continue
            }
            let type = b.typeAnnotation?.type.trimmedDescription ?? ""
            let lower = name.lowercased()
            if !isLet,
                lower.contains("presenting") || lower == "reverse" || lower == "isreverse" || lower == "isdismissing"
            {
                readsOperation = true
                let presenting = options.presenting
                selfScope.declare(name, .bool(lower.contains("presenting") ? presenting : !presenting))
                problem(
                    b,
                    "\(name) chooses the operation: read as \(presenting ? "present" : "dismiss") (the other is the import's \"operation\" option)"
                )
                continue
            }
            if type.contains("Delegate") {
                selfScope.declare(name, .delegate(name))
                continue
            }
            if let e = b.initializer?.value {
                let value = try evaluate(e, in: selfScope)
                if isLet {
                    selfScope.declare(name, value)
                    continue
                }
                selfScope.declare(name, appParameter(name, value, at: b))
                continue
            }
            if type.hasSuffix("?") || type.hasSuffix("!") {
                selfScope.declare(name, .none)
                continue
            }
            if type.contains("View") {
                let i = try makeView(id: name, role: .appView, at: b)
                appViewNodes[i] = Syntax(b)
                selfScope.declare(name, .view(i))
                continue
            }
            if type.contains("PropertyAnimator") || type.contains("Animator") {
                selfScope.declare(name, .none)
                continue
            }
            switch type {
            case "CGRect":
                selfScope.declare(name, appParameter(name, .rect(Rect(x: 0, y: 0, width: 0, height: 0)), at: b))
            case "CGFloat", "Double", "TimeInterval": selfScope.declare(name, appParameter(name, .number(0), at: b))
            case "Bool": selfScope.declare(name, appParameter(name, .bool(false), at: b))
            default:
                problem(b, "the animator's property \(name) (\(type)) is set by your app and not read")
                selfScope.declare(name, .unknown)
            }
        }
    }

    /// A `var` of the animator the app sets (004's `originFrame`): a parameter with the declared default.
    func appParameter(_ name: String, _ value: ImportValue, at node: some SyntaxProtocol) -> ImportValue {
        let fallback: ImportParameterValue?
        switch value {
        case .number(let n): fallback = .number(n)
        case .bool(let b): fallback = .bool(b)
        case .rect(let r): fallback = .rect(r)
        case .size(let s): fallback = .size(s)
        case .point(let p): fallback = .point(p)
        default: fallback = nil
        }
        guard let fallback else { return value }
        return parameter(
            name, at: node, default: fallback, meaning: "the animator's property \(name)")
    }

    /// Runs completions and timers in time order: those at the end of everything are the
    /// spec's completion; earlier ones run at their time.
    func runPending() throws {
        let completion = ChangeSink(.completion)
        completionSink = completion
        while let p = recorder.next() {
            try step(p.closure.syntax)
            let animationsBefore = recorder.animations.count
            let s = ChangeSink(.completion)
            let saved = sink
            sink = s
            now = p.time
            _ = try invoke(p.closure, p.arguments, at: p.closure.syntax)
            sink = saved
            let isFinal = p.time >= recorder.end - 1e-9 && recorder.animations.count == animationsBefore
            if isFinal {
                completion.changes += s.changes
                completion.finished += s.finished
                completion.cancelled += s.cancelled
            } else {
                for change in s.changes {
                    recorder.instants.append((p.time, [change], Syntax(p.closure.syntax)))
                }
                if !s.finished.isEmpty || !s.cancelled.isEmpty {
                    problem(p.closure.syntax, "a transitionWasCancelled branch before the transition's end is not read")
                }
            }
        }
        now = 0
    }
}
