import AnimaticCore

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// Moved in by `dx` on the left and right and `dy` at the top and bottom (out when negative).
    func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
