import AnimaticCore

/// Geometry from the container, for the export of a preset: each number of the file that
/// moves with the container's size or with a numeric parameter is written as an expression
/// of `width` and `height` (`containerView.bounds`) and of the parameters, named constants
/// of the animator (`ZoomAnimator.tabBarHeight`), so the same file is right on any device.
///
/// The preset is a pure function of its parameters, so the dependence is measured, not
/// guessed: the file is written again with the width, the height and each parameter moved
/// by δ and by 2δ, and the numbers are lined up slot by slot (`SwiftNumberSlots`). A number
/// that moves linearly (the same slope over δ and 2δ) becomes `a + b·width + c·height +
/// Σ dᵢ·parameterᵢ` with slopes rounded to 1e-6; it is kept only if the expression, evaluated
/// as Swift evaluates it, gives the spec's number at the spec's size *exactly*. Anything
/// else (an aspect-fit branch, a spring's stiffness from its duration) stays a literal.
/// See docs/EXPORT.md, "Geometry from the container".
struct SwiftGeometry {
    /// One unknown of the fit: the container's width or height, or a numeric parameter.
    struct Variable {
        /// The parameter's name (`width`, `height`, `tabBarHeight`).
        let name: String
        /// How the generated code reads it.
        let code: String
        let value: Double
        let isContainer: Bool
        /// The slope of every slot over δ and over 2δ.
        var slopes: [(Double, Double)] = []
    }

    /// The expression of each slot that has one.
    let expressions: [Int: String]
    /// The variables each expression uses (`width`, `height`, parameter names).
    let names: [Int: Set<String>]
    /// The parameters some expression uses, with their values: the animator's constants
    /// (the encoder keeps those the code uses, not only a comment).
    let constants: [(name: String, value: Double)]
    /// The expressions are an inline spec's fractions of the container (`SwiftSpecFractions`),
    /// not a preset's measured lines: the file's first lines say so.
    var isSpecFractions = false

    /// The geometry of `spec`, the preset `document` (`{"preset": …, "params": …}`) at its
    /// parameters; nil when the document is not a preset with a container size, or builds
    /// another spec (`reduceMotion`). `write` writes a spec with slots and returns their values.
    static func fit(
        document: JSONValue, spec: TransitionSpec, typeName: String,
        write: (TransitionSpec) -> [Double]
    ) -> SwiftGeometry? {
        guard case .string(let name)? = document["preset"], let preset = PresetCatalog.named(name) else { return nil }
        let params = document["params"] == .null ? nil : document["params"]
        let declared = Set(preset.parameters.map(\.name))
        guard declared.contains("width"), declared.contains("height") else { return nil }
        guard case .success(let built) = preset.spec(params: params),
            SpecEncoder.encode(built) == SpecEncoder.encode(spec)
        else { return nil }
        let base = write(spec)
        guard !base.isEmpty else { return nil }

        var members = params?.objectMembers ?? []
        let size = spec.container.size
        for (key, value) in [("width", size.width), ("height", size.height)]
        where !members.contains(where: { $0.key == key }) {
            members.append((key, .number(value)))
        }
        /// The slots with `name` moved to `value`; nil when that does not build or lines up.
        func probe(_ name: String, _ value: Double) -> [Double]? {
            var moved = members
            if let i = moved.firstIndex(where: { $0.key == name }) {
                moved[i].value = .number(value)
            } else {
                moved.append((name, .number(value)))
            }
            guard case .success(let s) = preset.spec(params: .object(moved)) else { return nil }
            let values = write(s)
            return values.count == base.count ? values : nil
        }

        var variables: [Variable] = [
            Variable(name: "width", code: "width", value: size.width, isContainer: true),
            Variable(name: "height", code: "height", value: size.height, isContainer: true),
        ]
        for parameter in preset.parameters where parameter.name != "width" && parameter.name != "height" {
            guard case .number = parameter.kind else { continue }
            let value: Double
            if case .number(let v)? = members.first(where: { $0.key == parameter.name })?.value {
                value = v
            } else if case .number(let v) = parameter.defaultValue {
                value = v
            } else {
                continue
            }
            guard SwiftIdentifier.camelCase(parameter.name) == parameter.name else { continue }
            variables.append(
                Variable(
                    name: parameter.name, code: "\(typeName)Animator.\(parameter.name)", value: value,
                    isContainer: false))
        }
        var measured: [Variable] = []
        for var variable in variables {
            let step = variable.isContainer ? 1 : max(abs(variable.value), 1) / 64
            let range = bounds(of: variable.name, in: preset)
            var candidates = [step, -step]
            candidates.removeAll { d in !(range.contains(variable.value + d) && range.contains(variable.value + 37 * d))
            }
            guard let d = candidates.first, let near = probe(variable.name, variable.value + d),
                let far = probe(variable.name, variable.value + 37 * d)
            else {
                if variable.isContainer { return nil }
                continue
            }
            variable.slopes = zip(near, far).enumerated().map { i, pair in
                ((pair.0 - base[i]) / d, (pair.1 - base[i]) / (37 * d))
            }
            measured.append(variable)
        }

        // The same file must be right on an iPhone SE and an iPad: each expression is checked
        // there, and where the preset changes branch between (a card as tall as it may be, then
        // as tall as the screen allows) the slot becomes the max or min of the two lines.
        var devices: [(size: Size, values: [Double], variables: [Variable])] = []
        for device in checkedSizes where device != size {
            func probeSize(_ w: Double, _ h: Double) -> [Double]? {
                var moved = members
                for (key, value) in [("width", w), ("height", h)] {
                    if let i = moved.firstIndex(where: { $0.key == key }) { moved[i].value = .number(value) }
                }
                guard case .success(let s) = preset.spec(params: .object(moved)) else { return nil }
                let values = write(s)
                return values.count == base.count ? values : nil
            }
            guard let at = probeSize(device.width, device.height),
                let wNear = probeSize(device.width + 1, device.height),
                let wFar = probeSize(device.width + 37, device.height),
                let hNear = probeSize(device.width, device.height + 1),
                let hFar = probeSize(device.width, device.height + 37)
            else { continue }
            var w = Variable(name: "width", code: "width", value: device.width, isContainer: true)
            var h = Variable(name: "height", code: "height", value: device.height, isContainer: true)
            w.slopes = at.indices.map { ((wNear[$0] - at[$0]), (wFar[$0] - at[$0]) / 37) }
            h.slopes = at.indices.map { ((hNear[$0] - at[$0]), (hFar[$0] - at[$0]) / 37) }
            devices.append((device, at, [w, h]))
        }
        var expressions: [Int: String] = [:]
        var names: [Int: Set<String>] = [:]
        for slot in base.indices {
            guard let line = affine(slot: slot, value: base[slot], variables: measured) else { continue }
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
            let failing = devices.filter {
                !close(line.value(width: $0.size.width, height: $0.size.height), $0.values[slot])
            }
            guard let other = failing.first else {
                expressions[slot] = line.text
                names[slot] = line.names
                continue
            }
            guard let second = affine(slot: slot, value: other.values[slot], variables: other.variables, exact: false)
            else { continue }
            for (op, pick) in [("max", { (a: Double, b: Double) in max(a, b) }), ("min", { min($0, $1) })] {
                func f(_ w: Double, _ h: Double) -> Double {
                    pick(line.value(width: w, height: h), second.value(width: w, height: h))
                }
                guard f(size.width, size.height) == base[slot],
                    devices.allSatisfy({ close(f($0.size.width, $0.size.height), $0.values[slot]) })
                else { continue }
                expressions[slot] = "\(op)(\(line.text), \(second.text))"
                names[slot] = line.names.union(second.names)
                break
            }
        }
        let used = names.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        let constants = measured.filter { !$0.isContainer && used.contains($0.name) }.map { ($0.name, $0.value) }
        guard !expressions.isEmpty else { return nil }
        return SwiftGeometry(expressions: expressions, names: names, constants: constants)
    }

