/// A transition as an iOS developer writes it in an animation controller: the views
/// (layers) in a container, the `UIView.animate` / `animateKeyframes` blocks that move
/// them, what the completion block changes, and optionally a percent-driven interaction.
///
/// Decoded from JSON by `SpecDecoder` (every problem reported with its JSON pointer),
/// written back by `SpecEncoder`. Documented in docs/SPEC.md.
public struct TransitionSpec: Hashable, Sendable {
    public var container: ContainerSpec
    /// Bottom to top, as subviews are added to the container.
    public var layers: [LayerSpec]
    public var animations: [AnimationSpec]
    /// Changes applied when the transition finishes (views restored, snapshots removed).
    public var completion: [PropertyChange]
    public var interaction: InteractionSpec?

    public init(container: ContainerSpec = ContainerSpec(), layers: [LayerSpec] = [],
                animations: [AnimationSpec] = [], completion: [PropertyChange] = [],
                interaction: InteractionSpec? = nil) {
        self.container = container
        self.layers = layers
        self.animations = animations
        self.completion = completion
        self.interaction = interaction
    }

    /// The layer with `id`, if any.
    public func layer(_ id: String) -> LayerSpec? { layers.first { $0.id == id } }
}

/// The transition's container view (`transitionContext.containerView`).
public struct ContainerSpec: Hashable, Sendable {
    /// Size in points; default 390 × 844 (an iPhone 14/15/16 in portrait).
    public var size: Size
    /// Eye distance in points for the container's `sublayerTransform` (m34 = −1/d),
    /// applied about the container's centre; nil for no perspective.
    public var perspective: Double?
    public var background: Color?

    public init(size: Size = Size(width: 390, height: 844), perspective: Double? = nil, background: Color? = nil) {
        self.size = size
        self.perspective = perspective
        self.background = background
    }
}
