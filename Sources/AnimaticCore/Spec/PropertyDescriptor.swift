/// Everything the code needs to know about one animatable property, in one row per
/// property (`AnimatableProperty.descriptor`, a switch the compiler checks): the kind of
/// value it holds and where it lives (`field`: its initial value in a `LayerSpec`, the
/// writer of its field of `CompiledLayer.Values`), what part of a layer it changes
/// (`group`), how its presented value is clamped (`clamp`), and how a spec names and bounds
/// it (`alias`, `specRange`).
///
/// Derived from it instead of written out per property: the spec's names
/// (`AnimatableProperty.specNames`), a layer's members (`SpecDecoder.layerMembers`), the
/// decoding of a change (`SpecDecoder.propertyChanges`) and of the members of `shadow` and
/// `border` (`SpecDecoder.shadowMembers`), the engine's typed tracks, their sampling and a
/// completion's assignment (`PropertyTable`, `LayerTracks`, `LayerSampler`,
/// `Values.apply`), and the state sampler's geometry and appearance masks. The writers are
/// closures resolved once per process into `PropertyTable`'s columns, one per kind, so that
/// a frame loop calls them from monomorphic lists: no key path is projected at run time
/// (docs/BENCHMARKS.md, "One property table"). `PropertyTableTests` walks
/// `AnimatableProperty.allCases` through every list and fails when a property is missing
/// from one.
public struct PropertyDescriptor: Sendable {
    /// What part of a layer's state a property changes: the state sampler recomputes a
    /// layer's matrix only when a geometry property moves, and the rest of its state only
    /// when an appearance or decoration property does.
    public enum Group: Hashable, Sendable {
        /// Position, size, zPosition, transform: they move the layer's matrix and quad.
        case geometry
        /// A layer field drawn without moving the layer (alpha, corner radius, fill, hidden).
        case appearance
        /// A member of the layer's shadow or border (`ShadowSpec`, `BorderSpec`), named in
        /// the spec's `shadow` or `border` by the rest of its name (`shadowOpacity` → `opacity`).
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

    /// Where the property lives, typed: its initial value in a `LayerSpec` and the writer
    /// of its field of `CompiledLayer.Values` (non-capturing closures, resolved once into
    /// `PropertyTable`'s columns, never in a frame loop). Its case is the property's kind.
    let field: Field
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

    /// A property's place: where its track starts (`initial`, read from the layer's spec)
    /// and how a presented value is written into a layer's `Values` (`write`, before the
    /// clamp, which `PropertyTable` adds).
    struct Place<Stored, Presented>: Sendable {
        let initial: @Sendable (LayerSpec) -> Stored
        let write: @Sendable (inout CompiledLayer.Values, Presented) -> Void
    }

    /// The property's place, by the kind of value it holds. A transform's track holds a
    /// `TransformValue` (matrix and decomposition); its field, the matrix.
    enum Field: Sendable {
        case number(Place<Double, Double>)
        case point(Place<Point, Point>)
        case size(Place<Size, Size>)
        case transform(Place<TransformValue, Transform3D>)
        case color(Place<Color, Color>)
        case bool(Place<Bool, Bool>)
    }

    /// The kind of value the property holds: how a spec's change is parsed, and the
    /// `Track<Value>` that `LayerTracks` keeps for it.
    public var kind: Kind {
        switch field {
        case .number: return .number
        case .point: return .point
        case .size: return .size
        case .transform: return .transform
        case .color: return .color
        case .bool: return .bool
        }
    }

    /// A spec's value of the property's kind written into its field as given (no clamp: a
    /// spec's own value, as the decoder reads a layer's `shadow` and `border`).
    func write(_ value: PropertyValue, into v: inout CompiledLayer.Values) {
        switch (field, value) {
        case (.number(let place), .number(let x)): place.write(&v, x)
        case (.point(let place), .point(let x)): place.write(&v, x)
        case (.size(let place), .size(let x)): place.write(&v, x)
        case (.transform(let place), .transform(let x)): place.write(&v, x.matrix)
        case (.color(let place), .color(let x)): place.write(&v, x)
        case (.bool(let place), .bool(let x)): place.write(&v, x)
        default: preconditionFailure("a spec's value has its property's kind")
        }
    }

    typealias Initial<Value> = @Sendable (LayerSpec) -> Value
    typealias Write<Value> = @Sendable (inout CompiledLayer.Values, Value) -> Void

