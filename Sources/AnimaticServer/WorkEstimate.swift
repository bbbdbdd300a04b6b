import AnimaticCore
import AnimaticRender

/// What a timeline request will cost, known from the spec and the options before any
/// work: before compiling, sampling or encoding. The timeline's duration comes from the
/// spec alone (`TransitionSpec.timelineDuration`: block ends, the interactive run), so the
/// frame samples (frames × layers) and an upper estimate of the output bytes are priced
/// without building a track.
///
/// Bytes per layer and frame are our measurements (2026-11, `animatic render` of 100-layer,
/// 121-frame specs: 2-D transforms + frame + alpha + fill + corner radius; the same with
/// perspective 3-D rotations; and with gradients and snapshot content), the larger of
/// the first two as `base`, what gradients and snapshots add as `painted`, each × 1.25.
/// Simple layers (a position only) cost far less, so the estimate errs high; it only
/// decides the extremes. Formats that write keyframes rather than frames (JSON without
/// `frames`) cost a few hundred bytes per track and are bounded by the spec limits. The
/// encoded size is checked again after encoding (`maxResponseBytes` is a hard cap).
struct WorkEstimate {
    /// Frames each layer is sampled at (0: not sampled).
    let frames: Int
    let layers: Int
    let samples: Int
    let outputBytes: Int
    private let parsed: TimelineRequest
    private let limits: SpecLimits
    private let maxResponseBytes: Int

    /// Bytes one layer adds per sampled frame (measured, see above).
    static func bytesPerSample(_ format: OutputFormat) -> (base: Int, painted: Int) {
        switch format {
        case .json: return (840, 0)
        case .svg: return (720, 160)
        case .filmstrip: return (720, 160)
        case .lottie: return (640, 910)
        case .css: return (440, 0)
        case .swift: return (0, 0)
        }
    }

    /// Bytes of a timeline's fixed part (header, layer descriptions), per layer.
    static let bytesPerLayer = 2048

    /// `spec` is the spec that will be compiled (after Reduce Motion, which adds layers).
    init(_ spec: TransitionSpec, _ parsed: TimelineRequest, limits: SpecLimits, maxResponseBytes: Int) {
        self.parsed = parsed
        self.limits = limits
        self.maxResponseBytes = maxResponseBytes
        layers = max(spec.layers.count, 1)
        let sampledFrames = Timeline.frameCount(duration: spec.timelineDuration, fps: parsed.options.fps)
        switch parsed.format {
        case .json: frames = parsed.options.includeFrames ? sampledFrames : 0
        case .filmstrip: frames = parsed.options.filmstripFrames
        // UIKit code: keyframes and curves, not frames (its size does not change with fps).
        case .swift: frames = 0
        default: frames = sampledFrames
        }
        samples = frames * layers
        let cost = Self.bytesPerSample(parsed.format)
        let painted = spec.layers.filter { $0.gradient != nil || $0.content != nil }.count
        outputBytes = layers * Self.bytesPerLayer + samples * cost.base + frames * painted * cost.painted
    }

    /// The option that multiplies the work (what a client lowers to get under a limit).
    private var parameter: String { Self.parameter(parsed) }

    private static func parameter(_ parsed: TimelineRequest) -> String {
        parsed.format == .filmstrip ? "filmstripFrames" : "fps"
    }

    /// The 422 for an encoded body over the cap (the estimate was low).
    static func tooLarge(bytes: Int, parsed: TimelineRequest, maxResponseBytes: Int) -> Problem {
        let option = parameter(parsed)
        return .tooMuchWork(
            detail:
                "the \(parsed.format.rawValue) output is \(bytes) bytes, more than the response limit of \(maxResponseBytes >> 20) MiB (--max-response-mb); lower \(option) or use fewer layers.",
            pointer: "/layers", parameter: option, limit: maxResponseBytes, estimate: bytes)
    }

    /// A 422 naming the option, the spec pointer and the limit, or nil within limits.
    var problem: Problem? {
        if parsed.format != .filmstrip, samples > limits.maxFrameSamples {
            return .tooMuchWork(
                detail:
                    "\(samples) frame samples (\(frames) frames × \(layers) layers) at \(parsed.options.fps) fps, more than the limit of \(limits.maxFrameSamples); lower fps or the duration, or use fewer layers.",
                pointer: "/layers", parameter: parameter, limit: limits.maxFrameSamples, estimate: samples)
        }
        if outputBytes > maxResponseBytes {
            let mb = (Double(outputBytes) / 1_048_576 * 10).rounded() / 10
            return .tooMuchWork(
                detail:
                    "the \(parsed.format.rawValue) output would be about \(mb) MiB (\(frames) frames × \(layers) layers), more than the response limit of \(maxResponseBytes >> 20) MiB (--max-response-mb); lower \(parameter) or use fewer layers.",
                pointer: "/layers", parameter: parameter, limit: maxResponseBytes, estimate: outputBytes)
        }
        return nil
    }
}