    /// The values a number parameter may take (the container's: any positive size).
    private static func bounds(of name: String, in preset: PresetDefinition) -> ClosedRange<Double> {
        guard let parameter = preset.parameters.first(where: { $0.name == name }),
            case let .number(lo, hi, open) = parameter.kind
        else { return 1...10_000 }
        return (open ? lo.nextUp : lo)...hi
    }

    /// A slope as it is written: a fraction n/k with k ≤ 12 (`width / 3`, `width * 2 / 3`)
    /// when it is one within 1e-9, else a decimal of 1e-6 within 1e-7 (relative); nil otherwise.
    private static func snapped(_ g: Double) -> (value: Double, numerator: Double, denominator: Double)? {
        for k in 1...12 {
            let n = (g * Double(k)).rounded()
            if abs(n / Double(k) - g) <= 1e-9 * max(1, abs(g)) { return (n / Double(k), n, Double(k)) }
        }
        let c = (g * 1e6).rounded() / 1e6
        return abs(c - g) <= 1e-7 * max(1, abs(g)) ? (c, c, 1) : nil
    }

    /// The sizes the expressions are checked at besides the spec's: an iPhone SE and a
    /// 12.9-inch iPad, portrait (docs/EXPORT.md).
    static let checkedSizes = [Size(width: 320, height: 568), Size(width: 1024, height: 1366)]

    /// One line `a + b·width + c·height + Σ dᵢ·parameterᵢ` as it is written, with its value
    /// computed in the order Swift computes the text.
    struct Affine {
        /// Each term: the variable, whether its coefficient is negative, and how it is written.
        var terms: [(variable: Variable, negative: Bool, form: Form)] = []
        var rest: Double = 0
        var text = ""
        var names: Set<String> { Set(terms.map(\.variable.name)) }

        enum Form {
            case plain
            case divided(Double)
            case multiplied(Double)
            case fraction(Double, Double)
        }

