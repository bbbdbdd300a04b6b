#if !ANIMATIC_NO_MP4
import Testing

@testable import AnimaticRaster

@Suite struct MP4EncoderTests {
    static func encode(_ frames: [RasterFrame], durations: [Double], fps: Int, byteLimit: Int = 50_000_000)
        throws -> [UInt8]
    {
        let encoder = try MP4Encoder(width: frames[0].width, height: frames[0].height, fps: fps, byteLimit: byteLimit)
        for (frame, duration) in zip(frames, durations) { try encoder.add(frame, duration: duration) }
        return try encoder.finish()
    }

    @Test func movingSquareProbesAsH264WithExactFrameTimesAndDecodesAbove35dB() throws {
        let frames = (0..<31).map { SyntheticFrames.movingSquare(width: 390, height: 844, index: $0, count: 31) }
        let mp4 = try Self.encode(frames, durations: Array(repeating: 1.0 / 30, count: 31), fps: 30)
        let probe = try VideoProbe(mp4, suffix: ".mp4")
        #expect(probe.codec == "h264")
        #expect(probe.width == 390 && probe.height == 844)
        #expect(probe.frameCount == 31)
        #expect(probe.colorSpace == "bt709" && probe.colorPrimaries == "bt709" && probe.colorTransfer == "bt709")
        #expect(probe.colorRange == "tv")
        #expect(abs(probe.duration - 31.0 / 30) < 0.001)
        #expect(probe.frameTimes.count == 31)
        for (k, t) in probe.frameTimes.enumerated() { #expect(abs(t - Double(k) / 30) < 1e-6, "frame \(k) at \(t)") }
        let decoded = try VideoProbe.rgbFrames(mp4, suffix: ".mp4", width: 390, height: 844)
        #expect(decoded.count == 31)
        var worst = Double.infinity
        for (i, rgb) in decoded.enumerated() {
            let psnr = ExpectedFrames.psnr(rgb, VideoProbe.overBlack(frames[i]))
            worst = min(worst, psnr)
            #expect(psnr >= 35, "frame \(i): \(psnr) dB")
        }
        print("MP4 390×844 moving square: \(mp4.count) bytes, worst frame PSNR \(worst) dB")
    }

    @Test func oddSizeIsPaddedByOneRepeatedPixelAndAHoldKeepsItsLength() throws {
        let frames = (0..<6).map { SyntheticFrames.movingSquare(width: 101, height: 61, index: $0, count: 6, side: 20) }
        // Five frames of 1/25 s, then the last held 0.5 s: ends at 0.2 s and 0.74 s.
        let mp4 = try Self.encode(frames, durations: Array(repeating: 0.04, count: 5) + [0.54], fps: 25)
        let probe = try VideoProbe(mp4, suffix: ".mp4")
        #expect(probe.width == 102 && probe.height == 62)
        #expect(probe.frameCount == 6)
        #expect(abs(probe.duration - 0.74) < 0.001)
        #expect(probe.frameTimes.enumerated().allSatisfy { abs($0.element - Double($0.offset) * 0.04) < 1e-6 })
        let decoded = try VideoProbe.rgbFrames(mp4, suffix: ".mp4", width: 102, height: 62)
        for (i, rgb) in decoded.enumerated() {
            let psnr = ExpectedFrames.psnr(
                VideoProbe.crop(rgb, codedWidth: 102, width: 101, height: 61), VideoProbe.overBlack(frames[i]))
            #expect(psnr >= 35, "frame \(i): \(psnr) dB")
            // The padding column and row repeat the edge pixel (light background).
            #expect(ExpectedFrames.largestDifference(Array(rgb[(101 * 3)..<(102 * 3)]), [240, 240, 245]) <= 8)
        }
    }
}
#endif
