import CGif

/// GIF through giflib's record-by-record API (DGifGetRecordType and friends), so that frames
/// are counted without decoding them and only the first is ever turned into pixels.
enum GIFReader {
    struct Result {
        var header: ImageHeader
        /// The first frame on the logical screen, straight-alpha RGBA8 (transparent outside
        /// the frame and at its transparent index); nil unless asked for.
        var rgba: [UInt8]?
    }

    /// The bytes giflib reads through its input callback.
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    private static let readCallback: InputFunc = { gif, destination, length in
        guard let gif, let destination, let user = gif.pointee.UserData else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
        let count = min(Int(length), source.bytes.count - source.offset)
        guard count > 0 else { return 0 }
        source.bytes.withUnsafeBufferPointer { buffer in
            destination.update(from: buffer.baseAddress! + source.offset, count: count)
        }
        source.offset += count
        return Int32(count)
    }

    static func read(_ bytes: [UInt8], limits: ImageLimits, decodeFirstFrame: Bool) throws(ImageError) -> Result {
        let source = Source(bytes)
        var openError: Int32 = 0
        let opened = withExtendedLifetime(source) {
            DGifOpen(Unmanaged.passUnretained(source).toOpaque(), readCallback, &openError)
        }
        guard let gif = opened else { throw .corrupt(.gif, describe(openError)) }
        defer {
            var closeError: Int32 = 0
            DGifCloseFile(gif, &closeError)
        }
        return try withExtendedLifetime(source) { () throws(ImageError) -> Result in
            try walk(gif, limits: limits, decodeFirstFrame: decodeFirstFrame)
        }
    }

    private static func walk(
        _ gif: UnsafeMutablePointer<GifFileType>, limits: ImageLimits, decodeFirstFrame: Bool
    ) throws(ImageError) -> Result {
        let width = Int(gif.pointee.SWidth)
        let height = Int(gif.pointee.SHeight)
        guard width * height <= limits.maxPixels else {
            throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
        }
        var frames = 0
        var transparentIndex: Int? = nil
        var rgba: [UInt8]? = nil
        records: while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif, frames) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif, frames) }
                frames += 1
                guard frames <= limits.maxFrames else { throw .tooManyFrames(.gif, limit: limits.maxFrames) }
                let frame = gif.pointee.Image
                guard Int(frame.Width) * Int(frame.Height) <= limits.maxPixels else {
                    throw .tooManyPixels(width: Int(frame.Width), height: Int(frame.Height), limit: limits.maxPixels)
                }
                if frames == 1 && decodeFirstFrame {
                    rgba = try decodeFrame(
                        gif, screenWidth: width, screenHeight: height, transparentIndex: transparentIndex)
                } else {
                    try skipFrameData(gif, frames)
                }
                transparentIndex = nil
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>? = nil
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif, frames) }
                // Graphic Control Extension (GIF89a §23): byte 1 bit 0 flags a transparent
                // colour, byte 4 is its index.
                if code == GRAPHICS_EXT_FUNC_CODE, let data = block, data[0] >= 4 {
                    transparentIndex = data[1] & 1 == 1 ? Int(data[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif, frames) }
                }
            case TERMINATE_RECORD_TYPE:
                break records
            default:
                throw .corrupt(.gif, "an unknown record after frame \(frames)")
            }
        }
        guard frames > 0 else { throw .corrupt(.gif, "it has no frame") }
        return Result(header: ImageHeader(type: .gif, width: width, height: height, frameCount: frames), rgba: rgba)
    }

    private static func skipFrameData(_ gif: UnsafeMutablePointer<GifFileType>, _ frame: Int) throws(ImageError) {
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetCode(gif, &codeSize, &block) == GIF_OK else { throw failure(gif, frame) }
        while block != nil {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw failure(gif, frame) }
        }
    }

    private static func decodeFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, screenWidth: Int, screenHeight: Int, transparentIndex: Int?
    ) throws(ImageError) -> [UInt8] {
        let frame = gif.pointee.Image
        let frameWidth = Int(frame.Width)
        let frameHeight = Int(frame.Height)
        guard let colorMap = frame.ColorMap ?? gif.pointee.SColorMap, let colors = colorMap.pointee.Colors else {
            throw .corrupt(.gif, "the first frame has no colour table")
        }
        let colorCount = Int(colorMap.pointee.ColorCount)
        var rgba = [UInt8](repeating: 0, count: screenWidth * screenHeight * 4)
        var line = [GifPixelType](repeating: 0, count: max(frameWidth, 1))
        // Interlaced frames (GIF89a Appendix E) arrive in four passes of rows.
        let rowOrder: [Int] =
            frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
                Array(stride(from: start, to: frameHeight, by: step))
            }
            : Array(0..<frameHeight)
        for row in rowOrder {
            guard DGifGetLine(gif, &line, Int32(frameWidth)) == GIF_OK else { throw failure(gif, 1) }
            let y = Int(frame.Top) + row
            guard y < screenHeight else { continue }
            for column in 0..<frameWidth {
                let x = Int(frame.Left) + column
                let index = Int(line[column])
                guard x < screenWidth, index != transparentIndex, index < colorCount else { continue }
                let color = colors[index]
                let at = (y * screenWidth + x) * 4
                rgba[at] = color.Red
                rgba[at + 1] = color.Green
                rgba[at + 2] = color.Blue
                rgba[at + 3] = 255
            }
        }
        return rgba
    }

    private static func failure(_ gif: UnsafeMutablePointer<GifFileType>, _ frame: Int) -> ImageError {
        .corrupt(.gif, "\(describe(gif.pointee.Error)) (at frame \(frame + 1))")
    }

    private static func describe(_ code: Int32) -> String {
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON: "the file ends early (truncated)"
        default: GifErrorString(code).map { String(cString: $0).lowercased() } ?? "giflib error \(code)"
        }
    }
}
