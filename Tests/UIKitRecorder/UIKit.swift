// A recording UIKit, for running the Swift export on Linux (docs/EXPORT.md, "The export runs").
//
// One module named UIKit, so a generated file compiles unchanged (`import UIKit`). It defines
// the CoreGraphics, Core Animation and UIKit declarations the export uses, with Apple's
// semantics where they decide geometry: the frame setter (position = origin + anchorPoint ×
// size), CATransform3D's matrices (row vectors, CATransform3DRotate(t, …) = R · t), alpha.
// Views record their model values; `UIView.animate`, `animateKeyframes`,
// `UIViewPropertyAnimator` and `CALayer.add(_:forKey:)` record each call's duration, delay,
// curve or spring and what its closure changed; a virtual clock runs completions and
// `DispatchQueue.main.asyncAfter`. `Recorder.spec(…)` writes what was recorded as a
// transition spec (docs/SPEC.md), which the engine compiles: the test compares that timeline
// with the preset's. It does not import Foundation, so nothing here is Apple's.

public typealias CGFloat = Double
public typealias TimeInterval = Double
public typealias CFTimeInterval = Double
public typealias Float32 = Float

public struct CGPoint: Equatable {
    public var x: CGFloat, y: CGFloat
    public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
    public static let zero = CGPoint(x: 0, y: 0)
}

public struct CGSize: Equatable {
    public var width: CGFloat, height: CGFloat
    public init(width: CGFloat, height: CGFloat) { self.width = width; self.height = height }
    public static let zero = CGSize(width: 0, height: 0)
}

public struct CGRect: Equatable {
    public var origin: CGPoint, size: CGSize
    public init(origin: CGPoint, size: CGSize) { self.origin = origin; self.size = size }
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }
    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
    public var width: CGFloat { size.width }
    public var height: CGFloat { size.height }
    public var minX: CGFloat { origin.x }
    public var minY: CGFloat { origin.y }
    public var midX: CGFloat { origin.x + size.width / 2 }
    public var midY: CGFloat { origin.y + size.height / 2 }
    public var maxX: CGFloat { origin.x + size.width }
    public var maxY: CGFloat { origin.y + size.height }
}

public final class CGColor {
    public let components: [CGFloat]
    init(_ components: [CGFloat]) { self.components = components }
}

public protocol NSObjectProtocol: AnyObject {}
open class NSObject: NSObjectProtocol {
    public init() {}
}

// MARK: - Core Animation

// CATransform3D and its functions: Tests/UIKitShared/CATransform3D.swift.

/// The virtual clock: `CACurrentMediaTime()` is the recorder's time.
public func CACurrentMediaTime() -> CFTimeInterval { Recorder.shared.now }

open class CALayer {
    public required init() {}
    weak var view: UIView?
    open var transform: CATransform3D = CATransform3DIdentity
    open var sublayerTransform: CATransform3D = CATransform3DIdentity
    open var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    open var position: CGPoint = .zero
    open var bounds: CGRect = .zero
    /// Kept as the view's `alpha` (a CGFloat), so 0.1 stays 0.1.
    var alpha: CGFloat = 1
    open var opacity: Float {
        get { Float(alpha) }
        set { alpha = CGFloat(newValue) }
    }
    open var isHidden = false
    open var masksToBounds = false
    open var cornerRadius: CGFloat = 0
    open var zPosition: CGFloat = 0
    open var backgroundColor: CGColor?
    open var shadowOpacity: Float = 0
    open var shadowRadius: CGFloat = 3
    open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    open var shadowColor: CGColor?
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor?
    open func add(_ anim: CAAnimation, forKey key: String?) { Recorder.shared.layerAnimation(anim, on: self) }
}

open class CAGradientLayer: CALayer {
    open var colors: [Any]?
    open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
}

public struct CAMediaTimingFillMode: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
}

open class CAMediaTimingFunction {
    let points: [Float]
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) { points = [c1x, c1y, c2x, c2y] }
}

open class CAAnimation {
    open var timingFunction: CAMediaTimingFunction?
    public init() {}
    open var beginTime: CFTimeInterval = 0
    open var duration: CFTimeInterval = 0
    open var fillMode: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "removed")
}

open class CAPropertyAnimation: CAAnimation {
    var keyPath: String?
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }
}

open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
}

open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0
}

open class CATransaction {
    open class func begin() {}
    open class func commit() { Recorder.shared.commitTransaction() }
    open class func setCompletionBlock(_ block: (() -> Void)?) { Recorder.shared.transactionCompletion = block }
}

// MARK: - Dispatch on the virtual clock

public struct DispatchTime {
    let seconds: Double
    public static func now() -> DispatchTime { DispatchTime(seconds: Recorder.shared.now) }
    public static func + (t: DispatchTime, s: Double) -> DispatchTime { DispatchTime(seconds: t.seconds + s) }
}

public final class DispatchQueue {
    public static let main = DispatchQueue()
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        Recorder.shared.schedule(at: deadline.seconds, work)
    }
}

// MARK: - UIKit

