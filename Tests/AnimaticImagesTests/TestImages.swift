import CLCMS2
import CPNG
import CWebP
import CZlib

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

    /// A PNG chunk: length, type, data, CRC-32 over type and data (ISO/IEC 15948 §5.3).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// `png` with an iCCP chunk holding `profile` inserted after IHDR (which ends at byte 33).
    static func withICCProfile(_ png: [UInt8], _ profile: [UInt8]) -> [UInt8] {
        var compressedSize = compressBound(UInt(profile.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        _ = compress(&compressed, &compressedSize, profile, UInt(profile.count))
        let data = Array("Display P3".utf8) + [0, 0] + compressed.prefix(Int(compressedSize))
        return Array(png[0..<33]) + chunk("iCCP", data) + Array(png[33...])
    }

    /// A Display P3 ICC profile made by LittleCMS: the P3 primaries (SMPTE EG 432-1), a D65
    /// white, the sRGB transfer curve (IEC 61966-2-1) — the profile iPhone screenshots carry.
    static func displayP3Profile() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, parameters)
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = cmsCreateRGBProfile(&white, &primaries, &curves)
        defer {
            cmsCloseProfile(profile)
            cmsFreeToneCurve(curve)
        }
        var size: UInt32 = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
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
