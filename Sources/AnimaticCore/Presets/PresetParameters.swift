/// The parameters given to one preset, checked against its declarations: unknown names,
/// wrong kinds and out-of-range values are problems at `/params/<name>` (nothing is
/// clamped). Reads give the value given or the declared default. A preset adds its own
/// cross-parameter problems (`from == to`, a thumbnail outside the container) with
/// `problem(_:_:)`.
public struct PresetParameters: Sendable {
    public let declarations: [PresetParameter]
    /// JSON pointer of the `params` object in the document (`/params` at the top level).
    public let pointer: String
    var given: [String: JSONValue] = [:]
    var checked: [String: CheckedValue] = [:]
    public private(set) var problems: [SpecProblem] = []
    let limits: SpecLimits
    /// The images `.image` parameters may name (resolved by the caller).
    public let images: ImageLibrary

    enum CheckedValue: Sendable {
        case number(Double), integer(Int), bool(Bool), word(String), rect(Rect)
        case progress([ProgressSample]), gesture([GestureSample]), scale([ProgressSample])
        case image(ImageSource)
    }

    public init(
        _ json: JSONValue?, declarations: [PresetParameter], pointer: String = "/params",
        limits: SpecLimits = .standard, images: ImageLibrary = .empty
    ) {
        self.declarations = declarations
        self.pointer = pointer
        self.limits = limits
        self.images = images
        guard let json, json != .null else { return }
        guard let members = json.objectMembers else {
            problems.append(
                SpecProblem(pointer: pointer, message: "expected an object {name: value}, got \(json.kindName)"))
            return
        }
        var decoder = SpecDecoder(limits: limits)
        for (name, value) in members {
            let p = JSONPointer.appending(pointer, name)
            guard let declaration = declarations.first(where: { $0.name == name }) else {
                let known = declarations.map(\.name).joined(separator: ", ")
                decoder.problem(p, "unknown parameter \"\(name)\" (known: \(known))")
                continue
            }
            if given[name] != nil {
                decoder.problem(p, "given twice")
                continue
            }
            given[name] = value
            if let v = Self.check(value, as: declaration.kind, at: p, decoder: &decoder, images: images) {
                checked[name] = v
            }
        }
        problems = decoder.problems
    }

