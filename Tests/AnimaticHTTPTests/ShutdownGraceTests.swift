import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

extension ServerSuites {
    @Suite struct ShutdownGrace {
        /// Issue 26: when the grace ends, a request whose response was never produced (work
        /// running, or still queued behind it) is answered 503 with `Retry-After` and
        /// `Connection: close` — built by the `errorResponder` — rather than a bare EOF.
        @Test func requestsWaitingWhenTheGraceEndsGet503RetryAfter() throws {
            let pool = WorkPool(workers: 1, maxQueue: 4)
            defer { pool.stop() }
            let work = StubbornWork()
            var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.shutdownGracePeriod = .milliseconds(300)
            configuration.errorResponder = { status, reason in
                HTTPResponse(status: status, text: "problem: \(reason)")
            }
            let server = try HTTPServer(
                configuration: configuration, logger: quietLogger,
                handler: BoundedWork.lanes(pool) { work.run($0) })
            let port = try server.start()
            let running = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try running.send(get("/work"))
            #expect(work.started.wait(seconds: 5))
            var queued: [HTTPClientConnection] = []
            for _ in 0..<2 {
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/work"))
                queued.append(client)
            }
            #expect(waitUntil { pool.queued == 2 })
            let started = Date()
            server.shutdown()
            server.waitUntilStopped()
            #expect(Date().timeIntervalSince(started) < 2.5)
            for client in [running] + queued {
                let response = try client.readResponse()
                #expect(response.status == .serviceUnavailable)
                #expect(response.header("Retry-After") == "1" && response.header("Connection") == "close")
                #expect(String(decoding: response.body, as: UTF8.self) == "problem: shutting down")
                #expect(client.readsEOF())
            }
            // The running work was cancelled by the shutdown, not finished.
            #expect(work.stopped.wait(seconds: 5))
            #expect(work.reason.withLock { $0 } == .shutdown)
        }
    }
}
