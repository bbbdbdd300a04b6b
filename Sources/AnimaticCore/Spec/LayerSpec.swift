/// One view (its layer) in the container, with its initial, un-animated state.
///
/// Geometry follows Core Animation: `position` is where the anchor point sits in the
/// container, `size` is the bounds size, `anchor` is in unit coordinates of the bounds,
/// and `transform` applies about the anchor. A `frame` in a spec sets position and size
/// as UIKit's `frame` setter does (position = origin + anchor × size).
///
/// A layer with a `parent` is a sublayer: its position and frame are in the parent's
/// bounds coordinates, it draws above its parent, and it takes on the parent's
/// transform, `sublayerTransform`, opacity, visibility and clipping (docs/SPEC.md, "Layer tree").
public struct LayerSpec: Hashable, Sendable {
    public var id: String
    /// The id of the layer this one is a sublayer of; nil for a sublayer of the container.
    public var parent: String?
    public var position: Point
    public var size: Size
    public var anchor: Point
    public var alpha: Double
    public var transform: TransformSpec
    public var cornerRadius: Double
    public var fill: Color?
    public var gradient: GradientSpec?
    public var label: String?
    public var hidden: Bool
    public var zPosition: Double
    /// `clipsToBounds`: content and sublayers are cut to the (rounded) bounds.
    public var clips: Bool
    public var content: LayerContent?
    /// How an image `content` fills the bounds (`content.image.mode`; aspect-fit by default).
    public var imageMode: ImageContentMode = .fit
    /// The picture of an image `content` (`content.image.asset` or `.data`); nil for a
    /// placeholder of `aspect` drawn in its fill. Its aspect ratio is the image's.
    public var imageSource: ImageSource?
    /// Applied to the sublayers about the anchor point; nil for the identity.
    public var sublayerTransform: SublayerTransformSpec?
    public var shadow: ShadowSpec
    public var border: BorderSpec

    public init(
        id: String, frame: Rect, anchor: Point = Point(x: 0.5, y: 0.5), alpha: Double = 1,
        transform: TransformSpec = .identity, cornerRadius: Double = 0, fill: Color? = nil,
        gradient: GradientSpec? = nil, label: String? = nil, hidden: Bool = false,
        zPosition: Double = 0, clips: Bool = false, content: LayerContent? = nil,
        parent: String? = nil, sublayerTransform: SublayerTransformSpec? = nil,
        shadow: ShadowSpec = .none, border: BorderSpec = .none
    ) {
        self.id = id
        self.parent = parent
        self.sublayerTransform = sublayerTransform
        self.shadow = shadow
        self.border = border
        self.size = frame.size
        self.anchor = anchor
        self.position = LayerSpec.position(ofFrame: frame, anchor: anchor)
        self.alpha = alpha
        self.transform = transform
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.gradient = gradient
        self.label = label
        self.hidden = hidden
        self.zPosition = zPosition
        self.clips = clips
        self.content = content
    }

    /// UIKit's frame setter: the anchor point of a `frame` placed rectangle.
    public static func position(ofFrame frame: Rect, anchor: Point) -> Point {
        Point(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
    }

    /// The untransformed frame (UIKit's `frame` when the transform is the identity).
    public var frame: Rect {
        Rect(
            x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
            width: size.width, height: size.height)
    }
}

/// What a layer shows besides its fill.
public enum LayerContent: Hashable, Sendable {
    /// A snapshot of part of another layer (`snapshotView(afterScreenUpdates:)` cut to
    /// `rect`, in that layer's bounds coordinates; nil for the whole layer) — how fold strips and flip cards are made.
    case snapshot(of: String, rect: Rect?)
    /// A placeholder image of the given aspect ratio (width / height), drawn as the layer's
    /// `imageMode` says (aspect-fit by default).
    case image(aspectRatio: Double, fill: Color?)
}

/// A `CAGradientLayer`: colours from `start` to `end`, both in unit coordinates of the bounds.
public struct GradientSpec: Hashable, Sendable {
    public var colors: [Color]
    public var start: Point
    public var end: Point

    public init(colors: [Color], start: Point = Point(x: 0.5, y: 0), end: Point = Point(x: 0.5, y: 1)) {
        self.colors = colors
        self.start = start
        self.end = end
    }
}
