import CPNG
import CWebP
import PNGTestSupport

/// Small images written by the libraries' encoders (and, for the malformed ones, edited by
/// hand afterwards), for the decoder tests.
enum TestImages {
    /// A PNG of straight RGBA8 `rgba`, written by libpng's simplified API.
    static func png(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var image = png_image()
        image.version = animatic_png_image_version
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = animatic_png_format_rgba
        var size = 0
        rgba.withUnsafeBytes { _ = png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { memory in
            rgba.withUnsafeBytes {
                png_image_write_to_memory(&image, memory.baseAddress, &size, 0, $0.baseAddress, 0, nil)
            }
        }
        precondition(written != 0, "libpng wrote the test PNG")
        return Array(out.prefix(size))
    }

    /// A lossless WebP of straight RGBA8 `rgba`.
    static func webp(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &output)
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// A GIF89a of `frames` 1 × 1 frames on a `width` × `height` screen, written byte by byte
    /// (GIF89a §17–§27): a two-colour table (red, blue), each frame index 0 (red) except that
    /// a Graphic Control Extension before the first makes index 1 transparent when asked.
    static func gif(width: Int = 1, height: Int = 1, frames: Int, firstFrameIndex: UInt8 = 0, transparent: Bool = false)
        -> [UInt8]
    {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0]
        bytes += [255, 0, 0, 0, 0, 255]
        for frame in 0..<frames {
            if frame == 0 && transparent { bytes += [0x21, 0xF9, 4, 1, 0, 0, 1, 0] }
            bytes += [0x2C] + le16(0) + le16(0) + le16(1) + le16(1) + [0]
            // LZW, minimum code size 2: clear (4), the index, end (5), 3 bits each, LSB first.
            let index = frame == 0 ? firstFrameIndex : 0
            bytes += [2, 2, 0x04 | index << 3 | 0x40, 0x01, 0]
        }
        return bytes + [0x3B]
    }
}
