import CImageReaders

/// PNG (libpng) and JPEG (libjpeg-turbo), read through the C glue in CImageReaders, which
/// catches the libraries' longjmp errors.
enum LibraryImageReader {
    case png, jpeg

    var type: ImageType { self == .png ? .png : .jpeg }

    /// The longest PNG eXIf whose orientation is applied: Chromium ignores a longer one
    /// (measured in Chromium 156: 4,194,304 bytes turn the image, 4,194,305 do not;
    /// docs/FORMATS.md, "EXIF orientation"). A JPEG's APP1 segment is at most 65,533 bytes.
    static let maxPNGExifBytes = 4 << 20

    /// Straight-alpha RGBA8 as stored, with the ICC profile and the EXIF orientation (a JPEG's
    /// APP1, a PNG's eXIf before IDAT) if any.
    struct Raw {
        var width: Int
        var height: Int
        var rgba: [UInt8]
        var icc: [UInt8]?
        var orientation: ExifOrientation
    }

    func header(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> ImageHeader {
        let raw = try read(bytes, limits: limits, headerOnly: true)
        let size = raw.orientation.displayedSize(width: raw.width, height: raw.height)
        return ImageHeader(type: type, width: size.width, height: size.height)
    }

    /// - Parameter keepPixels: false decodes every row (so truncation and corruption are
    ///   found) but returns no pixels: the library's buffer is the only copy made.
    func read(_ bytes: [UInt8], limits: ImageLimits, headerOnly: Bool, keepPixels: Bool = true) throws(ImageError)
        -> Raw
    {
        var result = animatic_image_read()
        defer { animatic_image_read_free(&result) }
        let code = bytes.withUnsafeBufferPointer { buffer in
            switch self {
            case .png:
                animatic_png_read(
                    buffer.baseAddress, buffer.count, Int64(limits.maxPixels), headerOnly ? 1 : 0, &result)
            case .jpeg:
                animatic_jpeg_read(
                    buffer.baseAddress, buffer.count, Int64(limits.maxPixels), headerOnly ? 1 : 0, &result)
            }
        }
        let message = withUnsafeBytes(of: result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let width = Int(result.width)
        let height = Int(result.height)
        switch Int(code) {
        case Int(animatic_image_read_ok): break
        case Int(animatic_image_read_too_many_pixels):
            throw .tooManyPixels(width: width, height: height, limit: limits.maxPixels)
        case Int(animatic_image_read_unsupported):
            throw .unprocessable("the \(type.rawValue.uppercased()) is not supported: \(message)")
        default:
            throw .corrupt(type, message.isEmpty ? "the library refused it" : message)
        }
        let icc = result.icc.map { Array(UnsafeBufferPointer(start: $0, count: result.icc_length)) }
        let exif =
            result.exif_length > Self.maxPNGExifBytes
            ? nil : result.exif.map { Array(UnsafeBufferPointer(start: $0, count: result.exif_length)) }
        let rgba =
            keepPixels
            ? result.pixels.map { Array(UnsafeBufferPointer(start: $0, count: width * height * 4)) } ?? [] : []
        return Raw(
            width: width, height: height, rgba: rgba, icc: icc,
            orientation: exif.map(ExifOrientation.init(exif:)) ?? .up)
    }
}
