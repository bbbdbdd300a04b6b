/// Reading the leaf values of a spec: numbers with their ranges, points, sizes, rects,
/// colours, transforms and timing curves.
extension SpecDecoder {
    /// The accepted range of a number, with the sentence that explains it.
    enum NumberRange {
        case finite, nonNegative, unit, positive(max: Double), closed(Double, Double), openClosed(Double, Double)

        func check(_ v: Double) -> String? {
            switch self {
            case .finite: return nil
            case .nonNegative: return v >= 0 ? nil : "must be ≥ 0"
            case .unit: return (0...1).contains(v) ? nil : "must be between 0 and 1"
            case .positive(let max):
                if v <= 0 { return "must be > 0" }
                return v <= max ? nil : "must be at most \(SpecDecoder.format(max))"
            case let .closed(lo, hi):
                return (lo...hi).contains(v)
                    ? nil : "must be between \(SpecDecoder.format(lo)) and \(SpecDecoder.format(hi))"
            case let .openClosed(lo, hi):
                return v > lo && v <= hi ? nil : "must be > \(SpecDecoder.format(lo)) and ≤ \(SpecDecoder.format(hi))"
            }
        }
    }

    static func format(_ v: Double) -> String {
        var w = JSONWriter(fractionDigits: 6)
        w.number(v)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Checks that `json` is an object with only `allowed` members; reports each other one.
    mutating func object(_ json: JSONValue, at pointer: String, allowed: Set<String>) -> [(
        key: String, value: JSONValue
    )]? {
        guard let members = json.objectMembers else {
            problem(pointer, "expected an object, got \(json.kindName)")
            return nil
        }
        for m in members where !allowed.contains(m.key) {
            let known = allowed.filter { !$0.hasPrefix("$") }.sorted().joined(separator: ", ")
            problem(JSONPointer.appending(pointer, m.key), "unknown member \"\(m.key)\" (known: \(known))")
        }
        return members
    }

    mutating func array(_ json: JSONValue, at pointer: String) -> [JSONValue]? {
        guard let items = json.arrayValue else {
            problem(pointer, "expected an array, got \(json.kindName)")
            return nil
        }
        return items
    }

    mutating func number(_ json: JSONValue, at pointer: String, range: NumberRange) -> Double? {
        guard let v = json.numberValue else {
            problem(pointer, "expected a number, got \(json.kindName)")
            return nil
        }
        if let message = range.check(v) {
            problem(pointer, message)
            return nil
        }
        return v
    }

    mutating func integer(_ json: JSONValue, at pointer: String, range: ClosedRange<Int>) -> Int? {
        guard let v = json.numberValue else {
            problem(pointer, "expected an integer, got \(json.kindName)")
            return nil
        }
        guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
            problem(pointer, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return Int(v)
    }

    mutating func string(_ json: JSONValue, at pointer: String) -> String? {
        guard let s = json.stringValue else {
            problem(pointer, "expected a string, got \(json.kindName)")
            return nil
        }
        if s.utf8.count > limits.maxStringLength {
            problem(pointer, "is longer than \(limits.maxStringLength) bytes")
            return nil
        }
        return s
    }

    mutating func bool(_ json: JSONValue, at pointer: String) -> Bool? {
        guard let b = json.boolValue else {
            problem(pointer, "expected true or false, got \(json.kindName)")
            return nil
        }
        return b
    }

    /// A fixed-length array of numbers, each checked against `range`.
    mutating func numbers(
        _ json: JSONValue, at pointer: String, count: ClosedRange<Int>, what: String,
        range: NumberRange = .finite
    ) -> [Double]? {
        guard let items = json.arrayValue, count.contains(items.count) else {
            problem(pointer, "expected \(what)")
            return nil
        }
        var values: [Double] = []
        var ok = true
        for (i, item) in items.enumerated() {
            if let v = number(item, at: JSONPointer.appending(pointer, i), range: range) {
                values.append(v)
            } else {
                ok = false
            }
        }
        return ok ? values : nil
    }

    mutating func point(_ json: JSONValue, at pointer: String, range: NumberRange) -> Point? {
        guard let v = numbers(json, at: pointer, count: 2...2, what: "a point [x, y]", range: range) else { return nil }
        return Point(x: v[0], y: v[1])
    }

    /// `[w, h]`, or for `bounds` also `[0, 0, w, h]`.
    mutating func size(_ json: JSONValue, at pointer: String) -> Size? {
        guard let v = numbers(json, at: pointer, count: 2...4, what: "a size [width, height]", range: .nonNegative)
        else { return nil }
        switch v.count {
        case 2: return Size(width: v[0], height: v[1])
        case 4 where v[0] == 0 && v[1] == 0: return Size(width: v[2], height: v[3])
        case 4:
            problem(pointer, "a bounds origin other than 0, 0 is not supported; give [0, 0, width, height]")
            return nil
        default:
            problem(pointer, "expected a size [width, height]")
            return nil
        }
    }

    /// `[x, y, width, height]` with a non-negative size.
    mutating func rect(_ json: JSONValue, at pointer: String) -> Rect? {
        guard let v = numbers(json, at: pointer, count: 4...4, what: "a rectangle [x, y, width, height]") else {
            return nil
        }
        var ok = true
        if v[2] < 0 { problem(JSONPointer.appending(pointer, 2), "width must be ≥ 0"); ok = false }
        if v[3] < 0 { problem(JSONPointer.appending(pointer, 3), "height must be ≥ 0"); ok = false }
        return ok ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : nil
    }

    mutating func color(_ json: JSONValue, at pointer: String) -> Color? {
        guard let s = json.stringValue else {
            problem(pointer, "expected a colour such as \"#34c759\", got \(json.kindName)")
            return nil
        }
        guard let c = Color(hex: s) else {
            problem(pointer, "\"\(s)\" is not a colour: write #rgb, #rrggbb or #rrggbbaa")
            return nil
        }
        return c
    }

    // MARK: Transforms

    mutating func transform(_ json: JSONValue, at pointer: String) -> TransformSpec? {
        if json.objectMembers != nil {
            guard object(json, at: pointer, allowed: ["matrix"]) != nil, let m = json["matrix"] else {
                if json["matrix"] == nil {
                    problem(pointer, "a transform is a list of operations or {\"matrix\": [16 numbers]}")
                }
                return nil
            }
            return matrix(m, at: JSONPointer.appending(pointer, "matrix")).map { .matrix($0) }
        }
        guard let items = array(json, at: pointer) else { return nil }
        if items.count > 32 {
            problem(pointer, "more than 32 transform operations")
            return nil
        }
        var ops: [TransformOperation] = []
        var ok = true
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            if let op = transformOperations(item, at: p) { ops.append(contentsOf: op) } else { ok = false }
        }
        return ok ? .operations(ops) : nil
    }

    static let operationNames = ["translate", "scale", "rotate", "rotateX", "rotateY", "rotateZ", "rotate3d", "matrix"]

    /// One operation object, e.g. `{"rotateY": -90}`. A `matrix` operation becomes the
    /// matrix's own decomposition-free form: it is kept as a raw matrix step.
    mutating func transformOperations(_ json: JSONValue, at pointer: String) -> [TransformOperation]? {
        guard let members = json.objectMembers, members.count == 1,
            let (name, value) = members.first.map({ ($0.key, $0.value) })
        else {
            problem(
                pointer,
                "a transform operation is an object with one member: \(Self.operationNames.joined(separator: ", "))")
            return nil
        }
        let p = JSONPointer.appending(pointer, name)
        switch name {
        case "translate":
            guard let v = numbers(value, at: p, count: 2...3, what: "[x, y] or [x, y, z] in points") else { return nil }
            return [.translate(x: v[0], y: v[1], z: v.count == 3 ? v[2] : 0)]
        case "scale":
            if let s = value.numberValue {
                return [.scale(x: s, y: s, z: 1)]
            }
            guard let v = numbers(value, at: p, count: 2...3, what: "a number or [sx, sy] or [sx, sy, sz]") else {
                return nil
            }
            return [.scale(x: v[0], y: v[1], z: v.count == 3 ? v[2] : 1)]
        case "rotate", "rotateZ":
            return number(value, at: p, range: .finite).map { [.rotate(degrees: $0, axis: (0, 0, 1))] }
        case "rotateX":
            return number(value, at: p, range: .finite).map { [.rotate(degrees: $0, axis: (1, 0, 0))] }
        case "rotateY":
            return number(value, at: p, range: .finite).map { [.rotate(degrees: $0, axis: (0, 1, 0))] }
        case "rotate3d":
            guard object(value, at: p, allowed: ["angle", "axis"]) != nil else { return nil }
            guard let a = value["angle"], let ax = value["axis"] else {
                problem(p, "rotate3d needs \"angle\" (degrees) and \"axis\" [x, y, z]")
                return nil
            }
            let angle = number(a, at: JSONPointer.appending(p, "angle"), range: .finite)
            let axis = numbers(ax, at: JSONPointer.appending(p, "axis"), count: 3...3, what: "an axis [x, y, z]")
            guard let angle, let axis else { return nil }
            if axis.allSatisfy({ $0 == 0 }) {
                problem(JSONPointer.appending(p, "axis"), "the axis must not be [0, 0, 0]")
                return nil
            }
            return [.rotate(degrees: angle, axis: (axis[0], axis[1], axis[2]))]
        case "matrix":
            problem(p, "a matrix is a whole transform: write \"transform\": {\"matrix\": [16 numbers]}")
            return nil
        default:
            problem(
                p, "unknown transform operation \"\(name)\" (known: \(Self.operationNames.joined(separator: ", ")))")
            return nil
        }
    }

    mutating func matrix(_ json: JSONValue, at pointer: String) -> Transform3D? {
        guard let v = numbers(json, at: pointer, count: 16...16, what: "16 numbers in CATransform3D order (m11 … m44)")
        else { return nil }
        let m = Transform3D(v)
        if m.m44 == 0 && m.m14 == 0 && m.m24 == 0 && m.m34 == 0 {
            problem(pointer, "the matrix maps every point to infinity (its last column is 0)")
            return nil
        }
        return m
    }

    // MARK: Timing

    static let curveNames: [String: CubicBezier] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInEaseOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    /// SwiftUI's named springs and their base bounce, from Apple's documentation of
    /// `Animation.smooth(duration:extraBounce:)` ("the base bounce of 0"),
    /// `snappy(duration:extraBounce:)` (0.15) and `bouncy(duration:extraBounce:)` (0.3); the
    /// duration defaults to 0.5 s in all three. docs/TIMING.md, "SwiftUI springs".
    static let swiftUISprings: [String: Double] = ["smooth": 0, "snappy": 0.15, "bouncy": 0.3]

    /// `.smooth`, `.snappy`, `.bouncy`, or with `{"duration": d, "extraBounce": e}`: the
    /// perceptual spring of duration d and bounce base + e.
    mutating func swiftUISpring(_ name: String, _ json: JSONValue?, at pointer: String) -> TimingSpec? {
        let base = Self.swiftUISprings[name] ?? 0
        guard let json else { return .springPerceptual(duration: 0.5, bounce: base, initialVelocity: 0) }
        guard object(json, at: pointer, allowed: ["duration", "extraBounce", "initialVelocity"]) != nil else {
            return nil
        }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        let duration =
            json["duration"].map { number($0, at: at("duration"), range: .positive(max: limits.maxDuration)) } ?? 0.5
        let extra = json["extraBounce"].map { number($0, at: at("extraBounce"), range: .closed(-2, 2)) } ?? 0
        let velocity =
            json["initialVelocity"].flatMap { number($0, at: at("initialVelocity"), range: .closed(-1000, 1000)) } ?? 0
        guard let duration, let extra else { return nil }
        let bounce = ((base + extra) * 1e12).rounded() / 1e12
        guard (-0.99...0.99).contains(bounce) else {
            problem(
                at("extraBounce"),
                "\(name)'s base bounce \(Self.format(base)) + extraBounce gives \(Self.format(bounce)), outside −0.99…0.99"
            )
            return nil
        }
        return .springPerceptual(duration: duration, bounce: bounce, initialVelocity: velocity)
    }

    mutating func timing(_ json: JSONValue, at pointer: String) -> TimingSpec? {
        if let name = json.stringValue {
            if Self.swiftUISprings[name] != nil { return swiftUISpring(name, nil, at: pointer) }
            guard let curve = Self.curveNames[name] else {
                problem(
                    pointer,
                    "unknown curve \"\(name)\" (known: linear, easeIn, easeOut, easeInOut, default, SwiftUI's smooth, snappy, bouncy; or {\"cubicBezier\": […]}, {\"spring\": {…}}, {\"steps\": n})"
                )
                return nil
            }
            return .bezier(curve)
        }
        guard let members = json.objectMembers, members.count == 1, let member = members.first else {
            problem(
                pointer,
                "a timing is a curve name, {\"cubicBezier\": [x1, y1, x2, y2]}, {\"spring\": {…}} or {\"steps\": n}")
            return nil
        }
        let p = JSONPointer.appending(pointer, member.key)
        switch member.key {
        case "cubicBezier":
            return cubicBezier(member.value, at: p).map { .bezier($0) }
        case "steps":
            return integer(member.value, at: p, range: 1...1000).map { .steps($0) }
        case "spring":
            return spring(member.value, at: p)
        case "smooth", "snappy", "bouncy":
            return swiftUISpring(member.key, member.value, at: p)
        default:
            problem(p, "unknown timing \"\(member.key)\" (known: cubicBezier, spring, steps, smooth, snappy, bouncy)")
            return nil
        }
    }

    mutating func cubicBezier(_ json: JSONValue, at pointer: String) -> CubicBezier? {
        guard let v = numbers(json, at: pointer, count: 4...4, what: "[x1, y1, x2, y2]") else { return nil }
        var ok = true
        for i in [0, 2] where !(0...1).contains(v[i]) {
            problem(JSONPointer.appending(pointer, i), "x of a control point must be between 0 and 1")
            ok = false
        }
        for i in [1, 3] where abs(v[i]) > 100 {
            problem(JSONPointer.appending(pointer, i), "y of a control point must be between -100 and 100")
            ok = false
        }
        return ok ? CubicBezier(v[0], v[1], v[2], v[3]) : nil
    }

    /// The three spring forms, told apart by their members.
    mutating func spring(_ json: JSONValue, at pointer: String) -> TimingSpec? {
        guard json.objectMembers != nil else {
            problem(pointer, "expected an object, got \(json.kindName)")
            return nil
        }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        let velocity =
            json["initialVelocity"].flatMap { number($0, at: at("initialVelocity"), range: .closed(-1000, 1000)) } ?? 0
        if json["response"] != nil || json["dampingFraction"] != nil {
            // SwiftUI's Animation.spring(response:dampingFraction:) and Spring(response:dampingRatio:):
            // the response is the perceptual duration 2π/ω0 and the damping fraction ζ, so it is
            // the duration/bounce spring with bounce 1 − ζ (ζ ≤ 1) or 1/ζ − 1 (docs/TIMING.md).
            guard
                object(json, at: pointer, allowed: ["response", "dampingFraction", "dampingRatio", "initialVelocity"])
                    != nil
            else { return nil }
            if json["dampingFraction"] != nil, json["dampingRatio"] != nil {
                problem(at("dampingRatio"), "give \"dampingFraction\" or \"dampingRatio\", not both")
                return nil
            }
            let key = json["dampingRatio"] != nil ? "dampingRatio" : "dampingFraction"
            let response =
                json["response"].map { number($0, at: at("response"), range: .positive(max: limits.maxDuration)) }
                ?? 0.5
            // SwiftUI's defaults: Animation.spring(response: 0.5, dampingFraction: 0.825).
            let zeta = json[key].map { number($0, at: at(key), range: .closed(0.01, 100)) } ?? 0.825
            guard let response, let zeta else { return nil }
            let bounce = ((zeta <= 1 ? 1 - zeta : 1 / zeta - 1) * 1e12).rounded() / 1e12
            guard (-0.99...0.99).contains(bounce) else {
                problem(at(key), "must give a bounce within −0.99…0.99 (a damping fraction from 0.01 to 100)")
                return nil
            }
            return .springPerceptual(duration: response, bounce: bounce, initialVelocity: velocity)
        }
        if json["dampingRatio"] != nil {
            guard object(json, at: pointer, allowed: ["dampingRatio", "initialVelocity"]) != nil else { return nil }
            guard let ratio = number(json["dampingRatio"]!, at: at("dampingRatio"), range: .positive(max: .infinity))
            else { return nil }
            if ratio > 1 {
                problem(
                    at("dampingRatio"),
                    "must be ≤ 1: UIKit clamps usingSpringWithDamping to 1; for an overdamped spring give mass, stiffness and damping"
                )
                return nil
            }
            return .springDamping(ratio: ratio, initialVelocity: velocity)
        }
        if json["stiffness"] != nil || json["mass"] != nil || json["damping"] != nil {
            guard object(json, at: pointer, allowed: ["mass", "stiffness", "damping", "initialVelocity"]) != nil else {
                return nil
            }
            let mass = json["mass"].map { number($0, at: at("mass"), range: .positive(max: 1e4)) } ?? 1
            guard let s = json["stiffness"], let d = json["damping"] else {
                problem(
                    pointer,
                    "a physical spring needs \"stiffness\" and \"damping\" (and optionally \"mass\", default 1)")
                return nil
            }
            let stiffness = number(s, at: at("stiffness"), range: .positive(max: 1e6))
            let damping = number(d, at: at("damping"), range: .positive(max: 1e6))
            guard let mass, let stiffness, let damping else { return nil }
            let parameters = SpringParameters(
                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
            let settling = parameters.settlingDuration
            if !(settling <= limits.maxDuration) {
                problem(
                    pointer,
                    "this spring takes \(Self.format(settling)) s to settle, past the limit of \(Self.format(limits.maxDuration)) s"
                )
                return nil
            }
            return .springPhysical(parameters)
        }
        if json["bounce"] != nil || json["duration"] != nil {
            guard object(json, at: pointer, allowed: ["duration", "bounce", "initialVelocity"]) != nil else {
                return nil
            }
            let duration =
                json["duration"].map { number($0, at: at("duration"), range: .positive(max: limits.maxDuration)) }
                ?? 0.5
            let bounce = json["bounce"].map { number($0, at: at("bounce"), range: .closed(-0.99, 0.99)) } ?? 0
            guard let duration, let bounce else { return nil }
            return .springPerceptual(duration: duration, bounce: bounce, initialVelocity: velocity)
        }
        problem(
            pointer,
            "a spring is {dampingRatio, initialVelocity}, {mass, stiffness, damping, initialVelocity} or {duration, bounce}"
        )
        return nil
    }
}
