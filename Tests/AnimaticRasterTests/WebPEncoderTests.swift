import Testing

@testable import AnimaticRaster

@Suite struct WebPEncoderTests {
    static func encode(_ frames: [RasterFrame], durations: [Double], loop: Bool = true, quality: Float? = nil)
        throws -> [UInt8]
    {
        let encoder = try WebPEncoder(
            width: frames[0].width, height: frames[0].height, loop: loop, byteLimit: 50_000_000, quality: quality)
        for (frame, duration) in zip(frames, durations) { try encoder.add(frame, duration: duration) }
        return try encoder.finish()
    }

    @Test func losslessMovingSquareIsExactWithMillisecondTimestamps() throws {
        let frames = (0..<31).map { SyntheticFrames.movingSquare(width: 390, height: 844, index: $0, count: 31) }
        let bytes = try Self.encode(frames, durations: Array(repeating: 1.0 / 30, count: 31))
        let webp = try WebPDecoding(bytes)
        #expect(webp.width == 390 && webp.height == 844)
        // libwebp's own changed rectangles: after the first, each stored frame covers about
        // the square's old and new place (40 px high, ≤ 53 px wide, grown to even offsets).
        let rectangles = try WebPDecoding.frameRectangles(bytes)
        #expect(rectangles.count == 31)
        #expect(rectangles.first.map { $0.width == 390 && $0.height == 844 } == true)
        for rect in rectangles.dropFirst() { #expect(rect.width <= 56 && rect.height <= 42, "\(rect)") }
        #expect(webp.loopCount == 0)
        #expect(webp.frames.count == 31)
        // Each frame ends at round(1000 k / 30) ms; the last at 1033 ms (31/30 s).
        #expect(webp.frames.map(\.endMilliseconds) == (1...31).map { Int((Double($0) * 1000 / 30).rounded()) })
        for (i, frame) in webp.frames.enumerated() {
            #expect(ExpectedFrames.differingBytes(frame.rgba, SyntheticFrames.straight(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func transparentFadeIsExactAndIdenticalFramesMerge() throws {
        var frames = (0..<8).map { SyntheticFrames.fadeOut(width: 64, height: 48, index: $0, count: 8) }
        frames.append(frames[7])  // the transparent end held twice as long
        let webp = try WebPDecoding(try Self.encode(frames, durations: Array(repeating: 0.04, count: 9), loop: false))
        #expect(webp.loopCount == 1)
        #expect(webp.frames.count == 8)
        #expect(webp.frames.map(\.endMilliseconds) == [40, 80, 120, 160, 200, 240, 280, 360])
        for (i, frame) in webp.frames.enumerated() {
            let want = WebPDecoding.clearingInvisible(SyntheticFrames.straight(frames[i]))
            #expect(ExpectedFrames.differingBytes(WebPDecoding.clearingInvisible(frame.rgba), want) == 0, "frame \(i)")
        }
    }

    /// An opaque 64 × 48 frame whose pixel (x, y) is (4x + k, 5y, 3x + 2y): 3,072 colours.
    static func dense(_ k: Int) -> RasterFrame {
        var pixels: [UInt8] = []
        for y in 0..<48 {
            for x in 0..<64 { pixels += [UInt8((4 * x + k) % 256), UInt8(5 * y), UInt8((3 * x + 2 * y) % 256), 255] }
        }
        return RasterFrame(width: 64, height: 48, pixels: pixels)
    }

    @Test func framesOfMoreThan1024ColoursAreDenseAndStayExact() throws {
        // The count: 1,024 distinct visible colours are not dense, 1,025 are; transparent
        // words (0) are not counted, however many there are.
        let colours = (1...1025).map { UInt32($0) | 0xFF00_0000 }
        let withClear = Array(colours.prefix(1024)) + [UInt32](repeating: 0, count: 500)
        #expect(!WebPEncoder.hasManyColors(withClear, width: withClear.count))
        #expect(WebPEncoder.hasManyColors(colours, width: 1025))
        let tripled: [UInt32] = colours.prefix(1024).flatMap { [$0, $0, 0] }
        #expect(!WebPEncoder.hasManyColors(tripled, width: tripled.count))
        // Rows: a colour seen in the row above is not counted again, one that is new is.
        let rowOf1024 = Array(colours.prefix(1024))
        #expect(!WebPEncoder.hasManyColors(rowOf1024 + rowOf1024 + rowOf1024, width: 1024))
        #expect(!WebPEncoder.hasManyColors(rowOf1024 + rowOf1024.reversed(), width: 1024))
        #expect(WebPEncoder.hasManyColors(rowOf1024 + [colours[1024]] + rowOf1024.dropFirst(), width: 1024))
        var words: [UInt32] = []
        StraightAlpha.words(of: Self.dense(0), into: &words)
        #expect(WebPEncoder.hasManyColors(words, width: 64))
        // Dense frames go through method 0, still lossless: every frame decodes exactly.
        let frames = (0..<4).map { Self.dense($0 * 7) }
        let webp = try WebPDecoding(try Self.encode(frames, durations: Array(repeating: 0.05, count: 4)))
        #expect(webp.frames.count == 4)
        for (i, frame) in webp.frames.enumerated() {
            #expect(ExpectedFrames.differingBytes(frame.rgba, SyntheticFrames.straight(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func lossyQualityNinetyStaysAbove35dB() throws {
        let frames = (0..<10).map { SyntheticFrames.movingSquare(width: 200, height: 120, index: $0, count: 10) }
        let bytes = try Self.encode(frames, durations: Array(repeating: 0.1, count: 10), quality: 90)
        let webp = try WebPDecoding(bytes)
        #expect(webp.frames.count == 10)
        for (i, frame) in webp.frames.enumerated() {
            let psnr = ExpectedFrames.psnr(frame.rgba, SyntheticFrames.straight(frames[i]))
            #expect(psnr >= 35, "frame \(i): \(psnr) dB")
        }
    }

    @Test func passingTheByteLimitThrowsAtFinish() throws {
        let encoder = try WebPEncoder(width: 120, height: 120, loop: true, byteLimit: 20_000)
        for i in 0..<4 {
            try encoder.add(SyntheticFrames.noise(width: 120, height: 120, seed: UInt32(i)), duration: 0.1)
        }
        // Four frames of incompressible noise: ~43 kB each, far past 20 kB.
        #expect(throws: RasterEncodingError.overByteLimit(limit: 20_000)) { _ = try encoder.finish() }
    }

    @Test func rejectsQualityOutsideTheRange() {
        #expect(throws: RasterEncodingError.self) {
            _ = try WebPEncoder(width: 10, height: 10, loop: true, byteLimit: 1000, quality: 101)
        }
    }
}
