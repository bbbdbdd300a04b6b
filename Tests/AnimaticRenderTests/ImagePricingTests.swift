import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// What pictures add to a render's price (`ImagePricing`): the bytes each text format writes
/// of them, the decoding of the raster formats; and the estimate with pictures still errs high.
@Suite struct ImagePricingTests {
    static let id = "sha256-" + String(repeating: "5e", count: 32)

    /// fold with a 1170 × 2532 screen of 3,000 bytes (the library is pure data: the encoders
    /// copy the bytes, nothing decodes them) on its from-view.
    static func fold() throws -> TransitionSpec {
        var library = ImageLibrary()
        library.add(
            ImageLibrary.Image(
                mimeType: "image/png", bytes: [UInt8](repeating: 7, count: 3000), width: 1170, height: 2532),
            for: .asset(id))
        return try PresetCatalog.named("fold")!.spec(params: .object([("fromImage", .string(id))]), images: library)
            .get()
    }

    /// "data:image/png;base64," and 4,000 characters of base64 for 3,000 bytes.
    static let uriBytes = 4 * 1000 + "image/png".count + 16

    @Test func textFormatsPayForTheBytesTheyWrite() throws {
        let spec = try Self.fold()
        let strips = spec.layers.filter {
            if case .snapshot(let of, _)? = $0.content { return of == "from" }
            return false
        }.count
        #expect(strips >= 2)
        #expect(ImagePricing.outputBytes(spec, format: .svg, link: false) == Self.uriBytes)
        #expect(ImagePricing.outputBytes(spec, format: .lottie, link: false) == Self.uriBytes)
        #expect(ImagePricing.outputBytes(spec, format: .json, link: false) == Self.id.utf8.count + 16)
        #expect(ImagePricing.outputBytes(spec, format: .css, link: false) == Self.uriBytes * (strips + 1))
        #expect(ImagePricing.outputBytes(spec, format: .css, link: true) == (Self.id.utf8.count + 16) * (strips + 1))
        #expect(ImagePricing.outputBytes(spec, format: .swift, link: false) == 0)
        // The estimate adds exactly that (the same layers priced without their library).
        var bare = spec
        bare.images = .empty
        for format in [OutputFormat.svg, .css, .lottie, .filmstrip] {
            let with = WorkEstimate(spec, format: format, options: TimelineOptions(fps: 30)).outputBytes
            let without = WorkEstimate(bare, format: format, options: TimelineOptions(fps: 30)).outputBytes
            #expect(with - without == ImagePricing.outputBytes(spec, format: format, link: false), "\(format)")
        }
    }

    @Test func rasterFormatsPayForDecodingOnce() throws {
        let spec = try Self.fold()
        var bare = spec
        bare.images = .empty
        #expect(ImagePricing.rasterWork(spec) == 1170 * 2532 * 8)
        for format in [OutputFormat.png, .gif, .mp4] {
            let with = WorkEstimate(spec, format: format, options: TimelineOptions(fps: 30)).rasterWork
            let without = WorkEstimate(bare, format: format, options: TimelineOptions(fps: 30)).rasterWork
            #expect(with - without == 23_699_520, "\(format)")
        }
        #expect(ImagePricing.rasterWork(bare) == 0 && ImagePricing.outputBytes(bare, format: .css, link: false) == 0)
    }

    /// The pictures' bytes are where the output grows: the estimate stays above it.
    @Test func theEstimateWithPicturesStaysAboveTheOutput() throws {
        let spec = try Self.fold()
        let timeline = TimelineCompiler.compile(spec)
        let options = TimelineOptions(fps: 30)
        let outputs: [(OutputFormat, Int)] = [
            (.svg, AnimatedSVGEncoder.encode(timeline, options: options).count),
            (.css, CSSEncoder.encode(timeline, options: options).count),
            (.lottie, LottieEncoder.encode(timeline, options: options).count),
            (.json, TimelineJSONEncoder.encode(timeline, options: options).count),
        ]
        for (format, size) in outputs {
            let estimate = WorkEstimate(spec, format: format, options: options).outputBytes
            #expect(size <= estimate, "\(format): \(size) bytes, estimated \(estimate)")
        }
    }
}
