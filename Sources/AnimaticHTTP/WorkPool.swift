import Dispatch
import Foundation
import Glibc
import Synchronization

/// The render lane: a fixed set of threads that run expensive jobs first come, first
/// served, behind a bounded queue. Connections never run such a job on their own queue,
/// so cheap requests (health, metrics, files, cache hits) never wait behind one.
///
/// `submit` refuses a job when `maxQueue` jobs already wait (load shedding: the caller
/// answers 503 with `Retry-After`). A job whose cancellation flag is raised while it
/// waits is skipped when its turn comes.
public final class WorkPool: Sendable {
    public struct Job: Sendable {
        public var flag: CancellationFlag
        public var run: @Sendable () -> Void

        public init(flag: CancellationFlag, run: @escaping @Sendable () -> Void) {
            self.flag = flag
            self.run = run
        }
    }

    private struct State: ~Copyable {
        var jobs: [Job] = []
        var head = 0
        var busy = 0
        var stopping = false
    }

    public let workers: Int
    public let maxQueue: Int
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let shedCounter = Atomic<Int>(0)
    private let skippedCounter = Atomic<Int>(0)

    /// Starts `workers` threads (at least one). `maxQueue` jobs may wait beyond the running ones.
    public init(workers: Int, maxQueue: Int) {
        self.workers = max(workers, 1)
        self.maxQueue = max(maxQueue, 0)
        for index in 0..<self.workers {
            let thread = Thread { [self] in workLoop() }
            thread.name = "animatic.render.\(index)"
            // Deeply nested specs recurse in the decoder; give the same room as the main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Queues `job`; false when the queue is full (nothing was queued).
    public func submit(_ job: Job) -> Bool {
        let accepted = state.withLock { state -> Bool in
            // Running plus waiting jobs: at most one per worker plus the queue.
            guard !state.stopping, state.busy + state.jobs.count - state.head < workers + maxQueue else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() } else { shedCounter.add(1, ordering: .relaxed) }
        return accepted
    }

    /// Jobs waiting for a worker.
    public var queued: Int { state.withLock { $0.jobs.count - $0.head } }
    /// Workers running a job now.
    public var busy: Int { state.withLock { $0.busy } }
    /// Jobs refused because the queue was full, since start.
    public var shedCount: Int { shedCounter.load(ordering: .relaxed) }
    /// Jobs dropped unrun because they were cancelled while waiting.
    public var skippedCount: Int { skippedCounter.load(ordering: .relaxed) }

    /// Lets the threads finish their current job and exit; queued jobs are dropped.
    public func stop() {
        let dropped = state.withLock { state -> [Job] in
            state.stopping = true
            let rest = Array(state.jobs[state.head...])
            state.jobs = []
            state.head = 0
            return rest
        }
        for job in dropped { job.flag.raise(.shutdown) }
        for _ in 0..<workers { available.signal() }
    }

    /// Nice value of the render threads: under CPU contention the cheap lane's threads
    /// (nice 0) get about three times their share (CFS weights 1024 vs 335), so health
    /// probes and cache hits stay fast while renders saturate the cores.
    static let renderNice: Int32 = 5

    /// glibc's `gettid` (declared only under `_GNU_SOURCE`, so not in Swift's Glibc module).
    private static let gettid: (@convention(c) () -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
    }()

    private func workLoop() {
        // Linux: setpriority on a thread id sets that thread's nice value alone.
        if let gettid = Self.gettid {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()), Self.renderNice)
        }
        while true {
            available.wait()
            let next = state.withLock { state -> Job?? in
                if state.head < state.jobs.count {
                    let job = state.jobs[state.head]
                    state.head += 1
                    if state.head == state.jobs.count {
                        state.jobs.removeAll(keepingCapacity: state.jobs.capacity <= 1024)
                        state.head = 0
                    } else if state.head >= 256, state.head * 2 >= state.jobs.count {
                        state.jobs.removeSubrange(0..<state.head)
                        state.head = 0
                    }
                    state.busy += 1
                    return .some(job)
                }
                return state.stopping ? .none : .some(nil)
            }
            guard let job = next else { return }
            guard let job else { continue }
            if job.flag.isRaised {
                skippedCounter.add(1, ordering: .relaxed)
            } else {
                job.run()
            }
            state.withLock { $0.busy -= 1 }
        }
    }
}
