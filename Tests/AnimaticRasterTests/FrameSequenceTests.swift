import AnimaticCore
import Testing

@testable import AnimaticRaster

/// A `FrameRasterizer` reuses its surface and scratch buffers from frame to frame; nothing
/// of one frame may show in the next. Frame k drawn after frames 0…k−1 must be, byte for
/// byte, the frame a fresh rasterizer draws — what makes an animation's frame k the PNG of
/// frame k.
@Suite struct FrameSequenceTests {
    static func presetTimeline(_ name: String) -> Timeline {
        guard let definition = PresetCatalog.named(name) else { preconditionFailure("no preset \(name)") }
        switch definition.spec(params: nil) {
        case .success(let spec): return TimelineCompiler.compile(spec)
        case .failure(let problems): preconditionFailure("\(problems.problems)")
        }
    }

    /// fold: perspective snapshot strips and gradient shading; heroPush: a snapshot casting
    /// a blurred shadow; cube: snapshots turned in perspective; pageFlip: snapshot halves
    /// under perspective with shading.
    @Test(arguments: ["fold", "heroPush", "cube", "pageFlip"])
    func aFrameDrawnInSequenceIsTheFrameDrawnAlone(_ name: String) {
        let timeline = Self.presetTimeline(name)
        let options = RasterOptions(background: RGBA8(r: 255, g: 255, b: 255, a: 255))
        let fps = 10.0
        let count = Int((timeline.duration * fps).rounded(.down)) + 1
        let sequence = FrameRasterizer(timeline: timeline, options: options)
        var differing: [Int] = []  // frames with a byte that differs
        for k in 0..<count {
            let t = Double(k) / fps
            let inSequence = sequence.frame(at: t)
            let alone = FrameRasterizer(timeline: timeline, options: options).frame(at: t)
            #expect(inSequence.width == alone.width && inSequence.height == alone.height)
            let bytes = zip(inSequence.pixels, alone.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
            if bytes > 0 { differing.append(k) }
        }
        #expect(count >= 4, "\(name): \(count) frames")
        #expect(differing.isEmpty, "\(name): frames \(differing) differ from the same frames drawn alone")
    }
}
