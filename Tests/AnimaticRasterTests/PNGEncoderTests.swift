import CPNG
import Testing

@testable import AnimaticRaster

/// PNGs read back with libpng's own reader (simplified API): the same pixels, straight alpha.
@Suite struct PNGEncoderTests {
    /// Decodes `png` to straight RGBA with libpng.
    static func decode(_ png: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        var image = png_image()
        image.version = animatic_png_image_version
        let begun = png.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, png.count) }
        guard begun != 0 else { return nil }
        image.format = animatic_png_format_rgba
        var out = [UInt8](repeating: 0, count: Int(image.width * image.height * 4))
        let done = out.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard done != 0 else { return nil }
        return (Int(image.width), Int(image.height), out)
    }

    static func chunkTypes(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 8
        while i + 8 <= png.count {
            let length = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[i + 4..<i + 8], as: UTF8.self))
            i += 12 + length
        }
        return types
    }

    @Test func aDrawnFrameDecodesToTheSamePixels() throws {
        let frame = drawn(
            """
            {"container": {"width": 60, "height": 40},
             "layers": [{"id": "a", "frame": [5, 5, 30, 20], "fill": "#ff000080", "cornerRadius": 6},
                        {"id": "b", "frame": [20, 10, 30, 20], "fill": "#0080ff", "alpha": 0.6}]}
            """, scale: 2)
        let png = PNGEncoder.encode(frame)
        #expect(Array(png.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10], "PNG signature")
        #expect(Self.chunkTypes(png).contains("sRGB"))
        #expect(!Self.chunkTypes(png).contains("tIME"))
        let decoded = try #require(Self.decode(png))
        #expect(decoded.width == 120 && decoded.height == 80)
        // Premultiplying the decoded straight pixels gives back the frame within rounding.
        var worst = 0
        var translucent = 0
        for k in stride(from: 0, to: frame.pixels.count, by: 4) {
            let a = Int(decoded.rgba[k + 3])
            #expect(a == Int(frame.pixels[k + 3]))
            if a > 0 && a < 255 { translucent += 1 }
            for c in 0..<3 {
                let premultiplied = (Int(decoded.rgba[k + c]) * a + 127) / 255
                worst = max(worst, abs(premultiplied - Int(frame.pixels[k + c])))
            }
        }
        #expect(worst <= 1, "premultiplied round trip within 1/255: \(worst)")
        #expect(translucent > 1000, "the test needs translucent pixels: \(translucent)")
    }

    @Test func anOpaqueFrameIsRGBAndDeterministic() throws {
        let frame = drawn(
            RasterFrameTests.square.replacingOccurrences(
                of: "\"height\": 80}", with: "\"height\": 80, \"background\": \"#ffffff\"}"))
        let png = PNGEncoder.encode(frame)
        #expect(png[25] == 2, "colour type 2 (RGB) in IHDR")
        #expect(PNGEncoder.encode(frame) == png, "same frame, same bytes")
        let decoded = try #require(Self.decode(png))
        #expect(decoded.rgba.count == frame.pixels.count)
        #expect(decoded.rgba == frame.pixels, "opaque: straight and premultiplied agree exactly")
    }
}
