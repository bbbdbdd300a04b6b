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
        }
    }

    /// The layer's state at `t` seconds of transition time.
    public func state(at t: Double, containerSublayer: Transform3D) -> LayerState {
        func value(_ i: Int) -> TrackValue { tracks[i].isAnimated ? tracks[i].value(at: t) : tracks[i].initial }
        guard case .point(let position) = value(0), case .size(let rawSize) = value(1),
              case .number(let alpha) = value(2), case .transform(let transform, _) = value(3),
              case .number(let radius) = value(4), case .color(let fill) = value(5),
              case .bool(let hidden) = value(6), case .number(let z) = value(7) else {
            preconditionFailure("track values keep their property's kind")
        }
        let size = Size(width: max(rawSize.width, 0), height: max(rawSize.height, 0))
        let matrix = LayerState.composedMatrix(position: position, zPosition: z, size: size, anchor: spec.anchor,
                                               transform: transform, containerSublayer: containerSublayer)
        let hasFill = spec.fill != nil || tracks[5].isAnimated
        return LayerState(id: spec.id, position: position, size: size, anchor: spec.anchor, transform: transform,
                          zPosition: z, opacity: min(max(alpha, 0), 1), cornerRadius: max(radius, 0),
                          fill: hasFill ? fill : nil, hidden: hidden, matrix: matrix)
    }
}
