/// Everything the code needs to know about one animatable property besides where it
/// lives, in one row per property (`AnimatableProperty.descriptor`, a switch generated from
/// the property table, `PropertyTable.toml`): the kind of value it holds (`kind`), what part of a layer it changes (`group`),
/// how its presented value is clamped (`clamp`), and how a spec names and bounds it
/// (`alias`, `specRange`).
///
/// Derived from it instead of written out per property: the spec's names
/// (`AnimatableProperty.specNames`), a layer's members (`SpecDecoder.layerMembers`), the
/// decoding of a change (`SpecDecoder.propertyChanges`), whether a layer's decorations move
/// (`LayerTracks.decorationMoves`) and the state sampler's geometry and appearance masks.
/// Where a property lives — its typed track and its field — stays in switches and lines
/// written out per property (`LayerTracks.visit`, `append`, `Values.apply`, the frame
/// loops), generated from the same table at development time
/// (`scripts/generate_properties.py`): key paths or closures in the table would be
/// resolved at run time, at a cost measured in docs/BENCHMARKS.md ("One property table").
/// `PropertyTableTests` walks
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

    /// The kind of value the property holds: how a spec's change is parsed, and the
    /// `Track<Value>` that `LayerTracks` keeps for it.
    public let kind: Kind
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
}

extension AnimatableProperty {
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
