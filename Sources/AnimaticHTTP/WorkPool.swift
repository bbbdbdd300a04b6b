import Dispatch
import Foundation
import Glibc
import Synchronization

/// The render lane: a fixed set of threads that run expensive jobs behind a queue.
/// Connections never run such a job on their own queue, so cheap requests (health,
/// metrics, files, cache hits) never wait behind one.
///
/// Admission (docs/HTTP.md, "Admission"):
/// - `submit` refuses a job at once when `maxQueue` jobs already wait (a bound on memory,
///   not the load policy) or the pool is stopping: the caller answers 503.
/// - With `admission` set, a job that waits longer than its `deadline` is shed: its flag
///   is raised with `.shed` and it is run then, so that `DeferredWork` answers 503 with
///   `Retry-After`; a congested queue serves newest first (`QueueAdmission`). A job that
///   would wait longer than `admitWithin` (by `ServiceTimeEstimate`) is held aside, not
///   queued, and so is every job that comes while others are held; as the queue drains they
///   are queued (`promote`), and those still held at their deadline are shed the same way.
///   Without `admission` the queue is first come, first served and a job waits as long as
///   it takes.
/// - A job whose cancellation flag is raised while it waits (client gone, deadline,
///   shutdown) is dropped unrun and counted in `skippedCount`.
public final class WorkPool: Sendable {
    public struct Job: Sendable {
        public var flag: CancellationFlag
        public var run: @Sendable () -> Void

        public init(flag: CancellationFlag, run: @escaping @Sendable () -> Void) {
            self.flag = flag
            self.run = run
        }
    }

    /// A queued job and when it was queued (`DispatchTime` nanoseconds).
    private struct Waiting {
        var job: Job
        var since: UInt64
    }

    /// Jobs in arrival order from `head` (oldest) to the end (newest).
    private struct Line {
        var jobs: [Waiting] = []
        var head = 0

        var count: Int { jobs.count - head }
        /// When the oldest came; nil when there is none.
        var oldestSince: UInt64? { head < jobs.count ? jobs[head].since : nil }

        mutating func append(_ waiting: Waiting) { jobs.append(waiting) }

        /// Takes the oldest job (the head) or the newest (the last) out of the line.
        mutating func take(newest: Bool) -> Job { takeWaiting(newest: newest).job }

