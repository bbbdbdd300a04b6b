import CWebP

/// WebP through libwebp: WebPGetFeatures for the header, WebPDemux for the frame count and
/// the ICC profile, WebPDecodeRGBA for a still image and WebPAnimDecoder for an animation's
/// first frame (composited on its canvas, as a browser shows it).
///
/// A WebP's EXIF chunk is not read: Chromium (the browser the exports are checked in) shows a
/// WebP as stored whatever orientation its EXIF chunk holds, so the server does too, and an
/// exported SVG or CSS that embeds the WebP looks the same as the server's own raster output
/// (docs/FORMATS.md, "EXIF orientation").
enum WebPReader {
    struct Raw {
        var header: ImageHeader
        var rgba: [UInt8]
        var icc: [UInt8]?
    }

    static func header(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageHeader {
        try inspect(bytes, limits: limits).header
    }

    /// - Parameter keepPixels: false decodes the image (finding truncation and corruption)
    ///   and returns no pixels, without copying libwebp's buffer.
    static func decode(_ bytes: [UInt8], limits: ImageLimits, keepPixels: Bool = true) throws(ImageError) -> Raw {
        let (header, icc) = try inspect(bytes, limits: limits)
        let rgba: [UInt8]? = bytes.withUnsafeBufferPointer { buffer in
            if header.frameCount > 1 { return firstAnimationFrame(buffer, header: header, keepPixels: keepPixels) }
            var width: Int32 = 0
            var height: Int32 = 0
            guard let pixels = WebPDecodeRGBA(buffer.baseAddress, buffer.count, &width, &height) else { return nil }
            defer { WebPFree(pixels) }
            guard Int(width) == header.width, Int(height) == header.height else { return nil }
            guard keepPixels else { return [] }
            return Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        }
        guard let rgba else { throw .corrupt(.webp, "libwebp could not decode its image data") }
        return Raw(header: header, rgba: rgba, icc: icc)
    }

    private static func inspect(
        _ bytes: [UInt8], limits: ImageLimits
    ) throws(ImageError) -> (header: ImageHeader, icc: [UInt8]?) {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer {
            WebPGetFeaturesInternal($0.baseAddress, $0.count, &features, WEBP_DECODER_ABI_VERSION)
        }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw .corrupt(.webp, "the file ends early (truncated)")
        default: throw .corrupt(.webp, "libwebp status \(status.rawValue) reading its header")
        }
        let width = Int(features.width)
        let height = Int(features.height)
        guard width * height <= limits.maxPixels else {
            throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
        }
        // The demuxer parses the RIFF chunk list only: frames are counted, not decoded.
        return try bytes.withUnsafeBufferPointer { buffer throws(ImageError) in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demux = animatic_WebPDemux(&data) else {
                throw .corrupt(.webp, "its RIFF chunks are truncated or malformed")
            }
            defer { WebPDemuxDelete(demux) }
            let frames = Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT))
            guard frames <= limits.maxFrames else { throw .tooManyFrames(.webp, limit: limits.maxFrames) }
            var iterator = WebPChunkIterator()
            var icc: [UInt8]? = nil
            if WebPDemuxGetChunk(demux, "ICCP", 1, &iterator) != 0 {
                icc = Array(UnsafeBufferPointer(start: iterator.chunk.bytes, count: iterator.chunk.size))
                WebPDemuxReleaseChunkIterator(&iterator)
            }
            return (ImageHeader(type: .webp, width: width, height: height, frameCount: max(frames, 1)), icc)
        }
    }

    private static func firstAnimationFrame(
        _ buffer: UnsafeBufferPointer<UInt8>, header: ImageHeader, keepPixels: Bool
    ) -> [UInt8]? {
        var options = WebPAnimDecoderOptions()
        guard animatic_WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
        guard let decoder = animatic_WebPAnimDecoderNew(&data, &options) else { return nil }
        defer { WebPAnimDecoderDelete(decoder) }
        var frame: UnsafeMutablePointer<UInt8>? = nil
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else { return nil }
        guard keepPixels else { return [] }
        return Array(UnsafeBufferPointer(start: frame, count: header.width * header.height * 4))
    }
}
