// CoreGraphics stub for type-checking generated Swift on Linux (docs/EXPORT.md).
// Only what the Swift export uses; signatures as Apple documents them. Foundation on
// Linux already has CGFloat, CGPoint, CGSize and CGRect.
@_exported import Foundation

/// https://developer.apple.com/documentation/coregraphics/cgcolor
public final class CGColor {
    public init() {}
}

/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector {
    public var dx: CGFloat
    public var dy: CGFloat
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
}
