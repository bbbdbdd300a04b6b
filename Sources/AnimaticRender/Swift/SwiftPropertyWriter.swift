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
        case (.shadowOpacity, .number(let o)): return "\(view).layer.shadowOpacity = \(SwiftLiteral.number(o))"
        case (.shadowRadius, .number(let r)): return "\(view).layer.shadowRadius = \(SwiftLiteral.number(r))"
        case (.shadowOffset, .point(let o)): return "\(view).layer.shadowOffset = \(offset(o))"
        case (.shadowColor, .color(let c)): return "\(view).layer.shadowColor = \(SwiftLiteral.cgColor(c))"
        case (.borderWidth, .number(let w)): return "\(view).layer.borderWidth = \(SwiftLiteral.number(w))"
        case (.borderColor, .color(let c)): return "\(view).layer.borderColor = \(SwiftLiteral.cgColor(c))"
        default: return "// \(property.rawValue): a value of the wrong kind (the decoder never gives one)"
        }
    }

    /// Properties of the view's layer that `UIView` animation blocks do not animate: they
    /// need a Core Animation animation of their own.
    static func isLayerOnly(_ property: AnimatableProperty) -> Bool {
        switch property {
        case .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor, .borderWidth, .borderColor: return true
        case .position, .size, .alpha, .transform, .cornerRadius, .fill, .hidden, .zPosition: return false
        }
    }

    /// A spec's shadow offset `[dx, dy]` as `CALayer.shadowOffset`, a `CGSize`.
    static func offset(_ o: Point) -> String {
        "CGSize(width: \(SwiftLiteral.number(o.x)), height: \(SwiftLiteral.number(o.y)))"
    }

    /// `frame` for a view whose model transform is the identity, as UIKit code writes it.
    static func frameAssignment(_ view: String, position: Point, size: Size, anchor: Point) -> String {
        let frame = Rect(
            x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height,
            width: size.width, height: size.height)
        return "\(view).frame = \(SwiftLiteral.rect(frame))"
    }

    /// The `CALayer` key path a `CASpringAnimation` animates for `property`, the expression
    /// reading its current model value, and the target value as that key path's type.
    static func layerAnimation(
        _ view: String, _ property: AnimatableProperty,
        _ value: PropertyValue
    ) -> (keyPath: String, current: String, target: String)? {
        switch (property, value) {
        case (.position, .point(let p)): return ("position", "\(view).layer.position", SwiftLiteral.point(p))
        case (.size, .size(let s)): return ("bounds.size", "\(view).layer.bounds.size", SwiftLiteral.size(s))
        case (.alpha, .number(let a)): return ("opacity", "\(view).layer.opacity", "Float(\(SwiftLiteral.number(a)))")
        case (.transform, .transform(let t)):
            return ("transform", "\(view).layer.transform", SwiftTransformWriter.expression(t))
        case (.cornerRadius, .number(let r)):
            return ("cornerRadius", "\(view).layer.cornerRadius", "CGFloat(\(SwiftLiteral.number(r)))")
        case (.fill, .color(let c)):
            return ("backgroundColor", "\(view).layer.backgroundColor", SwiftLiteral.cgColor(c))
        case (.zPosition, .number(let z)):
            return ("zPosition", "\(view).layer.zPosition", "CGFloat(\(SwiftLiteral.number(z)))")
        case (.shadowOpacity, .number(let o)):
            return ("shadowOpacity", "\(view).layer.shadowOpacity", "Float(\(SwiftLiteral.number(o)))")
        case (.shadowRadius, .number(let r)):
            return ("shadowRadius", "\(view).layer.shadowRadius", "CGFloat(\(SwiftLiteral.number(r)))")
        case (.shadowOffset, .point(let o)): return ("shadowOffset", "\(view).layer.shadowOffset", offset(o))
        case (.shadowColor, .color(let c)): return ("shadowColor", "\(view).layer.shadowColor", SwiftLiteral.cgColor(c))
        case (.borderWidth, .number(let w)):
            return ("borderWidth", "\(view).layer.borderWidth", "CGFloat(\(SwiftLiteral.number(w)))")
        case (.borderColor, .color(let c)): return ("borderColor", "\(view).layer.borderColor", SwiftLiteral.cgColor(c))
        default: return nil
        }
    }
}
