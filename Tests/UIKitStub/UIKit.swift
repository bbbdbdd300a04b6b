// UIKit stub for type-checking generated Swift on Linux (docs/EXPORT.md). Only the
// declarations the Swift export uses, each with the signature of Apple's documentation
// and a link to its page. Bodies are empty: nothing here runs.
@_exported import QuartzCore
@_exported import Dispatch

/// https://developer.apple.com/documentation/uikit/uicolor
open class UIColor {
    /// https://developer.apple.com/documentation/uikit/uicolor/init(red:green:blue:alpha:)
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uicolor/cgcolor
    open var cgColor: CGColor { CGColor() }
}

/// https://developer.apple.com/documentation/uikit/uiedgeinsets
public struct UIEdgeInsets {
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/zero
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: NSObject {
    public override init() {}
    /// https://developer.apple.com/documentation/uikit/uiview/layerclass
    open class var layerClass: AnyClass { CALayer.self }
    /// https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { CALayer() }
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/center
    open var center: CGPoint = .zero
    /// https://developer.apple.com/documentation/uikit/uiview/alpha
    open var alpha: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    open var isHidden: Bool = false
    /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uiview/clipstobounds
    open var clipsToBounds: Bool = false
    /// https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.property
    open var contentMode: ContentMode = .scaleToFill
    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) {}
    /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview()
    open func removeFromSuperview() {}
    /// https://developer.apple.com/documentation/uikit/uiview/snapshotview(afterscreenupdates:)
    open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? { nil }
    /// https://developer.apple.com/documentation/uikit/uiview/resizablesnapshotview(from:afterscreenupdates:withcapinsets:)
    open func resizableSnapshotView(
        from rect: CGRect, afterScreenUpdates afterUpdates: Bool,
        withCapInsets capInsets: UIEdgeInsets
    ) -> UIView? { nil }

    /// https://developer.apple.com/documentation/uikit/uiview/contentmode-swift.enum
    public enum ContentMode: Int {
        case scaleToFill, scaleAspectFit, scaleAspectFill
    }

    /// https://developer.apple.com/documentation/uikit/uiview/animationcurve
    public enum AnimationCurve: Int {
        case easeInOut, easeIn, easeOut, linear
    }

    /// https://developer.apple.com/documentation/uikit/uiview/animationoptions
    public struct AnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/curveeaseinout
        public static let curveEaseInOut = AnimationOptions([])
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/curveeasein
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/curveeaseout
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/curvelinear
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/transitioncrossdissolve
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions
    public struct KeyframeAnimationOptions: OptionSet {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodelinear
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodediscrete
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodepaced
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodecubic
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// https://developer.apple.com/documentation/uikit/uiview/keyframeanimationoptions/calculationmodecubicpaced
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/animate(withduration:delay:options:animations:completion:)
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiview/animate(withduration:delay:usingspringwithdamping:initialspringvelocity:options:animations:completion:)
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiview/animate(springduration:bounce:initialspringvelocity:delay:options:animations:completion:)
    @available(iOS 17.0, *)
    open class func animate(
        springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity: CGFloat = 0,
        delay: TimeInterval = 0, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiview/animatekeyframes(withduration:delay:options:animations:completion:)
    open class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {}

    /// https://developer.apple.com/documentation/uikit/uiview/addkeyframe(withrelativestarttime:relativeduration:animations:)
    open class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {}
}

/// https://developer.apple.com/documentation/uikit/uiimageview
@MainActor open class UIImageView: UIView {}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! { nil }
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey
public struct UITransitionContextViewKey: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey/from
    public static let from = UITransitionContextViewKey(rawValue: "from")
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewkey/to
    public static let to = UITransitionContextViewKey(rawValue: "to")
}

/// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey
public struct UITransitionContextViewControllerKey: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/from
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    /// https://developer.apple.com/documentation/uikit/uitransitioncontextviewcontrollerkey/to
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning
@MainActor public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/viewcontroller(forkey:)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/containerview
    var containerView: UIView { get }
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/transitionwascancelled
    var transitionWasCancelled: Bool { get }
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/view(forkey:)
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/completetransition(_:)
    func completeTransition(_ didComplete: Bool)
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/updateinteractivetransition(_:)
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/finishinteractivetransition()
    func finishInteractiveTransition()
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollercontexttransitioning/cancelinteractivetransition()
    func cancelInteractiveTransition()
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning
@MainActor public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/transitionduration(using:)
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    /// https://developer.apple.com/documentation/uikit/uiviewcontrolleranimatedtransitioning/animatetransition(using:)
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
}

/// https://developer.apple.com/documentation/uikit/uiviewcontrollerinteractivetransitioning
@MainActor public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    /// https://developer.apple.com/documentation/uikit/uiviewcontrollerinteractivetransitioning/startinteractivetransition(_:)
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
}

/// https://developer.apple.com/documentation/uikit/uitimingcurveprovider
@MainActor public protocol UITimingCurveProvider: NSObjectProtocol {}

/// https://developer.apple.com/documentation/uikit/uicubictimingparameters
@MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    /// https://developer.apple.com/documentation/uikit/uicubictimingparameters/init(controlpoint1:controlpoint2:)
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {}
    /// https://developer.apple.com/documentation/uikit/uicubictimingparameters/init(animationcurve:)
    public init(animationCurve curve: UIView.AnimationCurve) {}
}

/// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition
@MainActor open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    public override init() {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/completionspeed
    open var completionSpeed: CGFloat = 1
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/percentcomplete
    open var percentComplete: CGFloat { 0 }
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/completioncurve
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/timingcurve
    open var timingCurve: UITimingCurveProvider?
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/startinteractivetransition(_:)
    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/update(_:)
    open func update(_ percentComplete: CGFloat) {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/cancel()
    open func cancel() {}
    /// https://developer.apple.com/documentation/uikit/uipercentdriveninteractivetransition/finish()
    open func finish() {}
}

/// https://developer.apple.com/documentation/uikit/uigesturerecognizer
@MainActor open class UIGestureRecognizer: NSObject {
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.enum
    public enum State: Int {
        case possible, began, changed, ended, cancelled, failed
    }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/state-swift.property
    open var state: State { .possible }
    /// https://developer.apple.com/documentation/uikit/uigesturerecognizer/view
    open var view: UIView? { nil }
}

/// https://developer.apple.com/documentation/uikit/uipangesturerecognizer
@MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/translation(in:)
    open func translation(in view: UIView?) -> CGPoint { .zero }
    /// https://developer.apple.com/documentation/uikit/uipangesturerecognizer/velocity(in:)
    open func velocity(in view: UIView?) -> CGPoint { .zero }
}

/// https://developer.apple.com/documentation/uikit/uiviewanimatingposition
public enum UIViewAnimatingPosition: Int {
    case end, start, current
}

/// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator
/// https://developer.apple.com/documentation/uikit/uiviewimplicitlyanimating
@MainActor public protocol UIViewImplicitlyAnimating: NSObjectProtocol {
    func startAnimation()
}

/// https://developer.apple.com/documentation/uikit/uispringtimingparameters
@MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {}
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {}
}

@MainActor open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    public init(
        duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
        animations: (() -> Void)? = nil
    ) {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/init(duration:timingparameters:)
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/init(duration:curve:animations:)
    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {}
    open func addAnimations(_ animation: @escaping () -> Void) {}
    /// https://developer.apple.com/documentation/uikit/uiviewpropertyanimator/addanimations(_:delayfactor:)
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    open func startAnimation() {}
    open func startAnimation(afterDelay delay: TimeInterval) {}
}
