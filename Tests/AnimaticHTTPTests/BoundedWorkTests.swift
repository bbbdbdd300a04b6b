import Dispatch
import Foundation
import Synchronization
import Testing
@testable import AnimaticHTTP
#if canImport(Glibc)
import Glibc
#endif

/// Work that runs until its flag is raised (or `limit` passes), recording when it stopped.
final class StubbornWork: Sendable {
    let started = DispatchSemaphore(value: 0)
    let stopped = DispatchSemaphore(value: 0)
    let reason = Mutex<CancellationFlag.Reason?>(nil)

    func run(_ flag: CancellationFlag, limit: Double = 20) -> HTTPResponse {
        started.signal()
        let end = Date().addingTimeInterval(limit)
        while !flag.isRaised, Date() < end { usleep(1000) }
        reason.withLock { $0 = flag.reason }
        stopped.signal()
        return HTTPResponse(text: "done")
    }
}

extension DispatchSemaphore {
    func wait(seconds: Double) -> Bool { wait(timeout: .now() + seconds) == .success }
}

extension ServerSuites {
    /// Issue 12: the render lane (bounded, FCFS, shedding), cancellation, deadlines, fair
    /// connection slots and the protocol cases — all over real sockets.
    @Suite struct BoundedWork {
        /// `/work` is deferred to `pool`; everything else answers on the connection's queue.
        static func lanes(
            _ pool: WorkPool, timeout: Duration? = nil,
            _ work: @escaping @Sendable (CancellationFlag) -> HTTPResponse
        ) -> HTTPHandler {
            { request in
                if request.path == "/work" {
                    return HTTPResponse(deferred: DeferredWork(pool: pool, timeout: timeout, work: work))
                }
                return HTTPResponse(text: "cheap")
            }
        }

        @Test func healthAnswersWhileEveryWorkerIsBusy() throws {
            let pool = WorkPool(workers: 2, maxQueue: 8)
            defer { pool.stop() }
            let work = StubbornWork()
            try withServer(handler: Self.lanes(pool) { work.run($0) }) { _, port in
                var busy: [HTTPClientConnection] = []
                for _ in 0..<4 {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try client.send(get("/work"))
                    busy.append(client)
                }
                #expect(work.started.wait(seconds: 5) && work.started.wait(seconds: 5))
                #expect(pool.busy == 2)
                let probe = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let start = Date()
                try probe.send(get("/healthz"))
                let response = try probe.readResponse()
                // A wide margin: the cheap lane does not wait for the render lane at all.
                #expect(response.status == .ok && Date().timeIntervalSince(start) < 1)
                busy.removeAll()  // closing them cancels the work
            }
        }

        @Test func aFullQueueShedsWith503AndRetryAfter() throws {
            let pool = WorkPool(workers: 1, maxQueue: 1)
            defer { pool.stop() }
            let work = StubbornWork()
            try withServer(handler: Self.lanes(pool) { work.run($0) }) { _, port in
                let running = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try running.send(get("/work"))
                #expect(work.started.wait(seconds: 5))
                let queued = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try queued.send(get("/work"))
                // Let the second job reach the queue before the third comes.
                let deadline = Date().addingTimeInterval(5)
                while pool.queued < 1, Date() < deadline { usleep(1000) }
                let shed = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try shed.send(get("/work"))
                let response = try shed.readResponse()
                #expect(response.status == .serviceUnavailable && response.header("Retry-After") == "1")
                #expect(pool.shedCount == 1)
            }
        }

        @Test func aClientThatLeavesCancelsItsWork() throws {
            let pool = WorkPool(workers: 1, maxQueue: 4)
            defer { pool.stop() }
            let work = StubbornWork()
            try withServer(handler: Self.lanes(pool) { work.run($0) }) { _, port in
                var client: HTTPClientConnection? = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client?.send(get("/work"))
                #expect(work.started.wait(seconds: 5))
                client = nil  // close
                #expect(work.stopped.wait(seconds: 2), "the work stops soon after its client leaves")
                #expect(work.reason.withLock { $0 } == .clientGone)
                // The worker is free again for the next client.
                let next = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try next.send(get("/work"))
                #expect(work.started.wait(seconds: 5))
            }
        }

