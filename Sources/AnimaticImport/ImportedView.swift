import AnimaticCore

/// One view the animator touches, with its model (un-animated) state as the code has set
/// it so far: what becomes a `LayerSpec`.
struct ImportedView {
    enum Role: Equatable {
        /// `view(forKey: .from/.to)` or `viewController(forKey:)?.view`.
        case transitionView(from: Bool)
        /// `transitionContext.containerView`.
        case container
        /// A snapshot of another view (`content.of`).
        case snapshot
        /// Made in the code (`UIView(frame:)`, `UIImageView`, a gradient view).
        case made
        /// Handed in by the app (an initialiser's argument, a delegate's view).
        case appView
    }

    var id: String
    var role: Role
    /// The superview: nil for the container itself or a view not (yet) in the hierarchy.
    var superview: Int?
    var inHierarchy = false
    /// Model values, as set so far (Core Animation's defaults until then).
    var position = Point(x: 0, y: 0)
    var size = Size(width: 0, height: 0)
    var anchor = Point(x: 0.5, y: 0.5)
    var alpha: Double = 1
    var transform = TransformChain.identity
    var cornerRadius: Double = 0
    var fill: Color?
    var hidden = false
    var zPosition: Double = 0
    var clips = false
    var content: LayerContent?
    var imageMode: ImageContentMode = .fit
    var sublayerTransform: SublayerTransformSpec?
    var shadow = ShadowSpec.none
    var border = BorderSpec.none
    var gradient: GradientSpec?
    /// Whether the code gave it a frame (else an app view takes a default one).
    var placed = false

    init(id: String, role: Role) {
        self.id = id
        self.role = role
    }

    var frame: Rect {
        Rect(
            x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
            width: size.width, height: size.height)
    }

    /// The current model value of a spec property.
    func value(of property: AnimatableProperty) -> PropertyValue {
        switch property {
        case .position: return .point(position)
        case .size: return .size(size)
        case .alpha: return .number(alpha)
        case .transform: return .transform(transform.spec)
        case .cornerRadius: return .number(cornerRadius)
        case .fill: return .color(fill ?? .clear)
        case .hidden: return .bool(hidden)
        case .zPosition: return .number(zPosition)
        case .shadowOpacity: return .number(shadow.opacity)
        case .shadowRadius: return .number(shadow.radius)
        case .shadowOffset: return .point(shadow.offset)
        case .shadowColor: return .color(shadow.color)
        case .borderWidth: return .number(border.width)
        case .borderColor: return .color(border.color)
        }
    }

    /// Sets a model value (the chain kept for a transform set from the interpreter).
    mutating func set(_ property: AnimatableProperty, _ value: PropertyValue, chain: TransformChain? = nil) {
        switch (property, value) {
        case (.position, .point(let p)): position = p
        case (.size, .size(let s)): size = s
        case (.alpha, .number(let n)): alpha = n
        case (.transform, .transform(let t)): transform = chain ?? TransformChain(matrix: t.matrix, operations: nil)
        case (.cornerRadius, .number(let n)): cornerRadius = n
        case (.fill, .color(let c)): fill = c
        case (.hidden, .bool(let b)): hidden = b
        case (.zPosition, .number(let n)): zPosition = n
        case (.shadowOpacity, .number(let n)): shadow.opacity = n
        case (.shadowRadius, .number(let n)): shadow.radius = n
        case (.shadowOffset, .point(let p)): shadow.offset = p
        case (.shadowColor, .color(let c)): shadow.color = c
        case (.borderWidth, .number(let n)): border.width = n
        case (.borderColor, .color(let c)): border.color = c
        default: break
        }
    }

    func layerSpec(parent: String?) -> LayerSpec {
        var layer = LayerSpec(
            id: id, frame: frame, anchor: anchor, alpha: alpha, transform: transform.spec,
            cornerRadius: cornerRadius, fill: fill, gradient: gradient, hidden: hidden, zPosition: zPosition,
            clips: clips, content: content, parent: parent, sublayerTransform: sublayerTransform, shadow: shadow,
            border: border)
        layer.position = position
        layer.imageMode = imageMode
        return layer
    }
}
