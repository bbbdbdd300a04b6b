import CGif

/// A GIF read back with giflib's decoder (DGifSlurp) and composited the way browsers do
/// (GIF89a section 23: disposal 1 keeps an image, 2 clears its rectangle to transparent).
struct GIFDecoding {
    struct Frame {
        /// Straight RGBA, `width * height * 4` bytes; transparent pixels are (0, 0, 0, 0).
        var rgba: [UInt8]
        var delayCentiseconds: Int
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var paletteSize: Int
    }

    var width = 0
    var height = 0
    /// The NETSCAPE2.0 loop count (0: forever), nil when the file has no loop extension.
    var loopCount: Int?
    var frames: [Frame] = []

    private final class Reader {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init(_ bytes: [UInt8]) throws {
        let reader = Reader(bytes)
        var error: Int32 = 0
        let read: InputFunc = { file, buffer, count in
            guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
            let reader = Unmanaged<Reader>.fromOpaque(user).takeUnretainedValue()
            let n = min(Int(count), reader.bytes.count - reader.position)
            for i in 0..<n { buffer[i] = reader.bytes[reader.position + i] }
            reader.position += n
            return Int32(n)
        }
        guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), read, &error) else {
            throw ExternalTool.Failure(description: "DGifOpen failed: \(error)")
        }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK else {
            throw ExternalTool.Failure(description: "DGifSlurp failed: \(gif.pointee.Error)")
        }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var previousDisposal: Int32 = 0
        var previousRect = (x: 0, y: 0, width: 0, height: 0)
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            loopCount = loopCount ?? Self.netscapeLoop(image.ExtensionBlocks, Int(image.ExtensionBlockCount))
            var control = GraphicsControlBlock()
            _ = DGifSavedExtensionToGCB(gif, Int32(i), &control)
            if previousDisposal == DISPOSE_BACKGROUND {
                for y in previousRect.y..<(previousRect.y + previousRect.height) {
                    for x in previousRect.x..<(previousRect.x + previousRect.width) {
                        for c in 0..<4 { canvas[(y * width + x) * 4 + c] = 0 }
                    }
                }
            }
            let d = image.ImageDesc
            let rect = (x: Int(d.Left), y: Int(d.Top), width: Int(d.Width), height: Int(d.Height))
            guard let map = d.ColorMap ?? gif.pointee.SColorMap else {
                throw ExternalTool.Failure(description: "image \(i) has no colour table")
            }
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let index = Int32(image.RasterBits[y * rect.width + x])
                    if index == control.TransparentColor { continue }
                    let color = map.pointee.Colors[Int(index)]
                    let o = ((rect.y + y) * width + rect.x + x) * 4
                    canvas[o] = color.Red
                    canvas[o + 1] = color.Green
                    canvas[o + 2] = color.Blue
                    canvas[o + 3] = 255
                }
            }
            frames.append(
                Frame(
                    rgba: canvas, delayCentiseconds: Int(control.DelayTime), rect: rect,
                    paletteSize: Int(map.pointee.ColorCount)))
            previousDisposal = control.DisposalMode
            previousRect = rect
        }
    }

    private static func netscapeLoop(_ blocks: UnsafeMutablePointer<ExtensionBlock>?, _ count: Int) -> Int? {
        guard let blocks else { return nil }
        for i in 0..<count where blocks[i].Function == APPLICATION_EXT_FUNC_CODE && blocks[i].ByteCount == 11 {
            let id = String(decoding: UnsafeBufferPointer(start: blocks[i].Bytes, count: 11), as: UTF8.self)
            if id == "NETSCAPE2.0", i + 1 < count, blocks[i + 1].ByteCount == 3 {
                let b = blocks[i + 1].Bytes!
                return Int(b[1]) | Int(b[2]) << 8
            }
        }
        return nil
    }
}
