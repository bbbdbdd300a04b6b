/// Everything the code needs to know about one animatable property, in one row per
/// property (`AnimatableProperty.descriptor`, the one switch over the properties that the
/// compiler checks): where it lives in the engine (`slot`), what part of a layer it
/// changes (`group`), how its presented value is clamped (`clamp`), and how a spec names
/// and bounds it (`alias`, `specRange`).
///
/// The lists that used to be written out property by property are derived from it: the
/// spec's names (`AnimatableProperty.specNames`) and the decoding of a change
/// (`SpecDecoder.propertyChanges`), the typed tracks' initial values, `visit` and `append`
/// (`LayerTracks`), `CompiledLayer.Values.apply`, the sampling of the decorations, and
/// the state sampler's geometry and appearance masks. The frame loops' hand-written lines
/// (`SharedLayerTracks.sampleAnimated`, `LayerState`, the JSON field writer) stay written
/// out for speed; `PropertyTableTests` walks `AnimatableProperty.allCases` through every
/// list, those included, and fails when a property is missing from one.
public struct PropertyDescriptor: Sendable {
    /// What part of a layer's state a property changes: the state sampler recomputes a
    /// layer's matrix only when a geometry property moves, and the rest of its state only
    /// when an appearance or decoration property does.
    public enum Group: Hashable, Sendable {
        /// Position, size, zPosition, transform: they move the layer's matrix and quad.
        case geometry
        /// A layer field drawn without moving the layer (alpha, corner radius, fill, hidden).
        case appearance
        /// A member of the layer's shadow or border (`ShadowSpec`, `BorderSpec`): sampled
        /// only for the layers that animate one (`LayerTracks.decorationMoves`).
        case decoration
    }

    /// How the engine clamps the presented value (the track keeps the value as given, and
    /// the exports' tracks show it so).
    public enum Clamp: Hashable, Sendable {
        case none
        /// `max(value, 0)`, each component of a size.
        case nonNegative
    }

    /// The kind of value a property holds (`PropertyValue`'s cases).
    public enum Kind: Hashable, Sendable {
        case number, point, size, transform, color, bool
    }

    /// Where a property lives in the engine, as key paths of its kind of value: its typed
    /// track in `LayerTracks` and its field in `CompiledLayer.Values`.
    enum Slot: Sendable {
        case number(
            WritableKeyPath<LayerTracks, Track<Double>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Double> & Sendable)
        case point(
            WritableKeyPath<LayerTracks, Track<Point>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Point> & Sendable)
        case size(
            WritableKeyPath<LayerTracks, Track<Size>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Size> & Sendable)
        case transform(
            WritableKeyPath<LayerTracks, Track<TransformValue>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Transform3D> & Sendable)
        case color(
            WritableKeyPath<LayerTracks, Track<Color>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Color> & Sendable)
        case bool(
            WritableKeyPath<LayerTracks, Track<Bool>> & Sendable,
            WritableKeyPath<CompiledLayer.Values, Bool> & Sendable)
    }

    let slot: Slot
    public let group: Group
    public let clamp: Clamp
    /// The other name a spec's change (`{layerId: {name: value}}`) may use besides the
    /// property's own (`AnimatableProperty.specNames(of:)`): `center` is UIKit's name for
    /// the position of a view whose anchor is centred, `opacity` CALayer's for alpha,
    /// `bounds` a size as `[w, h]` or `[x, y, w, h]` with x = y = 0, `backgroundColor`
    /// UIView's for the fill. `frame`, which sets two properties, is the decoder's own.
    public let alias: StaticString?
    /// The range a number (or each coordinate of a point) must be in; other kinds ignore it.
    let specRange: SpecDecoder.NumberRange

    public var kind: Kind {
        switch slot {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .transform: return .transform
        case .color: return .color
        case .bool: return .bool
        }
    }
}

extension AnimatableProperty {
    /// The property's row of the table: the one place a new property is described.
    public var descriptor: PropertyDescriptor {
        typealias D = PropertyDescriptor
        switch self {
        case .position:
            return D(
                slot: .point(\.position, \.position), group: .geometry, clamp: .none,
                alias: "center", specRange: .finite)
        case .size:
            return D(
                slot: .size(\.size, \.size), group: .geometry, clamp: .nonNegative, alias: "bounds",
                specRange: .finite)
        case .alpha:
            return D(
                slot: .number(\.alpha, \.alpha), group: .appearance, clamp: .none, alias: "opacity",
                specRange: .unit)
        case .transform:
            return D(
                slot: .transform(\.transform, \.transform), group: .geometry, clamp: .none,
                alias: nil, specRange: .finite)
        case .cornerRadius:
            return D(
                slot: .number(\.cornerRadius, \.cornerRadius), group: .appearance, clamp: .none,
                alias: nil, specRange: .nonNegative)
        case .fill:
            return D(
                slot: .color(\.fill, \.fill), group: .appearance, clamp: .none,
                alias: "backgroundColor", specRange: .finite)
        case .hidden:
            return D(
                slot: .bool(\.hidden, \.hidden), group: .appearance, clamp: .none, alias: nil,
                specRange: .finite)
        case .zPosition:
            return D(
                slot: .number(\.zPosition, \.zPosition), group: .geometry, clamp: .none, alias: nil,
                specRange: .finite)
        case .shadowOpacity:
            return D(
                slot: .number(\.shadowOpacity, \.shadow.opacity), group: .decoration, clamp: .none,
                alias: nil, specRange: .unit)
        case .shadowRadius:
            return D(
                slot: .number(\.shadowRadius, \.shadow.radius), group: .decoration, clamp: .nonNegative,
                alias: nil, specRange: .closed(0, SpecDecoder.maxShadowRadius))
        case .shadowOffset:
            return D(
                slot: .point(\.shadowOffset, \.shadow.offset), group: .decoration, clamp: .none,
                alias: nil, specRange: .finite)
        case .shadowColor:
            return D(
                slot: .color(\.shadowColor, \.shadow.color), group: .decoration, clamp: .none,
                alias: nil, specRange: .finite)
        case .borderWidth:
            return D(
                slot: .number(\.borderWidth, \.border.width), group: .decoration, clamp: .nonNegative,
                alias: nil, specRange: .nonNegative)
        case .borderColor:
            return D(
                slot: .color(\.borderColor, \.border.color), group: .decoration, clamp: .none,
                alias: nil, specRange: .finite)
        }
    }

    /// The names a spec's change may give the property: its own, then its alias.
    public var specNames: [String] {
        [rawValue] + (descriptor.alias.map { ["\($0)"] } ?? [])
    }

    /// The property a spec's change names by `name` (an alias included); nil for `frame`
    /// (two properties) and for a name that is not a property's.
    static let bySpecName: [String: AnimatableProperty] = {
        var names: [String: AnimatableProperty] = [:]
        for property in allCases {
            for name in property.specNames { names[name] = property }
        }
        return names
    }()
}
