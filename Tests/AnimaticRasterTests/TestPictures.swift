import AnimaticCore
import Foundation
import PNGTestSupport

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

    /// `png` tagged Display P3, as iPhone screenshots are (`PNGTestChunks`).
    static func taggedDisplayP3(_ png: [UInt8]) -> [UInt8] { PNGTestChunks.withICCProfile(png) }
}
