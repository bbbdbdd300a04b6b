/// The typed tracks of one layer, one per animatable property (`Track<Value>`, the value
/// kind fixed by the property), and the sampling of them.
struct LayerTracks: Hashable, Sendable {
    // Each track starts as a placeholder; `init(spec:)` gives it the layer's value.
    var position = Track<Point>(initial: .zero)
    var size = Track<Size>(initial: .zero)
    var alpha = Track<Double>(initial: 0)
    var transform = Track<TransformValue>(initial: TransformValue(Transform3D.identity))
    var cornerRadius = Track<Double>(initial: 0)
    var fill = Track<Color>(initial: .clear)
    var hidden = Track<Bool>(initial: false)
    var zPosition = Track<Double>(initial: 0)
    var shadowOpacity = Track<Double>(initial: 0)
    var shadowRadius = Track<Double>(initial: 0)
    var shadowOffset = Track<Point>(initial: .zero)
    var shadowColor = Track<Color>(initial: .clear)
    var borderWidth = Track<Double>(initial: 0)
    var borderColor = Track<Color>(initial: .clear)
    /// Whether any shadow or border track is animated (most layers have none to sample).
    private(set) var decorationMoves = false
    /// The animated shadow and border properties (`SharedLayerTracks.readDecoration`).
    private(set) var movingDecorations: [AnimatableProperty] = []
    /// The layer's presented values with no track moved: `values(at:)` before the first
    /// animation, and where sampling the animated tracks starts.
    let initialValues: CompiledLayer.Values

    /// Each track holding the layer's value as its spec gives it (`Values(unclamped:)`,
    /// through each property's `descriptor.slot`).
    init(spec: LayerSpec) {
        let values = CompiledLayer.Values(unclamped: spec)
        initialValues = values.clamped()
        for property in AnimatableProperty.allCases {
            switch property.descriptor.slot {
            case let .number(track, field): self[keyPath: track] = Track(initial: values[keyPath: field])
            case let .point(track, field): self[keyPath: track] = Track(initial: values[keyPath: field])
            case let .size(track, field): self[keyPath: track] = Track(initial: values[keyPath: field])
            case let .transform(track, field):
                self[keyPath: track] = Track(initial: TransformValue(values[keyPath: field]))
            case let .color(track, field): self[keyPath: track] = Track(initial: values[keyPath: field])
            case let .bool(track, field): self[keyPath: track] = Track(initial: values[keyPath: field])
            }
        }
    }

    /// `visitor` applied to the track of `property` (its `descriptor.slot`): the visitor's
    /// generic `visit` specialised for each kind (no existential, no runtime metadata lookup).
    func visit<Visitor: TrackVisitor>(_ property: AnimatableProperty, _ visitor: Visitor) -> Visitor.Result {
        switch property.descriptor.slot {
        case .number(let track, _): return visitor.visit(self[keyPath: track])
        case .point(let track, _): return visitor.visit(self[keyPath: track])
        case .size(let track, _): return visitor.visit(self[keyPath: track])
        case .transform(let track, _): return visitor.visit(self[keyPath: track])
        case .color(let track, _): return visitor.visit(self[keyPath: track])
        case .bool(let track, _): return visitor.visit(self[keyPath: track])
        }
    }

    func isAnimated(_ property: AnimatableProperty) -> Bool { visit(property, IsAnimatedVisitor()) }

    /// Adds a segment (its values of the property's kind) that takes over at its start.
    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        switch property.descriptor.slot {
        case .number(let track, _): self[keyPath: track].append(.init(segment))
        case .point(let track, _): self[keyPath: track].append(.init(segment))
        case .size(let track, _): self[keyPath: track].append(.init(segment))
        case .transform(let track, _): self[keyPath: track].append(.init(segment))
        case .color(let track, _): self[keyPath: track].append(.init(segment))
        case .bool(let track, _): self[keyPath: track].append(.init(segment))
        }
        if property.descriptor.group == .decoration && !movingDecorations.contains(property) {
            movingDecorations.append(property)
            decorationMoves = true
        }
    }

    /// Sets `property`'s field of `v` to its track's value at `t`, clamped as its
    /// descriptor says (`Values.apply`'s rule).
    func read(_ property: AnimatableProperty, at t: Double, into v: inout CompiledLayer.Values) {
        switch property.descriptor.slot {
        case let .number(track, field):
            v.set(field, self[keyPath: track].value(at: t), clamp: property.descriptor.clamp)
        case let .point(track, field): v[keyPath: field] = self[keyPath: track].value(at: t)
        case let .size(track, field): v.set(field, self[keyPath: track].value(at: t), clamp: property.descriptor.clamp)
        case let .transform(track, field): v[keyPath: field] = self[keyPath: track].matrix(at: t)
        case let .color(track, field): v[keyPath: field] = self[keyPath: track].value(at: t)
        case let .bool(track, field): v[keyPath: field] = self[keyPath: track].value(at: t)
        }
    }
}

/// A layer's tracks in one immutable object: a frame loop calls its sampling through a
/// reference (`Timeline.sampleValues`) instead of through a `CompiledLayer` that the
/// optimiser copies — spec, 14 tracks and all — for each call.
final class SharedLayerTracks: Hashable, Sendable {
    let tracks: LayerTracks

    init(_ tracks: LayerTracks) { self.tracks = tracks }

    static func == (a: SharedLayerTracks, b: SharedLayerTracks) -> Bool { a === b || a.tracks == b.tracks }

    func hash(into hasher: inout Hasher) { hasher.combine(tracks) }

    /// The presented values at `t` seconds of transition time: the initial values moved by
    /// the animated tracks.
    func values(at t: Double) -> CompiledLayer.Values {
        var v = tracks.initialValues
        sampleAnimated(at: t, into: &v)
        return v
    }

    /// Moves `v` — this layer's `values(at:)` at any time — to time `t`, sampling only the
    /// animated tracks (in place: a frame loop keeps one `Values` per layer). Track by
    /// track on the stored tracks: a method called on `tracks` itself would copy all 14
    /// of them (585 bytes) first, for each layer of each frame. The layer fields are
    /// written out (the frame loops' hot path); the decorations go through the table.
    @inline(__always)
    func sampleAnimated(at t: Double, into v: inout CompiledLayer.Values) {
        if tracks.position.isAnimated { v.position = tracks.position.value(at: t) }
        if tracks.size.isAnimated {
            let s = tracks.size.value(at: t)
            v.size = Size(width: max(s.width, 0), height: max(s.height, 0))
        }
        if tracks.alpha.isAnimated { v.alpha = tracks.alpha.value(at: t) }
        if tracks.transform.isAnimated { v.transform = tracks.transform.matrix(at: t) }
        if tracks.cornerRadius.isAnimated { v.cornerRadius = tracks.cornerRadius.value(at: t) }
        if tracks.fill.isAnimated { v.fill = tracks.fill.value(at: t) }
        if tracks.hidden.isAnimated { v.hidden = tracks.hidden.value(at: t) }
        if tracks.zPosition.isAnimated { v.zPosition = tracks.zPosition.value(at: t) }
        if tracks.decorationMoves { readDecoration(at: t, into: &v) }
    }

    /// The animated shadow and border tracks read into `v`.
    private func readDecoration(at t: Double, into v: inout CompiledLayer.Values) {
        for property in tracks.movingDecorations { tracks.read(property, at: t, into: &v) }
    }
}
