/// Why an animation encoder stopped.
public enum RasterEncodingError: Error, Equatable, Sendable {
    /// The output passed the byte limit the encoder was made with; the encoder stops at the
    /// first frame (or the closing bytes) that makes it larger, so no more work is spent.
    case overByteLimit(limit: Int)
    /// A frame's size differs from the size the encoder was made with.
    case frameSizeMismatch(expectedWidth: Int, expectedHeight: Int, width: Int, height: Int)
    /// A frame's duration is not a finite number ≥ 0.
    case invalidDuration(Double)
    /// `finish()` was called before any frame was added (or twice, or `add` after `finish`).
    case noFrames
    /// The encoder was used after `finish()`.
    case finished
    /// The encoder was made with a size, frame rate or option its format cannot take.
    case invalidParameter(String)
    /// A C library reported an error: its name and its own code or message.
    case library(name: String, message: String)
}
