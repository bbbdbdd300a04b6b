/// What an image's header says, read without decoding its pixels.
///
/// `width` and `height` are as the image is displayed: after a JPEG's or a PNG's EXIF
/// orientation, so a portrait photo stored sideways reports its portrait size (the same as
/// `DecodedImage`). A WebP's EXIF chunk is not applied, as Chromium does not apply it.
public struct ImageHeader: Sendable, Equatable {
    public let type: ImageType
    public let width: Int
    public let height: Int
    /// Frames in an animated GIF or WebP (1 for a still image). Only the first is drawn.
    public let frameCount: Int

    public init(type: ImageType, width: Int, height: Int, frameCount: Int = 1) {
        self.type = type
        self.width = width
        self.height = height
        self.frameCount = frameCount
    }
}
