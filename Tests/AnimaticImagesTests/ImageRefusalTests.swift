import PNGTestSupport
import Testing

@testable import AnimaticImages

/// Each bad image gets its status and a message naming what is wrong, before any decoding.
@Suite struct ImageRefusalTests {
    /// The refusal of `decode`, checked to be the same as that of `validate` (the upload's check).
    static func refusal(_ bytes: [UInt8], limits: ImageLimits = .standard) -> ImageError? {
        var validated: ImageError? = nil
        do { _ = try ImageDecoder.validate(bytes, limits: limits) } catch { validated = error }
        do {
            _ = try ImageDecoder.decode(bytes, limits: limits)
            #expect(validated == nil)
            return nil
        } catch {
            #expect(validated == error, "validate and decode refuse alike")
            return error
        }
    }

    static let redPixels: [UInt8] = (0..<64 * 64).flatMap { _ in [255, 9, 9, 255] as [UInt8] }

    @Test func aTruncatedPNGIsA422SayingSo() throws {
        let png = TestImages.png(width: 64, height: 64, rgba: Self.redPixels)
        let error = try #require(Self.refusal(Array(png.prefix(png.count / 2))))
        #expect(error.status == 422)
        #expect(error.message.contains("truncated"), "\(error.message)")
    }

    /// A 30,000 × 30,000 IHDR (900 Mpx, 3.6 GB decoded) in a 1 KB file: refused from the header.
    @Test func aHugeHeaderIsRefusedFromTheHeaderAlone() throws {
        let ihdr: [UInt8] = PNGTestChunks.bigEndian(30_000) + PNGTestChunks.bigEndian(30_000) + [8, 6, 0, 0, 0]
        var bomb = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGTestChunks.chunk("IHDR", ihdr)
        bomb += PNGTestChunks.chunk("IDAT", [UInt8](repeating: 0, count: 1024 - bomb.count - 24))
        bomb += PNGTestChunks.chunk("IEND", [])
        #expect(bomb.count == 1024)
        let error = try #require(Self.refusal(bomb))
        #expect(error.status == 422)
        #expect(error.message.contains("30000 × 30000 = 900000000 pixels"), "\(error.message)")
        #expect(error.message.contains("25000000"))
    }

    @Test func markupIsA415NamingIt() throws {
        for text in [
            "<!DOCTYPE html><html><script>alert(1)</script></html>", "  <svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ] {
            let error = try #require(Self.refusal(Array(text.utf8)))
            #expect(error.status == 415)
            #expect(error.message.contains("markup"), "\(error.message)")
        }
        #expect(Self.refusal(Array("GIF8".utf8))?.status == 415, "a signature cut short is not a type")
    }

    @Test func zeroBytesIsA422() {
        #expect(Self.refusal([]) == ImageError(status: 422, message: "the image is empty (0 bytes)"))
    }

    @Test func overTheByteLimitIsA413() throws {
        let png = TestImages.png(width: 64, height: 64, rgba: Self.redPixels)
        let limits = ImageLimits(maxBytes: png.count - 1, maxPixels: 25_000_000)
        let error = try #require(Self.refusal(png, limits: limits))
        #expect(error.status == 413)
        #expect(error.message.contains("\(png.count) bytes"))
    }

    /// 5,000 one-pixel frames (about 75 KB): refused once the count passes 1,000, undecoded.
    @Test func aGIFWithTooManyFramesIsA422() throws {
        let error = try #require(Self.refusal(TestImages.gif(frames: 5_000)))
        #expect(error.status == 422)
        #expect(error.message.contains("more than 1000 frames"), "\(error.message)")
        #expect(Self.refusal(TestImages.gif(frames: 1_000)) == nil, "1,000 frames is the limit, allowed")
    }

    @Test func aTruncatedGIFOrWebPIsA422() throws {
        let gif = TestImages.gif(frames: 2)
        let gifError = try #require(Self.refusal(Array(gif.prefix(gif.count - 6))))
        #expect(gifError.status == 422 && gifError.message.contains("GIF"), "\(gifError.message)")
        let webp = TestImages.webp(width: 64, height: 64, rgba: Self.redPixels)
        let webpError = try #require(Self.refusal(Array(webp.prefix(webp.count / 2))))
        #expect(webpError.status == 422 && webpError.message.contains("WEBP"), "\(webpError.message)")
    }
}
