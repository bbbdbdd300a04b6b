/// Everything that happens to one property of one layer, in untyped form: its initial
/// value and the segments that take over from one another, in order of their start.
///
/// The view the exports read (`CompiledLayer.track(_:)`); the engine keeps each track
/// typed (`Track<Value>`) and samples it there.
public struct PropertyTrack: Hashable, Sendable {
    public var property: AnimatableProperty
    public var initial: TrackValue
    public private(set) var segments: [TrackSegment] = []

    public init(property: AnimatableProperty, initial: TrackValue) {
        self.property = property
        self.initial = initial
    }

    init(property: AnimatableProperty, initial: TrackValue, segments: [TrackSegment]) {
        self.property = property
        self.initial = initial
        self.segments = segments
    }

    /// The presented value at `t` seconds: the latest segment started by `t` decides.
    public func value(at t: Double) -> TrackValue {
        guard let first = segments.first, t >= first.start else { return initial }
        var lo = 0, hi = segments.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid }
        }
        return segments[lo].value(at: t)
    }

    public var isAnimated: Bool { !segments.isEmpty }

    /// Whether an animation of this property is still running at `t`.
    public func isMoving(at t: Double) -> Bool {
        guard let current = segments.last(where: { $0.start <= t }) else { return false }
        return current.end > t
    }
}
