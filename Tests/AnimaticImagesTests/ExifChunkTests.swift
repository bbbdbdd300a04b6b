import CWebP
import PNGTestSupport
import Testing

@testable import AnimaticImages

/// The EXIF orientation of a PNG's eXIf chunk and a WebP's EXIF chunk, read (or not) as
/// Chromium reads it: measured in Chromium 156 by Tests/python/test_image_orientation.py and
/// written down in docs/FORMATS.md, "EXIF orientation".
@Suite struct ExifChunkTests {
    /// A 3 × 2 image whose six pixels are told apart by their red channel: pixel i (row by row,
    /// as stored) has red 10 + 40 × i.
    static let stored: [UInt8] = (0..<6).flatMap { i in [UInt8(10 + 40 * i), 100, 200, 255] }

    /// Which stored pixel each displayed pixel shows, row by row, with the displayed size, for
    /// orientations 1…8, written from EXIF 2.32 §4.6.4 A ("the 0th row is the visual …"): the
    /// stored rows are a b c / d e f.
    static let shown: [Int: (width: Int, height: Int, pixels: [Int])] = [
        1: (3, 2, [0, 1, 2, 3, 4, 5]),  // a b c / d e f
        2: (3, 2, [2, 1, 0, 5, 4, 3]),  // mirrored left to right
        3: (3, 2, [5, 4, 3, 2, 1, 0]),  // half a turn
        4: (3, 2, [3, 4, 5, 0, 1, 2]),  // mirrored top to bottom
        5: (2, 3, [0, 3, 1, 4, 2, 5]),  // 0th row on the left, 0th column at the top
        6: (2, 3, [3, 0, 4, 1, 5, 2]),  // 0th row on the right, 0th column at the top
        7: (2, 3, [5, 2, 4, 1, 3, 0]),  // 0th row on the right, 0th column at the bottom
        8: (2, 3, [2, 5, 1, 4, 0, 3]),  // 0th row on the left, 0th column at the bottom
    ]

