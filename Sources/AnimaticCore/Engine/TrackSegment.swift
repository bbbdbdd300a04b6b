/// One animation of one property, from the moment it takes over to its end.
public enum TrackSegment: Hashable, Sendable {
    /// A block animation: `from` (the presented value when the block started) to `to`
    /// along `curve` over `start…end` seconds.
    case tween(start: Double, end: Double, from: TrackValue, to: TrackValue, curve: TimingCurve)
    /// A keyframe block: the path's keys over `start…end`, the block's `warp` curve
    /// applied to the block's time first.
    case keyframes(start: Double, end: Double, path: KeyframePathBox, warp: TimingCurve)
    /// An instant change (non-animatable `hidden`, completion changes).
    case set(time: Double, value: TrackValue)

    public var start: Double {
        switch self {
        case .tween(let s, _, _, _, _), .keyframes(let s, _, _, _): return s
        case .set(let t, _): return t
        }
    }

    public var end: Double {
        switch self {
        case .tween(_, let e, _, _, _), .keyframes(_, let e, _, _): return e
        case .set(let t, _): return t
        }
    }

    /// The value at `t` seconds (≥ `start`), by the typed segment's interpolator.
    public func value(at t: Double) -> TrackValue {
        switch self {
        case .set(_, let value): return value
        case let .tween(start, end, from, to, curve):
            if t >= end { return to }
            let duration = end - start
            return from.interpolated(to: to, fraction: curve.progress(at: (t - start) / duration, duration: duration))
        case let .keyframes(start, end, path, warp):
            if t >= end { return path.storage.lastValue }
            let duration = end - start
            return path.value(at: warp.progress(at: (t - start) / duration, duration: duration))
        }
    }
}

/// A keyframe path behind a public face: the path's internals stay in the engine.
///
/// The typed path (`KeyframePath<Value>`, in a `SharedKeyframePath`) lives in one
/// immutable object, so copying a segment costs one retain.
public struct KeyframePathBox: Hashable, Sendable {
    let storage: any ErasedKeyframePath

    init<Value: TrackInterpolatable>(_ path: SharedKeyframePath<Value>) { storage = path }

    /// The path through `values` (all of one kind, at least one) at `times`.
    static func make(times: [Double], values: [TrackValue], mode: CalculationMode, knots: [SplineKnot])
        -> KeyframePathBox
    {
        func typed<Value: TrackInterpolatable>(_: Value.Type) -> KeyframePathBox {
            let typedValues = values.map { Track<Value>.Segment.typed($0) }
            return KeyframePathBox(
                SharedKeyframePath(KeyframePath(times: times, values: typedValues, mode: mode, knots: knots)))
        }
        switch values[0] {
        case .number: return typed(Double.self)
        case .point: return typed(Point.self)
        case .size: return typed(Size.self)
        case .color: return typed(Color.self)
        case .bool: return typed(Bool.self)
        case .transform: return typed(TransformValue.self)
        }
    }

    public static func == (a: KeyframePathBox, b: KeyframePathBox) -> Bool { a.storage.isEqual(to: b.storage) }

    public func hash(into hasher: inout Hasher) { storage.hash(into: &hasher) }

    /// Key times in 0…1 of the block (after paced re-timing) and their values.
    public var keys: [(time: Double, value: TrackValue)] { storage.keys }
    /// The key times alone, without converting the values (`keys`).
    public var keyTimes: [Double] { storage.keyTimes }
    /// The calculation mode in force (a spline over values that cannot be splined falls back).
    public var mode: CalculationMode { storage.mode }

    /// The value at block fraction `x`, already warped by the block's curve.
    public func value(at x: Double) -> TrackValue { storage.value(at: x) }
}

/// What `KeyframePathBox` needs of a typed path, whatever its kind of value.
protocol ErasedKeyframePath: AnyObject, Sendable {
    var keys: [(time: Double, value: TrackValue)] { get }
    var keyTimes: [Double] { get }
    var mode: CalculationMode { get }
    func value(at x: Double) -> TrackValue
    /// The last key's value.
    var lastValue: TrackValue { get }
    func isEqual(to other: any ErasedKeyframePath) -> Bool
    func hash(into hasher: inout Hasher)
}
