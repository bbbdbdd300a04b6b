import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// The raster formats' options and price (issue 27): the picture's size after scale and
/// fit, which frame a PNG shows, the timing of an animated file, and the refusals priced
/// before any work — each with the number it must have and why.
@Suite struct ImageOptionsTests {
    static let phone = Size(width: 390, height: 844)

    @Test func pixelSizeScalesThenFitsWithSidesRoundedUp() {
        #expect(ImageOptions().pixelSize(container: Self.phone) == (390, 844))
        #expect(ImageOptions(scale: 3).pixelSize(container: Self.phone) == (1170, 2532))
        // 844 × 200 / 390 = 432.82 → 433: a side rounds up, as FrameRasterizer sizes its canvas.
        #expect(ImageOptions(maxWidth: 200).pixelSize(container: Self.phone) == (200, 433))
        // @2x is 780 × 1688; fitting 422 in height gives 0.5 pixels per point: 195 wide.
        #expect(ImageOptions(scale: 2, maxHeight: 422).pixelSize(container: Self.phone) == (195, 422))
        // Both bounds: the tighter one decides; a box larger than the picture never enlarges it.
        #expect(ImageOptions(maxWidth: 100, maxHeight: 100).pixelSize(container: Self.phone) == (47, 100))
        #expect(ImageOptions(maxWidth: 4000, maxHeight: 4000).pixelSize(container: Self.phone) == (390, 844))
    }

    @Test func aStillIsWithinTheTimelineOrRefused() {
        // 1 s at 30 fps: frames 0…30, the last at exactly 1 s.
        #expect(ImageOptions(still: .last).stillTime(duration: 1, fps: 30) == 1)
        #expect(ImageOptions(still: .frame(15)).stillTime(duration: 1, fps: 30) == 0.5)
        #expect(ImageOptions(still: .frame(30)).stillTime(duration: 1, fps: 30) == 1)
        #expect(ImageOptions(still: .frame(31)).stillTime(duration: 1, fps: 30) == nil)
        // 0.25 s at 60 fps is 16 frames (Timeline.frameCount's tolerance): 15 is the last.
        #expect(ImageOptions(still: .frame(15)).stillTime(duration: 0.25, fps: 60) == 0.25)
        #expect(ImageOptions(still: .frame(16)).stillTime(duration: 0.25, fps: 60) == nil)
        #expect(ImageOptions(still: .time(1)).stillTime(duration: 1, fps: 30) == 1)
        #expect(ImageOptions(still: .time(1.001)).stillTime(duration: 1, fps: 30) == nil)
        #expect(ImageOptions(still: .time(-0.001)).stillTime(duration: 1, fps: 30) == nil)
    }

    @Test func anAnimatedFileLastsTheDurationPlusAFramePlusTheHold() {
        let schedule = ImageOptions(hold: 0.5).frameSchedule(duration: 1, fps: 30)
        #expect(schedule.count == 31)
        #expect(schedule.first?.time == 0 && schedule.last?.time == 1)
        let total = schedule.reduce(0) { $0 + $1.duration }
        #expect(abs(total - (1 + 1.0 / 30 + 0.5)) < 1e-12)
        #expect(abs(schedule.last!.duration - (1.0 / 30 + 0.5)) < 1e-12)
        // 0.25 s at 60 fps: 16 frames; a duration that is not a whole number of frames (0.26 s)
        // makes the interval before the end shorter, never the total different.
        let odd = ImageOptions().frameSchedule(duration: 0.26, fps: 60)
        #expect(odd.count == 17)
        #expect(abs(odd[15].duration - (0.26 - 15.0 / 60)) < 1e-12)
        #expect(abs(odd.reduce(0) { $0 + $1.duration } - (0.26 + 1.0 / 60)) < 1e-12)
    }

    @Test func backgroundsParseAsTheQueryWritesThem() {
        #expect(ImageOptions.parseBackground("transparent") == .clear)
        #expect(ImageOptions.parseBackground("#ff8000")?.hexString == "#ff8000")
        #expect(ImageOptions.parseBackground("ff800080")?.hexString == "#ff800080")
        #expect(ImageOptions.parseBackground("#ggg") == nil)
        #expect(ImageOptions.parseBackground("") == nil)
    }

