/// How long work may wait for a `WorkPool` worker, and when the queue counts as congested:
/// admission by queue wait time (sojourn), not by a fixed depth, after CoDel (RFC 8289),
/// which judges a queue by how long its items wait rather than by how many there are, and
/// after the adaptive LIFO of Facebook's "Fail at Scale" (ACM Queue 13(8), 2015).
///
/// - A job that has waited `deadline` without a worker is shed: its response is the 503
///   with `Retry-After` (`DeferredWork.shed`), sent then — not at once on arrival. A
///   client that retries at once (a load generator, a retry loop) therefore asks at most
///   once per `deadline` per connection, so refusals cannot eat the CPU the renders need
///   (docs/HTTP.md, "Admission"; docs/BENCHMARKS.md, "Overload").
/// - A job that would wait longer than `admitWithin` — the jobs already waiting times the
///   pool's measured cost of a job (`ServiceTimeEstimate`), shared by its workers — is not
///   queued: it is held aside and shed at its `deadline` like one that waited (the same
///   503 at the same moment, so a client cannot tell and cannot ask sooner), without ever
///   taking a place in the queue. The queue then holds at most about `admitWithin` of
///   work, so a job that is served waited about that at most, and jobs bound to be shed
///   cost no queue work while they wait.
/// - The queue is congested when its oldest job has waited longer than `target` for a
///   whole `interval` without the queue draining below that (CoDel's standing-queue test,
///   on the oldest job's age since the order below changes which job is taken). While
///   congested, workers take the newest job first (adaptive LIFO): first come, first served
///   would then serve every job just before its deadline; newest first serves most within a
///   few render times and lets the oldest reach the deadline. Otherwise the queue is first
///   come, first served.
public struct QueueAdmission: Sendable, Equatable {
    /// Longest wait for a worker; past it the job is shed with 503.
    public var deadline: Duration
    /// The standing wait that counts as congestion.
    public var target: Duration
    /// How long the wait must stand above `target` before the queue serves newest first.
    public var interval: Duration
    /// The expected wait above which a new job is held aside and shed at its deadline
    /// instead of queued.
    public var admitWithin: Duration

    /// `admitWithin` defaults to half the deadline (see `standard`).
    public init(deadline: Duration, target: Duration, interval: Duration, admitWithin: Duration? = nil) {
        self.deadline = deadline
        self.target = target
        self.interval = interval
        self.admitWithin = admitWithin ?? deadline / 2
    }

    /// Whether a job expected to wait `expectedWait` for a worker is held aside (and shed
    /// at its deadline) rather than queued; nil (nothing measured yet) is admitted.
    public func holdsAside(expectedWait: Duration?) -> Bool {
        guard let expectedWait else { return false }
        return expectedWait > admitWithin
    }

    /// Whether a job that has waited `waited` and would now wait `expectedWait` more in the
    /// queue can still start before its deadline: the oldest job held aside is queued first
    /// while it can, else the newest (`WorkPool.promote`).
    public func canStillStart(waited: Duration, expectedWait: Duration) -> Bool {
        waited + expectedWait <= deadline
    }

    /// Our choice (docs/HTTP.md, "Admission", gives the measurements):
    /// - `deadline` 2 s: the wait a closed-loop crowd of ordinary size is served within. The
    ///   standing wait of N clients each with a render in flight is N renders shared by the
    ///   workers: 50 clients on 2 cores at about 20 ms a render stand at about half a second
    ///   (issue 29's load), which is a busy server, not an overloaded one. With a 1 s deadline
    ///   that sat at the congestion target, and the newest-first service it starts shed up to
    ///   a quarter of those renders; at 2 s none (docs/HTTP.md, "Why 2 s"). A shed
    ///   client has held its request the deadline, so one that ignores `Retry-After` asks at
    ///   most every 2 s per connection, and refusals cost half what they did at 1 s.
    /// - `target` and `interval` half the deadline: newest-first is unfair to the oldest
    ///   jobs, so it starts only when a standing wait has reached half the deadline for half
    ///   a deadline — when first come, first served is about to shed at the deadline anyway.
    ///   A burst that drains sooner, or renders slower than the target with a short queue,
    ///   stay first come, first served. (CoDel's 5 ms / 100 ms are for packets: they would
    ///   turn a queue of two 10 ms renders newest-first.)
    /// - `admitWithin` half the deadline: what is queued is then served within about half
    ///   the deadline, leaving the other half for the estimate's error (renders differ in
    ///   cost, the measured mean lags a change), the render itself and the response's way
    ///   to the client, so that the renders served stay within the deadline. It is not
    ///   smaller because the queue is also the workers' buffer: a queue holding only a few
    ///   renders' worth runs dry whenever the connection threads are held up for longer
    ///   (with 30 ms, one run of `OverloadGoodputTests` at a load average of 18 left 128
    ///   closed-loop clients 0.30 of the renders 4 got). A forecast that errs long costs
    ///   nothing: held jobs are queued as the queue drains (`WorkPool`).
    public static let standard = QueueAdmission.deadline(.seconds(2))

    /// The standard policy at another deadline (`animatic serve --queue-deadline`): target,
    /// interval and `admitWithin` half of it, for the reasons given at `standard`.
    public static func deadline(_ deadline: Duration) -> QueueAdmission {
        QueueAdmission(deadline: deadline, target: deadline / 2, interval: deadline / 2)
    }

    /// The upload lane's (docs/HTTP.md, "Lanes"; our choice): the same policy at a 5 s
    /// deadline. An upload is a user's few images a session, not a preview retried
    /// while typing, and its lane yields the cores to renders, so under a render load its
    /// wait is longer; a 503 for an upload that had waited a render's deadline would cost
    /// the user a retry for nothing. Its memory is bounded apart from the deadline (the body budget).
    public static let uploads = QueueAdmission(
        deadline: .seconds(5), target: .milliseconds(2500), interval: .milliseconds(2500))
}
