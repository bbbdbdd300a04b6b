import Foundation
import PNGTestSupport
import Testing

@testable import AnimaticImages

/// Decoding through the libraries: exact pixels, premultiplied, colour-converted, upright.
@Suite struct ImageDecoderTests {
    /// The memory bytes R, G, B, A of a decoded pixel.
    static func channels(_ pixel: UInt32) -> [Int] {
        let v = UInt32(littleEndian: pixel)
        return [Int(v & 0xFF), Int(v >> 8 & 0xFF), Int(v >> 16 & 0xFF), Int(v >> 24)]
    }

    @Test func aPNGDecodesToItsPixelsPremultiplied() throws {
        // Opaque red, half-transparent green (128/255), fully transparent blue.
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 200, 0, 128, 0, 0, 255, 0]
        let image = try ImageDecoder.decode(TestImages.png(width: 3, height: 1, rgba: rgba), limits: .standard)
        #expect(image.width == 3 && image.height == 1)
        #expect(Self.channels(image.pixels[0]) == [255, 0, 0, 255])
        #expect(Self.channels(image.pixels[1]) == [0, 100, 0, 128], "200 × 128 / 255 = 100.4 → 100")
        #expect(Self.channels(image.pixels[2]) == [0, 0, 0, 0])
    }

    /// A Display P3 colour converted to sRGB by LittleCMS, checked against the conversion
    /// written out here: decode the sRGB curve, the P3 → sRGB matrix (both D65; derived from
    /// the primaries of SMPTE EG 432-1 and IEC 61966-2-1), encode the sRGB curve.
    @Test func aDisplayP3PNGIsConvertedToSRGB() throws {
        let p3: [UInt8] = [200, 120, 60, 255]
        let png = PNGTestChunks.withICCProfile(
            TestImages.png(width: 1, height: 1, rgba: p3), PNGTestChunks.displayP3Profile())
        let image = try ImageDecoder.decode(png, limits: .standard)
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        func encoded(_ v: Double) -> Int {
            let c = min(max(v, 0), 1)
            let curve: Double = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            return Int(curve * 255 + 0.5)
        }
        let (r, g, b) = (linear(p3[0]), linear(p3[1]), linear(p3[2]))
        let red: Double = 1.2249 * r - 0.2247 * g
        let green: Double = -0.0420 * r + 1.0419 * g
        let blue: Double = -0.0197 * r - 0.0786 * g + 1.0979 * b
        let expected = [encoded(red), encoded(green), encoded(blue)]
        let got = Self.channels(image.pixels[0])
        for c in 0..<3 { #expect(abs(got[c] - expected[c]) <= 2, "channel \(c): \(got) vs \(expected)") }
        #expect(got[0] > 200, "P3's red is redder than sRGB's: its sRGB value rises (\(got[0]))")
    }

    @Test func aWebPDecodesToItsPixels() throws {
        let rgba: [UInt8] = [10, 20, 30, 255, 250, 240, 230, 255]
        let image = try ImageDecoder.decode(TestImages.webp(width: 2, height: 1, rgba: rgba), limits: .standard)
        #expect(image.width == 2 && image.height == 1)
        #expect(Self.channels(image.pixels[0]) == [10, 20, 30, 255])
        #expect(Self.channels(image.pixels[1]) == [250, 240, 230, 255])
    }

    @Test func aGIFGivesItsFirstFrameOnItsScreen() throws {
        // A 2 × 1 screen; the first frame covers (0, 0) with index 1 (blue); (1, 0) stays clear.
        let gif = TestImages.gif(width: 2, height: 1, frames: 3, firstFrameIndex: 1)
        #expect(try ImageProbe.probe(gif, limits: .standard).frameCount == 3)
        let image = try ImageDecoder.decode(gif, limits: .standard)
        #expect(image.width == 2 && image.height == 1)
        #expect(Self.channels(image.pixels[0]) == [0, 0, 255, 255])
        #expect(Self.channels(image.pixels[1]) == [0, 0, 0, 0])
        let transparent = TestImages.gif(frames: 1, firstFrameIndex: 1, transparent: true)
        #expect(Self.channels(try ImageDecoder.decode(transparent, limits: .standard).pixels[0]) == [0, 0, 0, 0])
    }

    /// Orientation 6 (turn 90° clockwise) and 8 (counter-clockwise) on a 3 × 2 image whose
    /// pixels are numbered 0…5 row by row: where each stored pixel lands.
    @Test func exifOrientationsTurnThePixels() {
        let stored: [UInt32] = [0, 1, 2, 3, 4, 5]
        // Clockwise: the stored left column (0, 3) becomes the top row read right to left.
        #expect(ExifOrientation.right.apply(stored, width: 3, height: 2) == [3, 0, 4, 1, 5, 2])
        #expect(ExifOrientation.left.apply(stored, width: 3, height: 2) == [2, 5, 1, 4, 0, 3])
        #expect(ExifOrientation.down.apply(stored, width: 3, height: 2) == [5, 4, 3, 2, 1, 0])
        #expect(ExifOrientation.mirrored.apply(stored, width: 3, height: 2) == [2, 1, 0, 5, 4, 3])
        #expect(ExifOrientation.leftMirrored.apply(stored, width: 3, height: 2) == [0, 3, 1, 4, 2, 5])
    }

    /// The tag found in both byte orders of a TIFF header (EXIF 2.32 §4.5.2).
    @Test func theOrientationTagIsReadInBothByteOrders() {
        let little: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]
        let big: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        #expect(ExifOrientation(exif: little) == .right)
        #expect(ExifOrientation(exif: big) == .left)
        #expect(ExifOrientation(exif: Array(little.prefix(12))) == .up, "cut short: ignored")
    }
}
