import Synchronization

/// Raised once when the work a request started is no longer wanted: its client went
/// away, its deadline passed, the server is stopping, or it waited too long for a worker. Long work polls `isRaised` and
/// stops early; whatever it returns after that is dropped.
public final class CancellationFlag: Sendable {
    /// Why the work was abandoned. `shed`: it waited longer than its pool's admission
    /// deadline (`QueueAdmission`) and is answered 503 without running.
    public enum Reason: Int, Sendable {
        case clientGone = 1, deadline, shutdown, shed
    }

    private let raw = Atomic<Int>(0)

    public init() {}

    public var isRaised: Bool { raw.load(ordering: .relaxed) != 0 }

    /// The first reason it was raised with, nil while it is not.
    public var reason: Reason? { Reason(rawValue: raw.load(ordering: .relaxed)) }

    /// Raises the flag; the first reason sticks.
    public func raise(_ reason: Reason) {
        _ = raw.compareExchange(expected: 0, desired: reason.rawValue, ordering: .relaxed)
    }
}
