/// A layer's drop shadow: `CALayer.shadowColor`, `shadowOpacity`, `shadowRadius` and
/// `shadowOffset`, with Core Animation's defaults for what a spec leaves out (opaque black,
/// opacity 0, radius 3, offset (0, −3): Apple's CALayer reference, "shadowOffset",
/// "shadowRadius", "shadowColor", "shadowOpacity").
///
/// The offset and the blur radius are in the layer's own coordinates: the shadow turns and
/// scales with the layer's transform, as Core Animation draws it.
public struct ShadowSpec: Hashable, Sendable {
    public var color: Color
    /// 0…1, multiplied by the colour's alpha and by the layer's rendered opacity.
    public var opacity: Double
    /// The blur radius in points; drawn as a Gaussian of standard deviation equal to it
    /// (docs/SPEC.md, "Shadows and borders").
    public var radius: Double
    public var offset: Point

    public init(color: Color = .black, opacity: Double = 0, radius: Double = 3, offset: Point = Point(x: 0, y: -3)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }

    /// Core Animation's shadow of a layer whose spec sets none.
    public static let none = ShadowSpec()
}
