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

    /// The presented values of a layer's properties at one instant, before composing.
    public struct Values: Hashable, Sendable {
        public var position: Point
        /// Clamped to ≥ 0.
        public var size: Size
        /// As the track gives it (a spring may carry it past 0…1).
        public var alpha: Double
        public var transform: Transform3D
        public var cornerRadius: Double
        public var fill: Color
        public var hidden: Bool
        public var zPosition: Double
        public var shadow: ShadowSpec
        public var border: BorderSpec

        /// Sets one property, as a completion block's assignment does. A switch over the
        /// properties alone, so that the compiler asks for a new one's case.
        mutating func apply(_ property: AnimatableProperty, _ value: TrackValue) {
            switch property {
            case .position: position = Self.typed(value)
            case .size:
                let s: Size = Self.typed(value)
                size = Size(width: max(s.width, 0), height: max(s.height, 0))
            case .alpha: alpha = Self.typed(value)
            case .transform: transform = (Self.typed(value) as TransformValue).matrix
            case .cornerRadius: cornerRadius = Self.typed(value)
            case .fill: fill = Self.typed(value)
            case .hidden: hidden = Self.typed(value)
            case .zPosition: zPosition = Self.typed(value)
            case .shadowOpacity: shadow.opacity = Self.typed(value)
            case .shadowRadius: shadow.radius = max(Self.typed(value), 0)
            case .shadowOffset: shadow.offset = Self.typed(value)
            case .shadowColor: shadow.color = Self.typed(value)
            case .borderWidth: border.width = max(Self.typed(value), 0)
            case .borderColor: border.color = Self.typed(value)
            }
        }

        /// `value` as the kind its property holds.
        private static func typed<Value: TrackInterpolatable>(_ value: TrackValue) -> Value {
            guard let v = Value(trackValue: value) else {
                preconditionFailure("a change's value has its property's kind")
            }
            return v
        }
    }

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
