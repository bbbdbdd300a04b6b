/// Whether the work running on this thread is no longer wanted (its client left or its
/// deadline passed). The server binds `isRequested` around a render; the sampler and the
/// encoders poll it once per frame or layer and stop early, and the caller drops their
/// incomplete output. Core stays pure: no clock here, only a question asked of the caller.
public enum RenderCancellation {
    @TaskLocal public static var check: (@Sendable () -> Bool)?

    /// Binds `check` while `body` runs.
    public static func withCheck<R>(_ check: @escaping @Sendable () -> Bool, _ body: () throws -> R) rethrows -> R {
        try $check.withValue(check) { try body() }
    }

    /// True once the bound check says so; false when nothing is bound (the CLI, tests).
    public static var isRequested: Bool { check?() ?? false }
}
