/// Why an image was refused: an HTTP status and a message naming what is wrong.
///
/// 413 — over the byte limit; 415 — not a PNG, JPEG, WebP or GIF by its magic bytes (HTML
/// and SVG included); 422 — an image of a known type that cannot be used: empty, truncated,
/// corrupt (the library's own words), over the pixel or frame limit, or a variant not drawn
/// (CMYK JPEG). The pixel limit is a 422, not a 413: the request is small, its content is
/// what is too large to process.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let status: Int
    public let message: String

    public init(status: Int, message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { "\(status): \(message)" }

    static func unprocessable(_ message: String) -> ImageError { ImageError(status: 422, message: message) }

    static func corrupt(_ type: ImageType, _ why: String) -> ImageError {
        .unprocessable("the \(type.rawValue.uppercased()) is truncated or corrupt: \(why)")
    }

    static func tooManyPixels(width: Int, height: Int, limit: Int) -> ImageError {
        .unprocessable(
            "the image is \(width) × \(height) = \(width * height) pixels, over the limit of \(limit) "
                + "(read from its header; nothing was decoded)")
    }

    static func tooManyFrames(_ type: ImageType, limit: Int) -> ImageError {
        .unprocessable("the \(type.rawValue.uppercased()) has more than \(limit) frames, the limit")
    }
}
