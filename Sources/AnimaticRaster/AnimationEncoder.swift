/// An encoder of a moving picture (APNG, GIF, WebP, WebM, MP4) fed one frame at a time.
///
/// Frames are streamed: the caller draws a frame, hands it over and may reuse its buffer, so
/// a long animation never holds every frame in memory. An encoder keeps at most what its
/// format needs (the previous frame, to store only the rectangle that changed).
public protocol AnimationEncoder {
    /// Adds the next frame, shown for `duration` seconds. Throws when the output would pass
    /// the byte limit the encoder was made with, or when the library fails.
    mutating func add(_ frame: RasterFrame, duration: Double) throws
    /// Ends the file and returns its bytes.
    mutating func finish() throws -> [UInt8]
}
