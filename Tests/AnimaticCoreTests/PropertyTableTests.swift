import Testing

@testable import AnimaticCore

/// Every animatable property is in every list the engine keeps of them: the table
/// (`PropertyTable.toml`, its rows in `AnimatableProperty.descriptor`), what is derived from
/// it at run time, the lists generated from it (the `*+Generated.swift` files of
/// scripts/generate_properties.py) and those still written by hand. For each property, a spec that animates that property alone goes
/// through each list; the places it is found in are added up, and a property missing from
/// one (a new case whose row or hand-written line was forgotten, or a generator that drops
/// it) fails with the list's name.
@Suite struct PropertyTableTests {
    /// A change's target per property, as a spec writes it: far from the layer's own value
    /// (`spec(changing:)`), so that a list that drops the property shows it.
    static func target(_ p: AnimatableProperty) -> String {
        switch p {
        case .position: return "[30, 50]"
        case .size: return "[60, 40]"
        case .alpha: return "0.25"
        case .transform: return #"[{"scale": 2}]"#
        case .cornerRadius: return "12"
        case .fill: return "\"#ff0000\""
        case .hidden: return "true"
        case .zPosition: return "5"
        case .shadowOpacity: return "0.9"
        case .shadowRadius: return "10"
        case .shadowOffset: return "[4, 6]"
        case .shadowColor: return "\"#00ff00\""
        case .borderWidth: return "6"
        case .borderColor: return "\"#0000ff\""
        }
    }

    /// The test's own reading of a property's field (its oracle, written apart from the table).
    static func field(_ v: CompiledLayer.Values, _ p: AnimatableProperty) -> TrackValue {
        switch p {
        case .position: return .point(v.position)
        case .size: return .size(v.size)
        case .alpha: return .number(v.alpha)
        case .transform: return .transform(v.transform)
        case .cornerRadius: return .number(v.cornerRadius)
        case .fill: return .color(v.fill)
        case .hidden: return .bool(v.hidden)
        case .zPosition: return .number(v.zPosition)
        case .shadowOpacity: return .number(v.shadow.opacity)
        case .shadowRadius: return .number(v.shadow.radius)
        case .shadowOffset: return .point(v.shadow.offset)
        case .shadowColor: return .color(v.shadow.color)
        case .borderWidth: return .number(v.border.width)
        case .borderColor: return .color(v.border.color)
        }
    }

    /// One layer with a fill, a visible shadow and a border, and one linear block from 0.2 s
    /// to 0.6 s that sets `name` to `value`.
    static func spec(changing name: String, to value: String) -> String {
        """
        {"container": {"width": 400, "height": 400},
         "layers": [{"id": "a", "position": [100, 120], "size": [80, 60], "fill": "#336699", "cornerRadius": 4,
                     "shadow": {"opacity": 0.5, "radius": 3, "offset": [1, 2], "color": "#000000"},
                     "border": {"width": 2, "color": "#112233"}}],
         "animations": [{"delay": 0.2, "duration": 0.4, "timing": "linear", "changes": {"a": {"\(name)": \(value)}}}]}
        """
    }

    static func decode(_ text: String) -> TransitionSpec? { try? SpecDecoder.decode(bytes: Array(text.utf8)).get() }

    /// The lists a property must be in, each a check of one property.
    static var lists: [(name: String, check: (AnimatableProperty) -> Bool)] {
        [
            ("spec names (AnimatableProperty.specNames)", specNames),
            ("decoder (SpecDecoder.propertyChanges, each name)", decoder),
            ("layer members (SpecDecoder.layerMembers)", layerMember),
            ("encoder round trip (SpecEncoder; generated shadow, border)", encoder),
            ("typed track (generated LayerTracks: init, visit, append)", track),
            ("presented values (generated sampleAnimated, values(at:); sampleValues)", presented),
            ("completion assignment (generated Values.apply)", apply),
            ("clamp (PropertyDescriptor.clamp)", clamp),
            ("state writer (generated setGeometry, setAppearance; LayerState members)", stateWriter),
            ("state sampler masks (geometryMoves, appearanceMoves)", masks),
            ("group (PropertyDescriptor.group moves the matrix or not)", group),
        ]
    }

