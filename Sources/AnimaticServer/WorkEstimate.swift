import AnimaticCore
import AnimaticRender

/// What a timeline request will cost, known after compiling (linear in the spec, which
/// the spec limits bound) and before sampling or encoding (which the options multiply):
/// the frame samples (frames × layers) and an upper estimate of the output bytes.
///
/// Bytes per frame sample are our measurements of the encoders' worst case per layer and
/// frame (a gradient-filled, rotated, perspective layer), with a margin — see the limits
/// table in docs/SPEC.md. Formats that write keyframes rather than frames (JSON without
/// `frames`) cost a few hundred bytes per track and are bounded by the spec limits.
struct WorkEstimate {
    /// Frames each layer is sampled at (0: not sampled).
    let frames: Int
    let layers: Int
    let samples: Int
    let outputBytes: Int
    private let parsed: TimelineRequest
    private let limits: SpecLimits
    private let maxResponseBytes: Int

    /// Bytes one layer adds per sampled frame, by format (measured, ×1.5 margin).
    static func bytesPerSample(_ format: OutputFormat) -> Int {
        switch format {
        case .json: return 600
        case .svg: return 700
        case .filmstrip: return 1200
        case .lottie: return 400
        case .css: return 500
        }
    }

    /// Bytes of a timeline's fixed part (header, layer descriptions), per layer.
    static let bytesPerLayer = 2048

    init(_ timeline: Timeline, _ parsed: TimelineRequest, limits: SpecLimits, maxResponseBytes: Int) {
        self.parsed = parsed
        self.limits = limits
        self.maxResponseBytes = maxResponseBytes
        layers = max(timeline.layers.count, 1)
        let sampledFrames = Timeline.frameCount(duration: timeline.duration, fps: parsed.options.fps)
        switch parsed.format {
        case .json: frames = parsed.options.includeFrames ? sampledFrames : 0
        case .filmstrip: frames = parsed.options.filmstripFrames
        default: frames = sampledFrames
        }
        samples = frames * layers
        outputBytes = layers * Self.bytesPerLayer + samples * Self.bytesPerSample(parsed.format)
    }

    /// The option that multiplies the work (what a client lowers to get under a limit).
    private var parameter: String { parsed.format == .filmstrip ? "filmstripFrames" : "fps" }

    /// A 422 naming the option, the spec pointer and the limit, or nil within limits.
    var problem: Problem? {
        if parsed.format != .filmstrip, samples > limits.maxFrameSamples {
            return .tooMuchWork(
                detail: "\(samples) frame samples (\(frames) frames × \(layers) layers) at \(parsed.options.fps) fps, more than the limit of \(limits.maxFrameSamples); lower fps or the duration, or use fewer layers.",
                pointer: "/layers", parameter: parameter, limit: limits.maxFrameSamples, estimate: samples)
        }
        if outputBytes > maxResponseBytes {
            let mb = (Double(outputBytes) / 1_048_576 * 10).rounded() / 10
            return .tooMuchWork(
                detail: "the \(parsed.format.rawValue) output would be about \(mb) MiB (\(frames) frames × \(layers) layers), more than the response limit of \(maxResponseBytes >> 20) MiB (--max-response-mb); lower \(parameter) or use fewer layers.",
                pointer: "/layers", parameter: parameter, limit: maxResponseBytes, estimate: outputBytes)
        }
        return nil
    }
}
