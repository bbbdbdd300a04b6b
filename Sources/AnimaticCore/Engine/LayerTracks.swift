/// The typed tracks of one layer, one per animatable property (`Track<Value>`, the value
/// kind fixed by the property), and the sampling of them.
struct LayerTracks: Hashable, Sendable {
    var position: Track<Point>
    var size: Track<Size>
    var alpha: Track<Double>
    var transform: Track<TransformValue>
    var cornerRadius: Track<Double>
    var fill: Track<Color>
    var hidden: Track<Bool>
    var zPosition: Track<Double>
    var shadowOpacity: Track<Double>
    var shadowRadius: Track<Double>
    var shadowOffset: Track<Point>
    var shadowColor: Track<Color>
    var borderWidth: Track<Double>
    var borderColor: Track<Color>
    /// Whether any shadow or border track is animated (most layers have none to sample).
    private(set) var decorationMoves = false

    init(spec: LayerSpec) {
        position = Track(initial: spec.position)
        size = Track(initial: spec.size)
        alpha = Track(initial: spec.alpha)
        transform = Track(initial: TransformValue(spec.transform.matrix))
        cornerRadius = Track(initial: spec.cornerRadius)
        fill = Track(initial: spec.fill ?? .clear)
        hidden = Track(initial: spec.hidden)
        zPosition = Track(initial: spec.zPosition)
        shadowOpacity = Track(initial: spec.shadow.opacity)
        shadowRadius = Track(initial: spec.shadow.radius)
        shadowOffset = Track(initial: spec.shadow.offset)
        shadowColor = Track(initial: spec.shadow.color)
        borderWidth = Track(initial: spec.border.width)
        borderColor = Track(initial: spec.border.color)
    }

    /// `visitor` applied to the track of `property`: one switch over the properties, and
    /// the visitor's generic `visit` specialised for each kind (no existential, no runtime
    /// metadata lookup).
    func visit<Visitor: TrackVisitor>(_ property: AnimatableProperty, _ visitor: Visitor) -> Visitor.Result {
        switch property {
        case .position: return visitor.visit(position)
        case .size: return visitor.visit(size)
        case .alpha: return visitor.visit(alpha)
        case .transform: return visitor.visit(transform)
        case .cornerRadius: return visitor.visit(cornerRadius)
        case .fill: return visitor.visit(fill)
        case .hidden: return visitor.visit(hidden)
        case .zPosition: return visitor.visit(zPosition)
        case .shadowOpacity: return visitor.visit(shadowOpacity)
        case .shadowRadius: return visitor.visit(shadowRadius)
        case .shadowOffset: return visitor.visit(shadowOffset)
        case .shadowColor: return visitor.visit(shadowColor)
        case .borderWidth: return visitor.visit(borderWidth)
        case .borderColor: return visitor.visit(borderColor)
        }
    }

    func isAnimated(_ property: AnimatableProperty) -> Bool { visit(property, IsAnimatedVisitor()) }

    /// Adds a segment (its values of the property's kind) that takes over at its start.
    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        switch property {
        case .position: position.append(.init(segment))
        case .size: size.append(.init(segment))
        case .alpha: alpha.append(.init(segment))
        case .transform: transform.append(.init(segment))
        case .cornerRadius: cornerRadius.append(.init(segment))
        case .fill: fill.append(.init(segment))
        case .hidden: hidden.append(.init(segment))
        case .zPosition: zPosition.append(.init(segment))
        case .shadowOpacity: shadowOpacity.append(.init(segment))
        case .shadowRadius: shadowRadius.append(.init(segment))
        case .shadowOffset: shadowOffset.append(.init(segment))
        case .shadowColor: shadowColor.append(.init(segment))
        case .borderWidth: borderWidth.append(.init(segment))
        case .borderColor: borderColor.append(.init(segment))
        }
        if property.descriptor.group == .decoration { decorationMoves = true }
    }

    /// The presented values at `t` seconds of transition time.
    func values(at t: Double, spec: LayerSpec) -> CompiledLayer.Values {
        let s = size.value(at: t)
        var v = CompiledLayer.Values(
            position: position.value(at: t), size: Size(width: max(s.width, 0), height: max(s.height, 0)),
            alpha: alpha.value(at: t), transform: transform.matrix(at: t),
            cornerRadius: cornerRadius.value(at: t), fill: fill.value(at: t), hidden: hidden.value(at: t),
            zPosition: zPosition.value(at: t), shadow: spec.shadow, border: spec.border)
        v.shadow.radius = max(v.shadow.radius, 0)
        v.border.width = max(v.border.width, 0)
        readDecoration(at: t, into: &v)
        return v
    }

    /// The animated shadow and border tracks read into `v`.
    func readDecoration(at t: Double, into v: inout CompiledLayer.Values) {
        guard decorationMoves else { return }
        if shadowOpacity.isAnimated { v.shadow.opacity = shadowOpacity.value(at: t) }
        if shadowRadius.isAnimated { v.shadow.radius = max(shadowRadius.value(at: t), 0) }
        if shadowOffset.isAnimated { v.shadow.offset = shadowOffset.value(at: t) }
        if shadowColor.isAnimated { v.shadow.color = shadowColor.value(at: t) }
        if borderWidth.isAnimated { v.border.width = max(borderWidth.value(at: t), 0) }
        if borderColor.isAnimated { v.border.color = borderColor.value(at: t) }
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

    /// Moves `v` — this layer's `values(at:)` at any time — to time `t`, sampling only the
    /// animated tracks (in place: a frame loop keeps one `Values` per layer). Track by
    /// track on the stored tracks: a method called on `tracks` itself would copy all 14
    /// of them (585 bytes) first, for each layer of each frame.
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
        if tracks.decorationMoves { tracks.readDecoration(at: t, into: &v) }
    }
}
