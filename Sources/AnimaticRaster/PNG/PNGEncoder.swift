import CPNG

/// One frame as a PNG file, written by libpng's simplified API (`png_image_write_to_memory`,
/// libpng 1.6.29 and later), which reports errors by its return value instead of a
/// `longjmp` that Swift cannot catch.
///
/// - Straight alpha: PNG stores unpremultiplied samples (PNG specification §12.3,
///   "Alpha channel creation"); `RasterFrame` is premultiplied, so each colour is divided
///   by its alpha here (`(c · 255 + a/2) / a`, rounded).
/// - An `sRGB` chunk (rendering intent perceptual): libpng's simplified writer adds it to
///   every 8-bit image unless told the colours are not sRGB (png.h,
///   `PNG_IMAGE_FLAG_COLORSPACE_NOT_sRGB`).
/// - RGB when every pixel is opaque (a quarter smaller), RGBA otherwise.
/// - Deterministic: no `tIME` or text chunks, zlib at libpng's default settings, so the
///   same frame gives the same bytes.
public enum PNGEncoder {
    public static func encode(_ frame: RasterFrame) -> [UInt8] {
        let opaque = isOpaque(frame.pixels)
        let channels = opaque ? 3 : 4
        var straight = [UInt8](repeating: 0, count: frame.width * frame.height * channels)
        unpremultiply(frame.pixels, into: &straight, channels: channels)

        var image = png_image()
        image.version = animatic_png_image_version
        image.width = png_uint_32(frame.width)
        image.height = png_uint_32(frame.height)
        image.format = opaque ? animatic_png_format_rgb : animatic_png_format_rgba
        let rowStride = png_int_32(frame.width * channels)
        var size = 0
        // First pass: the size; second: the bytes.
        let measured = straight.withUnsafeBufferPointer { rows in
            png_image_write_to_memory(&image, nil, &size, 0, rows.baseAddress, rowStride, nil)
        }
        precondition(measured != 0 && size > 0, "libpng could not size the PNG: \(pngMessage(image))")
        var bytes = [UInt8](repeating: 0, count: size)
        let written = bytes.withUnsafeMutableBytes { out in
            straight.withUnsafeBufferPointer { rows in
                png_image_write_to_memory(&image, out.baseAddress, &size, 0, rows.baseAddress, rowStride, nil)
            }
        }
        png_image_free(&image)
        precondition(written != 0, "libpng could not write the PNG: \(pngMessage(image))")
        bytes.removeLast(bytes.count - size)
        return bytes
    }

    /// Whether every alpha byte is 255.
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var k = 3
            while k < p.count {
                if p[k] != 255 { return false }
                k += 4
            }
            return true
        }
    }

    /// Premultiplied RGBA to straight RGB (`channels` 3, for opaque frames) or RGBA, each
    /// channel read from `StraightAlpha.straightBytes` (the animated formats' table).
    static func unpremultiply(_ pixels: [UInt8], into out: inout [UInt8], channels: Int) {
        StraightAlpha.straightBytes.withUnsafeBufferPointer { table in
            pixels.withUnsafeBufferPointer { p in
                out.withUnsafeMutableBufferPointer { o in
                    var j = 0
                    var k = 0
                    while k < p.count {
                        let a = Int(p[k + 3])
                        if a == 255 || a == 0 {
                            o[j] = p[k]; o[j + 1] = p[k + 1]; o[j + 2] = p[k + 2]
                        } else {
                            let row = a << 8
                            o[j] = table[row | Int(p[k])]
                            o[j + 1] = table[row | Int(p[k + 1])]
                            o[j + 2] = table[row | Int(p[k + 2])]
                        }
                        if channels == 4 { o[j + 3] = UInt8(a) }
                        j += channels
                        k += 4
                    }
                }
            }
        }
    }

    private static func pngMessage(_ image: png_image) -> String {
        var message = image.message
        return withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
