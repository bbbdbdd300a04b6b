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

        /// Values for a slot whose field is not used (`LayerTracks.visit`, `append`).
        static let placeholder = Values(spec: LayerSpec(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0)))

        /// Sets one property, as a completion block's assignment does, clamped as its row
        /// says unless `clamped` is false (a spec's own value, already in its range)
        /// (`LayerTracks.slot`; the tracks are a placeholder's, not used).
        mutating func apply(_ property: AnimatableProperty, _ value: TrackValue, clamped: Bool = true) {
            var action = AssignAction(value: value, clamps: clamped)
            LayerTracks.placeholder.slot(property, &self, &action)
        }

        /// The value of one property's field, as a spec writes it.
        func field(_ property: AnimatableProperty) -> PropertyValue {
            var v = self, action = FieldAction()
            LayerTracks.placeholder.slot(property, &v, &action)
            return PropertyValue(action.stored)
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

extension CompiledLayer.Values {
    /// The spec's values, as the tracks start (unclamped): the layer fields one by one, the
    /// shadow and border whole.
    init(spec: LayerSpec) {
        self.init(
            position: spec.position, size: spec.size, alpha: spec.alpha, transform: spec.transform.matrix,
            cornerRadius: spec.cornerRadius, fill: spec.fill ?? .clear, hidden: spec.hidden,
            zPosition: spec.zPosition, shadow: spec.shadow, border: spec.border)
    }
}
