/// What the two video encoders (`MP4Encoder`, `WebMEncoder`) share before their codec sees
/// a frame: the sizes and frame rates they accept, and for each frame the same checks in the
/// same order (not finished, the encoder's size, a finite duration ≥ 0) before it becomes the
/// Y′CbCr planes they encode.
struct VideoInput {
    let width: Int
    let height: Int
    let fps: Int
    /// The planes handed to the codec; its coded size may be a pixel larger (`padToEven`).
    let picture: YCbCrFrame

    /// Fails with `RasterEncodingError.invalidParameter` naming `format` when a side is
    /// outside 1…`maxSide` or `fps` outside 1…240. `padToEven` pads an odd side by one
    /// repeated pixel (H.264's 4:2:0 is coded in 2 × 2 blocks; VP9 takes odd sizes).
    init(format: String, width: Int, height: Int, maxSide: Int, fps: Int, padToEven: Bool) throws {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw RasterEncodingError.invalidParameter("\(format) size \(width)×\(height) is outside 1…\(maxSide)")
        }
        guard (1...240).contains(fps) else {
            throw RasterEncodingError.invalidParameter("\(format) fps \(fps) is outside 1…240")
        }
        self.width = width
        self.height = height
        self.fps = fps
        picture =
            padToEven
            ? YCbCrFrame(codedWidth: max(width + (width & 1), 2), codedHeight: max(height + (height & 1), 2))
            : YCbCrFrame(codedWidth: width, codedHeight: height)
    }

    /// Checks `frame` and `duration` for an encoder that is `finished` or not, then converts
    /// the frame into `picture`.
    func take(_ frame: RasterFrame, duration: Double, finished: Bool) throws {
        guard !finished else { throw RasterEncodingError.finished }
        guard frame.width == width, frame.height == height else {
            throw RasterEncodingError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard duration.isFinite, duration >= 0 else { throw RasterEncodingError.invalidDuration(duration) }
        picture.fill(from: frame)
    }
}