open class UIColor {
    let components: [CGFloat]
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) { components = [red, green, blue, alpha] }
    open var cgColor: CGColor { CGColor(components) }
}

public struct UIEdgeInsets {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

open class UIView: NSObject {
    /// The id of the layer this view stands for in the recorded spec.
    public var recordID: String
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    /// The view a snapshot was taken of.
    var snapshotOf: UIView?
    public let layer: CALayer

    open class var layerClass: AnyClass { CALayer.self }

    public override init() {
        layer = (Self.layerClass as! CALayer.Type).init()
        recordID = Recorder.shared.nextID()
        super.init()
        layer.view = self
        Recorder.shared.created.append(self)
    }

    public convenience init(id: String, frame: CGRect) {
        self.init()
        recordID = id
        self.frame = frame
    }

    /// UIKit's frame with an identity transform: origin = position − anchorPoint × size.
    open var frame: CGRect {
        get {
            CGRect(
                x: layer.position.x - layer.anchorPoint.x * layer.bounds.width,
                y: layer.position.y - layer.anchorPoint.y * layer.bounds.height,
                width: layer.bounds.width, height: layer.bounds.height)
        }
        set {
            layer.bounds.size = newValue.size
            layer.position = CGPoint(
                x: newValue.minX + layer.anchorPoint.x * newValue.width,
                y: newValue.minY + layer.anchorPoint.y * newValue.height)
        }
    }
    open var bounds: CGRect {
        get { layer.bounds }
        set { layer.bounds = newValue }
    }
    open var center: CGPoint {
        get { layer.position }
        set { layer.position = newValue }
    }
    open var alpha: CGFloat {
        get { layer.alpha }
        set { layer.alpha = newValue }
    }
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }
    open var backgroundColor: UIColor?
    open var contentMode: ContentMode = .scaleToFill

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }
    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        view.removeFromSuperview()
        subviews.insert(view, at: subviews.firstIndex { $0 === sibling } ?? 0)
        view.superview = self
    }
    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        view.removeFromSuperview()
        subviews.insert(view, at: (subviews.firstIndex { $0 === sibling } ?? subviews.count - 1) + 1)
        view.superview = self
    }
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        let snapshot = UIView()
        snapshot.snapshotOf = self
        snapshot.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        return snapshot
    }
    open func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? {
        let snapshot = UIView()
        snapshot.snapshotOf = self
        snapshot.frame = CGRect(x: 0, y: 0, width: rect.width, height: rect.height)
        return snapshot
    }

    public enum ContentMode: Int {
        case scaleToFill, scaleAspectFit, scaleAspectFill
    }

    public enum AnimationCurve: Int {
        case easeInOut, easeIn, easeOut, linear
    }

    public struct AnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)

        /// The named curve of the options, as docs/SPEC.md names it.
        var curve: String {
            switch rawValue & (3 << 16) {
            case 1 << 16: return "easeIn"
            case 2 << 16: return "easeOut"
            case 3 << 16: return "linear"
            default: return "easeInEaseOut"
            }
        }
    }

    public struct KeyframeAnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
        public static let curveLinear = KeyframeAnimationOptions(rawValue: 3 << 16)

        var calculationMode: String {
            switch rawValue & (7 << 10) {
            case 1 << 10: return "discrete"
            case 2 << 10: return "paced"
            case 3 << 10: return "cubic"
            case 4 << 10: return "cubicPaced"
            default: return "linear"
            }
        }
    }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Recorder.shared.block(
            duration: duration, delay: delay, timing: .string(options.curve), animations, completion: completion)
    }

    open class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Recorder.shared.block(
            duration: duration, delay: 0, timing: .string("easeInEaseOut"), animations, completion: completion)
    }

    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Recorder.shared.block(
            duration: duration, delay: delay,
            timing: .object([
                "spring": .object(["dampingRatio": .number(dampingRatio), "initialVelocity": .number(velocity)])
            ]),
            animations, completion: completion)
    }

    open class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        withoutActuallyEscaping(animations) { animations in
            Recorder.shared.block(
                duration: nil, delay: delay,
                timing: .object([
                    "spring": .object([
                        "duration": .number(duration), "bounce": .number(bounce),
                        "initialVelocity": .number(initialSpringVelocity),
                    ])
                ]), animations, completion: completion)
        }
    }

    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        Recorder.shared.keyframes(
            duration: duration, delay: delay, calculationMode: options.calculationMode,
            linear: options.contains(.curveLinear), animations, completion: completion)
    }

    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        Recorder.shared.keyframe(start: frameStartTime, duration: frameDuration, animations)
    }
}

open class UIImageView: UIView {}

open class UIViewController: NSObject {
    public var view: UIView!
    public init(view: UIView) {
        self.view = view
        super.init()
    }
}

public struct UITransitionContextViewKey: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "from")
    public static let to = UITransitionContextViewKey(rawValue: "to")
}

public struct UITransitionContextViewControllerKey: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    var containerView: UIView { get }
    var transitionWasCancelled: Bool { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
    func completeTransition(_ didComplete: Bool)
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
}

