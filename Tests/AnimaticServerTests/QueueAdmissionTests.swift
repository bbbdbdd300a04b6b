import AnimaticHTTP
import Dispatch
import Foundation
import Synchronization
import Testing

/// The render pool's admission by wait time (`QueueAdmission`, docs/HTTP.md "Admission"):
/// a job past its deadline is shed (run with its flag raised `.shed`), and a congested
/// queue serves newest first. Timings only ever err long on a busy machine, and every
/// margin here is in the direction that keeps the expectation.
@Suite(.timeLimit(.minutes(1))) struct QueueAdmissionTests {
    /// A job that records when it ran and with which flag.
    final class Record: Sendable {
        let runs = Mutex<[(String, CancellationFlag.Reason?)]>([])
        let done = DispatchSemaphore(value: 0)

        func job(_ name: String, sleep: Duration = .zero) -> WorkPool.Job {
            let flag = CancellationFlag()
            return WorkPool.Job(flag: flag) { [self] in
                runs.withLock { $0.append((name, flag.reason)) }
                if sleep > .zero { Thread.sleep(forTimeInterval: Double(sleep.components.attoseconds) / 1e18) }
                done.signal()
            }
        }
    }

    /// A clock for `WorkPool(clock:)`: its readings in the order they are taken (the last
    /// one repeats), or one value set by the test.
    final class ScriptedClock: Sendable {
        private let readings: Mutex<[UInt64]>

        init(_ readings: [Duration]) { self.readings = Mutex(readings.map(Self.nanoseconds)) }

        func read() -> UInt64 { readings.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        func set(_ reading: Duration) { readings.withLock { $0 = [Self.nanoseconds(reading)] } }

        static func nanoseconds(_ d: Duration) -> UInt64 {
            UInt64(d.components.seconds) * 1_000_000_000 + UInt64(d.components.attoseconds / 1_000_000_000)
        }
    }

    /// A worker reads the clock before it takes the lock, so a job queued meanwhile can carry
    /// a later reading than the worker's. That job has waited nothing: it must be rendered,
    /// not shed (a wrapping subtraction read its wait as centuries and answered a 503 at
    /// once: 1 run in about 20 of `test_memory_after_bursts.py`'s burst).
    @Test func aJobThatCameAfterTheWorkersClockReadingIsRenderedNotShed() {
        // The submit reads 10 s, the worker it wakes 9.9 s.
        let clock = ScriptedClock([.seconds(10), .milliseconds(9_900)])
        let pool = WorkPool(
            workers: 1, maxQueue: 8,
            admission: QueueAdmission(deadline: .milliseconds(100), target: .seconds(5), interval: .seconds(5)),
            clock: clock.read)
        defer { pool.stop() }
        let record = Record()
        #expect(pool.submit(record.job("a")))
        #expect(record.done.wait(timeout: .now() + 5) == .success)
        #expect(record.runs.withLock { $0.map(\.0) } == ["a"])
        #expect(record.runs.withLock { $0.first?.1 } == nil)  // .shed would be the 503
        #expect(pool.shedCount == 0)
    }

    /// The expiry timer too reads the clock before the lock: a job queued after its reading
    /// is not past its deadline (converting the wrapped wait to `Int` trapped), and it is
    /// shed once a reading puts it past.
    @Test func theExpiryTimerShedsAJobOnlyOnceItsReadingIsPastTheDeadline() {
        let clock = ScriptedClock([.seconds(10)])
        let pool = WorkPool(
            workers: 1, maxQueue: 8,
            admission: QueueAdmission(deadline: .milliseconds(100), target: .seconds(5), interval: .seconds(5)),
            clock: clock.read)
        defer { pool.stop() }
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit(WorkPool.Job(flag: CancellationFlag()) { release.wait() }))
        let record = Record()
        #expect(pool.submit(record.job("late")))  // came at 10 s
        // The timer (first due 100 ms from now, then every 10–100 ms) reads 9.95 s: before
        // "late" came.
        clock.set(.milliseconds(9_950))
        Thread.sleep(forTimeInterval: 0.35)
        #expect(record.runs.withLock { $0.isEmpty })
        #expect(pool.queued == 1 && pool.shedCount == 0)
        clock.set(.milliseconds(10_200))  // 200 ms after it came: past the 100 ms deadline
        #expect(record.done.wait(timeout: .now() + 5) == .success)
        #expect(record.runs.withLock { $0.map(\.0) } == ["late"])
        #expect(record.runs.withLock { $0.first?.1 } == .shed)
        #expect(pool.shedCount == 1)
        release.signal()
    }

    @Test func aJobPastItsDeadlineIsShedWithoutAWorker() {
        let pool = WorkPool(
            workers: 1, maxQueue: 8,
            admission: QueueAdmission(deadline: .milliseconds(100), target: .seconds(5), interval: .seconds(5)))
        defer { pool.stop() }
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit(WorkPool.Job(flag: CancellationFlag()) { release.wait() }))
        let record = Record()
        let submitted = ContinuousClock.now
        #expect(pool.submit(record.job("late")))
        // The worker is held: only the expiry timer can answer it, at its deadline.
        #expect(record.done.wait(timeout: .now() + 5) == .success)
        #expect(ContinuousClock.now - submitted >= .milliseconds(100))
        #expect(record.runs.withLock { $0.map(\.0) } == ["late"])
        #expect(record.runs.withLock { $0.first?.1 } == .shed)
        #expect(pool.shedCount == 1 && pool.queued == 0 && pool.busy == 1)
        release.signal()
    }

    @Test func aCongestedQueueServesNewestFirst() {
        // Congested once the oldest has waited over 20 ms for 20 ms of dequeues.
        let pool = WorkPool(
            workers: 1, maxQueue: 8,
            admission: QueueAdmission(deadline: .seconds(30), target: .milliseconds(20), interval: .milliseconds(20)))
        defer { pool.stop() }
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit(WorkPool.Job(flag: CancellationFlag()) { release.wait() }))
        let record = Record()
        // "a" runs 50 ms, longer than the interval.
        for job in [record.job("a", sleep: .milliseconds(50)), record.job("b"), record.job("c")] {
            #expect(pool.submit(job))
        }
        Thread.sleep(forTimeInterval: 0.1)
        release.signal()
        for _ in 0..<3 { #expect(record.done.wait(timeout: .now() + 5) == .success) }
        // First take: the wait stands above the target, but not yet for an interval → the
        // oldest ("a"). After it, 50 ms later, it has → the newest ("c"), then "b".
        #expect(record.runs.withLock { $0.map(\.0) } == ["a", "c", "b"])
        #expect(record.runs.withLock { $0.allSatisfy { $0.1 == nil } })
        #expect(pool.shedCount == 0)
    }

    @Test func withoutCongestionTheQueueIsFirstComeFirstServed() {
        let pool = WorkPool(workers: 1, maxQueue: 8, admission: .standard)
        defer { pool.stop() }
        let release = DispatchSemaphore(value: 0)
        #expect(pool.submit(WorkPool.Job(flag: CancellationFlag()) { release.wait() }))
        let record = Record()
        for name in ["a", "b", "c"] { #expect(pool.submit(record.job(name))) }
        release.signal()
        for _ in 0..<3 { #expect(record.done.wait(timeout: .now() + 5) == .success) }
        #expect(record.runs.withLock { $0.map(\.0) } == ["a", "b", "c"])
    }

    // MARK: Held aside on arrival (`QueueAdmission.admitWithin`)

    @Test func theEstimateIsTheFirstJobThenMovesAnEighthOfTheWay() {
        var estimate = ServiceTimeEstimate()
        #expect(estimate.mean == nil)
        #expect(estimate.expectedWait(waiting: 100, busy: 2, workers: 2) == nil)
        estimate.record(.milliseconds(8))
        #expect(estimate.mean == .milliseconds(8))
        // 8 + (16 - 8) / 8 = 9 ms; then 9 + (1 - 9) / 8 = 8 ms.
        estimate.record(.milliseconds(16))
        #expect(estimate.mean == .milliseconds(9))
        estimate.record(.milliseconds(1))
        #expect(estimate.mean == .milliseconds(8))
    }

    @Test func theExpectedWaitIsTheQueueSharedByTheWorkers() {
        var estimate = ServiceTimeEstimate()
        estimate.record(.milliseconds(4))
        // 300 waiting × 4 ms over 2 workers.
        #expect(estimate.expectedWait(waiting: 300, busy: 2, workers: 2) == .milliseconds(600))
        #expect(estimate.expectedWait(waiting: 1, busy: 4, workers: 4) == .milliseconds(1))
        // A free worker takes the job at once, whatever waits (it is about to be taken).
        #expect(estimate.expectedWait(waiting: 300, busy: 1, workers: 2) == .zero)
        #expect(estimate.expectedWait(waiting: 0, busy: 2, workers: 2) == .zero)
        // Past what a Duration of nanoseconds holds: longer than any deadline.
        #expect(estimate.expectedWait(waiting: Int.max, busy: 2, workers: 2) == .nanoseconds(Int.max))
    }

    @Test func aJobExpectedToWaitPastTheLimitIsHeldAside() {
        let standard = QueueAdmission.standard
        #expect(standard.deadline == .seconds(2) && standard.target == .seconds(1) && standard.interval == .seconds(1))
        #expect(standard.admitWithin == .seconds(1) && standard.admitWithin == standard.deadline / 2)
        #expect(!standard.holdsAside(expectedWait: nil))
        #expect(!standard.holdsAside(expectedWait: .seconds(1)))
        #expect(standard.holdsAside(expectedWait: .milliseconds(1001)))
        let own = QueueAdmission(
            deadline: .seconds(2), target: .seconds(1), interval: .seconds(1), admitWithin: .milliseconds(100))
        #expect(own.holdsAside(expectedWait: .milliseconds(101)) && !own.holdsAside(expectedWait: .milliseconds(99)))
    }

    /// A one-worker pool that admits within 100 ms, with one job of at least 20 ms measured,
    /// its worker held by a started job, and 12 jobs submitted behind it: job i waits behind
    /// the i queued before it, so it is queued while i × mean ≤ 100 ms; after the first held
    /// aside the queue no longer grows, so every later one is held too.
    struct HeldAside {
        let pool: WorkPool
        let release: DispatchSemaphore
        let record: Record
        let queued: Int
        let submitted: ContinuousClock.Instant
    }

    func heldAside(deadline: Duration) -> HeldAside? {
        let admission = QueueAdmission(
            deadline: deadline, target: .seconds(30), interval: .seconds(30), admitWithin: .milliseconds(100))
        let pool = WorkPool(workers: 1, maxQueue: 64, admission: admission)
        let measured = Record()
        #expect(pool.submit(measured.job("measured", sleep: .milliseconds(20))))
        #expect(measured.done.wait(timeout: .now() + 5) == .success)
        var mean: Duration?
        for _ in 0..<500 where mean == nil {
            mean = pool.meanServiceTime
            if mean == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        guard let mean else {
            Issue.record("no service time measured")
            pool.stop()
            return nil
        }
        #expect(mean >= .milliseconds(20))
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        #expect(
            pool.submit(
                WorkPool.Job(flag: CancellationFlag()) {
                    started.signal(); release.wait()
                }))
        #expect(started.wait(timeout: .now() + 5) == .success)
        let record = Record()
        let submitted = ContinuousClock.now
        for i in 0..<12 { #expect(pool.submit(record.job("j\(i)"))) }
        let queued = min(Int(Duration.milliseconds(100) / mean) + 1, 12)
        #expect(queued < 12, "mean \(mean)")
        #expect(pool.queued == queued && pool.heldAside == 12 - queued && pool.heldAsideCount == 12 - queued)
        return HeldAside(pool: pool, release: release, record: record, queued: queued, submitted: submitted)
    }

    @Test func jobsHeldAsideAreQueuedInTheirOrderAsTheQueueDrains() {
        // A deadline no busy machine reaches here: every held job can still start in time.
        guard let held = heldAside(deadline: .seconds(20)) else { return }
        defer { held.pool.stop() }
        held.release.signal()
        for _ in 0..<12 { #expect(held.record.done.wait(timeout: .now() + 10) == .success) }
        // As each queued job is taken, room is made for the oldest held one: all twelve
        // rendered in arrival order (no flag), none shed, though most had been expected to
        // wait too long.
        let runs = held.record.runs.withLock { $0 }
        #expect(runs.map(\.0) == (0..<12).map { "j\($0)" })
        #expect(runs.allSatisfy { $0.1 == nil })
        #expect(held.pool.promotedCount == 12 - held.queued)
        #expect(held.pool.shedCount == 0 && held.pool.heldAside == 0 && held.pool.queued == 0)
    }

    @Test func theOldestHeldJobIsQueuedFirstOnlyWhileItCanStartInTime() {
        let admission = QueueAdmission.deadline(.seconds(2))
        #expect(admission.canStillStart(waited: .milliseconds(1200), expectedWait: .milliseconds(800)))
        #expect(!admission.canStillStart(waited: .milliseconds(1201), expectedWait: .milliseconds(800)))
        #expect(!admission.canStillStart(waited: .milliseconds(2001), expectedWait: .zero))
        #expect(admission.canStillStart(waited: .zero, expectedWait: .seconds(2)))
    }

    @Test func jobsStillHeldAsideAtTheirDeadlineAreShedUnrendered() {
        guard let held = heldAside(deadline: .milliseconds(400)) else { return }
        defer { held.pool.stop() }
        // The worker stays held past the deadline: the expiry timer answers every job then,
        // queued or held aside, with its flag raised `.shed` (the 503; no render runs).
        for _ in 0..<12 { #expect(held.record.done.wait(timeout: .now() + 10) == .success) }
        let elapsed = ContinuousClock.now - held.submitted
        held.release.signal()
        let runs = held.record.runs.withLock { $0 }
        #expect(Set(runs.map(\.0)) == Set((0..<12).map { "j\($0)" }))
        #expect(runs.allSatisfy { $0.1 == .shed })
        #expect(elapsed >= .milliseconds(400))
        #expect(held.pool.promotedCount == 0 && held.pool.shedCount == 12)
        #expect(held.pool.heldAside == 0 && held.pool.queued == 0)
    }
}
