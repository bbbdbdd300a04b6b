import Testing

@testable import AnimaticRaster

@Suite struct APNGEncoderTests {
    static func encode(_ frames: [RasterFrame], durations: [Double], loop: Bool = true) throws -> [UInt8] {
        let encoder = try APNGEncoder(
            width: frames[0].width, height: frames[0].height, loop: loop, byteLimit: 50_000_000)
        for (frame, duration) in zip(frames, durations) { try encoder.add(frame, duration: duration) }
        return try encoder.finish()
    }

    /// The sum of the fcTL delays as an exact fraction compared with `seconds` (to 1e-12).
    static func totalDelay(_ walk: APNGChunkWalk) -> Double {
        walk.frames.reduce(0.0) { $0 + Double($1.delayNumerator) / Double($1.delayDenominator) }
    }

    @Test func movingSquareIsLosslessInFfmpegWithExactFractionDelays() throws {
        let frames = (0..<31).map { SyntheticFrames.movingSquare(width: 390, height: 844, index: $0, count: 31) }
        let png = try Self.encode(frames, durations: Array(repeating: 1.0 / 30, count: 31))
        let walk = try APNGChunkWalk(png)
        #expect(walk.width == 390 && walk.height == 844)
        #expect(walk.frameCount == 31 && walk.frames.count == 31)
        #expect(walk.plays == 0)
        #expect(walk.sequenceNumbers == (0..<61).map(UInt32.init))
        #expect(walk.chunkTypes.prefix(4) == ["IHDR", "acTL", "fcTL", "IDAT"])
        #expect(walk.frames.allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 30 })
        // After the first, frames are the square's old and new place, blended OVER.
        for control in walk.frames.dropFirst() {
            #expect(control.height == 40 && control.width <= 53 && control.blendOp == 1 && control.disposeOp == 0)
        }
        let decoded = try ExternalTool.ffmpegFrames(png, suffix: ".apng", width: 390, height: 844)
        #expect(decoded.count == 31)
        for (i, rgba) in decoded.enumerated() {
            #expect(ExpectedFrames.differingBytes(rgba, SyntheticFrames.straight(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func fadeOverTransparencyUsesSourceBlendAndStaysExact() throws {
        let frames = (0..<9).map { SyntheticFrames.fadeOut(width: 64, height: 48, index: $0, count: 9) }
        let png = try Self.encode(frames, durations: Array(repeating: 0.05, count: 9))
        let walk = try APNGChunkWalk(png)
        #expect(walk.frames.dropFirst().allSatisfy { $0.blendOp == 0 && $0.width == 32 && $0.height == 24 })
        #expect(walk.frames.allSatisfy { $0.delayNumerator == 1 && $0.delayDenominator == 20 })
        let decoded = try ExternalTool.ffmpegFrames(png, suffix: ".apng", width: 64, height: 48)
        #expect(decoded.count == 9)
        for (i, rgba) in decoded.enumerated() {
            #expect(ExpectedFrames.differingBytes(rgba, SyntheticFrames.straight(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func transparentBackgroundSquareIsExact() throws {
        let frames = (0..<10).map {
            SyntheticFrames.movingSquare(
                width: 100, height: 40, index: $0, count: 10, side: 20, background: nil, square: (250, 20, 90, 200))
        }
        let png = try Self.encode(frames, durations: Array(repeating: 0.1, count: 10))
        let decoded = try ExternalTool.ffmpegFrames(png, suffix: ".apng", width: 100, height: 40)
        #expect(decoded.count == 10)
        for (i, rgba) in decoded.enumerated() {
            #expect(ExpectedFrames.differingBytes(rgba, SyntheticFrames.straight(frames[i])) == 0, "frame \(i)")
        }
    }

    @Test func identicalFramesMergeAndAHoldKeepsTheTotalExact() throws {
        let a = SyntheticFrames.movingSquare(width: 80, height: 50, index: 0, count: 2, side: 10)
        let b = SyntheticFrames.movingSquare(width: 80, height: 50, index: 1, count: 2, side: 10)
        // a for 3 × 1/30 s, then b for 1/30 s and a 0.7 s hold: 0.1 s and 0.7333… s.
        let png = try Self.encode(
            [a, a, a, b, b], durations: [1.0 / 30, 1.0 / 30, 1.0 / 30, 1.0 / 30, 0.7], loop: false)
        let walk = try APNGChunkWalk(png)
        #expect(walk.frameCount == 2 && walk.plays == 1)
        #expect(walk.frames[0].delayNumerator == 1 && walk.frames[0].delayDenominator == 10)
        #expect(walk.frames[1].delayNumerator == 11 && walk.frames[1].delayDenominator == 15)
        #expect(abs(Self.totalDelay(walk) - (4.0 / 30 + 0.7)) < 1e-12)
    }

    @Test func passingTheByteLimitThrowsAtTheFrameThatPassesIt() throws {
        let encoder = try APNGEncoder(width: 200, height: 200, loop: true, byteLimit: 300_000)
        var added = 0
        #expect(throws: RasterEncodingError.overByteLimit(limit: 300_000)) {
            for i in 0..<20 {
                try encoder.add(SyntheticFrames.noise(width: 200, height: 200, seed: UInt32(i)), duration: 0.1)
                added += 1
            }
        }
        // Noise does not compress: 120 kB a frame, so the third frame passes 300 kB.
        #expect(added == 2)
    }
}