    @Test func everyPropertyIsInEveryList() {
        var total = 0
        for property in AnimatableProperty.allCases {
            var places = 0
            for list in Self.lists {
                if list.check(property) {
                    places += 1
                } else {
                    Issue.record("\(property.rawValue) is missing from \(list.name)")
                }
            }
            #expect(places == Self.lists.count, "\(property.rawValue): in \(places) of \(Self.lists.count) lists")
            total += places
        }
        #expect(total == AnimatableProperty.allCases.count * Self.lists.count)
    }

    static func specNames(_ p: AnimatableProperty) -> Bool {
        let names = p.specNames
        return names.first == p.rawValue && names.allSatisfy(AnimatableProperty.specNames.contains)
            && names.allSatisfy { AnimatableProperty.bySpecName[$0] == p }
    }

    /// Each of the property's names decodes to one change of the property, of its kind.
    static func decoder(_ p: AnimatableProperty) -> Bool {
        p.specNames.allSatisfy { name in
            guard case .block(let block)? = decode(spec(changing: name, to: target(p)))?.animations.first,
                block.changes.count == 1, let change = block.changes.first
            else { return false }
            let kind: PropertyDescriptor.Kind
            switch change.value {
            case .number: kind = .number
            case .point: kind = .point
            case .size: kind = .size
            case .transform: kind = .transform
            case .color: kind = .color
            case .bool: kind = .bool
            }
            return change.property == p && change.layer == "a" && kind == p.descriptor.kind
        }
    }

    /// A layer field's names are members of a layer; a decoration's are not (it is a member
    /// of the layer's `shadow` or `border`).
    static func layerMember(_ p: AnimatableProperty) -> Bool {
        let members = p.specNames.filter(SpecDecoder.layerMembers.contains)
        return members == (p.descriptor.group == .decoration ? [] : p.specNames)
    }

    static func encoder(_ p: AnimatableProperty) -> Bool {
        guard let spec = decode(spec(changing: p.rawValue, to: target(p))) else { return false }
        return SpecDecoder.decode(SpecEncoder.encode(spec)).map { $0 == spec } == .success(true)
    }

    static func timeline(_ p: AnimatableProperty) -> Timeline? {
        decode(spec(changing: p.rawValue, to: target(p))).map(TimelineCompiler.compile)
    }

