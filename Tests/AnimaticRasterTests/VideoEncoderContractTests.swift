import Testing

@testable import AnimaticRaster

/// What both video encoders must do alike: video has no alpha (a fade over transparency is
/// the card over black, fully black frames are still frames), and the byte limit stops the
/// encoding while frames are added, not at the end.
@Suite struct VideoEncoderContractTests {
    enum Container: String, CaseIterable, CustomTestStringConvertible {
        case webm
        #if !ANIMATIC_NO_MP4
        case mp4
        #endif

        var testDescription: String { rawValue }
        var suffix: String { "." + rawValue }

        func encoder(width: Int, height: Int, fps: Int, byteLimit: Int) throws -> any AnimationEncoder {
            switch self {
            case .webm: return try WebMEncoder(width: width, height: height, fps: fps, byteLimit: byteLimit)
            #if !ANIMATIC_NO_MP4
            case .mp4: return try MP4Encoder(width: width, height: height, fps: fps, byteLimit: byteLimit)
            #endif
            }
        }
    }

    @Test(arguments: Container.allCases) func fadeOverTransparencyIsEncodedOverBlack(_ container: Container) throws {
        let frames = (0..<9).map { SyntheticFrames.fadeOut(width: 64, height: 48, index: $0, count: 9) }
        var encoder = try container.encoder(width: 64, height: 48, fps: 20, byteLimit: 50_000_000)
        for frame in frames { try encoder.add(frame, duration: 0.05) }
        let bytes = try encoder.finish()
        let probe = try VideoProbe(bytes, suffix: container.suffix)
        #expect(probe.frameCount == 9)
        #expect(abs(probe.duration - 0.45) < 0.001)
        let decoded = try VideoProbe.rgbFrames(bytes, suffix: container.suffix, width: 64, height: 48)
        #expect(decoded.count == 9)
        for (i, rgb) in decoded.enumerated() {
            let psnr = ExpectedFrames.psnr(rgb, VideoProbe.overBlack(frames[i]))
            #expect(psnr >= 35, "frame \(i): \(psnr) dB")
        }
    }

    @Test(arguments: Container.allCases) func passingTheByteLimitThrowsWhileFramesAreAdded(_ container: Container)
        throws
    {
        var encoder = try container.encoder(width: 160, height: 160, fps: 30, byteLimit: 40_000)
        var added = 0
        #expect(throws: RasterEncodingError.overByteLimit(limit: 40_000)) {
            for i in 0..<30 {
                try encoder.add(SyntheticFrames.noise(width: 160, height: 160, seed: UInt32(i)), duration: 1.0 / 30)
                added += 1
            }
        }
        #expect(added < 30)
    }
}
