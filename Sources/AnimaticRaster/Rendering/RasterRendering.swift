import AnimaticCore
import AnimaticRender

/// A raster format's output of a spec: priced first (`WorkEstimate`: the pixel size, the
/// frame samples, the raster work, a PNG's frame within the timeline — refused before
/// anything is compiled), then drawn frame by frame (`FrameRasterizer`) and each frame
/// handed to the encoder at once, so no more than one frame is held; the encoder stops at
/// the output limit (`RasterEncodingError.overByteLimit`), and the render stops between
/// frames and between a frame's layers once `RenderCancellation` says its client left or its
/// deadline passed (its output, incomplete, is then empty and the caller sends nothing).
public enum RasterRendering {
    public static func encode(
        _ spec: TransitionSpec, format: OutputFormat, options: TimelineOptions, limits: SpecLimits,
        maxOutputBytes: Int
    ) -> Result<(timeline: Timeline, bytes: [UInt8]), TimelineEncodingError> {
        precondition(format.isRaster, "RasterRendering: \(format.rawValue) is a text format")
        let estimate = WorkEstimate(spec, format: format, options: options)
        if let refusal = estimate.refusal(limits: limits, maxOutputBytes: maxOutputBytes) {
            return .failure(.refused(refusal))
        }
        let timeline = TimelineCompiler.compile(spec)
        if RenderCancellation.isRequested { return .success((timeline, [])) }
        let image = options.image
        let rasterizer = FrameRasterizer(timeline: timeline, options: rasterOptions(image))
        if format == .png {
            let time = image.stillTime(duration: timeline.duration, fps: options.fps) ?? timeline.duration
            let frame = rasterizer.frame(at: time)
            if RenderCancellation.isRequested { return .success((timeline, [])) }
            let bytes = PNGEncoder.encode(frame)
            guard bytes.count <= maxOutputBytes else {
                return .failure(.refused(.outputWritten(bytes.count, format: format, limit: maxOutputBytes)))
            }
            return .success((timeline, bytes))
        }
        do {
            var encoder = try RasterEncoders.make(
                format, width: rasterizer.width, height: rasterizer.height, fps: options.fps, loop: options.loop,
                dither: image.dither, byteLimit: maxOutputBytes)
            for (time, duration) in image.frameSchedule(duration: timeline.duration, fps: options.fps) {
                // Between frames: a client that left or a passed deadline stops the work here.
                if RenderCancellation.isRequested { return .success((timeline, [])) }
                try encoder.add(rasterizer.frame(at: time), duration: duration)
            }
            return .success((timeline, try encoder.finish()))
        } catch RasterEncodingError.overByteLimit(let limit) {
            return .failure(.refused(.outputWritten(limit + 1, format: format, limit: maxOutputBytes)))
        } catch {
            return .failure(.encoderFailed(format: format, reason: "\(error)"))
        }
    }

    /// The drawing options of a request's image options.
    static func rasterOptions(_ image: ImageOptions) -> RasterOptions {
        RasterOptions(
            scale: image.scale, background: image.background.map(RGBA8.init(color:)), maxWidth: image.maxWidth,
            maxHeight: image.maxHeight)
    }
}

extension RGBA8 {
    /// A spec or query colour, each component rounded to a byte.
    init(color: Color) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        self.init(r: byte(color.red), g: byte(color.green), b: byte(color.blue), a: byte(color.alpha))
    }
}
