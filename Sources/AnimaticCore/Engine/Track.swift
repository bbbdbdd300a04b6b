/// Everything that happens to one property of one layer, typed by the property's kind of
/// value: the initial value and the segments that take over from one another, in order
/// of their start. `PropertyTrack` is its untyped view for the exports.
struct Track<Value: TrackInterpolatable>: Hashable, Sendable {
    /// One animation of the property, from the moment it takes over to its end.
    ///
    /// A struct rather than an enum with payloads: sampling reads the fields in place
    /// (an enum's payload is copied out to be matched — two transforms of a tween).
    struct Segment: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            /// A block animation from `from` (presented when the block started) to `to` along `curve`.
            case tween
            /// A keyframe block: `path`'s keys over `start…end`, `curve` (the block's warp)
            /// applied to the block's time first.
            case keyframes
            /// An instant change to `to`.
            case set
        }

        let kind: Kind
        let start: Double
        let end: Double
        /// A tween's start value; a keyframe block's first key; a change's value.
        let from: Value
        /// A tween's target; a keyframe block's last key; a change's value.
        let to: Value
        let curve: TimingCurve
        let path: SharedKeyframePath<Value>?

        static func tween(start: Double, end: Double, from: Value, to: Value, curve: TimingCurve) -> Segment {
            Segment(kind: .tween, start: start, end: end, from: from, to: to, curve: curve, path: nil)
        }

        static func keyframes(start: Double, end: Double, path: SharedKeyframePath<Value>, warp: TimingCurve)
            -> Segment
        {
            let values = path.path.values
            return Segment(
                kind: .keyframes, start: start, end: end, from: values[0], to: values[values.count - 1],
                curve: warp, path: path)
        }

        static func set(time: Double, value: Value) -> Segment {
            Segment(kind: .set, start: time, end: time, from: value, to: value, curve: .linear, path: nil)
        }

        /// The value at `t` seconds (≥ `start`) of the segment at `segment`, read in place:
        /// a method called on a segment in an array's storage copies it first (two values
        /// and a curve).
        static func value(of segment: UnsafePointer<Segment>, at t: Double) -> Value {
            let start = segment.pointee.start, end = segment.pointee.end
            if t >= end { return segment.pointee.to }
            let duration = end - start
            switch segment.pointee.kind {
            case .set:
                return segment.pointee.to
            case .tween:
                return Value.interpolate(
                    segment.pointee.from, segment.pointee.to,
                    fraction: segment.pointee.curve.progress(at: (t - start) / duration, duration: duration))
            case .keyframes:
                return segment.pointee.path!.value(
                    at: segment.pointee.curve.progress(at: (t - start) / duration, duration: duration))
            }
        }

        /// The segment in untyped form.
        var erased: TrackSegment {
            switch kind {
            case .tween:
                return .tween(start: start, end: end, from: from.trackValue, to: to.trackValue, curve: curve)
            case .keyframes:
                return .keyframes(start: start, end: end, path: KeyframePathBox(path!), warp: curve)
            case .set:
                return .set(time: start, value: to.trackValue)
            }
        }

        /// The typed form of an untyped segment of this kind.
        init(_ segment: TrackSegment) {
            switch segment {
            case let .tween(start, end, from, to, curve):
                self = .tween(start: start, end: end, from: Self.typed(from), to: Self.typed(to), curve: curve)
            case let .keyframes(start, end, box, warp):
                guard let path = box.storage as? SharedKeyframePath<Value> else {
                    preconditionFailure("a keyframe path has its property's kind")
                }
                self = .keyframes(start: start, end: end, path: path, warp: warp)
            case let .set(time, value):
                self = .set(time: time, value: Self.typed(value))
            }
        }

        private init(
            kind: Kind, start: Double, end: Double, from: Value, to: Value, curve: TimingCurve,
            path: SharedKeyframePath<Value>?
        ) {
            self.kind = kind
            self.start = start
            self.end = end
            self.from = from
            self.to = to
            self.curve = curve
            self.path = path
        }

        static func typed(_ value: TrackValue) -> Value {
            guard let v = Value(trackValue: value) else { preconditionFailure("a value has its property's kind") }
            return v
        }
    }

    var initial: Value
    private(set) var segments: [Segment] = []

    init(initial: Value) { self.initial = initial }

    /// Adds a segment that takes over at its start. Segments arrive in start order.
    mutating func append(_ segment: Segment) {
        precondition(segments.last.map { $0.start <= segment.start } ?? true, "segments arrive in start order")
        segments.append(segment)
    }

    var isAnimated: Bool { !segments.isEmpty }

    /// The presented value at `t` seconds: the latest segment started by `t` decides.
    @inline(__always)
    func value(at t: Double) -> Value {
        // Through a buffer pointer: the array's subscript would copy the segment out.
        segments.withUnsafeBufferPointer { segments in
            guard let current = Self.current(in: segments, at: t) else { return initial }
            return Segment.value(of: current, at: t)
        }
    }

    /// The latest segment of `segments` started by `t`; nil before the first.
    @inline(__always)
    static func current(in segments: UnsafeBufferPointer<Segment>, at t: Double) -> UnsafePointer<Segment>? {
        let count = segments.count
        guard count > 0, t >= segments[0].start else { return nil }
        var lo = 0, hi = count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid }
        }
        return segments.baseAddress! + lo
    }

    /// Whether an animation of the property is still running at `t`.
    func isMoving(at t: Double) -> Bool {
        guard let current = segments.last(where: { $0.start <= t }) else { return false }
        return current.end > t
    }

    /// The track in untyped form.
    func erased(_ property: AnimatableProperty) -> PropertyTrack {
        PropertyTrack(property: property, initial: initial.trackValue, segments: segments.map(\.erased))
    }
}

