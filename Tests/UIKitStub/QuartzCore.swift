// QuartzCore (Core Animation) stub for type-checking generated Swift on Linux
// (docs/EXPORT.md). Only what the Swift export uses; each declaration carries the
// signature of Apple's documentation and a link to its page.
@_exported import CoreGraphics

/// https://developer.apple.com/documentation/corefoundation/cftimeinterval
public typealias CFTimeInterval = Double

// CATransform3D and its functions: Tests/UIKitShared/CATransform3D.swift (compiled into
// this module), shared with the recording UIKit; these are its sine and cosine.
func sine(_ x: CGFloat) -> CGFloat { CGFloat(sin(Double(x))) }
func cosine(_ x: CGFloat) -> CGFloat { CGFloat(cos(Double(x))) }

/// https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime
public func CACurrentMediaTime() -> CFTimeInterval { 0 }

/// https://developer.apple.com/documentation/quartzcore/calayer
open class CALayer {
    public init() {}
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410836-transform
    open var transform: CATransform3D = CATransform3DIdentity
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410888-sublayertransform
    open var sublayerTransform: CATransform3D = CATransform3DIdentity
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410817-anchorpoint
    open var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410791-position
    open var position: CGPoint = .zero
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410915-bounds
    open var bounds: CGRect = .zero
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410933-opacity
    open var opacity: Float = 1
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410818-cornerradius
    open var cornerRadius: CGFloat = 0
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410884-zposition
    open var zPosition: CGFloat = 0
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410966-backgroundcolor
    open var backgroundColor: CGColor?
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410835-shadowopacity
    open var shadowOpacity: Float = 0
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410819-shadowradius
    open var shadowRadius: CGFloat = 3
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410970-shadowoffset
    open var shadowOffset: CGSize = CGSize(width: 0, height: -3)
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410829-shadowcolor
    open var shadowColor: CGColor?
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410917-borderwidth
    open var borderWidth: CGFloat = 0
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410903-bordercolor
    open var borderColor: CGColor?
    /// https://developer.apple.com/documentation/quartzcore/calayer/1410848-add
    open func add(_ anim: CAAnimation, forKey key: String?) {}
}

/// https://developer.apple.com/documentation/quartzcore/cagradientlayer
open class CAGradientLayer: CALayer {
    /// https://developer.apple.com/documentation/quartzcore/cagradientlayer/1462403-colors
    open var colors: [Any]?
    /// https://developer.apple.com/documentation/quartzcore/cagradientlayer/1462398-startpoint
    open var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
    /// https://developer.apple.com/documentation/quartzcore/cagradientlayer/1462408-endpoint
    open var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
}

/// https://developer.apple.com/documentation/quartzcore/camediatimingfillmode
public struct CAMediaTimingFillMode: Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfillmode/1427656-backwards
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
}

/// https://developer.apple.com/documentation/quartzcore/camediatimingfunction
open class CAMediaTimingFunction {
    /// https://developer.apple.com/documentation/quartzcore/camediatimingfunction/1522235-init
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {}
}

/// https://developer.apple.com/documentation/quartzcore/caanimation
open class CAAnimation {
    /// https://developer.apple.com/documentation/quartzcore/caanimation/1412456-timingfunction
    open var timingFunction: CAMediaTimingFunction?
    public init() {}
    /// https://developer.apple.com/documentation/quartzcore/camediatiming/1427654-begintime
    open var beginTime: CFTimeInterval = 0
    /// https://developer.apple.com/documentation/quartzcore/camediatiming/1427652-duration
    open var duration: CFTimeInterval = 0
    /// https://developer.apple.com/documentation/quartzcore/camediatiming/1427655-fillmode
    open var fillMode: CAMediaTimingFillMode = CAMediaTimingFillMode(rawValue: "removed")
}

/// https://developer.apple.com/documentation/quartzcore/capropertyanimation
open class CAPropertyAnimation: CAAnimation {
    /// https://developer.apple.com/documentation/quartzcore/capropertyanimation/1412534-init
    public convenience init(keyPath path: String?) { self.init() }
}

/// https://developer.apple.com/documentation/quartzcore/cabasicanimation
open class CABasicAnimation: CAPropertyAnimation {
    /// https://developer.apple.com/documentation/quartzcore/cabasicanimation/1412519-fromvalue
    open var fromValue: Any?
    /// https://developer.apple.com/documentation/quartzcore/cabasicanimation/1412523-tovalue
    open var toValue: Any?
}

/// https://developer.apple.com/documentation/quartzcore/caspringanimation
open class CASpringAnimation: CABasicAnimation {
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/1412490-mass
    open var mass: CGFloat = 1
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/1412492-stiffness
    open var stiffness: CGFloat = 100
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/1412474-damping
    open var damping: CGFloat = 10
    /// https://developer.apple.com/documentation/quartzcore/caspringanimation/1412508-initialvelocity
    open var initialVelocity: CGFloat = 0
}

/// https://developer.apple.com/documentation/quartzcore/catransaction
open class CATransaction {
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448260-begin
    open class func begin() {}
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448297-commit
    open class func commit() {}
    /// https://developer.apple.com/documentation/quartzcore/catransaction/1448281-setcompletionblock
    open class func setCompletionBlock(_ block: (() -> Void)?) {}
}