    static func number(
        _ initial: @escaping Initial<Double>, _ write: @escaping Write<Double>, group: Group, clamp: Clamp = .none,
        alias: StaticString? = nil, specRange: SpecDecoder.NumberRange
    ) -> Self {
        Self(
            field: .number(Place(initial: initial, write: write)), group: group, clamp: clamp, alias: alias,
            specRange: specRange)
    }

    static func point(
        _ initial: @escaping Initial<Point>, _ write: @escaping Write<Point>, group: Group, alias: StaticString? = nil
    ) -> Self {
        Self(
            field: .point(Place(initial: initial, write: write)), group: group, clamp: .none, alias: alias,
            specRange: .finite)
    }

    static func size(
        _ initial: @escaping Initial<Size>, _ write: @escaping Write<Size>, group: Group, clamp: Clamp,
        alias: StaticString? = nil
    ) -> Self {
        Self(
            field: .size(Place(initial: initial, write: write)), group: group, clamp: clamp, alias: alias,
            specRange: .finite)
    }

    static func transform(
        _ initial: @escaping Initial<TransformValue>, _ write: @escaping Write<Transform3D>, group: Group
    ) -> Self {
        Self(
            field: .transform(Place(initial: initial, write: write)), group: group, clamp: .none, alias: nil,
            specRange: .finite)
    }

    static func color(
        _ initial: @escaping Initial<Color>, _ write: @escaping Write<Color>, group: Group, alias: StaticString? = nil
    ) -> Self {
        Self(
            field: .color(Place(initial: initial, write: write)), group: group, clamp: .none, alias: alias,
            specRange: .finite)
    }

    static func bool(_ initial: @escaping Initial<Bool>, _ write: @escaping Write<Bool>, group: Group) -> Self {
        Self(
            field: .bool(Place(initial: initial, write: write)), group: group, clamp: .none, alias: nil,
            specRange: .finite)
    }
}

extension AnimatableProperty {
    /// The property's row of the table: the one place a new property is described — its
    /// kind, where it lives (its spec's value and its field of `CompiledLayer.Values`), its
    /// group, clamp, alias and range.
    public var descriptor: PropertyDescriptor {
        typealias D = PropertyDescriptor
        switch self {
        case .position:
            return D.point({ $0.position }, { $0.position = $1 }, group: .geometry, alias: "center")
        case .size:
            return D.size({ $0.size }, { $0.size = $1 }, group: .geometry, clamp: .nonNegative, alias: "bounds")
        case .alpha:
            return D.number({ $0.alpha }, { $0.alpha = $1 }, group: .appearance, alias: "opacity", specRange: .unit)
        case .transform:
            return D.transform({ TransformValue($0.transform.matrix) }, { $0.transform = $1 }, group: .geometry)
        case .cornerRadius:
            return D.number({ $0.cornerRadius }, { $0.cornerRadius = $1 }, group: .appearance, specRange: .nonNegative)
        case .fill:
            return D.color({ $0.fill ?? .clear }, { $0.fill = $1 }, group: .appearance, alias: "backgroundColor")
        case .hidden:
            return D.bool({ $0.hidden }, { $0.hidden = $1 }, group: .appearance)
        case .zPosition:
            return D.number({ $0.zPosition }, { $0.zPosition = $1 }, group: .geometry, specRange: .finite)
        case .shadowOpacity:
            return D.number(
                { $0.shadow.opacity }, { $0.shadow.opacity = $1 }, group: .decoration, specRange: .unit)
        case .shadowRadius:
            return D.number(
                { $0.shadow.radius }, { $0.shadow.radius = $1 }, group: .decoration, clamp: .nonNegative,
                specRange: .closed(0, SpecDecoder.maxShadowRadius))
        case .shadowOffset:
            return D.point({ $0.shadow.offset }, { $0.shadow.offset = $1 }, group: .decoration)
        case .shadowColor:
            return D.color({ $0.shadow.color }, { $0.shadow.color = $1 }, group: .decoration)
        case .borderWidth:
            return D.number(
                { $0.border.width }, { $0.border.width = $1 }, group: .decoration, clamp: .nonNegative,
                specRange: .nonNegative)
        case .borderColor:
            return D.color({ $0.border.color }, { $0.border.color = $1 }, group: .decoration)
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
