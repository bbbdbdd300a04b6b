import CWebP

/// An animated WebP through libwebp's `WebPAnimEncoder` (libwebpmux).
///
/// - **Lossless by default** (`quality: nil`): transitions are flat fills, gradients and
///   text, where VP8L (palette and LZ77 over exact pixels) is both exact and small, while
///   lossy VP8 halves the colour resolution (4:2:0) and blurs every coloured edge. A frame
///   of more than `denseColors` colours is encoded at method 0, the rest at method 1. Passing
///   a quality (0…100) makes every frame lossy VP8 with an alpha plane, for photographic
///   content.
/// - **Changed rectangles** are libwebp's own: `WebPAnimEncoder` compares each frame with
///   the previous canvas, encodes only the changed sub-rectangle (grown to even offsets, as
///   the ANMF chunk requires), with the previous frame disposed to background when that
///   makes the rectangle smaller (else none; both are encoded only with `minimize_size`,
///   which is off), blending unchanged pixels to transparent; an identical frame is not
///   encoded but lengthens the previous one (libwebp 1.2.4 src/mux/anim_encode.c, `SetFrame`,
///   `IncreasePreviousDuration`). So this encoder hands it whole frames and does not run
///   `ChangedRectangle` itself. Key frames are disabled (`kmax` 0): they only help seeking,
///   and each would be encoded twice.
/// - **Timing.** Frame timestamps are whole milliseconds, accumulated from the exact frame
///   times (`CumulativeTicks`): every frame starts within 0.5 ms of its exact time and the
///   total equals the duration within 0.5 ms.
/// - **Byte limit.** libwebp keeps the compressed frames inside the encoder and exposes no
///   size until the file is assembled, so the limit is checked in `finish()`, not as frames
///   are added (the one encoder where it is so); the caller's cost estimate bounds the work,
///   and what libwebp holds meanwhile is compressed frames plus three canvases.
public final class WebPEncoder: AnimationEncoder {
    public let width: Int
    public let height: Int
    /// nil: lossless; otherwise the lossy quality 0…100.
    public let quality: Float?

    private let byteLimit: Int
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var timestamps = CumulativeTicks(ticksPerSecond: 1000)
    private var straight: [UInt32] = []
    private var frameCount = 0
    private var finished = false

    /// An animated WebP of `width` × `height` pixels (1…16383, WebP's limit) that repeats
    /// forever when `loop` (loop count 0) and plays once otherwise.
    public init(width: Int, height: Int, loop: Bool, byteLimit: Int, quality: Float? = nil) throws {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw RasterEncodingError.invalidParameter("WebP size \(width)×\(height) is outside 1…16383")
        }
        if let quality, !(0...100).contains(quality) {
            throw RasterEncodingError.invalidParameter("WebP quality \(quality) is outside 0…100")
        }
        self.width = width
        self.height = height
        self.quality = quality
        self.byteLimit = byteLimit
        var options = WebPAnimEncoderOptions()
        guard animatic_WebPAnimEncoderOptionsInit(&options) != 0, animatic_WebPConfigInit(&config) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: "ABI version mismatch")
        }
        options.anim_params.loop_count = loop ? 0 : 1
        options.anim_params.bgcolor = 0  // transparent
        options.kmin = 0
        options.kmax = 0
        options.allow_mixed = 0
        if let quality {
            config.lossless = 0
            config.quality = quality
            config.method = 4  // libwebp's default (cwebp)
        } else {
            config.lossless = 1
            // VP8L effort: method 1, quality 50 (our choice). Against libwebp's default
            // (method 4, quality 75), on every preset's frames: 31 % less time for 1 % more
            // bytes; on the fold's 31 frames 3.1 s against 5.1 s. Method 0 was 9-13 × faster
            // on the fold but made fades 10-50 × larger, so only a frame with more than
            // `denseColors` colours gets it (docs/FORMATS.md, "WebP").
            config.quality = 50
            config.method = 1
        }
        guard WebPValidateConfig(&config) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: "invalid WebPConfig")
        }
        encoder = animatic_WebPAnimEncoderNew(Int32(width), Int32(height), &options)
        guard encoder != nil else { throw RasterEncodingError.library(name: "libwebp", message: "WebPAnimEncoderNew") }
    }

    deinit {
        if let encoder { WebPAnimEncoderDelete(encoder) }
    }

    public func add(_ frame: RasterFrame, duration: Double) throws {
        guard !finished else { throw RasterEncodingError.finished }
        guard frame.width == width, frame.height == height else {
            throw RasterEncodingError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard duration.isFinite, duration >= 0 else { throw RasterEncodingError.invalidDuration(duration) }
        StraightAlpha.words(of: frame, into: &straight)
        var frameConfig = config
        if quality == nil && Self.hasManyColors(straight, width: width) { frameConfig.method = 0 }
        var picture = WebPPicture()
        guard animatic_WebPPictureInit(&picture) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: "WebPPictureInit")
        }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let imported = straight.withUnsafeBytes {
            WebPPictureImportRGBA(&picture, $0.bindMemory(to: UInt8.self).baseAddress, Int32(width * 4))
        }
        guard imported != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: "WebPPictureImportRGBA")
        }
        let start = timestamps.elapsedTicks
        _ = timestamps.ticks(for: duration)
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(start), &frameConfig) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: lastError)
        }
        frameCount += 1
    }

    /// Above this many distinct colours a frame is encoded lossless at method 0 (our
    /// choice, measured: docs/FORMATS.md, "WebP").
    static let denseColors = 1024

    /// Whether the straight-alpha words of a frame `width` pixels wide hold more than
    /// `denseColors` distinct visible colours (fully transparent words, all 0, are not
    /// counted); stops counting there. A word equal to its left or upper neighbour is already
    /// counted, so only the others are looked up: most of a frame, flat fills and shading that
    /// is constant down a column (the fold's), is skipped without a lookup.
    static func hasManyColors(_ words: [UInt32], width: Int) -> Bool {
        precondition(width > 0 && words.count % width == 0, "whole rows of \(width) words")
        var seen = ColorTable(capacity: denseColors)
        return words.withUnsafeBufferPointer { words in
            var last: UInt32 = 0
            for i in 0..<words.count {
                let word = words[i]
                if word == last || word == 0 { continue }
                last = word
                if i >= width && words[i - width] == word { continue }
                if seen.value(of: word) == nil {
                    seen.set(0, for: word)
                    if seen.count > denseColors { return true }
                }
            }
            return false
        }
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw RasterEncodingError.finished }
        finished = true
        guard frameCount > 0 else { throw RasterEncodingError.noFrames }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamps.elapsedTicks), nil) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: lastError)
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw RasterEncodingError.library(name: "libwebp", message: lastError)
        }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: data.bytes)) }
        WebPAnimEncoderDelete(encoder)
        encoder = nil
        guard data.size <= byteLimit else { throw RasterEncodingError.overByteLimit(limit: byteLimit) }
        return Array(UnsafeBufferPointer(start: data.bytes, count: data.size))
    }

    private var lastError: String {
        guard let text = WebPAnimEncoderGetError(encoder) else { return "unknown error" }
        return String(cString: text)
    }
}
