/// A layer's border: `CALayer.borderWidth` and `borderColor`, drawn inside the bounds
/// (inset by the width), following the corner radius, above the layer's content and
/// sublayers (Apple's CALayer reference, "borderWidth"). Defaults as Core Animation's:
/// width 0, opaque black.
public struct BorderSpec: Hashable, Sendable {
    public var width: Double
    public var color: Color

    public init(width: Double = 0, color: Color = .black) {
        self.width = width
        self.color = color
    }

    public static let none = BorderSpec()
}
