/// How a timeline's frames are drawn as pixels: the scale (@1x/@2x/@3x), the background
/// under the container, and a size to fit within.
public struct RasterOptions: Hashable, Sendable {
    /// Pixels per point: 1, 2 or 3 (@1x, @2x, @3x, as iOS screens). The caller validates.
    public var scale: Int
    /// The colour under every layer; nil: the container's `background` from the spec, or
    /// transparent when the spec sets none.
    public var background: RGBA8?
    /// The largest width in pixels; a larger frame is shrunk, aspect kept (nil: no limit).
    public var maxWidth: Int?
    /// The largest height in pixels, as `maxWidth`.
    public var maxHeight: Int?

    public init(scale: Int = 1, background: RGBA8? = nil, maxWidth: Int? = nil, maxHeight: Int? = nil) {
        self.scale = scale
        self.background = background
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
    }

    /// The scales a caller may ask for.
    public static let scales = 1...3

    /// Pixels per point for a container of `width` × `height` points: `scale`, shrunk so
    /// the frame fits within `maxWidth` × `maxHeight` (never grown).
    public func pixelsPerPoint(containerWidth width: Double, height: Double) -> Double {
        var k = Double(max(scale, 1))
        if let maxWidth, width * k > Double(maxWidth) { k = Double(max(maxWidth, 1)) / width }
        if let maxHeight, height * k > Double(maxHeight) { k = Double(max(maxHeight, 1)) / height }
        return k
    }
}
