import AnimaticCore
import SwiftSyntax

/// A value of the interpreted Swift: the numbers and geometry of Core Graphics and Core
/// Animation, the views the animator makes, and the few objects it talks to.
indirect enum ImportValue {
    case number(Double)
    case bool(Bool)
    case string(String)
    case point(Point)
    case size(Size)
    case rect(Rect)
    /// A `CGAffineTransform` (`a b c d tx ty`), kept with the operations that made it.
    case affine(TransformChain)
    /// A `CATransform3D`, kept with the operations that made it when it has them.
    case transform(TransformChain)
    case color(Color)
    /// A view (or its layer: `view.layer` is the same handle), by index in `ViewTable`.
    case view(Int)
    /// `viewController(forKey:)`: the controller whose `view` is the handle.
    case viewController(Int)
    /// The transition context (`transitionContext`).
    case context
    /// The class instance (`self`).
    case selfObject
    /// `.from`, `.curveEaseOut`, `.zero` …: a member not yet resolved against a type.
    case member(String)
    /// An option set of members (`[.curveEaseOut, .calculationModeCubic]`).
    case options([String])
    case array([ImportValue])
    case tuple([(label: String?, value: ImportValue)])
    case closure(ImportClosure)
    case function(ImportFunction)
    /// A `UIViewPropertyAnimator`, by index in the interpreter's table.
    case propertyAnimator(Int)
    /// A `CABasicAnimation` / `CASpringAnimation` / `CAKeyframeAnimation`, by index.
    case layerAnimation(Int)
    /// Timing parameters (`UISpringTimingParameters`, `UICubicTimingParameters`, a curve).
    case timing(TimingSpec)
    /// An app's delegate (`fromDelegate`): what it answers is an app-dependent parameter.
    case delegate(String)
    /// `transitionContext.transitionWasCancelled`: true when cancelled (or its negation).
    case outcome(cancelledWhenTrue: Bool)
    /// A type or namespace used as a call's base (`UIView`, `CATransaction`, `CGFloat`).
    case type(String)
    case none
    /// A value the importer could not read; its problem is already reported.
    case unknown

    var number: Double? {
        if case .number(let n) = self { return n }
        if case .bool(let b) = self { return b ? 1 : 0 }
        return nil
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// What a problem calls this kind of value.
    var kindName: String {
        switch self {
        case .number: return "a number"
        case .bool: return "a Bool"
        case .string: return "a string"
        case .point: return "a CGPoint"
        case .size: return "a CGSize"
        case .rect: return "a CGRect"
        case .affine: return "a CGAffineTransform"
        case .transform: return "a CATransform3D"
        case .color: return "a colour"
        case .view: return "a view"
        case .viewController: return "a view controller"
        case .context: return "the transition context"
        case .selfObject: return "self"
        case .member(let m): return ".\(m)"
        case .options: return "options"
        case .array: return "an array"
        case .tuple: return "a tuple"
        case .closure: return "a closure"
        case .function: return "a function"
        case .propertyAnimator: return "a UIViewPropertyAnimator"
        case .layerAnimation: return "a CAAnimation"
        case .type(let t): return t
        case .timing: return "timing parameters"
        case .delegate(let d): return "the delegate \(d)"
        case .outcome: return "transitionWasCancelled"
        case .none: return "nil"
        case .unknown: return "an unread value"
        }
    }
}

/// A closure with the scope it was written in.
struct ImportClosure {
    var syntax: ClosureExprSyntax
    var scope: ImportScope
}

/// A function of the file (a method of the animator or a free helper), inlined at each call.
struct ImportFunction {
    var syntax: FunctionDeclSyntax
    var scope: ImportScope?
}

/// A lexical scope: names to values, looked up outwards.
final class ImportScope {
    let parent: ImportScope?
    private(set) var names: [String: ImportValue] = [:]

    init(parent: ImportScope?) { self.parent = parent }

    func lookup(_ name: String) -> ImportValue? {
        if let v = names[name] { return v }
        return parent?.lookup(name)
    }

    func declare(_ name: String, _ value: ImportValue) { names[name] = value }

    /// Assigns where the name was declared; false when it was not.
    func assign(_ name: String, _ value: ImportValue) -> Bool {
        if names[name] != nil {
            names[name] = value
            return true
        }
        return parent?.assign(name, value) ?? false
    }
}
