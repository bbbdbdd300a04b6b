import AnimaticCore

/// Swift statements that set one property of a view, as UIKit code sets it inside (or
/// outside) an animation block, and the Core Animation key path and value a
/// `CASpringAnimation` needs for the same property.
enum SwiftPropertyWriter {
    /// The statement setting `property` of `view` to `value`. `frame` is used by the
    /// caller when position and size change together on an untransformed view.
    static func assignment(_ view: String, _ property: AnimatableProperty, _ value: PropertyValue) -> String {
        switch (property, value) {
        case (.position, .point(let p)): return "\(view).center = \(SwiftLiteral.point(p))"
        case (.size, .size(let s)): return "\(view).bounds.size = \(SwiftLiteral.size(s))"
        case (.alpha, .number(let a)): return "\(view).alpha = \(SwiftLiteral.number(a))"
        case (.transform, .transform(let t)): return "\(view).layer.transform = \(SwiftTransformWriter.expression(t))"
        case (.cornerRadius, .number(let r)): return "\(view).layer.cornerRadius = \(SwiftLiteral.number(r))"
        case (.fill, .color(let c)): return "\(view).backgroundColor = \(SwiftLiteral.uiColor(c))"
        case (.hidden, .bool(let b)): return "\(view).isHidden = \(b)"
        case (.zPosition, .number(let z)): return "\(view).layer.zPosition = \(SwiftLiteral.number(z))"
        default: return "// \(property.rawValue): a value of the wrong kind (the decoder never gives one)"
        }
    }

    /// `frame` for a view whose model transform is the identity, as UIKit code writes it.
    static func frameAssignment(_ view: String, position: Point, size: Size, anchor: Point) -> String {
        let frame = Rect(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
                         width: size.width, height: size.height)
        return "\(view).frame = \(SwiftLiteral.rect(frame))"
    }

    /// The `CALayer` key path a `CASpringAnimation` animates for `property`, the expression
    /// reading its current model value, and the target value as that key path's type.
    static func layerAnimation(_ view: String, _ property: AnimatableProperty,
                               _ value: PropertyValue) -> (keyPath: String, current: String, target: String)? {
        switch (property, value) {
        case (.position, .point(let p)): return ("position", "\(view).layer.position", SwiftLiteral.point(p))
        case (.size, .size(let s)): return ("bounds.size", "\(view).layer.bounds.size", SwiftLiteral.size(s))
        case (.alpha, .number(let a)): return ("opacity", "\(view).layer.opacity", "Float(\(SwiftLiteral.number(a)))")
        case (.transform, .transform(let t)): return ("transform", "\(view).layer.transform", SwiftTransformWriter.expression(t))
        case (.cornerRadius, .number(let r)): return ("cornerRadius", "\(view).layer.cornerRadius", "CGFloat(\(SwiftLiteral.number(r)))")
        case (.fill, .color(let c)): return ("backgroundColor", "\(view).layer.backgroundColor", SwiftLiteral.cgColor(c))
        case (.zPosition, .number(let z)): return ("zPosition", "\(view).layer.zPosition", "CGFloat(\(SwiftLiteral.number(z)))")
        default: return nil
        }
    }
}
