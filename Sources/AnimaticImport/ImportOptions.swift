import AnimaticCore

/// What the caller decides for an import: the bounds of the work, the container, the values
/// of the app-dependent parameters, and the operation `if isPresenting` reads.
public struct ImportOptions: Sendable {
    /// Interpreted steps (expressions evaluated, statements run, loop iterations) before the
    /// import stops with a problem: a request never gets unbounded work.
    public var maxSteps: Int
    /// Views the code may make (snapshots, image views, …) before it stops.
    public var maxViews: Int
    /// How deep helper calls may nest (recursion is refused at this depth).
    public var maxCallDepth: Int
    /// The container's size, for `containerView.bounds` (default 390 × 844, the spec's).
    public var containerSize: Size
    /// Values for the app-dependent parameters, by name (`ImportParameter.name`).
    public var parameters: [String: ImportParameterValue]
    /// What `if isPresenting` (and the other operation flags) reads: present or dismiss.
    public var presenting: Bool
    /// The interaction's input when the code gets it from the app's gesture (a percent-driven
    /// controller): nil takes the default drag (`ImportDefaults.interactionInput`).
    public var interactionInput: InteractionInput?

    public init(
        maxSteps: Int = 200_000, maxViews: Int = 2_000, maxCallDepth: Int = 32,
        containerSize: Size = Size(width: 390, height: 844), parameters: [String: ImportParameterValue] = [:],
        presenting: Bool = true, interactionInput: InteractionInput? = nil
    ) {
        self.maxSteps = maxSteps
        self.maxViews = maxViews
        self.maxCallDepth = maxCallDepth
        self.containerSize = containerSize
        self.parameters = parameters
        self.presenting = presenting
        self.interactionInput = interactionInput
    }
}

/// A value given for an app-dependent parameter.
public enum ImportParameterValue: Hashable, Sendable {
    case number(Double)
    case bool(Bool)
    case rect(Rect)
    case size(Size)
    case point(Point)
    /// A view's name: `from`, `to`, `container` or a layer's id (where an app view lives).
    case name(String)
}

/// An app-dependent value the code reads (a delegate's frame, an image's size, a property
/// the app sets): the importer used `value` (the default, or the one given) and says so.
public struct ImportParameter: Hashable, Sendable {
    public var name: String
    public var line: Int
    public var column: Int
    public var value: ImportParameterValue
    /// Where the value comes from in the app, in a few words.
    public var meaning: String
}
