/// Everything that happens to one property of one layer: its initial value and the
/// segments that take over from one another, in order of their start.
public struct PropertyTrack: Hashable, Sendable {
    public var property: AnimatableProperty
    public var initial: TrackValue
    public private(set) var segments: [TrackSegment] = []

    public init(property: AnimatableProperty, initial: TrackValue) {
        self.property = property
        self.initial = initial
    }

    /// Adds a segment that takes over at its start. Segments arrive in start order.
    mutating func append(_ segment: TrackSegment) {
        precondition(segments.last.map { $0.start <= segment.start } ?? true, "segments arrive in start order")
        segments.append(segment)
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

    /// `value(at:)` of a transform track as its matrix, without boxing a `TrackValue`.
    public func transformValue(at t: Double) -> Transform3D {
        guard let first = segments.first, t >= first.start else { return initial.matrix }
        var lo = 0, hi = segments.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if segments[mid].start <= t { lo = mid } else { hi = mid }
        }
        return segments[lo].transformValue(at: t)
    }

    public var isAnimated: Bool { !segments.isEmpty }

    /// Whether an animation of this property is still running at `t`.
    public func isMoving(at t: Double) -> Bool {
        guard let current = segments.last(where: { $0.start <= t }) else { return false }
        return current.end > t
    }
}
