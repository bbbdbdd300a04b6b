/// A named transition from the source documents, as a pure function from parameters to
/// a full `TransitionSpec` the user can start from and edit.
public struct PresetDefinition: Sendable {
    public let name: String
    /// One line: what the preset reproduces.
    public let summary: String
    /// The document and class it reproduces, e.g. "000 Health Beat — AddEntryAnimator".
    public let source: String
    public let parameters: [PresetParameter]
    let build: @Sendable (inout PresetParameters) -> TransitionSpec?

    init(name: String, summary: String, source: String, parameters: [PresetParameter],
         build: @escaping @Sendable (inout PresetParameters) -> TransitionSpec?) {
        self.name = name
        self.summary = summary
        self.source = source
        self.parameters = parameters
        self.build = build
    }

    /// The spec for `params` (a JSON object, or nil for every default); problems carry
    /// pointers under `pointer` (`/params/<name>` for a top-level document).
    public func spec(params: JSONValue?, pointer: String = "/params",
                     limits: SpecLimits = .standard) -> Result<TransitionSpec, SpecProblems> {
        var p = PresetParameters(params, declarations: parameters, pointer: pointer, limits: limits)
        guard p.isValid else { return .failure(SpecProblems(p.problems)) }
        let built = build(&p)
        guard p.isValid, let built else {
            return .failure(SpecProblems(p.problems.isEmpty ? [SpecProblem(pointer: pointer, message: "no spec")] : p.problems))
        }
        // The expanded spec goes through the ordinary decoder, so it meets every rule
        // and limit an inline spec does, and what `GET /v1/presets/{name}` shows decodes.
        switch SpecDecoder.decode(SpecEncoder.encode(built), limits: limits) {
        case .success(let spec): return .success(spec)
        case .failure(let inner):
            return .failure(SpecProblems(inner.problems.map {
                SpecProblem(pointer: pointer, message: "these parameters give a spec the decoder rejects at \($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)")
            }))
        }
    }

    /// The spec with every parameter at its default.
    public var defaultSpec: TransitionSpec {
        guard case .success(let spec) = spec(params: nil) else { preconditionFailure("preset \(name): defaults must build") }
        return spec
    }
}

/// Every preset, in the order of the source documents (000–004). Each reproduces one
/// animation controller exactly; see docs/PRESETS.md.
public enum PresetCatalog {
    public static let all: [PresetDefinition] = [
        PopupPreset.definition, TabSlidePreset.definition, ContainerSpringPreset.definition,
        ScaleFadePreset.definition, ZoomPreset.definition, FoldPreset.definition, FlipPreset.definition,
    ]

    public static func named(_ name: String) -> PresetDefinition? { all.first { $0.name == name } }

    public static var names: [String] { all.map(\.name) }
}

/// The preset form of a document, `{"preset": "fold", "params": {…}}`, accepted wherever
/// an inline spec is.
extension SpecDecoder {
    /// Decodes a document in either form: a preset reference (expanded, then checked
    /// like an inline spec) or an inline spec. An unknown preset is a problem at
    /// `/preset`, a parameter problem at `/params/<name>`.
    public static func decodeDocument(_ json: JSONValue, limits: SpecLimits = .standard) -> Result<TransitionSpec, SpecProblems> {
        guard json["preset"] != nil else { return decode(json, limits: limits) }
        var d = SpecDecoder(limits: limits)
        guard d.object(json, at: "", allowed: ["preset", "params", "name", "description", "$schema"]) != nil,
              let name = d.string(json["preset"]!, at: "/preset") else {
            return .failure(SpecProblems(d.problems))
        }
        guard let definition = PresetCatalog.named(name) else {
            d.problem("/preset", "unknown preset \"\(name)\" (known: \(PresetCatalog.names.joined(separator: ", ")))")
            return .failure(SpecProblems(d.problems))
        }
        let result = definition.spec(params: json["params"], pointer: "/params", limits: limits)
        if d.problems.isEmpty { return result }
        if case .failure(let more) = result { d.problems += more.problems }
        return .failure(SpecProblems(d.problems))
    }

    /// Parses UTF-8 JSON bytes and decodes either form.
    public static func decodeDocument(bytes: [UInt8], limits: SpecLimits = .standard) -> Result<TransitionSpec, SpecProblems> {
        do {
            return decodeDocument(try JSONParser.parse(bytes), limits: limits)
        } catch {
            return .failure(SpecProblems([SpecProblem(pointer: "", message: error.description)]))
        }
    }
}

/// Pieces the presets share.
enum PresetSupport {
    /// The interaction parameters of a percent-driven preset.
    static func interactionParameters(progress: [[Double]], summary: String) -> [PresetParameter] {
        [
            PresetParameter("interactive", .bool, default: .bool(false),
                            "drive the transition with a gesture (\(summary))"),
            PresetParameter("progress", .progressSamples, default: .samples(progress),
                            "update(percent) calls while interactive (give these or `gesture`, not both)"),
            PresetParameter("gesture", .gestureSamples, default: .null,
                            "finger positions while interactive, turned into percent by the preset's rule"),
            PresetParameter("cancelled", .bool, default: .bool(false),
                            "the recognizer ends cancelled (not ended): the transition cancels whatever the percent"),
        ]
    }

    /// Reports interaction parameters given without `interactive: true`, and both kinds of samples at once.
    static func checkInteraction(_ p: inout PresetParameters) -> Bool {
        let interactive = p.bool("interactive")
        for name in ["progress", "gesture", "cancelled"] where p.isGiven(name) && !interactive {
            p.problem(name, "only used when \"interactive\" is true")
        }
        if p.isGiven("progress") && p.isGiven("gesture") {
            p.problem("gesture", "give \"progress\" or \"gesture\" samples, not both")
        }
        return interactive
    }

    /// Frame-style layer with a label and fill.
    static func view(_ id: String, _ frame: Rect, fill: String?, label: String?, anchor: Point = Point(x: 0.5, y: 0.5),
                     alpha: Double = 1, hidden: Bool = false) -> LayerSpec {
        LayerSpec(id: id, frame: frame, anchor: anchor, alpha: alpha, fill: fill.flatMap(Color.init(hex:)),
                  label: label, hidden: hidden)
    }

    static func bounds(_ size: Size) -> Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    static func frameChanges(_ id: String, _ frame: Rect, anchor: Point = Point(x: 0.5, y: 0.5)) -> [PropertyChange] {
        [PropertyChange(layer: id, property: .position, value: .point(LayerSpec.position(ofFrame: frame, anchor: anchor))),
         PropertyChange(layer: id, property: .size, value: .size(frame.size))]
    }

    static func change(_ id: String, _ property: AnimatableProperty, _ value: PropertyValue) -> PropertyChange {
        PropertyChange(layer: id, property: property, value: value)
    }

    static func rotateY(_ degrees: Double) -> TransformSpec { .operations([.rotate(degrees: degrees, axis: (0, 1, 0))]) }
}