        /// The value at another container size (the parameters as they are).
        func value(width: Double, height: Double) -> Double {
            var sum = 0.0
            for (i, (v, negative, form)) in terms.enumerated() {
                let x = v.name == "width" ? width : v.name == "height" ? height : v.value
                let t: Double
                switch form {
                case .plain: t = x
                case .divided(let k): t = x / k
                case .multiplied(let m): t = x * m
                case .fraction(let m, let k): t = x * m / k
                }
                sum = i == 0 ? (negative ? -t : t) : (negative ? sum - t : sum + t)
            }
            return rest < 0 ? sum - abs(rest) : rest > 0 ? sum + rest : sum
        }
    }

    /// The line through one slot, exact at `value` for the variables' values; nil to keep
    /// the literal.
    private static func affine(slot: Int, value: Double, variables: [Variable], exact: Bool = true) -> Affine? {
        var line = Affine()
        var found: [(variable: Variable, c: Double, n: Double, k: Double)] = []
        for v in variables {
            let (near, far) = v.slopes[slot]
            let linear = abs(near - far) <= 1e-9 * max(1, abs(value), abs(near))
            guard linear, let (c, n, k) = snapped(near) else {
                if v.isContainer { return nil }  // not linear in the size: the spec's number
                continue
            }
            if c != 0 { found.append((v, c, n, k)) }
        }
        guard !found.isEmpty else { return nil }
        // Positive terms first, so the expression reads `height / 2 - width * 0.375`.
        found.sort { ($0.c > 0 ? 0 : 1) < ($1.c > 0 ? 0 : 1) }
        let number = { (x: Double) in SwiftNumberSlots.literally { SwiftLiteral.number(x) } }
        for (i, (v, c, n, k)) in found.enumerated() {
            let m = abs(n)
            let (written, form): (String, Affine.Form)
            switch (m, k) {
            case (1, 1): (written, form) = (v.code, .plain)
            case (1, _): (written, form) = ("\(v.code) / \(number(k))", .divided(k))
            case (_, 1): (written, form) = ("\(v.code) * \(number(m))", .multiplied(m))
            default: (written, form) = ("\(v.code) * \(number(m)) / \(number(k))", .fraction(m, k))
            }
            line.terms.append((v, c < 0, form))
            line.text += i == 0 ? (c < 0 ? "-" + written : written) : (c < 0 ? " - " : " + ") + written
        }
        let sizeW = variables.first { $0.name == "width" }?.value ?? 0
        let sizeH = variables.first { $0.name == "height" }?.value ?? 0
        var rest = value - line.value(width: sizeW, height: sizeH)
        rest = (rest * 1e6).rounded() / 1e6
        if rest != 0 {
            let literal = number(abs(rest))
            guard Double(literal).map({ $0 == abs(rest) }) ?? false else { return nil }
            line.text += rest < 0 ? " - " + literal : " + " + literal
            line.rest = rest
        }
        // The spec's own number at the spec's size, exactly, or the literal.
        let at = line.value(width: sizeW, height: sizeH)
        guard exact ? at == value : abs(at - value) <= 1e-9 * max(1, abs(value)) else { return nil }
        return line
    }
}

extension SwiftGeometry {
    static let widthDeclaration = "let width = containerView.bounds.width"
    static let heightDeclaration = "let height = containerView.bounds.height"

    /// `source` without the declarations of the variables in no expression of the code
    /// (`used`): the width, the height, the constants and their comment when none is left.
    func declaringOnly(_ used: Set<String>, in source: String) -> String {
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let unused = constants.map(\.name).filter { !used.contains($0) }
        let code = lines.filter { line in
            let text = line.drop(while: { $0 == " " })
            return !text.hasPrefix("//") && text != Self.widthDeclaration && text != Self.heightDeclaration
        }
        let usesWidth = code.contains { Self.mentions("width", in: $0) }
        let usesHeight = code.contains { Self.mentions("height", in: $0) }
        lines.removeAll { line in
            let code = line.drop(while: { $0 == " " })
            if code == Self.widthDeclaration { return !usesWidth }
            if code == Self.heightDeclaration { return !usesHeight }
            return unused.contains { code.hasPrefix("static let \($0): ") }
        }
        if unused.count == constants.count, let i = lines.firstIndex(where: { $0.hasSuffix(Self.constantsComment) }) {
            lines.remove(at: i)
            if i < lines.count, lines[i].isEmpty { lines.remove(at: i) }
        }
        return lines.joined(separator: "\n")
    }

    static let constantsComment =
        "The preset's parameters (docs/PRESETS.md): the code below is written from them and the container."

    /// Whether `line` reads the variable `name` (not a member `.name` or a label `name:`).
    static func mentions(_ name: String, in line: String) -> Bool {
        let scalars = Array(line.unicodeScalars), word = Array(name.unicodeScalars)
        func isIdentifier(_ s: Unicode.Scalar) -> Bool {
            s == "_" || s.properties.isAlphabetic || ("0"..."9").contains(s)
        }
        var i = 0
        while i + word.count <= scalars.count {
            if Array(scalars[i..<(i + word.count)]) == word {
                let before = i > 0 ? scalars[i - 1] : " "
                let after = i + word.count < scalars.count ? scalars[i + word.count] : " "
                if !isIdentifier(before), before != ".", !isIdentifier(after), after != ":" { return true }
            }
            i += 1
        }
        return false
    }
}