    static func check(
        _ value: JSONValue, as kind: PresetParameter.Kind, at p: String,
        decoder d: inout SpecDecoder, images: ImageLibrary = .empty
    ) -> CheckedValue? {
        switch kind {
        case .image:
            guard let s = value.stringValue else {
                d.problem(p, "expected a string, got \(value.kindName)")
                return nil
            }
            let source: ImageSource
            switch ImageSource.parse(s) {
            case .success(let parsed): source = parsed
            case .failure(let e):
                d.problem(p, e.message)
                return nil
            }
            guard images[source] != nil else {
                if let reason = images.failures[source.key] {
                    d.problem(p, reason)
                } else if case .asset(let id) = source {
                    d.problem(p, "unknown asset \"\(id)\" (upload it with POST /v1/assets)")
                } else {
                    d.problem(p, "the data URI was not resolved to an image")
                }
                return nil
            }
            return .image(source)
        case let .number(lo, hi, open):
            let range: SpecDecoder.NumberRange = open ? .openClosed(lo, hi) : .closed(lo, hi)
            return d.number(value, at: p, range: range).map { .number($0) }
        case let .integer(lo, hi):
            return d.integer(value, at: p, range: lo...hi).map { .integer($0) }
        case .bool:
            return d.bool(value, at: p).map { .bool($0) }
        case .choice(let words):
            guard let s = d.string(value, at: p) else { return nil }
            guard words.contains(s) else {
                d.problem(p, "must be one of \(words.map { "\"\($0)\"" }.joined(separator: ", "))")
                return nil
            }
            return .word(s)
        case .rect:
            guard let r = d.rect(value, at: p) else { return nil }
            if r.width <= 0 || r.height <= 0 {
                d.problem(p, "width and height must be > 0")
                return nil
            }
            return .rect(r)
        case .progressSamples:
            return d.progressSamples(value, at: p).map { .progress($0) }
        case .gestureSamples:
            return d.gestureSamples(value, at: p).map { .gesture($0) }
        case .scaleSamples:
            guard let rows = d.samples(value, at: p, width: 2, shape: "[t, scale]") else { return nil }
            if let bad = rows.firstIndex(where: { !($0[1] > 0) }) {
                d.problem(JSONPointer.appending(JSONPointer.appending(p, bad), 1), "a pinch scale must be > 0")
                return nil
            }
            return .scale(rows.map { ProgressSample(time: $0[0], percent: $0[1]) })
        }
    }

    public var isValid: Bool { problems.isEmpty }

    /// Whether the document gave `name` (else the default applies).
    public func isGiven(_ name: String) -> Bool { given[name] != nil }

    /// JSON pointer of parameter `name`.
    public func pointer(_ name: String) -> String { JSONPointer.appending(pointer, name) }

    /// Adds a problem about parameter `name` (or the whole `params` object for "").
    public mutating func problem(_ name: String, _ message: String) {
        problems.append(SpecProblem(pointer: name.isEmpty ? pointer : pointer(name), message: message))
    }

    private func declared(_ name: String) -> PresetParameter {
        guard let d = declarations.first(where: { $0.name == name }) else {
            preconditionFailure("preset reads undeclared parameter \(name)")
        }
        return d
    }

    /// The image parameter `name` with its picture, when given.
    public func image(_ name: String) -> (source: ImageSource, image: ImageLibrary.Image)? {
        guard case .image(let source)? = checked[name], let image = images[source] else { return nil }
        return (source, image)
    }

    public func number(_ name: String) -> Double {
        if case .number(let v)? = checked[name] { return v }
        return declared(name).defaultValue.numberValue ?? 0
    }

    /// A number, or nil when it is not given and has no fixed default.
    public func optionalNumber(_ name: String) -> Double? {
        if case .number(let v)? = checked[name] { return v }
        return declared(name).defaultValue.numberValue
    }

    public func integer(_ name: String) -> Int {
        if case .integer(let v)? = checked[name] { return v }
        return Int(declared(name).defaultValue.numberValue ?? 0)
    }

    public func optionalInteger(_ name: String) -> Int? {
        if case .integer(let v)? = checked[name] { return v }
        return declared(name).defaultValue.numberValue.map { Int($0) }
    }

    public func bool(_ name: String) -> Bool {
        if case .bool(let v)? = checked[name] { return v }
        return declared(name).defaultValue.boolValue ?? false
    }

    public func word(_ name: String) -> String {
        if case .word(let v)? = checked[name] { return v }
        return declared(name).defaultValue.stringValue ?? ""
    }

    public func rect(_ name: String) -> Rect? {
        if case .rect(let r)? = checked[name] { return r }
        guard let v = declared(name).defaultValue.arrayValue?.compactMap(\.numberValue), v.count == 4 else {
            return nil
        }
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    public func progress(_ name: String) -> [ProgressSample]? {
        if case .progress(let s)? = checked[name] { return s }
        guard let rows = declared(name).defaultValue.arrayValue else { return nil }
        return rows.compactMap { row in
            guard let v = row.arrayValue?.compactMap(\.numberValue), v.count == 2 else { return nil }
            return ProgressSample(time: v[0], percent: v[1])
        }
    }

    /// Pinch scale samples as (time, scale) pairs.
    public func scale(_ name: String) -> [ProgressSample]? {
        if case .scale(let s)? = checked[name] { return s }
        return nil
    }

    public func gesture(_ name: String) -> [GestureSample]? {
        if case .gesture(let s)? = checked[name] { return s }
        guard let rows = declared(name).defaultValue.arrayValue else { return nil }
        return rows.compactMap { row in
            guard let v = row.arrayValue?.compactMap(\.numberValue), v.count == 3 else { return nil }
            return GestureSample(time: v[0], location: Point(x: v[1], y: v[2]))
        }
    }

    // MARK: Shared readings

    /// The container size from `width`, `height` and `orientation` (390 × 844 portrait,
    /// 844 × 390 landscape unless given).
    public var containerSize: Size {
        let landscape = word("orientation") == "landscape"
        let w = optionalNumber("width") ?? (landscape ? 844 : 390)
        let h = optionalNumber("height") ?? (landscape ? 390 : 844)
        return Size(width: w, height: h)
    }
}

/// JSON helpers for writing parameter defaults.
extension JSONValue {
    static func samples(_ rows: [[Double]]) -> JSONValue { .array(rows.map { .array($0.map { .number($0) }) }) }
    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> JSONValue {
        .array([.number(x), .number(y), .number(w), .number(h)])
    }
}
