/// A kind of value a track holds, and how Core Animation moves between two of them.
///
/// Each animatable property's track is a `Track<Value>` of one of these kinds (numbers,
/// points, sizes, colours, booleans, transforms), the way lottie-ios keeps a
/// `KeyframeGroup<T>` per property with one interpolator per value type
/// (lottie-ios `Sources/Private/Model/Keyframes/KeyframeGroup.swift` @d3b6e38,
/// `Sources/Public/Keyframes/Interpolatable.swift` @9494376). The sampling code
/// (`Track`, `KeyframePath`) is written once, generically; the compiler specialises it per
/// kind, so a transform track's sampling is straight-line code over `TransformValue` with
/// no enum of kinds in between. `TrackValue` is the untyped face of these values for the
/// exports and the JSON timeline.
protocol TrackInterpolatable: Hashable, Sendable {
    /// The value `f` of the way from `a` to `b`, as Core Animation interpolates the kind.
    /// `f` may leave 0…1 (springs overshoot).
    static func interpolate(_ a: Self, _ b: Self, fraction f: Double) -> Self

    /// The value in untyped form.
    var trackValue: TrackValue { get }
    /// The value of an untyped one of this kind; nil for another kind.
    init?(trackValue: TrackValue)

    /// The value as a vector of numbers — the space in which cubic and paced keyframes are
    /// computed. `reference` keeps successive rotations in one quaternion hemisphere.
    func vector(reference: (Double, Double, Double, Double)?) -> [Double]
    /// A value of the same kind as `self` rebuilt from a vector made by `vector`.
    func fromVector(_ v: Span<Double>) -> Self
    /// The rotation a transform carries (the next key's hemisphere reference); nil otherwise.
    var quaternion: (Double, Double, Double, Double)? { get }
    /// Whether a spline can pass through the value (booleans and undecomposable
    /// transforms cannot: cubic keyframes over them fall back to linear, cubicPaced to paced).
    var isSplineable: Bool { get }
    /// Whether the kind only ever changes in steps (paced keyframes fall back to discrete).
    static var isDiscrete: Bool { get }
}

extension TrackInterpolatable {
    var quaternion: (Double, Double, Double, Double)? { nil }
    var isSplineable: Bool { true }
    static var isDiscrete: Bool { false }
}

extension Double: TrackInterpolatable {
    static func interpolate(_ a: Double, _ b: Double, fraction f: Double) -> Double { a + (b - a) * f }
    var trackValue: TrackValue { .number(self) }
    init?(trackValue: TrackValue) {
        guard case .number(let n) = trackValue else { return nil }
        self = n
    }
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] { [self] }
    func fromVector(_ v: Span<Double>) -> Double { v[0] }
}

extension Point: TrackInterpolatable {
    static func interpolate(_ a: Point, _ b: Point, fraction f: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
    }
    var trackValue: TrackValue { .point(self) }
    init?(trackValue: TrackValue) {
        guard case .point(let p) = trackValue else { return nil }
        self = p
    }
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] { [x, y] }
    func fromVector(_ v: Span<Double>) -> Point { Point(x: v[0], y: v[1]) }
}

extension Size: TrackInterpolatable {
    static func interpolate(_ a: Size, _ b: Size, fraction f: Double) -> Size {
        Size(width: a.width + (b.width - a.width) * f, height: a.height + (b.height - a.height) * f)
    }
    var trackValue: TrackValue { .size(self) }
    init?(trackValue: TrackValue) {
        guard case .size(let s) = trackValue else { return nil }
        self = s
    }
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] { [width, height] }
    func fromVector(_ v: Span<Double>) -> Size { Size(width: v[0], height: v[1]) }
}

extension Color: TrackInterpolatable {
    /// Component-wise, clamped (`Color.interpolated`).
    static func interpolate(_ a: Color, _ b: Color, fraction f: Double) -> Color { a.interpolated(to: b, fraction: f) }
    var trackValue: TrackValue { .color(self) }
    init?(trackValue: TrackValue) {
        guard case .color(let c) = trackValue else { return nil }
        self = c
    }
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] { [red, green, blue, alpha] }
    func fromVector(_ v: Span<Double>) -> Color {
        func c(_ x: Double) -> Double { min(max(x, 0), 1) }
        return Color(red: c(v[0]), green: c(v[1]), blue: c(v[2]), alpha: c(v[3]))
    }
}

extension Bool: TrackInterpolatable {
    /// Discrete: the start value until the end (`hidden` is not animatable in UIKit).
    static func interpolate(_ a: Bool, _ b: Bool, fraction f: Double) -> Bool { f < 1 ? a : b }
    var trackValue: TrackValue { .bool(self) }
    init?(trackValue: TrackValue) {
        guard case .bool(let b) = trackValue else { return nil }
        self = b
    }
    func vector(reference: (Double, Double, Double, Double)?) -> [Double] { [self ? 1 : 0] }
    func fromVector(_ v: Span<Double>) -> Bool { v[0] >= 0.5 }
    var isSplineable: Bool { false }
    static var isDiscrete: Bool { true }
}
