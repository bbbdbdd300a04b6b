/// A layer of a compiled timeline: its spec (static look) and one typed track per
/// animatable property (`Track<Value>`, the value kind fixed by the property).
public struct CompiledLayer: Hashable, Sendable {
    public var spec: LayerSpec
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
    private var decorationMoves = false

    init(spec: LayerSpec) {
        self.spec = spec
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

    /// The track of `property`, whatever its kind (compile time and the untyped view).
    func anyTrack(_ property: AnimatableProperty) -> any UntypedTrack {
        switch property {
        case .position: return position
        case .size: return size
        case .alpha: return alpha
        case .transform: return transform
        case .cornerRadius: return cornerRadius
        case .fill: return fill
        case .hidden: return hidden
        case .zPosition: return zPosition
        case .shadowOpacity: return shadowOpacity
        case .shadowRadius: return shadowRadius
        case .shadowOffset: return shadowOffset
        case .shadowColor: return shadowColor
        case .borderWidth: return borderWidth
        case .borderColor: return borderColor
        }
    }

    /// The track of `property` in untyped form.
    public func track(_ property: AnimatableProperty) -> PropertyTrack { anyTrack(property).erased(property) }

    /// Every track in untyped form, in `AnimatableProperty.allCases` order.
    public var tracks: [PropertyTrack] { AnimatableProperty.allCases.map(track) }

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
        decorationMoves =
            shadowOpacity.isAnimated || shadowRadius.isAnimated || shadowOffset.isAnimated
            || shadowColor.isAnimated || borderWidth.isAnimated || borderColor.isAnimated
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

        /// Sets one property, as a completion block's assignment does.
        mutating func apply(_ property: AnimatableProperty, _ value: TrackValue) {
            switch (property, value) {
            case (.position, .point(let p)): position = p
            case (.size, .size(let s)): size = Size(width: max(s.width, 0), height: max(s.height, 0))
            case (.alpha, .number(let n)): alpha = n
            case (.transform, .transform(let m, _)): transform = m
            case (.cornerRadius, .number(let n)): cornerRadius = n
            case (.fill, .color(let c)): fill = c
            case (.hidden, .bool(let b)): hidden = b
            case (.zPosition, .number(let n)): zPosition = n
            case (.shadowOpacity, .number(let n)): shadow.opacity = n
            case (.shadowRadius, .number(let n)): shadow.radius = max(n, 0)
            case (.shadowOffset, .point(let p)): shadow.offset = p
            case (.shadowColor, .color(let c)): shadow.color = c
            case (.borderWidth, .number(let n)): border.width = max(n, 0)
            case (.borderColor, .color(let c)): border.color = c
            default: preconditionFailure("a change's value has its property's kind")
            }
        }
    }

    /// Which of the layer's properties have animations: the others keep their initial value.
    public var animatedProperties: [AnimatableProperty] {
        AnimatableProperty.allCases.filter { anyTrack($0).isAnimated }
    }

    /// Whether `fill` is reported (the layer has a fill or animates one).
    public var hasFill: Bool { spec.fill != nil || fill.isAnimated }

    /// The presented values at `t` seconds of transition time.
    public func values(at t: Double) -> Values {
        let s = size.value(at: t)
        var v = Values(
            position: position.value(at: t), size: Size(width: max(s.width, 0), height: max(s.height, 0)),
            alpha: alpha.value(at: t), transform: transform.value(at: t).matrix,
            cornerRadius: cornerRadius.value(at: t), fill: fill.value(at: t), hidden: hidden.value(at: t),
            zPosition: zPosition.value(at: t), shadow: spec.shadow, border: spec.border)
        v.shadow.radius = max(v.shadow.radius, 0)
        v.border.width = max(v.border.width, 0)
        readDecoration(at: t, into: &v)
        return v
    }

    /// `values(at:)` sampling only the animated tracks; the other values come from `base`,
    /// which must be this layer's `values(at:)` at any time (their values never change).
    public func values(at t: Double, base: Values) -> Values {
        var v = base
        if position.isAnimated { v.position = position.value(at: t) }
        if size.isAnimated {
            let s = size.value(at: t)
            v.size = Size(width: max(s.width, 0), height: max(s.height, 0))
        }
        if alpha.isAnimated { v.alpha = alpha.value(at: t) }
        if transform.isAnimated { v.transform = transform.value(at: t).matrix }
        if cornerRadius.isAnimated { v.cornerRadius = cornerRadius.value(at: t) }
        if fill.isAnimated { v.fill = fill.value(at: t) }
        if hidden.isAnimated { v.hidden = hidden.value(at: t) }
        if zPosition.isAnimated { v.zPosition = zPosition.value(at: t) }
        readDecoration(at: t, into: &v)
        return v
    }

    /// The animated shadow and border tracks read into `v`.
    private func readDecoration(at t: Double, into v: inout Values) {
        guard decorationMoves else { return }
        if shadowOpacity.isAnimated { v.shadow.opacity = shadowOpacity.value(at: t) }
        if shadowRadius.isAnimated { v.shadow.radius = max(shadowRadius.value(at: t), 0) }
        if shadowOffset.isAnimated { v.shadow.offset = shadowOffset.value(at: t) }
        if shadowColor.isAnimated { v.shadow.color = shadowColor.value(at: t) }
        if borderWidth.isAnimated { v.border.width = max(borderWidth.value(at: t), 0) }
        if borderColor.isAnimated { v.border.color = borderColor.value(at: t) }
    }

    /// The layer's state at `t` seconds of transition time.
    public func state(at t: Double, containerSublayer: Transform3D) -> LayerState {
        state(values: values(at: t), containerSublayer: containerSublayer)
    }

    /// The layer's state with presented values `v`.
    public func state(values v: Values, containerSublayer: Transform3D) -> LayerState {
        let matrix = LayerState.composedMatrix(
            position: v.position, zPosition: v.zPosition, size: v.size, anchor: spec.anchor,
            transform: v.transform, containerSublayer: containerSublayer)
        return LayerState(
            id: spec.id, position: v.position, size: v.size, anchor: spec.anchor, transform: v.transform,
            zPosition: v.zPosition, opacity: min(max(v.alpha, 0), 1), cornerRadius: max(v.cornerRadius, 0),
            fill: hasFill ? v.fill : nil, hidden: v.hidden, matrix: matrix,
            shadow: LayerState.visibleShadow(v.shadow), border: LayerState.visibleBorder(v.border))
    }
}
