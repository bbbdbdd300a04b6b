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
        }
        return .tooMuchWork(detail: detail, pointer: "/layers", parameter: parameter, limit: limit, estimate: amount)
    }
}