extension Track where Value == TransformValue {
    /// `value(at: t).matrix` — all a layer's presented values keep of a transform — without
    /// the `TransformValue` (a matrix and a decomposition) built and copied to get there:
    /// the same operations on the same numbers, so the same matrix to the bit.
    func matrix(at t: Double) -> Transform3D {
        segments.withUnsafeBufferPointer { segments in
            guard let current = Self.current(in: segments, at: t) else { return initial.matrix }
            return Segment.matrix(of: current, at: t)
        }
    }
}

extension Track.Segment where Value == TransformValue {
    /// `value(of: segment, at: t).matrix`, read in place.
    static func matrix(of segment: UnsafePointer<Self>, at t: Double) -> Transform3D {
        let start = segment.pointee.start, end = segment.pointee.end
        if t >= end { return segment.pointee.to.matrix }
        let duration = end - start
        switch segment.pointee.kind {
        case .set:
            return segment.pointee.to.matrix
        case .tween:
            return TransformValue.interpolatedMatrix(
                segment.pointee.from, segment.pointee.to,
                fraction: segment.pointee.curve.progress(at: (t - start) / duration, duration: duration))
        case .keyframes:
            return segment.pointee.path!.matrix(
                at: segment.pointee.curve.progress(at: (t - start) / duration, duration: duration))
        }
    }
}

/// Something done to a track whatever its kind (`CompiledLayer.visit`).
protocol TrackVisitor {
    associatedtype Result
    func visit<Value: TrackInterpolatable>(_ track: Track<Value>) -> Result
}

struct ErasedTrackVisitor: TrackVisitor {
    let property: AnimatableProperty
    func visit<Value: TrackInterpolatable>(_ track: Track<Value>) -> PropertyTrack { track.erased(property) }
}

struct IsAnimatedVisitor: TrackVisitor {
    func visit<Value: TrackInterpolatable>(_ track: Track<Value>) -> Bool { track.isAnimated }
}

struct ValueVisitor: TrackVisitor {
    let t: Double
    func visit<Value: TrackInterpolatable>(_ track: Track<Value>) -> TrackValue { track.value(at: t).trackValue }
}

struct IsMovingVisitor: TrackVisitor {
    let t: Double
    func visit<Value: TrackInterpolatable>(_ track: Track<Value>) -> Bool { track.isMoving(at: t) }
}

/// A keyframe path in one immutable object, shared by the segments that hold it: copying
/// a segment costs one retain, not one per array of the path.
final class SharedKeyframePath<Value: TrackInterpolatable>: Hashable, Sendable, ErasedKeyframePath {
    let path: KeyframePath<Value>

    init(_ path: KeyframePath<Value>) { self.path = path }

    static func == (a: SharedKeyframePath, b: SharedKeyframePath) -> Bool { a === b || a.path == b.path }

    func hash(into hasher: inout Hasher) { hasher.combine(path) }

    var keys: [(time: Double, value: TrackValue)] { zip(path.times, path.values).map { ($0, $1.trackValue) } }
    var keyTimes: [Double] { path.times }
    var mode: CalculationMode { path.mode }

    /// The path's value at block fraction `x`, called on the object: a segment reaching
    /// the path through its optional reference copied it, a retain per array, per sample.
    func value(at x: Double) -> Value { path.value(at: x) }

    func value(at x: Double) -> TrackValue { path.value(at: x).trackValue }
    var lastValue: TrackValue { path.values[path.values.count - 1].trackValue }

    func isEqual(to other: any ErasedKeyframePath) -> Bool {
        guard let other = other as? SharedKeyframePath<Value> else { return false }
        return self == other
    }

}

extension SharedKeyframePath where Value == TransformValue {
    /// `value(at: x).matrix` (`KeyframePath.matrix(at:)`), called on the object.
    func matrix(at x: Double) -> Transform3D { path.matrix(at: x) }
}
