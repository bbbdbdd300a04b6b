/// A layer of a compiled timeline: its spec (static look) and one typed track per
/// animatable property (`LayerTracks`: `Track<Value>`, the value kind fixed by the property).
public struct CompiledLayer: Hashable, Sendable {
    public var spec: LayerSpec
    /// Shared, immutable: copying a layer costs one retain; `append` replaces it.
    private(set) var shared: SharedLayerTracks

    init(spec: LayerSpec) {
        self.spec = spec
        shared = SharedLayerTracks(LayerTracks(spec: spec))
    }

    public static func == (a: CompiledLayer, b: CompiledLayer) -> Bool { a.spec == b.spec && a.shared == b.shared }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(spec)
        hasher.combine(shared)
    }

    /// `visitor` applied to the track of `property` (`LayerTracks.visit`).
    func visit<Visitor: TrackVisitor>(_ property: AnimatableProperty, _ visitor: Visitor) -> Visitor.Result {
        shared.tracks.visit(property, visitor)
    }

    /// The track of `property` in untyped form.
    public func track(_ property: AnimatableProperty) -> PropertyTrack {
        visit(property, ErasedTrackVisitor(property: property))
    }

    /// Every track in untyped form, in `AnimatableProperty.allCases` order.
    public var tracks: [PropertyTrack] { AnimatableProperty.allCases.map(track) }

    /// Whether `property` has animations.
    func isAnimated(_ property: AnimatableProperty) -> Bool { shared.tracks.isAnimated(property) }

    /// The presented value of `property` at `t`, untyped (compile time).
    func value(of property: AnimatableProperty, at t: Double) -> TrackValue {
        visit(property, ValueVisitor(t: t))
    }

    /// Whether an animation of `property` is still running at `t` (compile time).
    func isMoving(_ property: AnimatableProperty, at t: Double) -> Bool { visit(property, IsMovingVisitor(t: t)) }

    /// Adds a segment (its values of the property's kind) that takes over at its start.
    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        var tracks = shared.tracks
        tracks.append(segment, to: property)
        shared = SharedLayerTracks(tracks)
    }

    // `Values` — the presented values of a layer's properties at one instant — is generated
    // from the property table (`PropertyTable.toml`) into CompiledLayer+Values+Generated.swift.

    /// Which of the layer's properties have animations: the others keep their initial value.
    public var animatedProperties: [AnimatableProperty] {
        AnimatableProperty.allCases.filter(isAnimated)
    }

    /// Whether `fill` is reported (the layer has a fill or animates one).
    public var hasFill: Bool { spec.fill != nil || shared.tracks.fill.isAnimated }

    /// The presented values at `t` seconds of transition time.
    public func values(at t: Double) -> Values { shared.tracks.values(at: t, spec: spec) }

    /// `values(at:)` sampling only the animated tracks; the other values come from `base`,
    /// which must be this layer's `values(at:)` at any time (their values never change).
    public func values(at t: Double, base: Values) -> Values {
        var v = base
        shared.sampleAnimated(at: t, into: &v)
        return v
    }

    /// The layer's state at `t` seconds of transition time.
    public func state(at t: Double, containerSublayer: Transform3D) -> LayerState {
        state(values: values(at: t), containerSublayer: containerSublayer)
    }

    /// The layer's state with presented values `v`.
    public func state(values v: Values, containerSublayer: Transform3D) -> LayerState {
        Self.state(values: v, id: spec.id, anchor: spec.anchor, hasFill: hasFill, containerSublayer: containerSublayer)
    }

    /// `state(values:containerSublayer:)` of the layer with `id`, `anchor` and `hasFill`
    /// (a frame loop keeps those three instead of copying the layer for each call).
    static func state(
        values v: Values, id: String, anchor: Point, hasFill: Bool, containerSublayer: Transform3D
    ) -> LayerState {
        var s = LayerState(
            id: id, anchor: anchor,
            matrix: LayerState.composedMatrix(
                position: v.position, zPosition: v.zPosition, size: v.size, anchor: anchor,
                transform: v.transform, containerSublayer: containerSublayer))
        s.setGeometry(v)
        s.setAppearance(v, hasFill: hasFill)
        return s
    }
}
