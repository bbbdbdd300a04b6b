// QuartzCore (Core Animation) stub for type-checking generated Swift on Linux
// (docs/EXPORT.md). Only what the Swift export uses; each declaration carries the
// signature of Apple's documentation and a link to its page.
@_exported import CoreGraphics

/// https://developer.apple.com/documentation/corefoundation/cftimeinterval
public typealias CFTimeInterval = Double

/// https://developer.apple.com/documentation/quartzcore/catransform3d
public struct CATransform3D {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
        m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
        m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
        m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }
}

/// https://developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// https://developer.apple.com/documentation/quartzcore/1436552-catransform3dmaketranslation
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DIdentity
}
/// https://developer.apple.com/documentation/quartzcore/1436578-catransform3dmakescale
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DIdentity
}
/// https://developer.apple.com/documentation/quartzcore/1436556-catransform3dmakerotation
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DIdentity
}
/// https://developer.apple.com/documentation/quartzcore/1436569-catransform3dtranslate
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    t
}
/// https://developer.apple.com/documentation/quartzcore/1436570-catransform3dscale
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D { t }
/// https://developer.apple.com/documentation/quartzcore/1436558-catransform3drotate
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
    -> CATransform3D
{ t }

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
