import CGif

/// giflib's GIF89a writer (EGif*) over an in-memory, byte-limited output.
///
/// giflib writes through a callback; the callback appends to `LimitedBytes` and, when the
/// limit would be passed, refuses the write, which makes the giflib call fail and this
/// writer throw `RasterEncodingError.overByteLimit`.
final class GIFFileWriter {
    /// One image of the file: a rectangle of palette indices and how it is shown.
    struct Image {
        var rect: PixelRect
        /// `rect.width * rect.height` palette indices, rows top to bottom.
        var indices: [UInt8]
        /// At most 256 opaque colours (R, G, B words).
        var palette: [UInt32]
        /// The index that stands for "leave the pixel below as it is", if any.
        var transparentIndex: Int?
    }

    /// GIF89a's disposal methods (GIF89a specification, section 23, "Graphic Control
    /// Extension", Disposal Method): what happens to an image's rectangle before the next.
    enum Disposal: Int32 {
        /// Leave the image in place; the next image draws over it.
        case keep = 1
        /// Clear the image's rectangle to the background (browsers: to transparent).
        case restoreBackground = 2
    }

    private final class Sink {
        var output: LimitedBytes
        var overLimit = false
        init(limit: Int) { output = LimitedBytes(limit: limit) }
    }

    private let sink: Sink
    private var gif: UnsafeMutablePointer<GifFileType>?

    init(width: Int, height: Int, loop: Bool, byteLimit: Int) throws {
        sink = Sink(limit: byteLimit)
        var error: Int32 = 0
        let write: OutputFunc = { file, bytes, count in
            guard let file, let bytes, count >= 0, let user = file.pointee.UserData else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            do {
                try sink.output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(count)))
                return count
            } catch {
                sink.overLimit = true
                return 0
            }
        }
        gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &error)
        guard gif != nil else { throw RasterEncodingError.library(name: "giflib", message: Self.message(error)) }
        EGifSetGifVersion(gif, true)
        // No global colour table: every image carries its own (section 21 allows either).
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
        if loop {
            // The NETSCAPE2.0 application extension, sub-block 1 with a loop count of 0:
            // repeat forever (the de-facto standard every browser reads). Without it a GIF
            // plays once.
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
            var id = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &id))
            var loopBlock: [UInt8] = [1, 0, 0]
            try check(EGifPutExtensionBlock(gif, 3, &loopBlock))
            try check(EGifPutExtensionTrailer(gif))
        }
    }

    deinit {
        if let gif {
            var error: Int32 = 0
            EGifCloseFile(gif, &error)
        }
    }

    /// The bytes written so far.
    var byteCount: Int { sink.output.count }

    /// Writes one image: its Graphic Control Extension (delay in centiseconds, disposal,
    /// transparent index), its descriptor, its local colour table and its LZW data.
    func write(_ image: inout Image, delayCentiseconds: Int, disposal: Disposal) throws {
        var control = GraphicsControlBlock(
            DisposalMode: disposal.rawValue, UserInputFlag: false,
            DelayTime: Int32(min(max(delayCentiseconds, 0), 65535)),
            TransparentColor: image.transparentIndex.map { Int32($0) } ?? NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &extensionBytes))

        let used = max(image.palette.count, (image.transparentIndex ?? 0) + 1, 2)
        var bits = 1
        while (1 << bits) < used { bits += 1 }
        var table = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 1 << bits)
        for (i, color) in image.palette.enumerated() {
            table[i] = GifColorType(
                Red: UInt8(color & 0xFF), Green: UInt8((color >> 8) & 0xFF), Blue: UInt8((color >> 16) & 0xFF))
        }
        guard let map = GifMakeMapObject(Int32(1 << bits), &table) else {
            throw RasterEncodingError.library(name: "giflib", message: "GifMakeMapObject failed")
        }
        defer { GifFreeMapObject(map) }
        try check(
            EGifPutImageDesc(
                gif, Int32(image.rect.x), Int32(image.rect.y), Int32(image.rect.width), Int32(image.rect.height), false,
                map))
        // giflib masks the line to the colour table's bits in place (none of ours changes).
        try check(image.indices.withUnsafeMutableBufferPointer { EGifPutLine(gif, $0.baseAddress, Int32($0.count)) })
    }

    /// Writes the trailer, closes giflib's state and returns the file.
    func finish() throws -> [UInt8] {
        var error: Int32 = 0
        let result = EGifCloseFile(gif, &error)
        gif = nil
        if sink.overLimit { throw RasterEncodingError.overByteLimit(limit: sink.output.limit) }
        guard result == GIF_OK else { throw RasterEncodingError.library(name: "giflib", message: Self.message(error)) }
        return sink.output.take()
    }

    private func check(_ result: Int32) throws {
        if result == GIF_OK { return }
        if sink.overLimit { throw RasterEncodingError.overByteLimit(limit: sink.output.limit) }
        throw RasterEncodingError.library(name: "giflib", message: Self.message(gif?.pointee.Error ?? 0))
    }

    private static func message(_ code: Int32) -> String {
        if let text = GifErrorString(code) { return String(cString: text) }
        return "error \(code)"
    }
}
