/// The most bytes the output of the render running on this thread may take. The server
/// binds it to its response limit (`--max-response-mb`) around a render and the CLI to
/// the same default; each encoder gives it to the writer of its output (`ByteWriter.budget`)
/// and stops where it polls `RenderCancellation` once the writer is over it
/// (`ByteWriter.isOverBudget`), so an output the estimate priced too low is refused when it
/// crosses the limit, not after it has been built. Core stays pure: a number the caller
/// binds, like `RenderCancellation.check`.
public enum RenderBudget {
    /// `Int.max` when nothing is bound (tests, library use): no limit.
    @TaskLocal public static var maxBytes: Int = .max

    /// Binds `maxBytes` while `body` runs.
    public static func withLimit<R>(_ maxBytes: Int, _ body: () throws -> R) rethrows -> R {
        try $maxBytes.withValue(maxBytes) { try body() }
    }
}
