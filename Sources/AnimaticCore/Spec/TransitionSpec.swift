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
    /// What the animation's completion block changes in both outcomes (views restored,
    /// snapshots removed), as the block runs whether the transition finished or not.
    public var completion: [PropertyChange]
    /// What the block changes only when the transition finished (the `else` of
    /// `if transitionContext.transitionWasCancelled`), after `completion`.
    public var completionIfFinished: [PropertyChange]
    /// What the block changes only when the transition was cancelled, after `completion`.
    public var completionIfCancelled: [PropertyChange]
    /// The from- and to-views, for `completeTransition(_:)`'s removal; nil: none is removed.
    public var views: TransitionViews?
    public var interaction: InteractionSpec?
    /// The pictures the layers' `imageSource`s name, resolved by the caller and given to
    /// the decoder (`SpecDecoder.images`); not part of the JSON form.
    public var images: ImageLibrary = .empty

    public init(
        container: ContainerSpec = ContainerSpec(), layers: [LayerSpec] = [],
        animations: [AnimationSpec] = [], completion: [PropertyChange] = [],
        completionIfFinished: [PropertyChange] = [], completionIfCancelled: [PropertyChange] = [],
        views: TransitionViews? = nil, interaction: InteractionSpec? = nil
    ) {
        self.container = container
        self.layers = layers
        self.animations = animations
        self.completion = completion
        self.completionIfFinished = completionIfFinished
        self.completionIfCancelled = completionIfCancelled
        self.views = views
        self.interaction = interaction
    }

    /// Everything that changes when the transition ends with `outcome`, in order: the
    /// completion block's changes for both outcomes, then its branch for this outcome,
    /// then `completeTransition(_:)`'s removal of the view UIKit does not keep.
    public func endChanges(_ outcome: InteractionOutcome) -> [PropertyChange] {
        var changes = completion + (outcome == .finish ? completionIfFinished : completionIfCancelled)
        if let removed = views?.removedView(outcome) {
            changes.append(PropertyChange(layer: removed, property: .hidden, value: .bool(true)))
        }
        return changes
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
