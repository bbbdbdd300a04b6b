import Foundation
import Synchronization
import Testing

@testable import AnimaticCore
@testable import AnimaticRaster
@testable import AnimaticRender

/// `TimelineEncoding` and `RasterRendering` (issue 27): one dispatch for every format, the
/// raster work priced before anything is drawn, frames drawn and handed over one at a time,
/// the render stopped between frames when cancelled, the encoder stopped at the output limit.
@Suite struct RasterRenderingTests {
    static func fold() -> TransitionSpec {
        switch PresetCatalog.named("fold")!.spec(params: nil) {
        case .success(let spec): return spec
        case .failure(let problems): preconditionFailure("\(problems.problems)")
        }
    }

    static func encode(
        _ format: OutputFormat, _ options: TimelineOptions, limit: Int = 64 << 20
    ) -> Result<(timeline: Timeline, bytes: [UInt8]), TimelineEncodingError> {
        TimelineEncoding.encode(fold(), format: format, options: options, limits: .standard, maxOutputBytes: limit)
    }

    @Test func textFormatsGiveBudgetedEncodingsBytes() throws {
        let options = TimelineOptions(fps: 30)
        let direct = try BudgetedEncoding.encode(
            Self.fold(), format: .svg, options: options, limits: .standard, maxOutputBytes: 64 << 20
        ).get()
        let dispatched = try Self.encode(.svg, options).get()
        #expect(dispatched.bytes == direct.bytes)
    }

    @Test func aPNGIsTheRequestedFrameAtTheRequestedSize() throws {
        var options = TimelineOptions(fps: 30)
        options.image = ImageOptions(still: .frame(15), scale: 2)
        let bytes = try Self.encode(.png, options).get().bytes
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR's width and height, big-endian, at bytes 16…23.
        let be = { (o: Int) in bytes[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be(16) == 780 && be(20) == 1688)
        // frame 15 at 30 fps is t = 0.5: the same picture as asking for the time.
        options.image.still = .time(0.5)
        #expect(try Self.encode(.png, options).get().bytes == bytes)
    }

    @Test func aGIFHasAFramePerFrameTime() throws {
        let bytes = try Self.encode(.gif, TimelineOptions(fps: 10, loop: true)).get().bytes
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        // Each frame's Graphic Control Extension starts 0x21 0xF9 0x04: 1 s at 10 fps = 11 frames.
        var count = 0
        for i in 0..<(bytes.count - 2) where bytes[i] == 0x21 && bytes[i + 1] == 0xF9 && bytes[i + 2] == 0x04 {
            count += 1
        }
        #expect(count == 11)
    }

    @Test func aCancelledRenderStopsWithinItsFrameAndGivesNothing() throws {
        let polls = Atomic(0)
        let result = RenderCancellation.withCheck({
            // Asked after compiling, before each frame and before each layer of a frame:
            // cancelled at the fourth question, inside the first frame.
            polls.add(1, ordering: .relaxed).newValue > 3
        }) {
            Self.encode(.gif, TimelineOptions(fps: 30))
        }
        #expect(try result.get().bytes.isEmpty)
        // After that, each layer left in the frame asks once more at most (and draws nothing),
        // then the frame loop asks and stops: no second frame is drawn (the fold's 31 frames
        // would ask hundreds of times).
        let layers = Self.fold().layers.count
        #expect(polls.load(ordering: .relaxed) <= 4 + layers + 1, "the render went on after it was cancelled")
    }

    @Test func theEncoderStopsAtTheOutputLimit() {
        switch Self.encode(.apng, TimelineOptions(fps: 30), limit: 20_000) {
        case .failure(.refused(let refusal)):
            #expect(refusal.kind == .outputWritten && refusal.limit == 20_000 && refusal.amount > 20_000)
        default:
            Issue.record("a 31-frame APNG of the fold fits in 20,000 bytes?")
        }
    }

    @Test func workOverTheLimitIsRefusedBeforeAnythingIsDrawn() {
        var options = TimelineOptions(fps: 240)
        options.image = ImageOptions(scale: 3)
        switch Self.encode(.webp, options) {
        case .failure(.refused(let refusal)):
            // 241 frames × 1170 × 2532 pixels × (layers + WebP's weight).
            let layers = Self.fold().layers.count
            #expect(refusal.kind == .rasterWork)
            #expect(refusal.amount == 241 * 1170 * 2532 * (layers + WorkEstimate.rasterWeight(.webp)))
        default:
            Issue.record("fold at 240 fps @3x as WebP was not refused")
        }
    }

    @Test func thePricedSizeIsTheDrawnSize() {
        for (scale, maxWidth, maxHeight) in [(1, nil, nil), (3, nil, nil), (2, 200, nil), (2, nil, 422), (3, 777, 555)]
            as [(Int, Int?, Int?)]
        {
            let image = ImageOptions(scale: scale, maxWidth: maxWidth, maxHeight: maxHeight)
            let timeline = TimelineCompiler.compile(Self.fold())
            let rasterizer = FrameRasterizer(timeline: timeline, options: RasterRendering.rasterOptions(image))
            let priced = image.pixelSize(container: timeline.spec.container.size)
            #expect(
                priced == (rasterizer.width, rasterizer.height), "scale \(scale) fit \(maxWidth ?? 0)×\(maxHeight ?? 0)"
            )
        }
    }
}
