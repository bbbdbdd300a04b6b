/// What one layer looks like at one instant: its Core Animation properties and the
/// composed matrix that puts its bounds on screen.
public struct LayerState: Hashable, Sendable {
    public var id: String
    public var position: Point
    public var size: Size
    public var anchor: Point
    public var transform: Transform3D
    public var zPosition: Double
    /// Opacity as rendered: clamped to 0…1 (a spring may carry alpha past its ends).
    public var opacity: Double
    public var cornerRadius: Double
    public var fill: Color?
    public var hidden: Bool
    /// Maps layer-local points (bounds coordinates, origin top-left) to container points
    /// before the perspective divide: `T(−anchor·size) · transform · T(position, zPosition)
    /// · T(−c) · sublayerTransform · T(c)`, with c the container's centre.
    public var matrix: Transform3D

    /// Visible means not hidden; a layer at opacity 0 is still "visible" (as in UIKit,
    /// where it keeps taking part in layout), so clients read both.
    public var visible: Bool { !hidden }

    /// The four corners of the bounds — top-left, top-right, bottom-right, bottom-left —
    /// in container points, perspective divide included.
    public var quad: [Point] {
        let c = Self.corners(size: size, matrix: matrix)
        return [c.0, c.1, c.2, c.3]
    }

    /// The corners of bounds of `size` — top-left, top-right, bottom-right, bottom-left —
    /// through `matrix`, perspective divide included (`quad` without an array).
    public static func corners(size: Size, matrix: Transform3D) -> (Point, Point, Point, Point) {
        let w = size.width, h = size.height
        return (matrix.apply(to: Point(x: 0, y: 0)), matrix.apply(to: Point(x: w, y: 0)),
                matrix.apply(to: Point(x: w, y: h)), matrix.apply(to: Point(x: 0, y: h)))
    }

    /// Composes the layer's matrix with the container's sublayer transform.
    public static func composedMatrix(position: Point, zPosition: Double, size: Size, anchor: Point,
                                      transform: Transform3D, containerSublayer: Transform3D) -> Transform3D {
        var m = Transform3D.translation(-anchor.x * size.width, -anchor.y * size.height)
        if !transform.isIdentity { m = m.concatenating(transform) }
        // Adding the position directly keeps the common case cheap.
        m.m41 += position.x * m.m44
        m.m42 += position.y * m.m44
        m.m43 += zPosition * m.m44
        m.m11 += position.x * m.m14; m.m12 += position.y * m.m14; m.m13 += zPosition * m.m14
        m.m21 += position.x * m.m24; m.m22 += position.y * m.m24; m.m23 += zPosition * m.m24
        m.m31 += position.x * m.m34; m.m32 += position.y * m.m34; m.m33 += zPosition * m.m34
        return containerSublayer.isIdentity ? m : m.concatenating(containerSublayer)
    }
}
