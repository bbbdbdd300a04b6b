import AnimaticRender

extension WorkRefusal {
    /// The 422 `too-much-work` problem: the option to lower (`parameter`), the spec pointer,
    /// the limit and the amount asked for (or written, when the encoder passed the limit).
    var problem: Problem {
        let detail: String
        switch kind {
        case .frameSamples:
            detail =
                "\(amount) frame samples (\(frames) frames × \(layers) layers) at \(fps) fps, more than the limit of \(limit); lower fps or the duration, or use fewer layers."
        case .outputEstimate:
            let mb = (Double(amount) / 1_048_576 * 10).rounded() / 10
            detail =
                "the \(format.rawValue) output would be about \(mb) MiB (\(frames) frames × \(layers) layers), more than the response limit of \(limit >> 20) MiB (--max-response-mb); lower \(parameter) or use fewer layers."
        case .outputWritten:
            detail =
                "the \(format.rawValue) output passed the response limit of \(limit >> 20) MiB (--max-response-mb) at \(amount) bytes, where its encoding stopped; lower \(parameter) or use fewer layers."
        case .pixelSize:
            detail =
                "the \(format.rawValue) picture would be \(amount) pixels on its longest side, more than the limit of \(limit); lower scale, or set maxWidth and maxHeight."
        case .rasterWork:
            detail =
                "the \(format.rawValue) output would take \(amount) pixel-layer samples (\(frames) frames × \(layers) layers × its pixels and encoding), more than the limit of \(limit); lower \(parameter == "scale" ? "" : "\(parameter), ")scale or the size (maxWidth, maxHeight), or use fewer layers."
        case .mp4TooSmall(let option):
            return .badParameter(
                option,
                "the mp4 picture would be \(amount) pixels on its shorter side, less than the \(limit) H.264 through OpenH264 takes; raise \(option), or choose webm, gif, apng or webp"
            )
        case .framePastEnd:
            return .badParameter(
                "frame", "frame \(amount) is past the last frame, \(limit), of this timeline at \(fps) fps")
        case .timePastEnd:
            return .badParameter(
                "t",
                "t is \(Double(amount) / 1000) s, past the end of this timeline at \(Double(limit) / 1000) s")
        }
        return .tooMuchWork(detail: detail, pointer: "/layers", parameter: parameter, limit: limit, estimate: amount)
    }
}
