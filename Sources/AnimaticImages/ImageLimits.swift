/// The bounds an uploaded image must stay within, checked before any pixel is decoded.
///
/// The defaults are our choice (no standard sets them): 10 MiB holds a lossless PNG of an
/// iPhone 15 Pro Max screenshot (1290 × 2796, about 3.6 Mpx, a few MiB) with room to spare;
/// 25 Mpx is about seven such screens, or a 5,000 × 5,000 image, and bounds the decoded
/// memory of one image at 100 MB (RGBA8); 1,000 frames is 40 s of a 25 fps GIF, while only
/// the first frame is ever drawn (the rest are counted, never decoded).
public struct ImageLimits: Sendable, Equatable {
    /// The largest file accepted, in bytes (over it: 413).
    public var maxBytes: Int
    /// The largest width × height accepted, read from the header (over it: 422).
    public var maxPixels: Int
    /// The most frames an animated GIF or WebP may have (over it: 422).
    public var maxFrames: Int

    public init(maxBytes: Int, maxPixels: Int, maxFrames: Int = 1_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.maxFrames = maxFrames
    }

    /// 10 MiB, 25 Mpx, 1,000 frames (our choice; see the type's comment).
    public static let standard = ImageLimits(maxBytes: 10 * 1024 * 1024, maxPixels: 25_000_000, maxFrames: 1_000)
}
