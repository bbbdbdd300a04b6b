/// Everything that happens to one property of one layer, typed by the property's kind of
/// value: the initial value and the segments that take over from one another, in order
/// of their start. `PropertyTrack` is its untyped view for the exports.
struct Track<Value: TrackInterpolatable>: Hashable, Sendable {
    /// One animation of the property, from the moment it takes over to its end.
    enum Segment: Hashable, Sendable {
        /// A block animation from `from` (presented when the block started) to `to`.
        case tween(start: Double, end: Double, from: Value, to: Value, curve: TimingCurve)
        /// A keyframe block: the path's keys over `start…end`, `warp` applied to the block's time.
        case keyframes(start: Double, end: Double, path: SharedKeyframePath<Value>, warp: TimingCurve)
        /// An instant change.
        case set(time: Double, value: Value)

        var start: Double {
            switch self {
            case .tween(let s, _, _, _, _), .keyframes(let s, _, _, _): return s
            case .set(let t, _): return t
            }
        }

        var end: Double {
            switch self {
            case .tween(_, let e, _, _, _), .keyframes(_, let e, _, _): return e
            case .set(let t, _): return t
            }
        }

        /// The value at `t` seconds (≥ `start`).
        func value(at t: Double) -> Value {
            switch self {
            case let .tween(start, end, from, to, curve):
                if t >= end { return to }
                let duration = end - start
                return Value.interpolate(
                    from, to, fraction: curve.progress(at: (t - start) / duration, duration: duration))
            case let .keyframes(start, end, shared, warp):
                let path = shared.path
                if t >= end { return path.values[path.values.count - 1] }
                let duration = end - start
                return path.value(at: warp.progress(at: (t - start) / duration, duration: duration))
            case .set(_, let value):
                return value
            }
        }

        /// The segment in untyped form.
        var erased: TrackSegment {
            switch self {
            case let .tween(start, end, from, to, curve):
                return .tween(start: start, end: end, from: from.trackValue, to: to.trackValue, curve: curve)
            case let .keyframes(start, end, path, warp):
                return .keyframes(start: start, end: end, path: KeyframePathBox(path), warp: warp)
            case let .set(time, value):
                return .set(time: time, value: value.trackValue)
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
    func value(at t: Double) -> Value {
        let count = segments.count
        guard count > 0, t >= segments[0].start else { return initial }
        var lo = 0, hi = count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid }
        }
        return segments[lo].value(at: t)
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

/// What the compiler asks of a track whatever its kind (`CompiledLayer.anyTrack`).
protocol UntypedTrack {
    var isAnimated: Bool { get }
    func isMoving(at t: Double) -> Bool
    func untypedValue(at t: Double) -> TrackValue
    func erased(_ property: AnimatableProperty) -> PropertyTrack
}

extension Track: UntypedTrack {
    func untypedValue(at t: Double) -> TrackValue { value(at: t).trackValue }
}

/// A keyframe path in one immutable object, shared by the segments that hold it: copying
/// a segment costs one retain, not one per array of the path.
final class SharedKeyframePath<Value: TrackInterpolatable>: Hashable, Sendable, ErasedKeyframePath {
    let path: KeyframePath<Value>

    init(_ path: KeyframePath<Value>) { self.path = path }

    static func == (a: SharedKeyframePath, b: SharedKeyframePath) -> Bool { a === b || a.path == b.path }

    func hash(into hasher: inout Hasher) { hasher.combine(path) }

    var keys: [(time: Double, value: TrackValue)] { zip(path.times, path.values).map { ($0, $1.trackValue) } }
    var mode: CalculationMode { path.mode }
    func value(at x: Double) -> TrackValue { path.value(at: x).trackValue }
    var lastValue: TrackValue { path.values[path.values.count - 1].trackValue }

    func isEqual(to other: any ErasedKeyframePath) -> Bool {
        guard let other = other as? SharedKeyframePath<Value> else { return false }
        return self == other
    }

}