        /// Takes the oldest (the head) or the newest (the last) out of the line, with when it came.
        mutating func takeWaiting(newest: Bool) -> Waiting {
            let waiting: Waiting
            if newest {
                waiting = jobs.removeLast()
            } else {
                waiting = jobs[head]
                head += 1
            }
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: jobs.capacity <= 1024)
                head = 0
            } else if head >= 256, head * 2 >= jobs.count {
                jobs.removeSubrange(0..<head)
                head = 0
            }
            return waiting
        }

        /// Empties the line; its jobs, oldest first.
        mutating func removeAll() -> [Job] {
            let rest = jobs[head...].map(\.job)
            jobs = []
            head = 0
            return rest
        }
    }

    private struct State: ~Copyable {
        /// The queue, served oldest first (newest first while congested).
        var queue = Line()
        /// Jobs held aside on arrival (`QueueAdmission.admitWithin`): queued as the queue
        /// drains (`promote`), else shed at their deadline, oldest first (run then only to
        /// answer 503, their work never).
        var heldAside = Line()
        var busy = 0
        var stopping = false
        /// Since when the oldest job has waited longer than the target (nil: it has not).
        var aboveTargetSince: UInt64?
        /// Whether a timer will look for jobs past their deadline.
        var expiryArmed = false
        /// The measured cost of a job, for the expected wait of a new one.
        var service = ServiceTimeEstimate()

        var waiting: Int { queue.count }
    }

    public let workers: Int
    public let maxQueue: Int
    public let admission: QueueAdmission?
    public let nice: Int32
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let shedCounter = Atomic<Int>(0)
    private let skippedCounter = Atomic<Int>(0)
    private let heldAsideCounter = Atomic<Int>(0)
    private let promotedCounter = Atomic<Int>(0)
    private let expiryQueue = DispatchQueue(label: "animatic.render.expiry")
    /// Monotonic nanoseconds (`uptimeNanoseconds`), read where a job comes, is taken or may
    /// expire; a parameter so that tests can order its readings.
    private let clock: @Sendable () -> UInt64

    /// Starts `workers` threads (at least one). `maxQueue` jobs may wait beyond the running
    /// ones; `admission` bounds how long (nil: no bound but the depth).
    /// `name` names the threads (`name.0`, `name.1`, …) as `top -H` and `perf` show them
    /// (Linux keeps 15 bytes of a thread's name and refuses a longer one, so keep it short);
    /// `nice` is their nice value (`renderNice` unless a lane should yield more). `clock`
    /// reads monotonic nanoseconds (tests pass their own, to order its readings).
    public init(
        workers: Int, maxQueue: Int, admission: QueueAdmission? = nil, name: String = "render",
        nice: Int32 = WorkPool.renderNice, clock: @escaping @Sendable () -> UInt64 = WorkPool.uptimeNanoseconds
    ) {
        self.workers = max(workers, 1)
        self.clock = clock
        self.nice = nice
        self.maxQueue = max(maxQueue, 0)
        self.admission = admission
        for index in 0..<self.workers {
            let threadName = "\(name).\(index)"
            let thread = Thread { [self] in
                // Named from inside: Foundation's `Thread.name` does not reach the kernel on Linux.
                if let setName = Self.setThreadName { _ = setName(pthread_self(), threadName) }
                workLoop()
            }
            thread.name = threadName
            // Deeply nested specs recurse in the decoder; give the same room as the main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// What `submit` did with a job.
    private enum Placement { case queued, heldAside, refused }

    /// Queues `job`, or holds it aside to be shed at its deadline (`QueueAdmission.admitWithin`);
    /// false when the queue is full or the pool stopping (nothing was kept: answer now).
    public func submit(_ job: Job) -> Bool {
        let now = clock()
        var expired: [Job] = []
        var armExpiry = false
        var promoted = 0
        let placement = state.withLock { state -> Placement in
            guard !state.stopping else { return .refused }
            expire(&state, now: now, into: &expired)
            // Running plus waiting jobs: at most one per worker plus the queue.
            guard state.busy + state.waiting < workers + maxQueue else { return .refused }
            let placement: Placement
            if let admission,
                state.heldAside.count > 0
                    || admission.holdsAside(
                        expectedWait: state.service.expectedWait(
                            waiting: state.waiting, busy: state.busy, workers: workers))
            {
                // Behind those already held, not ahead of them: `promote` picks who goes next.
                state.heldAside.append(Waiting(job: job, since: now))
                promoted = promote(&state, now: now)
                placement = .heldAside
            } else {
                state.queue.append(Waiting(job: job, since: now))
                placement = .queued
            }
            if admission != nil, !state.expiryArmed {
                state.expiryArmed = true
                armExpiry = true
            }
            return placement
        }
        switch placement {
        case .queued: available.signal()
        case .heldAside: heldAsideCounter.add(1, ordering: .relaxed)
        case .refused: shedCounter.add(1, ordering: .relaxed)
        }
        signalPromoted(promoted)
        shed(expired)
        if armExpiry { scheduleExpiry(after: admission?.deadline ?? .zero) }
        return placement != .refused
    }

    /// Jobs waiting for a worker.
    public var queued: Int { state.withLock { $0.waiting } }
    /// Jobs held aside now (`QueueAdmission.admitWithin`): queued as the queue drains, else
    /// shed at their deadline.
    public var heldAside: Int { state.withLock { $0.heldAside.count } }
    /// Jobs held aside on arrival since start (each is queued later, `promotedCount`, or
    /// else shed, or skipped if cancelled, at its deadline; `shedCount` counts the shed ones).
    public var heldAsideCount: Int { heldAsideCounter.load(ordering: .relaxed) }
    /// Jobs held aside that were queued after all as the queue drained, since start.
    public var promotedCount: Int { promotedCounter.load(ordering: .relaxed) }
    /// The measured cost of a job (nil until one ran).
    public var meanServiceTime: Duration? { state.withLock { $0.service.mean } }
    /// Workers running a job now.
    public var busy: Int { state.withLock { $0.busy } }
    /// Jobs refused (queue full, or stopping) or shed after waiting `admission.deadline`, since start.
    public var shedCount: Int { shedCounter.load(ordering: .relaxed) }
    /// Jobs dropped unrun because they were cancelled while waiting (client gone, deadline,
    /// shutdown), since start.
    public var skippedCount: Int { skippedCounter.load(ordering: .relaxed) }

    /// Lets the threads finish their current job and exit; queued jobs are dropped (and
    /// counted as skipped: their work never ran).
    public func stop() {
        let dropped = state.withLock { state -> [Job] in
            state.stopping = true
            return state.queue.removeAll() + state.heldAside.removeAll()
        }
        for job in dropped {
            job.flag.raise(.shutdown)
            skippedCounter.add(1, ordering: .relaxed)
        }
        for _ in 0..<workers { available.signal() }
    }

    // MARK: Admission

    /// Moves the jobs that have waited past the deadline (the oldest of the queue and of
    /// those held aside, at their heads) to `expired`.
    private func expire(_ state: inout State, now: UInt64, into expired: inout [Job]) {
        guard let deadline = admission?.deadline.nanoseconds else { return }
        while let since = state.queue.oldestSince, Self.age(since, at: now) > UInt64(deadline) {
            expired.append(state.queue.take(newest: false))
        }
        while let since = state.heldAside.oldestSince, Self.age(since, at: now) > UInt64(deadline) {
            expired.append(state.heldAside.take(newest: false))
        }
    }

    /// Queues jobs held aside while the queue's expected wait, every worker busy, is within
    /// `admitWithin` (the measure a new job is admitted by); returns how many, for
    /// `signalPromoted`. Holding aside is a forecast from a mean of renders that differ, and
    /// the queue may drain sooner: a held job that can still be served is queued rather than
    /// left to its 503. Which one: in the order the queue serves — the oldest, while the queue
    /// is not congested and the oldest can still start before its deadline (its wait so far
    /// plus the queue's expected wait), so a brief rush is served first come, first served
    /// and nobody is shed; else the newest (under overload the congested queue serves newest
    /// first, and the oldest reach their deadline). A promoted job keeps the time it came:
    /// its deadline still counts from its arrival, and a worker sheds it rather than render
    /// it late.
    private func promote(_ state: inout State, now: UInt64) -> Int {
        guard let admission else { return 0 }
        var promoted = 0
        while let oldest = state.heldAside.oldestSince {
            let wait = state.service.expectedWait(waiting: state.waiting, busy: workers, workers: workers) ?? .zero
            guard !admission.holdsAside(expectedWait: wait) else { break }
            let waited = Duration.nanoseconds(Int(clamping: Self.age(oldest, at: now)))
            let oldestFirst =
                !hasStoodAboveTarget(state, now: now) && admission.canStillStart(waited: waited, expectedWait: wait)
            state.queue.append(state.heldAside.takeWaiting(newest: !oldestFirst))
            promoted += 1
        }
        return promoted
    }

    /// Wakes a worker for each job `promote` queued, and counts them.
    private func signalPromoted(_ promoted: Int) {
        guard promoted > 0 else { return }
        promotedCounter.add(promoted, ordering: .relaxed)
        for _ in 0..<promoted { available.signal() }
    }

    /// Answers expired jobs: cancelled ones are skipped; the rest run with their flag
    /// raised `.shed`, which `DeferredWork` answers with its 503 (no render runs).
    private func shed(_ expired: [Job]) {
        for job in expired {
            if job.flag.isRaised {
                skippedCounter.add(1, ordering: .relaxed)
                continue
            }
            job.flag.raise(.shed)
            shedCounter.add(1, ordering: .relaxed)
            job.run()
        }
    }

    /// Whether to take the newest job: the oldest has waited past the target for a whole
    /// interval (`QueueAdmission`). Updates the standing-wait clock.
    private func congested(_ state: inout State, now: UInt64) -> Bool {
        guard let admission, state.waiting > 0 else {
            state.aboveTargetSince = nil
            return false
        }
        guard let oldest = state.queue.oldestSince, Self.age(oldest, at: now) > UInt64(admission.target.nanoseconds)
        else {
            state.aboveTargetSince = nil
            return false
        }
        state.aboveTargetSince = state.aboveTargetSince ?? now
        return hasStoodAboveTarget(state, now: now)
    }

    /// Whether the oldest job's wait has stood above the target for a whole interval, by the
    /// clock `congested` keeps (which serves newest first then).
    private func hasStoodAboveTarget(_ state: borrowing State, now: UInt64) -> Bool {
        guard let admission, let since = state.aboveTargetSince else { return false }
        return Self.age(since, at: now) >= UInt64(admission.interval.nanoseconds)
    }

    /// The system's monotonic clock in nanoseconds: the default `clock`.
    public static let uptimeNanoseconds: @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }

    /// How long a job that came at `since` has waited at `now`, and 0 if it came later.
    /// A thread reads the clock before it takes the lock, so a job queued meanwhile by
    /// another thread can carry a later reading than `now`: a wrapping `now - since` then
    /// read as centuries, and shed that job at once with a 503 (or trapped converting it).
    static func age(_ since: UInt64, at now: UInt64) -> UInt64 {
        now > since ? now - since : 0
    }

    /// How often, at most, the expiry timer looks for jobs past their deadline (10 ms: a
    /// hundredth of the standard deadline); taking and queueing jobs also looks, at no cost.
    static let expiryResolution: Duration = .milliseconds(10)

    /// Sheds what has waited past the deadline even when no job is queued or taken
    /// meanwhile (every worker busy with long renders); re-armed while jobs wait.
    private func scheduleExpiry(after delay: Duration) {
        expiryQueue.asyncAfter(deadline: .now() + .nanoseconds(delay.nanoseconds)) { [self] in
            let now = clock()
            var expired: [Job] = []
            let next = state.withLock { state -> Duration? in
                expire(&state, now: now, into: &expired)
                let oldest = [state.queue.oldestSince, state.heldAside.oldestSince].compactMap { $0 }.min()
                guard let admission, let oldest else {
                    state.expiryArmed = false
                    return nil
                }
                // The oldest job's own deadline, at most `expiryResolution` early or late:
                // under overload jobs expire continuously, and one timer per expiry would
                // cost a wake-up each.
                let waited = Int(clamping: Self.age(oldest, at: now))
                return .nanoseconds(
                    max(admission.deadline.nanoseconds - waited, Self.expiryResolution.nanoseconds))
            }
            shed(expired)
            if let next { scheduleExpiry(after: next) }
        }
    }

    /// Nice value of the render threads: under CPU contention the cheap lane's threads
    /// (nice 0) get about three times their share (CFS weights 1024 vs 335), so health
    /// probes and cache hits stay fast while renders saturate the cores.
    public static let renderNice: Int32 = 5

    /// glibc's `pthread_setname_np` (also `_GNU_SOURCE` only): at most 15 bytes, else ERANGE.
    private static let setThreadName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
    }()

    /// glibc's `gettid` (declared only under `_GNU_SOURCE`, so not in Swift's Glibc module).
    private static let gettid: (@convention(c) () -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
    }()

    private func workLoop() {
        // Linux: setpriority on a thread id sets that thread's nice value alone.
        if let gettid = Self.gettid {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()), nice)
        }
        while true {
            available.wait()
            let now = clock()
            var expired: [Job] = []
            var promoted = 0
            let next = state.withLock { state -> Job?? in
                expire(&state, now: now, into: &expired)
                while state.waiting > 0 {
                    let newest = congested(&state, now: now)
                    let taken = state.queue.takeWaiting(newest: newest)
                    // A promoted job sits behind younger ones, so its deadline may pass
                    // before the head's: it is shed, never rendered late.
                    if let deadline = admission?.deadline.nanoseconds, Self.age(taken.since, at: now) > UInt64(deadline)
                    {
                        expired.append(taken.job)
                        continue
                    }
                    state.busy += 1
                    promoted = promote(&state, now: now)
                    return .some(taken.job)
                }
                state.aboveTargetSince = nil
                return state.stopping ? .none : .some(nil)
            }
            signalPromoted(promoted)
            // Refusals are answered off the render threads, which are for rendering.
            if !expired.isEmpty { expiryQueue.async { [self, expired] in shed(expired) } }
            guard let job = next else { return }
            guard let job else { continue }
            if job.flag.isRaised {
                skippedCounter.add(1, ordering: .relaxed)
                state.withLock { $0.busy -= 1 }
            } else {
                job.run()
                let finished = clock()
                let ran = Duration.nanoseconds(Int(clamping: Self.age(now, at: finished)))
                // A new measure may make room for a held job.
                signalPromoted(
                    state.withLock { state in
                        state.busy -= 1
                        state.service.record(ran)
                        return promote(&state, now: finished)
                    })
            }
        }
    }
}
