import AnimaticCore

/// What an import gives: the spec (nil when none came out), every problem at its line and
/// column, and the app-dependent parameters with the values used.
public struct ImportResult: Sendable {
    public var spec: TransitionSpec?
    public var problems: [ImportProblem]
    public var parameters: [ImportParameter]
    /// Whether the code branches on the operation (`if isPresenting`): then the other one
    /// comes out with `ImportOptions.presenting` switched.
    public var readsOperation: Bool
    /// The interpreted steps the import took (bounded by `ImportOptions.maxSteps`).
    public var steps: Int
}
