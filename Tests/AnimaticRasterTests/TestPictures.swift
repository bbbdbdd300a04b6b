import AnimaticCore
import CLCMS2
import CZlib
import Foundation

@testable import AnimaticRaster

/// Pictures for the image tests, written by the project's own PNG encoder (libpng), and
/// the specs that show them.
enum TestPictures {
    /// A 40 × 20 opaque PNG in three regions: the left half red, the right half blue above
    /// and green (0, 160, 80) below; each region 20 × 10 pixels or more.
    static let threeColours: [UInt8] = {
        var rgba = [UInt8](repeating: 255, count: 40 * 20 * 4)
        for y in 0..<20 {
            for x in 0..<40 {
                let c: [UInt8] = x < 20 ? [255, 0, 0] : y < 10 ? [0, 0, 255] : [0, 160, 80]
                rgba.replaceSubrange((y * 40 + x) * 4..<(y * 40 + x) * 4 + 3, with: c)
            }
        }
        return PNGEncoder.encode(RasterFrame(width: 40, height: 20, pixels: rgba))
    }()

    static let red = [255, 0, 0, 255]
    static let blue = [0, 0, 255, 255]
    static let green = [0, 160, 80, 255]

    /// One colour, `width` × `height`, as stored (no profile).
    static func plain(_ rgb: [UInt8], width: Int = 8, height: Int = 8) -> [UInt8] {
        var rgba: [UInt8] = []
        for _ in 0..<width * height { rgba += rgb + [255] }
        return PNGEncoder.encode(RasterFrame(width: width, height: height, pixels: rgba))
    }

    static func dataURI(_ png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// The library holding `png` under its data URI (as the resolver would: size from the header).
    static func library(_ png: [UInt8], width: Int, height: Int) -> ImageLibrary {
        var l = ImageLibrary()
        l.add(
            ImageLibrary.Image(mimeType: "image/png", bytes: png, width: width, height: height),
            for: .data(dataURI(png)))
        return l
    }

    /// The timeline of `json` with `library`'s pictures.
    static func timeline(_ json: String, library: ImageLibrary) -> Timeline {
        switch SpecDecoder.decodeDocument(try! JSONParser.parse(Array(json.utf8)), images: library) {
        case .success(let spec): return TimelineCompiler.compile(spec)
        case .failure(let problems): fatalError("test spec does not decode: \(problems.problems)")
        }
    }

    /// A PNG chunk: length, type, data, CRC-32 over type and data (ISO/IEC 15948 §5.3).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        func be(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        return be(UInt32(data.count)) + body + be(crc)
    }

    /// `png` tagged Display P3: an iCCP chunk after IHDR (which ends at byte 33) holding a
    /// profile LittleCMS makes from the P3 primaries (SMPTE EG 432-1), a D65 white and the
    /// sRGB transfer curve (IEC 61966-2-1), as iPhone screenshots carry.
    static func taggedDisplayP3(_ png: [UInt8]) -> [UInt8] {
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
        var icc = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &icc, &size)
        var compressedSize = compressBound(UInt(icc.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        _ = compress(&compressed, &compressedSize, icc, UInt(icc.count))
        let data = Array("Display P3".utf8) + [0, 0] + compressed.prefix(Int(compressedSize))
        return Array(png[0..<33]) + chunk("iCCP", data) + withoutChunk("sRGB", Array(png[33...]))
    }

    /// `chunks` (a PNG's bytes after its IHDR) without those of `type` (the encoder's sRGB
    /// chunk: a PNG with a profile must not carry one, ISO/IEC 15948 §11.3.3.5).
    static func withoutChunk(_ type: String, _ chunks: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], i = 0
        while i + 8 <= chunks.count {
            let length = chunks[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = min(i + 12 + length, chunks.count)
            if String(decoding: chunks[i + 4..<i + 8], as: UTF8.self) != type { out += chunks[i..<end] }
            i = end
        }
        return out
    }
}
