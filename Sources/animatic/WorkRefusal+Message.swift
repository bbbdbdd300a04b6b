import AnimaticRender

extension WorkRefusal {
    /// What `animatic render` prints when the server would answer 422 `too-much-work`
    /// (`WorkRefusal.problem`): the same refusal, with the CLI's option names.
    var commandLineMessage: String {
        let option = parameter == "fps" ? "--fps" : "--filmstrip-frames"
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
        }
    }
}