    static func spec(layers: Int, width: Double = 390, height: Double = 844, duration: Double = 1) -> TransitionSpec {
        let ids = (0..<layers).map { "l\($0)" }
        let layerList = ids.enumerated().map { #"{"id": "\#($1)", "frame": [0, \#($0), 100, 100]}"# }
        let changes = ids.map { #""\#($0)": {"alpha": 0}"# }
        let json = """
            {"container": {"width": \(width), "height": \(height)}, "layers": [\(layerList.joined(separator: ", "))],
             "animations": [{"duration": \(duration), "changes": {\(changes.joined(separator: ", "))}}]}
            """
        switch SpecDecoder.decodeDocument(bytes: Array(json.utf8)) {
        case .success(let spec): return spec
        case .failure(let problems): preconditionFailure("test spec must decode: \(problems.problems.prefix(3))")
        }
    }

    @Test func rasterWorkIsFramesTimesPixelsTimesLayersAndWeight() {
        var options = TimelineOptions(fps: 30)
        options.image = ImageOptions(scale: 2)
        let gif = WorkEstimate(Self.spec(layers: 6), format: .gif, options: options)
        #expect(gif.width == 780 && gif.height == 1688 && gif.frames == 31)
        #expect(gif.rasterWork == 31 * 780 * 1688 * (6 + WorkEstimate.rasterWeight(.gif)))
        #expect(gif.outputBytes == 0)
        #expect(gif.refusal(limits: .standard, maxOutputBytes: 64 << 20) == nil)
        // A PNG is one frame whatever the fps.
        let png = WorkEstimate(Self.spec(layers: 6), format: .png, options: options)
        #expect(png.frames == 1 && png.rasterWork == 780 * 1688 * (6 + WorkEstimate.rasterWeight(.png)))
        // The text formats carry no raster price.
        #expect(WorkEstimate(Self.spec(layers: 6), format: .svg, options: options).rasterWork == 0)
    }

    @Test func refusalsNameWhatToLower() {
        var options = TimelineOptions(fps: 30)
        options.image = ImageOptions(scale: 3)
        // 1500 points @3x = 4500 pixels, over the 4096 limit.
        let wide = WorkEstimate(Self.spec(layers: 1, width: 1500, height: 10), format: .png, options: options)
        let size = wide.refusal(limits: .standard, maxOutputBytes: 64 << 20)
        #expect(size?.kind == .pixelSize && size?.amount == 4500 && size?.limit == 4096 && size?.parameter == "scale")
        // 60 layers over 1000 × 1000 @3x for 10 s at 50 fps: 501 × 9e6 × (60 + 2) ≈ 2.8e11.
        options.fps = 50
        let heavy = WorkEstimate(
            Self.spec(layers: 60, width: 1000, height: 1000, duration: 10), format: .gif, options: options)
        let work = heavy.refusal(limits: .standard, maxOutputBytes: 64 << 20)
        #expect(work?.kind == .rasterWork && work?.amount == 501 * 3000 * 3000 * 62 && work?.parameter == "fps")
        // A PNG's frame past the end: frame 31 of 1 s at 30 fps; t = 1.5 s.
        options = TimelineOptions(fps: 30)
        options.image = ImageOptions(still: .frame(31))
        let late = WorkEstimate(Self.spec(layers: 1), format: .png, options: options).refusal(
            limits: .standard, maxOutputBytes: 64 << 20)
        #expect(late?.kind == .framePastEnd && late?.amount == 31 && late?.limit == 30 && late?.parameter == "frame")
        options.image = ImageOptions(still: .time(1.5))
        let after = WorkEstimate(Self.spec(layers: 1), format: .png, options: options).refusal(
            limits: .standard, maxOutputBytes: 64 << 20)
        #expect(after?.kind == .timePastEnd && after?.amount == 1500 && after?.limit == 1000 && after?.parameter == "t")
    }

    /// OpenH264 takes no picture under 16 pixels on a side (after rounding up to even, as the
    /// video encoders do): such an MP4 is refused before any work, naming the option that
    /// made it that small; other formats draw it.
    @Test func anMP4UnderSixteenPixelsOnASideIsRefusedNamingWhatSetItsSize() {
        func refusal(_ image: ImageOptions, width: Double = 390, height: Double = 844, format: OutputFormat = .mp4)
            -> WorkRefusal?
        {
            var options = TimelineOptions(fps: 30)
            options.image = image
            return WorkEstimate(Self.spec(layers: 1, width: width, height: height), format: format, options: options)
                .refusal(limits: .standard, maxOutputBytes: 64 << 20)
        }
        // maxWidth 8: 8 × 18 pixels.
        let narrow = refusal(ImageOptions(maxWidth: 8))
        #expect(narrow?.kind == .mp4TooSmall(option: "maxWidth") && narrow?.amount == 8 && narrow?.limit == 16)
        #expect(narrow?.parameter == "maxWidth")
        // maxHeight 30 gives 30 × 390 / 844 = 13.9 → 14 wide: maxHeight set the size.
        let short = refusal(ImageOptions(maxHeight: 30))
        #expect(short?.kind == .mp4TooSmall(option: "maxHeight") && short?.amount == 14)
        // maxWidth 15 → 15 × 33 pixels, 16 × 34 as a video: taken.
        #expect(refusal(ImageOptions(maxWidth: 15)) == nil)
        // A container 10 points high at @1x: scale is what to raise; @2x is 20 pixels.
        let small = refusal(ImageOptions(), width: 100, height: 10)
        #expect(small?.kind == .mp4TooSmall(option: "scale") && small?.amount == 10 && small?.parameter == "scale")
        #expect(refusal(ImageOptions(scale: 2), width: 100, height: 10) == nil)
        #expect(refusal(ImageOptions(maxWidth: 8), format: .webm) == nil)
        #expect(refusal(ImageOptions(maxWidth: 8), format: .gif) == nil)
    }
}
