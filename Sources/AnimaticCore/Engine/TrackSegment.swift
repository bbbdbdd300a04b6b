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

    /// The value at `t` seconds (≥ `start`).
    public func value(at t: Double) -> TrackValue {
        switch self {
        case let .tween(start, end, from, to, curve):
            if t >= end { return to }
            let duration = end - start
            let progress = curve.progress(at: (t - start) / duration, duration: duration)
            return from.interpolated(to: to, fraction: progress)
        case let .keyframes(start, end, box, warp):
            if t >= end { return box.path.values[box.path.values.count - 1] }
            let duration = end - start
            return box.path.value(at: warp.progress(at: (t - start) / duration, duration: duration))
        case .set(_, let value):
            return value
        }
    }
}

extension TrackSegment {
    /// `value(at:)` of a transform segment as its matrix.
    func transformValue(at t: Double) -> Transform3D {
        switch self {
        case let .tween(start, end, from, to, curve):
            if t >= end { return to.matrix }
            let duration = end - start
            let progress = curve.progress(at: (t - start) / duration, duration: duration)
            return from.interpolatedMatrix(to: to, fraction: progress)
        case let .keyframes(start, end, box, warp):
            if t >= end { return box.path.values[box.path.values.count - 1].matrix }
            let duration = end - start
            return box.path.transformValue(at: warp.progress(at: (t - start) / duration, duration: duration))
        case .set(_, let value):
            return value.matrix
        }
    }
}

/// A keyframe path behind a public face: the path's internals stay in the engine.
///
/// The path (six arrays) lives in one immutable object, so copying a segment while
/// sampling costs one retain instead of six.
public struct KeyframePathBox: Hashable, Sendable {
    private final class Storage: Sendable {
        let path: KeyframePath
        init(_ path: KeyframePath) { self.path = path }
    }

    private let storage: Storage
    var path: KeyframePath { storage.path }

    init(path: KeyframePath) { storage = Storage(path) }

    public static func == (a: KeyframePathBox, b: KeyframePathBox) -> Bool {
        a.storage === b.storage || a.path == b.path
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(path) }

    /// Key times in 0…1 of the block (after paced re-timing) and their values.
    public var keys: [(time: Double, value: TrackValue)] { Array(zip(path.times, path.values)).map { ($0, $1) } }
    /// The calculation mode in force (a spline over values that cannot be splined falls back).
    public var mode: CalculationMode { path.mode }

    /// The value at block fraction `x`, already warped by the block's curve.
    public func value(at x: Double) -> TrackValue { path.value(at: x) }
}
