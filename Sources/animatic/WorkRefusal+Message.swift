import AnimaticRender

extension WorkRefusal {
    /// What `animatic render` prints when the server would answer 422 `too-much-work`
    /// (`WorkRefusal.problem`): the same refusal, with the CLI's option names.
    var commandLineMessage: String {
        let option: String
        switch parameter {
        case "filmstripFrames": option = "--filmstrip-frames"
        case "maxWidth": option = "--max-width"
        case "maxHeight": option = "--max-height"
        default: option = "--" + parameter
        }
        switch kind {
        case .frameSamples:
            return
                "\(amount) frame samples (\(frames) frames × \(layers) layers), more than the limit of \(limit); lower \(option)"
        case .outputEstimate:
            return
                "the \(format.rawValue) output would be about \(amount >> 20) MiB (\(amount) bytes: \(frames) frames × \(layers) layers), more than the limit of \(limit >> 20) MiB; lower \(option) or use fewer layers"
        case .outputWritten:
            return
                "the \(format.rawValue) output passed the limit of \(limit >> 20) MiB at \(amount) bytes, where its encoding stopped; lower \(option) or use fewer layers"
        case .pixelSize:
            return
                "the \(format.rawValue) picture would be \(amount) pixels on its longest side, more than the limit of \(limit); lower --scale or set --max-width and --max-height"
        case .rasterWork:
            return
                "the \(format.rawValue) output would take \(amount) pixel-layer samples (\(frames) frames × \(layers) layers × its pixels and encoding), more than the limit of \(limit); lower \(option == "--scale" ? "" : "\(option), ")--scale or the size (--max-width, --max-height), or use fewer layers"
        case .mp4TooSmall:
            return
                "the mp4 picture would be \(amount) pixels on its shorter side, less than the \(limit) H.264 through OpenH264 takes; raise \(option), or choose webm, gif, apng or webp"
        case .framePastEnd:
            return "--frame \(amount) is past the last frame, \(limit), of this timeline at \(fps) fps"
        case .timePastEnd:
            return "--t \(Double(amount) / 1000) is past the end of this timeline at \(Double(limit) / 1000) s"
        }
    }
}
