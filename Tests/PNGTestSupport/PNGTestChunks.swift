import CLCMS2
import CZlib

/// PNG chunks written and edited by hand for the image tests of AnimaticImages and
/// AnimaticRaster (one copy for both): a chunk with its CRC, a Display P3 profile made by
/// LittleCMS, and a PNG tagged with it.
public enum PNGTestChunks {
    /// A PNG chunk: length, type, data, CRC-32 over type and data (ISO/IEC 15948 §5.3).
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc)
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// A Display P3 ICC profile made by LittleCMS: the P3 primaries (SMPTE EG 432-1), a D65
    /// white, the sRGB transfer curve (IEC 61966-2-1) — the profile iPhone screenshots carry.
    public static func displayP3Profile() -> [UInt8] {
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

    /// `png` with an iCCP chunk named "Display P3" holding `profile`, after IHDR (which ends
    /// at byte 33), and without any sRGB chunk (a PNG with a profile must not carry one,
    /// ISO/IEC 15948 §11.3.3.5).
    public static func withICCProfile(_ png: [UInt8], _ profile: [UInt8] = displayP3Profile()) -> [UInt8] {
        var compressedSize = compressBound(UInt(profile.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        _ = compress(&compressed, &compressedSize, profile, UInt(profile.count))
        let data = Array("Display P3".utf8) + [0, 0] + compressed.prefix(Int(compressedSize))
        return Array(png[0..<33]) + chunk("iCCP", data) + withoutChunk("sRGB", Array(png[33...]))
    }

    /// `chunks` (a PNG's bytes after its IHDR) without those of `type`.
    public static func withoutChunk(_ type: String, _ chunks: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i + 8 <= chunks.count {
            let length = chunks[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(i + 12 + length, chunks.count)
            if String(decoding: chunks[i + 4..<i + 8], as: UTF8.self) != type { out += chunks[i..<end] }
            i = end
        }
        return out
    }
}
