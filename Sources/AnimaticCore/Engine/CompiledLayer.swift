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

        /// A layer's values as its spec gives them, before any clamp (the tracks' initial values).
        init(unclamped spec: LayerSpec) {
            position = spec.position
            size = spec.size
            alpha = spec.alpha
            transform = spec.transform.matrix
            cornerRadius = spec.cornerRadius
            fill = spec.fill ?? .clear
            hidden = spec.hidden
            zPosition = spec.zPosition
            shadow = spec.shadow
            border = spec.border
        }

        /// The values as presented: each field clamped as its property's `descriptor.clamp` says.
        func clamped() -> Values {
            var v = self
            for property in AnimatableProperty.allCases {
                let clamp = property.descriptor.clamp
                switch property.descriptor.slot {
                case .number(_, let field): v.set(field, v[keyPath: field], clamp: clamp)
                case .size(_, let field): v.set(field, v[keyPath: field], clamp: clamp)
                case .point, .transform, .color, .bool: break
                }
            }
            return v
        }

        /// Sets one property, as a completion block's assignment does: its field
        /// (`descriptor.slot`), clamped as its `descriptor.clamp` says.
        mutating func apply(_ property: AnimatableProperty, _ value: TrackValue) {
            let d = property.descriptor
            switch (d.slot, value) {
            case let (.number(_, field), .number(n)): set(field, n, clamp: d.clamp)
            case let (.point(_, field), .point(p)): self[keyPath: field] = p
            case let (.size(_, field), .size(s)): set(field, s, clamp: d.clamp)
            case let (.transform(_, field), .transform(m, _)): self[keyPath: field] = m
            case let (.color(_, field), .color(c)): self[keyPath: field] = c
            case let (.bool(_, field), .bool(b)): self[keyPath: field] = b
            default: preconditionFailure("a change's value has its property's kind")
            }
        }

        /// `field` set to `n`, clamped by `clamp`.
        mutating func set(_ field: WritableKeyPath<Values, Double>, _ n: Double, clamp: PropertyDescriptor.Clamp) {
            self[keyPath: field] = clamp == .nonNegative ? max(n, 0) : n
        }

        /// `field` set to `s`, each component clamped by `clamp`.
        mutating func set(_ field: WritableKeyPath<Values, Size>, _ s: Size, clamp: PropertyDescriptor.Clamp) {
            self[keyPath: field] = clamp == .nonNegative ? Size(width: max(s.width, 0), height: max(s.height, 0)) : s
        }
    }

    /// Which of the layer's properties have animations: the others keep their initial value.
    public var animatedProperties: [AnimatableProperty] {
        AnimatableProperty.allCases.filter(isAnimated)
    }

    /// Whether `fill` is reported (the layer has a fill or animates one).
    public var hasFill: Bool { spec.fill != nil || shared.tracks.fill.isAnimated }

    /// The presented values at `t` seconds of transition time.
    public func values(at t: Double) -> Values { shared.values(at: t) }

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
        let matrix = LayerState.composedMatrix(
            position: v.position, zPosition: v.zPosition, size: v.size, anchor: anchor,
            transform: v.transform, containerSublayer: containerSublayer)
        return LayerState(
            id: id, position: v.position, size: v.size, anchor: anchor, transform: v.transform,
            zPosition: v.zPosition, opacity: min(max(v.alpha, 0), 1), cornerRadius: max(v.cornerRadius, 0),
            fill: hasFill ? v.fill : nil, hidden: v.hidden, matrix: matrix,
            shadow: LayerState.visibleShadow(v.shadow), border: LayerState.visibleBorder(v.border))
    }
}
