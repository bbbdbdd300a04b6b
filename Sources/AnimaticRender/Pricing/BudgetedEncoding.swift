import AnimaticCore

/// A spec encoded within an output limit, the same way for the server and the CLI: priced
/// first (`WorkEstimate`: too many frame samples, or an estimate over the limit, and nothing
/// is compiled), then encoded with the limit as the render's budget (`RenderBudget`), so
/// the encoder stops as soon as its output passes it and the output is refused then,
/// not after the whole of it was built.
public enum BudgetedEncoding {
    /// The compiled timeline and its encoded output, or why it is refused. A refused
    /// output is freed before this returns.
    public static func encode(
        _ spec: TransitionSpec, format: OutputFormat, options: TimelineOptions, limits: SpecLimits,
        maxOutputBytes: Int
    ) -> Result<(timeline: Timeline, bytes: [UInt8]), WorkRefusal> {
        if let refusal = WorkEstimate(spec, format: format, options: options)
            .refusal(limits: limits, maxOutputBytes: maxOutputBytes)
        {
            return .failure(refusal)
        }
        let timeline = TimelineCompiler.compile(spec)
        let bytes = RenderBudget.withLimit(maxOutputBytes) { format.encode(timeline, options: options) }
        guard bytes.count <= maxOutputBytes else {
            return .failure(.outputWritten(bytes.count, format: format, limit: maxOutputBytes))
        }
        return .success((timeline, bytes))
    }
}
