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
}
