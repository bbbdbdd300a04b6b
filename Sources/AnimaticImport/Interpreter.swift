import AnimaticCore
import SwiftSyntax

/// Thrown when the import must stop: its work bound is reached (or the source has no animator).
struct ImportStop: Error {
    var message: String
    var node: Syntax?
}

/// The abstract interpreter: runs an animator's `animateTransition(using:)` over the subset
/// UIKit animation code uses, recording views and animations instead of drawing them.
/// Everything it cannot read becomes an `ImportProblem` at its line and column.
final class Interpreter {
    let options: ImportOptions
    let converter: SourceLocationConverter
    var problems: [ImportProblem] = []
    var parameters: [ImportParameter] = []
    var steps = 0
    var callDepth = 0

    /// Views: index 0 is the container.
    var views: [ImportedView] = []
    /// Each view's state before any animation changed it, per property (the spec's initial values).
    var initial: [ImportedView] = []
    /// Properties that an animation has changed, per view.
    var animated: [Set<AnimatableProperty>] = []
    /// Subviews, bottom to top, per view (index = view).
    var subviews: [[Int]] = []
    var fromViewIndex: Int?
    var toViewIndex: Int?
    /// How the from/to views were taken: `view(forKey:)` (true) or `viewController(forKey:)?.view`.
    var fromViaViewForKey = false
    var toViaViewForKey = false

    var recorder = AnimationRecorder()
    var propertyAnimators: [PropertyAnimatorState] = []
    var layerAnimations: [LayerAnimationState] = []
    /// Where property writes go: nil for the model at the current time (setup).
    var sink: ChangeSink?
    /// The wall time at which the code now runs (a completion runs at its animation's end).
    var now: Double = 0
    var transactionStack: [TransactionState] = []
    /// Inside a property animator's closure: what a nested zero-duration call inherits.
    var inherited: InheritedAnimation?
    var readsOperation = false
    /// `addSubview` calls that would have put a view inside itself (refused, as UIKit raises).
    var cycles = 0
    /// The presentation whose presenter the code never asks for (it stays on screen).
    var keptPresenter: TransitionViews.Operation?
    /// Views whose properties the code sets.
    var touched = Set<Int>()
    /// The frame a delegate gave for an app view it handed over, and where the view came from.
    var appViewFrames: [Int: Rect] = [:]
    var appViewNodes: [Int: Syntax] = [:]
    /// The app's views placed where the app shows them (`views.appViews`).
    var appViewIDs: [Int] = []

    /// The animator class: its stored properties and methods.
    var selfScope = ImportScope(parent: nil)
    var methods: [String: FunctionDeclSyntax] = [:]
    var fileFunctions: [String: FunctionDeclSyntax] = [:]
    /// Static functions of the file's helper types, as `Type.name` (004's `AnimationHelper.yRotation`).
    var typeFunctions: [String: FunctionDeclSyntax] = [:]
    /// Static constants of the file's types, as `Type.name`.
    var typeConstants: [String: ImportValue] = [:]
    var animatorName: String?
    /// Classes of the file that are views (subclasses of UIView and the like), and which of them draw a gradient.
    var viewClasses: [String: Bool] = [:]
    var transitionDuration: Double?
    /// `containerView.layer.sublayerTransform`'s eye distance.
    var containerPerspective: Double?
    /// `containerView.backgroundColor`.
    var containerBackground: Color?
    /// The spec's completion (what runs when the last animation ends).
    var completionSink: ChangeSink?

    init(source: SourceFileSyntax, options: ImportOptions) {
        self.options = options
        converter = SourceLocationConverter(fileName: "Animator.swift", tree: source)
        var container = ImportedView(id: "container", role: .container)
        container.size = options.containerSize
        container.position = Point(x: options.containerSize.width / 2, y: options.containerSize.height / 2)
        container.inHierarchy = true
        views = [container]
        initial = [container]
        animated = [[]]
        subviews = [[]]
    }

    // MARK: Problems and bounds

    func location(_ node: some SyntaxProtocol) -> (Int, Int) {
        let l = node.startLocation(converter: converter)
        return (l.line, l.column)
    }

    func problem(_ node: some SyntaxProtocol, _ message: String) {
        let (line, column) = location(node)
        let p = ImportProblem(line: line, column: column, message: message)
        if !problems.contains(p) { problems.append(p) }
    }

    /// Counts one step of work; stops the import at the bound.
    func step(_ node: some SyntaxProtocol) throws {
        steps += 1
        if steps > options.maxSteps {
            throw ImportStop(
                message:
                    "stopped after \(options.maxSteps) interpreted steps (the import's bound): a loop this long is not an animator's",
                node: Syntax(node))
        }
        // The request's deadline or a client gone (the server binds `RenderCancellation` on
        // its render lane, as for renders): looked at every `cancellationInterval` steps.
        if steps % Self.cancellationInterval == 0, RenderCancellation.isRequested {
            throw ImportStop(
                message: "stopped after \(steps) steps: the request was cancelled (its deadline passed)",
                node: Syntax(node))
        }
    }

