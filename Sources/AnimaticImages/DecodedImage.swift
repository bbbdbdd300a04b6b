/// An image's pixels, ready to draw: sRGB, premultiplied alpha, upright.
///
/// `pixels` holds `width × height` values, row by row from the top; each value's bytes in
/// memory are R, G, B, A (8 bits each: on a little-endian machine the value is
/// `r | g << 8 | b << 16 | a << 24`), with R, G and B premultiplied by A. An embedded ICC
/// profile (Display P3 for iPhone screenshots) has been converted to sRGB, and a JPEG's EXIF
/// orientation applied, so `width` and `height` are the displayed size.
public struct DecodedImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "pixels must hold width × height values")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
