/// One drawn frame of a timeline: the pixels every raster encoder takes.
///
/// 8-bit RGBA in that byte order, alpha premultiplied, sRGB-encoded values (Core Animation
/// and browsers blend gamma-encoded values: ../shared/research/raster.md), rows top to bottom
/// with no padding, so `pixels.count == width * height * 4`. Encoders that store straight
/// alpha (PNG, GIF, WebP) divide it out; the drawing side never hands out Cairo's native
/// BGRA layout.
public struct RasterFrame: Sendable, Equatable {
    /// Width in pixels (points × scale).
    public let width: Int
    /// Height in pixels (points × scale).
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, premultiplied.
    public var pixels: [UInt8]

    /// A frame of the given size; `pixels` must hold exactly `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(
            width > 0 && height > 0 && pixels.count == width * height * 4, "RasterFrame: size and bytes disagree")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
