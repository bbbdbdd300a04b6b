import CWebP

/// An animated WebP read back with libwebp's `WebPAnimDecoder` (libwebpdemux), which
/// composites every frame onto the canvas as a browser does.
struct WebPDecoding {
    struct Frame {
        /// Straight RGBA, `width * height * 4` bytes.
        var rgba: [UInt8]
        /// When the frame ends, in milliseconds from the start.
        var endMilliseconds: Int
    }

    var width = 0
    var height = 0
    var loopCount = -1
    var frames: [Frame] = []

    init(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard animatic_WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw ExternalTool.Failure(description: "WebPAnimDecoderOptionsInit failed")
            }
            options.color_mode = MODE_RGBA
            guard let decoder = animatic_WebPAnimDecoderNew(&data, &options) else {
                throw ExternalTool.Failure(description: "WebPAnimDecoderNew failed")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                throw ExternalTool.Failure(description: "WebPAnimDecoderGetInfo failed")
            }
            width = Int(info.canvas_width)
            height = Int(info.canvas_height)
            loopCount = Int(info.loop_count)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else {
                    throw ExternalTool.Failure(description: "WebPAnimDecoderGetNext failed")
                }
                frames.append(
                    Frame(
                        rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)),
                        endMilliseconds: Int(timestamp)))
            }
        }
    }

    /// The stored rectangle (x, y, width, height) of each ANMF frame, read with WebPDemux.
    static func frameRectangles(_ bytes: [UInt8]) throws -> [(x: Int, y: Int, width: Int, height: Int)] {
        try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demux = animatic_WebPDemux(&data) else {
                throw ExternalTool.Failure(description: "WebPDemux failed")
            }
            defer { WebPDemuxDelete(demux) }
            var rectangles: [(x: Int, y: Int, width: Int, height: Int)] = []
            var iterator = WebPIterator()
            guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else { return [] }
            repeat {
                rectangles.append(
                    (Int(iterator.x_offset), Int(iterator.y_offset), Int(iterator.width), Int(iterator.height)))
            } while WebPDemuxNextFrame(&iterator) != 0
            WebPDemuxReleaseIterator(&iterator)
            return rectangles
        }
    }

    /// `rgba` with every fully transparent pixel made (0, 0, 0, 0): lossless WebP keeps only
    /// the alpha of such pixels (WebPConfig.exact is off), as every format may.
    static func clearingInvisible(_ rgba: [UInt8]) -> [UInt8] {
        var out = rgba
        for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] == 0 {
            out[i] = 0
            out[i + 1] = 0
            out[i + 2] = 0
        }
        return out
    }
}
