import AnimaticHTTP
import Dispatch
import Foundation
import Testing

@testable import AnimaticServer

/// `animatic_render_cancelled_total` counts queued renders dropped because their client
/// left (issue 26), not only running ones.
@Suite(.timeLimit(.minutes(1))) struct CancelledMetricTests {
    @Test func aQueuedRenderWhoseClientLeftIsCountedCancelled() throws {
        // One worker, held by a job of our own, so the posted render waits in the queue.
        let api = AnimaticAPI(configuration: APIConfiguration(cacheBytes: 0, workers: 1, admission: nil))
        defer { api.pool.stop() }
        let release = DispatchSemaphore(value: 0)
        #expect(api.pool.submit(WorkPool.Job(flag: CancellationFlag()) { release.wait() }))
        #expect(waitFor { api.pool.busy == 1 })
        try serving(api.handler) { server, port in
            let body = #"{"preset":"fold"}"#
            for index in 0..<2 {
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(
                    "POST /v1/timeline HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
                #expect(waitFor { api.pool.queued == index + 1 })
                // `client` goes out of scope: the connection closes while its render waits.
            }
            #expect(api.pool.queued == 2)
            // The server has seen both leave (and raised their flags) before the worker frees.
            #expect(waitFor { server.openConnectionCount == 0 })
            #expect(metric(api, "animatic_render_cancelled_total") == 0)
            release.signal()
            #expect(waitFor { api.pool.queued == 0 && api.pool.busy == 0 })
            // Both were dropped unrun: counted, and nothing was rendered or shed.
            #expect(waitFor { metric(api, "animatic_render_cancelled_total") == 2 })
            #expect(api.pool.skippedCount == 2 && api.metrics.cancelledCount == 0)
            #expect(metric(api, "animatic_cache_misses_total") == 0)
            #expect(metric(api, "animatic_render_shed_total") == 0)
        }
    }
}
