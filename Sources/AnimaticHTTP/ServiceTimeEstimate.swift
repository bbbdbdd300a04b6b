/// What a job has recently cost a `WorkPool` worker, as wall time from its start to its end
/// (preemption by other threads included, so it is the rate the pool actually serves at on
/// a shared machine), and from it the wait a newly queued job can expect.
///
/// An exponentially weighted moving average, each job weighing `1 / weightDivisor`: the
/// smoothed round-trip time of TCP has the same form (RFC 6298 §2, α = 1/8). Our choice
/// of 1/8 too: a few dozen renders move it most of the way to a new level, one slow render
/// among light ones moves it by an eighth of the difference.
public struct ServiceTimeEstimate: Sendable, Equatable {
    /// The smoothed cost of a job in nanoseconds; nil until a job has been measured.
    public private(set) var meanNanoseconds: Int?
    /// Each measurement weighs one part in this many.
    public static let weightDivisor = 8

    public init() {}

    /// The smoothed cost of a job; nil until one has been measured.
    public var mean: Duration? { meanNanoseconds.map { .nanoseconds($0) } }

    /// A job ran `duration`, from taking it off the queue to its end.
    public mutating func record(_ duration: Duration) {
        let sample = max(duration.nanoseconds, 0)
        guard let mean = meanNanoseconds else {
            meanNanoseconds = sample
            return
        }
        meanNanoseconds = mean + (sample - mean) / Self.weightDivisor
    }

    /// How long a job queued now will wait for a worker: the `waiting` jobs ahead of it,
    /// shared by `workers` threads, each taking the mean. Zero while a worker is free
    /// (`busy < workers`); nil before any job was measured (nothing to go by: admit).
    public func expectedWait(waiting: Int, busy: Int, workers: Int) -> Duration? {
        guard let mean = meanNanoseconds else { return nil }
        guard busy >= workers, waiting > 0 else { return .zero }
        let (product, overflow) = waiting.multipliedReportingOverflow(by: mean)
        return .nanoseconds(overflow ? Int.max : product / max(workers, 1))  // overflow: longer than any deadline
    }
}
