/// A layer of a compiled timeline: its spec (static look) and one track per property.
public struct CompiledLayer: Hashable, Sendable {
    public var spec: LayerSpec
    /// Indexed by `AnimatableProperty.allCases` order.
    public private(set) var tracks: [PropertyTrack]

    init(spec: LayerSpec) {
        self.spec = spec
        tracks = AnimatableProperty.allCases.map { property in
            PropertyTrack(property: property, initial: CompiledLayer.initialValue(of: property, in: spec))
        }
    }

    static func initialValue(of property: AnimatableProperty, in spec: LayerSpec) -> TrackValue {
        switch property {
        case .position: return .point(spec.position)
        case .size: return .size(spec.size)
        case .alpha: return .number(spec.alpha)
        case .transform: return .transform(spec.transform.matrix)
        case .cornerRadius: return .number(spec.cornerRadius)
        case .fill: return .color(spec.fill ?? .clear)
        case .hidden: return .bool(spec.hidden)
        case .zPosition: return .number(spec.zPosition)
        case .shadowOpacity: return .number(spec.shadow.opacity)
        case .shadowRadius: return .number(spec.shadow.radius)
        case .shadowOffset: return .point(spec.shadow.offset)
        case .shadowColor: return .color(spec.shadow.color)
        case .borderWidth: return .number(spec.border.width)
        case .borderColor: return .color(spec.border.color)
        }
    }

    public func track(_ property: AnimatableProperty) -> PropertyTrack {
        tracks[Self.index(property)]
    }

    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        tracks[Self.index(property)].append(segment)
    }

    static func index(_ property: AnimatableProperty) -> Int {
        switch property {
        case .position: return 0
        case .size: return 1
        case .alpha: return 2
        case .transform: return 3
        case .cornerRadius: return 4
        case .fill: return 5
        case .hidden: return 6
        case .zPosition: return 7
        case .shadowOpacity: return 8
        case .shadowRadius: return 9
        case .shadowOffset: return 10
        case .shadowColor: return 11
        case .borderWidth: return 12
        case .borderColor: return 13
        }
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
            case (.transform, _): transform = value.matrix
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
        AnimatableProperty.allCases.filter { tracks[Self.index($0)].isAnimated }
    }

    /// Whether `fill` is reported (the layer has a fill or animates one).
    public var hasFill: Bool { spec.fill != nil || tracks[5].isAnimated }

    /// The presented values at `t` seconds of transition time.
    public func values(at t: Double) -> Values {
        let position: Point, rawSize: Size, alpha: Double, transform: Transform3D
        let radius: Double, fill: Color, hidden: Bool, z: Double
        if case .point(let v) = tracks[0].value(at: t) { position = v } else { Self.kindChanged() }
        if case .size(let v) = tracks[1].value(at: t) { rawSize = v } else { Self.kindChanged() }
        if case .number(let v) = tracks[2].value(at: t) { alpha = v } else { Self.kindChanged() }
        transform = tracks[3].transformValue(at: t)
        if case .number(let v) = tracks[4].value(at: t) { radius = v } else { Self.kindChanged() }
        if case .color(let v) = tracks[5].value(at: t) { fill = v } else { Self.kindChanged() }
        if case .bool(let v) = tracks[6].value(at: t) { hidden = v } else { Self.kindChanged() }
        if case .number(let v) = tracks[7].value(at: t) { z = v } else { Self.kindChanged() }
        var values = Values(
            position: position, size: Size(width: max(rawSize.width, 0), height: max(rawSize.height, 0)),
            alpha: alpha, transform: transform, cornerRadius: radius, fill: fill, hidden: hidden,
            zPosition: z, shadow: spec.shadow, border: spec.border)
        readDecoration(at: t, into: &values, mask: ~0)
        return values
    }

    /// The shadow and border tracks (indices 8…13) in `mask` read into `v`.
    private func readDecoration(at t: Double, into v: inout Values, mask: UInt32) {
        if mask & 0x3F00 == 0 { return }
        if mask & 256 != 0 { v.shadow.opacity = number(8, at: t) }
        if mask & 512 != 0 { v.shadow.radius = max(number(9, at: t), 0) }
        if mask & 1024 != 0 {
            if case .point(let x) = tracks[10].value(at: t) { v.shadow.offset = x } else { Self.kindChanged() }
        }
        if mask & 2048 != 0 {
            if case .color(let x) = tracks[11].value(at: t) { v.shadow.color = x } else { Self.kindChanged() }
        }
        if mask & 4096 != 0 { v.border.width = max(number(12, at: t), 0) }
        if mask & 8192 != 0 {
            if case .color(let x) = tracks[13].value(at: t) { v.border.color = x } else { Self.kindChanged() }
        }
    }

    private func number(_ track: Int, at t: Double) -> Double {
        guard case .number(let x) = tracks[track].value(at: t) else { Self.kindChanged() }
        return x
    }

    /// Bit i set when track i (in `AnimatableProperty.allCases` order) has animations.
    public var animatedMask: UInt32 {
        var mask: UInt32 = 0
        for i in tracks.indices where tracks[i].isAnimated { mask |= 1 << UInt32(i) }
        return mask
    }

    /// `values(at:)` computing only the tracks in `mask` (see `animatedMask`); the other
    /// values come from `base`, which must be this layer's `values(at:)` at any time.
    public func values(at t: Double, base: Values, mask: UInt32) -> Values {
        var v = base
        if mask == 0 { return v }
        if mask & 1 != 0 {
            if case .point(let x) = tracks[0].value(at: t) { v.position = x } else { Self.kindChanged() }
        }
        if mask & 2 != 0 {
            if case .size(let x) = tracks[1].value(at: t) {
                v.size = Size(width: max(x.width, 0), height: max(x.height, 0))
            } else {
                Self.kindChanged()
            }
        }
        if mask & 4 != 0 { if case .number(let x) = tracks[2].value(at: t) { v.alpha = x } else { Self.kindChanged() } }
        if mask & 8 != 0 { v.transform = tracks[3].transformValue(at: t) }
        if mask & 16 != 0 {
            if case .number(let x) = tracks[4].value(at: t) { v.cornerRadius = x } else { Self.kindChanged() }
        }
        if mask & 32 != 0 { if case .color(let x) = tracks[5].value(at: t) { v.fill = x } else { Self.kindChanged() } }
        if mask & 64 != 0 { if case .bool(let x) = tracks[6].value(at: t) { v.hidden = x } else { Self.kindChanged() } }
        if mask & 128 != 0 {
            if case .number(let x) = tracks[7].value(at: t) { v.zPosition = x } else { Self.kindChanged() }
        }
        readDecoration(at: t, into: &v, mask: mask)
        return v
    }

    private static func kindChanged() -> Never {
        preconditionFailure("track values keep their property's kind")
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