        @Test func aRenderPastItsDeadlineIsCancelledAndAnswered503() throws {
            let pool = WorkPool(workers: 1, maxQueue: 4)
            defer { pool.stop() }
            let work = StubbornWork()
            try withServer(handler: Self.lanes(pool, timeout: .milliseconds(300)) { work.run($0) }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/work"))
                let response = try client.readResponse()
                #expect(response.status == .serviceUnavailable && response.header("Retry-After") == "1")
                #expect(work.stopped.wait(seconds: 2))
                #expect(work.reason.withLock { $0 } == .deadline)
                // The connection stays usable.
                try client.send(get("/cheap"))
                #expect(try client.readResponse().text == "cheap")
            }
        }

        @Test func shutdownCancelsWorkAfterTheGracePeriodAndStopsInTime() throws {
            let pool = WorkPool(workers: 1, maxQueue: 4)
            defer { pool.stop() }
            let work = StubbornWork()
            var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.shutdownGracePeriod = .milliseconds(500)
            let server = try HTTPServer(
                configuration: configuration, logger: quietLogger,
                handler: Self.lanes(pool) { work.run($0, limit: 30) })
            let port = try server.start()
            let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try client.send(get("/work"))
            #expect(work.started.wait(seconds: 5))
            let start = Date()
            server.shutdown()
            server.waitUntilStopped()
            let elapsed = Date().timeIntervalSince(start)
            #expect(elapsed < 1.5, "grace (0.5 s) + 1 s")
            #expect(work.stopped.wait(seconds: 1))
            #expect(work.reason.withLock { $0 } == .shutdown)
        }

        @Test func oneClientCannotHoldMoreThanItsShare() throws {
            try withServer(configure: { $0.maxConnectionsPerClient = 3 }) { server, port in
                var held: [HTTPClientConnection] = []
                for _ in 0..<3 {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try client.send(get("/x"))
                    _ = try client.readResponse()
                    held.append(client)
                }
                let fourth = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try fourth.send(get("/x"))
                let refused = try fourth.readResponse()
                #expect(refused.status == .tooManyRequests && refused.header("Retry-After") == "1")
                // A slot comes back when one closes.
                held.removeFirst()
                let deadline = Date().addingTimeInterval(5)
                while server.openConnectionCount > 2, Date() < deadline { usleep(5000) }
                let again = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try again.send(get("/x"))
                #expect(try again.readResponse().status == .ok)
            }
        }

        @Test func nearTheCapTheOldestIdleConnectionMakesRoom() throws {
            try withServer(configure: {
                $0.maxConnections = 8
                $0.idleEvictionThreshold = 4
            }) { server, port in
                var idle: [HTTPClientConnection] = []
                for i in 0..<4 {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port, stepTimeout: .seconds(3))
                    try client.send(get("/idle\(i)"))
                    _ = try client.readResponse()
                    idle.append(client)
                    usleep(20_000)  // distinct idle order
                }
                for i in 0..<8 {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try client.send(get("/new\(i)"))
                    #expect(try client.readResponse().status == .ok, "client \(i) gets in")
                    idle.append(client)
                }
                // The first idle ones were closed to make room; the server never went over its cap.
                #expect(idle[0].readsEOF())
                #expect(server.openConnectionCount <= 8)
            }
        }

        @Test func optionsAsteriskAndConnectAreAnswered() throws {
            var router = Router()
            router.get("/a") { _, _ in HTTPResponse(text: "a") }
            router.post("/b") { _, _ in HTTPResponse(text: "b") }
            try withServer(handler: router.handler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n")
                let options = try client.readResponse()
                #expect(options.status == .noContent && options.header("Allow") == "GET, POST, HEAD, OPTIONS")
                try client.send("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n")
                #expect(try client.readResponse().status == .notImplemented)
                let bad = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try bad.send("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")
                #expect(try bad.readResponse().status == .badRequest)
            }
        }
    }
}