    /// A TIFF header and an IFD0 holding one Orientation entry (tag 0x0112, `type` SHORT = 3
    /// unless told, count 1), in either byte order (TIFF 6.0 §2).
    static func tiff(_ orientation: Int, littleEndian: Bool = false, type: Int = 3) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] {
            littleEndian ? [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] : [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
        let value = type == 3 ? u16(orientation) + [0, 0] : u32(orientation)
        let order: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        return order + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(type) + u32(1) + value + u32(0)
    }

    /// The test PNG with an eXIf chunk holding `payload`, right after IHDR (before IDAT) or
    /// right before IEND (after IDAT).
    static func png(exif payload: [UInt8], afterImageData: Bool = false) -> [UInt8] {
        let png = TestImages.png(width: 3, height: 2, rgba: stored)
        let chunk = PNGTestChunks.chunk("eXIf", payload)
        if afterImageData { return Array(png.dropLast(12)) + chunk + Array(png.suffix(12)) }
        return Array(png[0..<33]) + chunk + Array(png[33...])
    }

    /// Which stored pixel each decoded pixel is, from its red channel.
    static func storedIndices(_ image: DecodedImage) -> [Int] {
        image.pixels.map { (ImageDecoderTests.channels($0)[0] - 10) / 40 }
    }

    @Test(arguments: 1...8) func aPNGsEXIfOrientationTurnsItsPixels(orientation: Int) throws {
        let expected = try #require(Self.shown[orientation])
        for littleEndian in [false, true] {
            let png = Self.png(exif: Self.tiff(orientation, littleEndian: littleEndian))
            let image = try ImageDecoder.decode(png, limits: .standard)
            #expect((image.width, image.height) == (expected.width, expected.height), "little-endian: \(littleEndian)")
            #expect(Self.storedIndices(image) == expected.pixels, "little-endian: \(littleEndian)")
            // The size an upload reports (and the layout's aspect) is the displayed one too.
            let header = try ImageDecoder.validate(png, limits: .standard)
            #expect((header.width, header.height) == (expected.width, expected.height))
        }
    }

    /// Each of these is shown as stored, as in Chromium: none is an error, none turns.
    @Test(arguments: [
        ("not a TIFF header", Array("hello, not a TIFF header".utf8)),
        ("JPEG's \"Exif\\0\\0\" kept before the TIFF header", Array("Exif".utf8) + [0, 0] + tiff(6)),
        ("cut short inside IFD0", Array(tiff(6).prefix(12))),
        ("orientation 9, outside 1…8", tiff(9)),
        ("orientation 6 as a LONG, not a SHORT", tiff(6, type: 4)),
        ("one byte", [0x4D]),
    ])
    func aPNGsUnreadableEXIfIsIgnored(what: String, payload: [UInt8]) throws {
        let image = try ImageDecoder.decode(Self.png(exif: payload), limits: .standard)
        #expect((image.width, image.height) == (3, 2), "\(what)")
        #expect(Self.storedIndices(image) == Self.shown[1]?.pixels, "\(what)")
    }

    /// An eXIf after the image data is not read (libpng's png_read_info stops at the first
    /// IDAT; Chromium ignores it too).
    @Test func aPNGsEXIfAfterItsImageDataIsIgnored() throws {
        let png = Self.png(exif: Self.tiff(6), afterImageData: true)
        let image = try ImageDecoder.decode(png, limits: .standard)
        #expect((image.width, image.height) == (3, 2))
        #expect(Self.storedIndices(image) == Self.shown[1]?.pixels)
        #expect(try ImageProbe.probe(png, limits: .standard).width == 3)
    }

    /// Chromium applies an eXIf of up to 4,194,304 bytes and ignores a longer one (measured;
    /// docs/FORMATS.md): so does the server, the image itself still read.
    @Test func anEXIfLongerThanChromiumReadsIsIgnored() throws {
        let limit = LibraryImageReader.maxPNGExifBytes
        #expect(limit == 4_194_304)
        let longest = Self.png(exif: Self.tiff(6) + [UInt8](repeating: 0xAB, count: limit - Self.tiff(6).count))
        let image = try ImageDecoder.decode(longest, limits: .standard)
        #expect((image.width, image.height) == (2, 3))
        #expect(Self.storedIndices(image) == Self.shown[6]?.pixels)
        let longer = Self.png(exif: Self.tiff(6) + [UInt8](repeating: 0xAB, count: limit + 1 - Self.tiff(6).count))
        let header = try ImageDecoder.validate(longer, limits: .standard)
        #expect((header.width, header.height) == (3, 2))
        #expect(Self.storedIndices(try ImageDecoder.decode(longer, limits: .standard)) == Self.shown[1]?.pixels)
    }

    /// The test WebP, lossless, with an EXIF chunk holding `payload` and the VP8X flag that
    /// announces it (WebP Container Specification, "Extended File Format": VP8X, the image,
    /// then EXIF).
    static func webp(exif payload: [UInt8]) -> [UInt8] {
        let simple = TestImages.webp(width: 3, height: 2, rgba: stored)
        precondition(Array(simple[12..<16]) == Array("VP8L".utf8), "libwebp wrote a simple lossless file")
        func le(_ v: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8(v >> (8 * $0) & 0xFF) } }
        func chunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
            Array(fourCC.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        let flags = 0x08  // the EXIF flag
        let vp8x = chunk("VP8X", le(flags, 4) + le(3 - 1, 3) + le(2 - 1, 3))
        let body = Array("WEBP".utf8) + vp8x + simple[12...] + chunk("EXIF", payload)
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }

    /// Chromium shows a WebP as stored whatever its EXIF chunk says, so the server does too:
    /// the same pixels and size as without the chunk, for every orientation.
    @Test(arguments: 1...8) func aWebPsEXIFOrientationIsNotApplied(orientation: Int) throws {
        let webp = Self.webp(exif: Self.tiff(orientation))
        // libwebp's demuxer finds the EXIF flag and the chunk: the file carries the orientation.
        let payload: [UInt8]? = webp.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demux = animatic_WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demux) }
            guard WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & UInt32(EXIF_FLAG.rawValue) != 0 else { return nil }
            var iterator = WebPChunkIterator()
            guard WebPDemuxGetChunk(demux, "EXIF", 1, &iterator) != 0 else { return nil }
            defer { WebPDemuxReleaseChunkIterator(&iterator) }
            return Array(UnsafeBufferPointer(start: iterator.chunk.bytes, count: iterator.chunk.size))
        }
        #expect(payload == Self.tiff(orientation))
        let header = try ImageDecoder.validate(webp, limits: .standard)
        #expect((header.width, header.height) == (3, 2))
        let image = try ImageDecoder.decode(webp, limits: .standard)
        #expect((image.width, image.height) == (3, 2))
        #expect(Self.storedIndices(image) == Self.shown[1]?.pixels)
    }
}
