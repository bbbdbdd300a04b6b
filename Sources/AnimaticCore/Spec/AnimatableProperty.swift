// `AnimatableProperty`'s cases and `descriptor` are generated from the property table
// (`PropertyTable.toml`) into AnimatableProperty+Generated.swift.

extension AnimatableProperty {
    /// The spec's names, including the aliases users write: `frame` (UIKit's compound
    /// setter), then each property's own name and alias (`descriptor.alias`) in case order.
    public static let specNames: [String] = ["frame"] + allCases.flatMap(\.specNames)
}

/// A property's value.
public enum PropertyValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case transform(TransformSpec)
    case color(Color)
    case bool(Bool)
}

/// One property change of one layer: `{layerId: {property: value}}` in a spec.
public struct PropertyChange: Hashable, Sendable {
    public var layer: String
    public var property: AnimatableProperty
    public var value: PropertyValue

    public init(layer: String, property: AnimatableProperty, value: PropertyValue) {
        self.layer = layer
        self.property = property
        self.value = value
    }
}
