import Testing

@testable import AnimaticRaster

@Suite struct WebMEncoderTests {
    static func encode(_ frames: [RasterFrame], durations: [Double], fps: Int) throws -> [UInt8] {
        let encoder = try WebMEncoder(width: frames[0].width, height: frames[0].height, fps: fps, byteLimit: 50_000_000)
        for (frame, duration) in zip(frames, durations) { try encoder.add(frame, duration: duration) }
        return try encoder.finish()
    }

    @Test func movingSquareProbesAsVP9WithMillisecondFrameTimesAndDecodesAbove35dB() throws {
        let frames = (0..<31).map { SyntheticFrames.movingSquare(width: 390, height: 844, index: $0, count: 31) }
        let webm = try Self.encode(frames, durations: Array(repeating: 1.0 / 30, count: 31), fps: 30)
        let probe = try VideoProbe(webm, suffix: ".webm")
        #expect(probe.codec == "vp9")
        #expect(probe.width == 390 && probe.height == 844)
        #expect(probe.frameCount == 31)
        #expect(probe.colorSpace == "bt709" && probe.colorPrimaries == "bt709" && probe.colorTransfer == "bt709")
        #expect(probe.colorRange == "tv")
        #expect(abs(probe.duration - 31.0 / 30) < 0.001)
        // Frame k starts at round(1000 k / 30) ms.
        #expect(probe.frameTimes.count == 31)
        for (k, t) in probe.frameTimes.enumerated() {
            #expect(abs(t - (Double(k) * 1000 / 30).rounded() / 1000) < 1e-6, "frame \(k) at \(t)")
        }
        let decoded = try VideoProbe.rgbFrames(webm, suffix: ".webm", width: 390, height: 844)
        #expect(decoded.count == 31)
        var worst = Double.infinity
        for (i, rgb) in decoded.enumerated() {
            let psnr = ExpectedFrames.psnr(rgb, VideoProbe.overBlack(frames[i]))
            worst = min(worst, psnr)
            #expect(psnr >= 35, "frame \(i): \(psnr) dB")
        }
        print("WebM 390×844 moving square: \(webm.count) bytes, worst frame PSNR \(worst) dB")
    }

    @Test func oddSizeIsKeptAndAHoldAtTheEndKeepsItsLength() throws {
        let frames = (0..<6).map { SyntheticFrames.movingSquare(width: 101, height: 61, index: $0, count: 6, side: 20) }
        let webm = try Self.encode(frames, durations: Array(repeating: 0.04, count: 5) + [0.54], fps: 25)
        let probe = try VideoProbe(webm, suffix: ".webm")
        #expect(probe.width == 101 && probe.height == 61)
        #expect(probe.frameCount == 6)
        #expect(abs(probe.duration - 0.74) < 0.001)
        #expect(probe.frameTimes.enumerated().allSatisfy { abs($0.element - Double($0.offset) * 0.04) < 1e-6 })
        // The codec's own error: decoded planes against the planes it was given. (Against
        // RGB, 4:2:0 chroma at the 20-px square's edges costs this small frame ~5 dB more.)
        let decoded = try VideoProbe.planarFrames(webm, suffix: ".webm", width: 101, height: 61)
        #expect(decoded.count == 6)
        for (i, planes) in decoded.enumerated() {
            let psnr = ExpectedFrames.psnr(planes, VideoProbe.planes(of: frames[i]))
            #expect(psnr >= 40, "frame \(i): \(psnr) dB")
        }
    }

    @Test func ebmlSizesUseTheShortestVariableLengthInteger() {
        // RFC 8794, 4.1: 126 fits in one byte (0xFE); 127 is the reserved all-ones value there.
        #expect(EBMLWriter.sizeBytes(0) == [0x80])
        #expect(EBMLWriter.sizeBytes(126) == [0xFE])
        #expect(EBMLWriter.sizeBytes(127) == [0x40, 0x7F])
        #expect(EBMLWriter.sizeBytes(16382) == [0x7F, 0xFE])
        #expect(EBMLWriter.sizeBytes(16383) == [0x20, 0x3F, 0xFF])
    }
}
