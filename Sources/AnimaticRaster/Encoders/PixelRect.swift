/// A rectangle of whole pixels in a frame: `x`, `y` of its top-left corner, its size.
struct PixelRect: Equatable, Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var area: Int { width * height }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let minX = Swift.min(x, other.x)
        let minY = Swift.min(y, other.y)
        return PixelRect(
            x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }

    /// Grown outwards (never past `0...limit`) so that `x` and `y` are even: WebP stores
    /// frame offsets in units of two pixels.
    func alignedToEvenOrigin() -> PixelRect {
        let evenX = x & ~1
        let evenY = y & ~1
        return PixelRect(x: evenX, y: evenY, width: maxX - evenX, height: maxY - evenY)
    }
}
