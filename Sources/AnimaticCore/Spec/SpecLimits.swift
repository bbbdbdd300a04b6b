/// Bounds on the work one spec can ask for. A spec over any of them is rejected with a
/// problem before anything is computed, so no request gets unbounded work.
/// The values are documented in docs/SPEC.md ("Limits").
public struct SpecLimits: Hashable, Sendable {
    public var maxLayers = 1_024
    public var maxAnimations = 500
    public var maxChangesPerBlock = 1_000
    public var maxKeyframesPerBlock = 200
    public var maxTotalKeyframes = 2_000
    /// The longest transition, in seconds, delays and interaction included.
    public var maxDuration = 60.0
    public var maxFPS = 240
    /// frames × layers for a sampled timeline.
    public var maxFrameSamples = 250_000
    public var maxInteractionSamples = 10_000
    public var maxStringLength = 256
    public var maxContainerSide = 10_000.0
    /// Levels of the layer tree: a sublayer of a sublayer … at most this deep (a layer
    /// of the container is at level 1). Core Animation sets none; ours bounds the
    /// composition per layer.
    public var maxTreeDepth = 16

    public init() {}

    public static let standard = SpecLimits()
}
