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

}
