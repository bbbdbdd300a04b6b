/// A property's value inside the engine, in the form it is interpolated in:
/// transforms are kept with their decomposition (computed once, at compile time).
public enum TrackValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    /// Boxed (`indirect`): the payload is 33 doubles, and track values are copied often.
    indirect case transform(Transform3D, DecomposedTransform?)
    case color(Color)
    case bool(Bool)

    public init(_ value: PropertyValue) {
        switch value {
        case .number(let n): self = .number(n)
        case .point(let p): self = .point(p)
        case .size(let s): self = .size(s)
        case .transform(let t):
            let m = t.matrix
            self = .transform(m, DecomposedTransform(m))
        case .color(let c): self = .color(c)
        case .bool(let b): self = .bool(b)
        }
    }

    public static func transform(_ m: Transform3D) -> TrackValue { .transform(m, DecomposedTransform(m)) }

    /// The value `f` of the way from `self` to `to`, by the kind's interpolator
    /// (`TrackInterpolatable.interpolate`): component-wise for numbers, points, sizes and
    /// colours, through the decomposition for transforms (discrete at the midpoint when
    /// either cannot be decomposed), and discretely for booleans. `f` may leave 0…1 for
    /// springs. Values of different kinds (which no track holds) switch at the end.
    public func interpolated(to other: TrackValue, fraction f: Double) -> TrackValue {
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(Double.interpolate(a, b, fraction: f))
        case let (.point(a), .point(b)): return .point(Point.interpolate(a, b, fraction: f))
        case let (.size(a), .size(b)): return .size(Size.interpolate(a, b, fraction: f))
        case let (.color(a), .color(b)): return .color(Color.interpolate(a, b, fraction: f))
        case let (.bool(a), .bool(b)): return .bool(Bool.interpolate(a, b, fraction: f))
        case let (.transform(ma, da), .transform(mb, db)):
            return TransformValue.interpolate(
                TransformValue(matrix: ma, decomposition: da), TransformValue(matrix: mb, decomposition: db),
                fraction: f
            ).trackValue
        default:
            return f < 1 ? self : other
        }
    }
}
