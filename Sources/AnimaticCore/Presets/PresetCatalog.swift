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

    init(
        name: String, summary: String, source: String, parameters: [PresetParameter],
        build: @escaping @Sendable (inout PresetParameters) -> TransitionSpec?
    ) {
        self.name = name
        self.summary = summary
        self.source = source
        // Every preset shows the user's screens on its from- and to-views.
        self.parameters = parameters + [.fromImage, .toImage]
        self.build = build
    }

    /// The parameters that name images, for `ImageSource.references(in:)`.
    public static let imageParameterNames = ["fromImage", "toImage", "image"]

    /// The spec for `params` (a JSON object, or nil for every default); problems carry
    /// pointers under `pointer` (`/params/<name>` for a top-level document).
    public func spec(
        params: JSONValue?, pointer: String = "/params",
        limits: SpecLimits = .standard, images: ImageLibrary = .empty
    ) -> Result<TransitionSpec, SpecProblems> {
        var p = PresetParameters(params, declarations: parameters, pointer: pointer, limits: limits, images: images)
        guard p.isValid else { return .failure(SpecProblems(p.problems)) }
        let built = build(&p).map { Self.showingScreens($0, p) }
        guard p.isValid, let built else {
            return .failure(
                SpecProblems(p.problems.isEmpty ? [SpecProblem(pointer: pointer, message: "no spec")] : p.problems))
        }
        // The expanded spec goes through the ordinary decoder, so it meets every rule
        // and limit an inline spec does, and what `GET /v1/presets/{name}` shows decodes.
        switch SpecDecoder.decode(SpecEncoder.encode(built), limits: limits, images: images) {
        case .success(let spec): return .success(spec)
        case .failure(let inner):
            return .failure(
                SpecProblems(
                    inner.problems.map {
                        SpecProblem(
                            pointer: pointer,
                            message:
                                "these parameters give a spec the decoder rejects at \($0.pointer.isEmpty ? "/" : $0.pointer): \($0.message)"
                        )
                    }))
        }
    }

    /// `spec` with `fromImage` and `toImage`, when given, on the from- and to-views: image
    /// content, aspect-fill (a screenshot covers its view as `.scaleAspectFill` would), and
    /// no placeholder label over it. Snapshots of those views show the same picture.
    static func showingScreens(_ spec: TransitionSpec, _ p: PresetParameters) -> TransitionSpec {
        var spec = spec
        for (name, view) in [("fromImage", spec.views?.from ?? "from"), ("toImage", spec.views?.to ?? "to")] {
            guard let (source, image) = p.image(name), let i = spec.layers.firstIndex(where: { $0.id == view })
            else { continue }
            spec.layers[i].content = .image(aspectRatio: image.aspectRatio, fill: nil)
            spec.layers[i].imageSource = source
            spec.layers[i].imageMode = .fill
            spec.layers[i].label = nil
        }
        return spec
    }

    /// The spec with every parameter at its default.
    public var defaultSpec: TransitionSpec {
        guard case .success(let spec) = spec(params: nil) else {
            preconditionFailure("preset \(name): defaults must build")
        }
        return spec
    }
}

/// Every preset, in the order of the source documents (000–004). Each reproduces one
/// animation controller exactly; see docs/PRESETS.md.
public enum PresetCatalog {
    public static let all: [PresetDefinition] =
        [
            PopupPreset.definition, TabSlidePreset.definition, ContainerSpringPreset.definition,
            ScaleFadePreset.definition, ZoomPreset.definition, FoldPreset.definition, FlipPreset.definition,
            CardsPreset.definition, CrossfadePreset.definition, CubePreset.definition, ExplodePreset.definition,
            PageFlipPreset.definition, NatGeoPreset.definition, PanPreset.definition, PortalPreset.definition,
            TurnPreset.definition,
        ] + HeroDefaultAnimation.definitions + [SlidePreset.definition, FadePreset.definition]

    public static func named(_ name: String) -> PresetDefinition? { all.first { $0.name == name } }

    public static var names: [String] { all.map(\.name) }
}

/// The preset form of a document, `{"preset": "fold", "params": {…}}`, accepted wherever
/// an inline spec is.
extension SpecDecoder {
    /// Decodes a document in either form: a preset reference (expanded, then checked
    /// like an inline spec) or an inline spec. An unknown preset is a problem at
    /// `/preset`, a parameter problem at `/params/<name>`.
    public static func decodeDocument(
        _ json: JSONValue, limits: SpecLimits = .standard, images: ImageLibrary = .empty
    ) -> Result<TransitionSpec, SpecProblems> {
        guard json["preset"] != nil else { return decode(json, limits: limits, images: images) }
        var d = SpecDecoder(limits: limits)
        guard d.object(json, at: "", allowed: ["preset", "params", "name", "description", "$schema"]) != nil,
            let name = d.string(json["preset"]!, at: "/preset")
        else {
            return .failure(SpecProblems(d.problems))
        }
        guard let definition = PresetCatalog.named(name) else {
            d.problem("/preset", "unknown preset \"\(name)\" (known: \(PresetCatalog.names.joined(separator: ", ")))")
            return .failure(SpecProblems(d.problems))
        }
        let result = definition.spec(params: json["params"], pointer: "/params", limits: limits, images: images)
        if d.problems.isEmpty { return result }
        if case .failure(let more) = result { d.problems += more.problems }
        return .failure(SpecProblems(d.problems))
    }

    /// Parses UTF-8 JSON bytes and decodes either form.
    public static func decodeDocument(bytes: [UInt8], limits: SpecLimits = .standard) -> Result<
        TransitionSpec, SpecProblems
    > {
        do {
            return decodeDocument(try JSONParser.parse(bytes), limits: limits)
        } catch {
            return .failure(SpecProblems([SpecProblem(pointer: "", message: error.description)]))
        }
    }
}