/// A transition context as UIKit gives one: `view(forKey:)` is nil for a presenter's view
/// that the presentation keeps on screen (`presenterStays`), as UIKit documents.
public final class RecordingTransitionContext: NSObject, UIViewControllerContextTransitioning {
    public let containerView: UIView
    let from: UIViewController, to: UIViewController
    /// "from" (a presentation keeps its presenter), "to" (its dismissal), or nil.
    let presenterStays: String?
    public var transitionWasCancelled = false
    public var isAnimated: Bool { true }
    public var isInteractive: Bool { false }
    public private(set) var completed: Bool?

    public init(container: UIView, from: UIView, to: UIView, presenterStays: String?) {
        containerView = container
        self.from = UIViewController(view: from)
        self.to = UIViewController(view: to)
        self.presenterStays = presenterStays
    }

    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : to
    }
    public func view(forKey key: UITransitionContextViewKey) -> UIView? {
        if key.rawValue == presenterStays { return nil }
        return key == .from ? from.view : to.view
    }
    public func initialFrame(for vc: UIViewController) -> CGRect { vc === from ? containerView.bounds : .zero }
    public func finalFrame(for vc: UIViewController) -> CGRect { vc === to ? containerView.bounds : .zero }
    public func completeTransition(_ didComplete: Bool) {
        completed = didComplete
        Recorder.shared.completeTransition(didComplete)
    }
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    public func finishInteractiveTransition() {}
    public func cancelInteractiveTransition() {}
}

public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
}

public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
}

public protocol UITimingCurveProvider: NSObjectProtocol {}

open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    let timing: JSON
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        timing = .object([
            "cubicBezier": .array([.number(point1.x), .number(point1.y), .number(point2.x), .number(point2.y)])
        ])
    }
    public init(animationCurve curve: UIView.AnimationCurve) {
        timing = .string(["easeInEaseOut", "easeIn", "easeOut", "linear"][curve.rawValue])
    }
}

open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    public override init() {}
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var timingCurve: UITimingCurveProvider?
    open var percentComplete: CGFloat = 0
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {}
    open func update(_ percentComplete: CGFloat) { self.percentComplete = percentComplete }
    open func cancel() {}
    open func finish() {}
}

open class UIGestureRecognizer: NSObject {
    public enum State: Int {
        case possible, began, changed, ended, cancelled, failed
    }
    open var state: State = .possible
    open var view: UIView?
}

open class UIPanGestureRecognizer: UIGestureRecognizer {
    public var recordedTranslation = CGPoint.zero
    public var recordedVelocity = CGPoint.zero
    open func translation(in view: UIView?) -> CGPoint { recordedTranslation }
    open func velocity(in view: UIView?) -> CGPoint { recordedVelocity }
}

public enum UIViewAnimatingPosition: Int {
    case end, start, current
}

public struct CGVector {
    public var dx: CGFloat, dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
}

public protocol UIViewImplicitlyAnimating: NSObjectProtocol {
    func startAnimation()
}

open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    let timing: JSON
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        timing = .object(["spring": .object(["dampingRatio": .number(ratio), "initialVelocity": .number(velocity.dx)])])
    }
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        timing = .object([
            "spring": .object([
                "mass": .number(mass), "stiffness": .number(stiffness), "damping": .number(damping),
                "initialVelocity": .number(velocity.dx),
            ])
        ])
    }
}

open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    let duration: TimeInterval
    let timing: JSON
    var parts: [(animation: () -> Void, delayFactor: CGFloat)] = []
    var completions: [(UIViewAnimatingPosition) -> Void] = []

    public init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {
        self.duration = duration
        timing = .object([
            "cubicBezier": .array([.number(point1.x), .number(point1.y), .number(point2.x), .number(point2.y)])
        ])
        if let animations { parts.append((animations, 0)) }
    }
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration
        timing =
            (parameters as? UICubicTimingParameters)?.timing ?? (parameters as? UISpringTimingParameters)?.timing
            ?? .string("easeInEaseOut")
    }
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        timing = .object(["spring": .object(["dampingRatio": .number(ratio), "initialVelocity": .number(0)])])
        if let animations { parts.append((animations, 0)) }
    }
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        let names = ["easeInEaseOut", "easeIn", "easeOut", "linear"]
        timing = .string(names[curve.rawValue])
        if let animations { parts.append((animations, 0)) }
    }
    open func addAnimations(_ animation: @escaping () -> Void) { parts.append((animation, 0)) }
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        parts.append((animation, delayFactor))
    }
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }
    open func startAnimation() { startAnimation(afterDelay: 0) }
    /// Each part from its delay factor × duration to the end, on the animator's timing; a
    /// keyframe block inside takes the animator's duration and timing.
    open func startAnimation(afterDelay delay: TimeInterval) {
        let done = completions
        Recorder.shared.propertyAnimator(
            duration: duration, delay: delay, timing: timing, parts: parts,
            completion: done.isEmpty ? nil : { for c in done { c(.end) } })
    }
}