    /// Steps between two looks at the request's cancellation: a look is a closure call and an
    /// atomic read, a step is well under a microsecond, so the import stops within
    /// milliseconds of its deadline. Our choice.
    static let cancellationInterval = 256

    /// An app-dependent value: the given one or `fallback`, recorded with a problem.
    func parameter(
        _ name: String, at node: some SyntaxProtocol, default fallback: ImportParameterValue, meaning: String
    ) -> ImportValue {
        let value = options.parameters[name] ?? fallback
        if !parameters.contains(where: { $0.name == name }) {
            let (line, column) = location(node)
            parameters.append(
                ImportParameter(name: name, line: line, column: column, value: value, meaning: meaning))
            problem(
                node,
                "\(meaning) depends on your app: parameter \"\(name)\" = \(Interpreter.describe(value))\(options.parameters[name] == nil ? " (default)" : "")"
            )
        }
        switch value {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .rect(let r): return .rect(r)
        case .size(let s): return .size(s)
        case .point(let p): return .point(p)
        case .name(let n): return .string(n)
        }
    }

    static func describe(_ v: ImportParameterValue) -> String {
        func f(_ d: Double) -> String { NumberText.format(d) }
        switch v {
        case .number(let n): return f(n)
        case .bool(let b): return b ? "true" : "false"
        case .rect(let r): return "[\(f(r.minX)), \(f(r.minY)), \(f(r.width)), \(f(r.height))]"
        case .size(let s): return "[\(f(s.width)), \(f(s.height))]"
        case .point(let p): return "[\(f(p.x)), \(f(p.y))]"
        case .name(let n): return "\"\(n)\""
        }
    }

    // MARK: Views

    func makeView(id: String, role: ImportedView.Role, at node: some SyntaxProtocol) throws -> Int {
        if views.count > options.maxViews {
            throw ImportStop(message: "more than \(options.maxViews) views (the import's bound)", node: Syntax(node))
        }
        var unique = id
        var n = 2
        while views.contains(where: { $0.id == unique }) {
            unique = "\(id)\(n)"
            n += 1
        }
        let v = ImportedView(id: unique, role: role)
        views.append(v)
        initial.append(v)
        animated.append([])
        subviews.append([])
        return views.count - 1
    }

    /// `superview.addSubview(view)` (or an insert at `index` of the superview's subviews).
    func add(_ view: Int, to superview: Int, at index: Int? = nil) {
        // A view cannot go into itself or its own subviews (UIKit raises): left where it is.
        var ancestor: Int? = superview
        while let a = ancestor {
            if a == view {
                cycles += 1
                return
            }
            ancestor = views[a].superview
        }
        if view == 0 { return }
        if let old = views[view].superview { subviews[old].removeAll { $0 == view } }
        var list = subviews[superview]
        let i = min(max(index ?? list.count, 0), list.count)
        list.insert(view, at: i)
        subviews[superview] = list
        views[view].superview = superview
        views[view].inHierarchy = true
        initial[view].superview = superview
        initial[view].inHierarchy = true
    }
}

/// Where the changes of an animation closure (or a completion) go.
final class ChangeSink {
    enum Kind {
        case animation
        case completion
        case instant
    }
    let kind: Kind
    var changes: [PropertyChange] = []
    /// In a completion: which outcome the code now runs for (nil: both).
    var branch: InteractionOutcome?
    var finished: [PropertyChange] = []
    var cancelled: [PropertyChange] = []
    /// In a keyframe block's closure: the keyframes added so far.
    var keyframes: [Keyframe]?

    init(_ kind: Kind) { self.kind = kind }

    /// A property set twice in one closure ends at the last value (one change per property).
    func append(_ change: PropertyChange) {
        func put(_ list: inout [PropertyChange]) {
            if let k = list.firstIndex(where: { $0.layer == change.layer && $0.property == change.property }) {
                list[k] = change
            } else {
                list.append(change)
            }
        }
        switch branch {
        case nil: put(&changes)
        case .finish?: put(&finished)
        case .cancel?: put(&cancelled)
        }
    }
}

/// A `UIViewPropertyAnimator` as the code configures it.
struct PropertyAnimatorState {
    var duration: Double
    var timing: TimingSpec
    var blocks: [(closure: ImportClosure, delayFactor: Double)] = []
    var completions: [ImportClosure] = []
    var started = false
}

/// A `CABasicAnimation` / `CASpringAnimation` / `CAKeyframeAnimation` as the code configures it.
struct LayerAnimationState {
    enum Kind { case basic, spring, keyframe }
    var kind: Kind
    var keyPath: String
    var duration: Double?
    var beginTime: Double = 0
    var toValue: ImportValue?
    var byValue: ImportValue?
    var values: [ImportValue]?
    var keyTimes: [Double]?
    var timing: CubicBezier?
    var calculationMode: CalculationMode = .linear
    var mass: Double = 1
    var stiffness: Double = 100
    var damping: Double = 10
    var initialVelocity: Double = 0
    var springDuration: Double?
    var springBounce: Double?
}

/// An open `CATransaction`: its duration, curve and completion block.
struct TransactionState {
    var duration: Double?
    var timing: CubicBezier?
    var completion: ImportClosure?
    var animationEnds: [Double] = []
}