    /// The block's change reaches the property's own track, and no other.
    static func track(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p), case .block(let block)? = tl.spec.animations.first else { return false }
        let layer = tl.layers[0]
        let track = layer.track(p)
        return layer.animatedProperties == [p] && track.property == p && track.segments.count == 1
            && track.initial == field(layer.values(at: 0), p)
            && track.value(at: 0.6) == TrackValue(block.changes[0].value)
    }

    /// The frame loops' sampling moves the property's field as its track does.
    static func presented(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p) else { return false }
        let layer = tl.layers[0]
        var buffer = tl.initialValues
        tl.sampleValues(atTransitionTime: 0.45, into: &buffer)
        let v = layer.values(at: 0.45)
        return field(v, p) == layer.track(p).value(at: 0.45) && field(v, p) != field(layer.values(at: 0), p)
            && buffer[0] == v && layer.values(at: 0.45, base: tl.initialValues[0]) == v
    }

    /// A completion's assignment sets the property's field, and only it.
    static func apply(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p), case .block(let block)? = tl.spec.animations.first else { return false }
        let before = tl.layers[0].values(at: 0)
        var after = before
        after.apply(p, TrackValue(block.changes[0].value))
        return field(after, p) == TrackValue(block.changes[0].value)
            && AnimatableProperty.allCases.allSatisfy { $0 == p || field(after, $0) == field(before, $0) }
    }

    /// A negative number or size is set to 0 exactly where the descriptor says the property
    /// is clamped; other kinds are never clamped.
    static func clamp(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p) else { return false }
        var v = tl.layers[0].values(at: 0)
        let clamped = p.descriptor.clamp == .nonNegative
        switch p.descriptor.kind {
        case .number:
            v.apply(p, .number(-5))
            return field(v, p) == .number(clamped ? 0 : -5)
        case .size:
            v.apply(p, .size(Size(width: -5, height: 3)))
            return field(v, p) == .size(Size(width: clamped ? 0 : -5, height: 3))
        default:
            return !clamped
        }
    }

    /// The test's own reading of a property in a layer's state (written apart from the
    /// writers): nil when the state does not show it (a shadow or border that draws nothing).
    static func stateField(_ s: LayerState, _ p: AnimatableProperty) -> TrackValue? {
        switch p {
        case .position: return .point(s.position)
        case .size: return .size(s.size)
        case .alpha: return .number(s.opacity)
        case .transform: return .transform(s.transform)
        case .cornerRadius: return .number(s.cornerRadius)
        case .fill: return s.fill.map(TrackValue.color)
        case .hidden: return .bool(s.hidden)
        case .zPosition: return .number(s.zPosition)
        case .shadowOpacity: return s.shadow.map { .number($0.opacity) }
        case .shadowRadius: return s.shadow.map { .number($0.radius) }
        case .shadowOffset: return s.shadow.map { .point($0.offset) }
        case .shadowColor: return s.shadow.map { .color($0.color) }
        case .borderWidth: return s.border.map { .number($0.width) }
        case .borderColor: return s.border.map { .color($0.color) }
        }
    }

    /// The layer's state (`CompiledLayer.state(values:)`) and the state sampler's
    /// (`refresh`), both written by `LayerState.setGeometry` and `setAppearance`, show the
    /// property's presented value while it moves (the spec's values are all in their drawn
    /// ranges: no clamp between field and state).
    static func stateWriter(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p) else { return false }
        let layer = tl.layers[0]
        var sampler = Timeline.StateSampler(tl)
        let moving = field(layer.values(at: 0.45), p)
        return stateField(layer.state(at: 0.45, containerSublayer: .identity), p) == moving
            && stateField(sampler.states(at: 0.45)[0], p) == moving
            && stateField(layer.state(at: 0, containerSublayer: .identity), p) != moving
    }

    /// The state sampler, which recomputes only what the masks say moves, gives the
    /// timeline's states while the property moves.
    static func masks(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p) else { return false }
        var sampler = Timeline.StateSampler(tl)
        return sampler.states(at: 0.45) == tl.states(at: 0.45) && tl.states(at: 0.45) != tl.states(at: 0)
    }

    /// A geometry property moves the layer's matrix; the others leave it.
    static func group(_ p: AnimatableProperty) -> Bool {
        guard let tl = timeline(p) else { return false }
        let moved = tl.states(at: 0.45)[0].matrix != tl.states(at: 0)[0].matrix
        return moved == (p.descriptor.group == .geometry)
    }

    /// The spec's list of names is the table's, in case order, after `frame`.
    @Test func specNamesFollowTheTable() {
        #expect(
            AnimatableProperty.specNames == [
                "frame", "position", "center", "size", "bounds", "alpha", "opacity", "transform", "cornerRadius",
                "fill", "backgroundColor", "hidden", "zPosition", "shadowOpacity", "shadowRadius", "shadowOffset",
                "shadowColor", "borderWidth", "borderColor",
            ])
    }

    /// A layer's members: its own and its fields' names, from the table.
    @Test func layerMembersFollowTheTable() {
        #expect(
            SpecDecoder.layerMembers == [
                "id", "frame", "position", "center", "size", "bounds", "anchor", "alpha", "opacity", "transform",
                "cornerRadius", "fill", "backgroundColor", "gradient", "label", "hidden", "zPosition", "clips",
                "content", "parent", "sublayerTransform", "shadow", "border",
            ])
    }

    /// A value out of the property's range is refused with the range's sentence.
    @Test func decoderChecksEachPropertysRange() {
        let cases: [(AnimatableProperty, String, String)] = [
            (.alpha, "1.5", "must be between 0 and 1"),
            (.cornerRadius, "-1", "must be ≥ 0"),
            (.shadowOpacity, "-0.5", "must be between 0 and 1"),
            (.shadowRadius, "1001", "must be between 0 and 1000"),
            (.borderWidth, "-2", "must be ≥ 0"),
        ]
        for (property, value, message) in cases {
            let result = SpecDecoder.decode(bytes: Array(Self.spec(changing: property.rawValue, to: value).utf8))
            guard case .failure(let problems) = result else {
                Issue.record("\(property.rawValue) \(value) accepted")
                continue
            }
            #expect(
                problems.problems.map(\.message) == [message]
                    && problems.problems.map(\.pointer) == ["/animations/0/changes/a/\(property.rawValue)"],
                "\(property.rawValue) \(value)")
        }
    }
}
