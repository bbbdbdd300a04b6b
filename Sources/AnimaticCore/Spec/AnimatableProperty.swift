/// The layer properties a spec can change, with the kind of value each holds.
///
/// `frame` is UIKit's compound setter: it changes `position` and `size` together
/// (position = origin + anchor × size). `hidden` is not animatable in UIKit, so a
/// change to it takes effect at once when its block starts.
public enum AnimatableProperty: String, Hashable, Sendable, CaseIterable {
    case position, size, alpha, transform, cornerRadius, fill, hidden, zPosition
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, borderWidth, borderColor

    /// The spec's names, including the aliases users write (`center` is UIKit's name
    /// for the position of a view whose anchor is centred, `opacity` CALayer's for alpha,
    /// `bounds` a size as `[w, h]` or `[x, y, w, h]` with x = y = 0).
    public static let specNames: [String] = [
        "frame", "position", "center", "size", "bounds", "alpha",
        "opacity", "transform", "cornerRadius", "fill",
        "backgroundColor", "hidden", "zPosition", "shadowOpacity",
        "shadowRadius", "shadowOffset", "shadowColor", "borderWidth",
        "borderColor",
    ]
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
