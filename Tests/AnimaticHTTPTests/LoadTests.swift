import Foundation
import Synchronization
import Testing
@testable import AnimaticHTTP
import Glibc

/// Raises the soft descriptor limit towards the hard one so a test can hold `needed` sockets.
func ensureDescriptors(_ needed: Int) -> Bool {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur >= rlim_t(needed) { return true }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(needed))
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    return limit.rlim_cur >= rlim_t(needed)
}

extension ServerSuites {
    @Suite struct Load {
        @Test func thousandConcurrentConnectionsEachGetAResponse() throws {
            try #require(ensureDescriptors(2300), "needs ~2,300 descriptors (client + server side)")
            try withServer(configure: { $0.maxConnections = 1200 }) { server, port in
                var clients: [HTTPClientConnection] = []
                for _ in 0..<1000 {
                    clients.append(try HTTPClientConnection(host: "127.0.0.1", port: port, stepTimeout: .seconds(15)))
                }
                for (i, client) in clients.enumerated() { try client.send(get("/c\(i)")) }
                var ok = 0
                for (i, client) in clients.enumerated() {
                    let response = try client.readResponse()
                    if response.status == .ok, response.text == "GET /c\(i) - " { ok += 1 }
                }
                #expect(ok == 1000)
                #expect(server.openConnectionCount == 1000)
            }
        }

        @Test func slowlorisDoesNotStarveNewClients() throws {
            try #require(ensureDescriptors(1200))
            try withServer(configure: { $0.headerTimeout = .seconds(20) }) { server, port in
                var lorises: [HTTPClientConnection] = []
                for _ in 0..<500 {
                    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try client.send("GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ")
                    lorises.append(client)
                }
                let stop = Atomic<Bool>(false)
                let trickling = DispatchSemaphore(value: 0)
                let clientsForTrickle = lorises.map(\.fd)
                Thread.detachNewThread {
                    while !stop.load(ordering: .relaxed) {
                        for fd in clientsForTrickle { _ = Glibc.send(fd, "a", 1, Int32(MSG_NOSIGNAL)) }
                        usleep(50_000)  // the trickle's pace: a byte per connection every 50 ms
                    }
                    trickling.signal()
                }
                defer {
                    stop.store(true, ordering: .relaxed)
                    trickling.wait()
                }
                #expect(waitUntil { server.openConnectionCount == 500 }, "the server admitted every loris")
                for attempt in 0..<3 {
                    let started = Date()
                    let fresh = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try fresh.send(get("/fresh\(attempt)"))
                    let response = try fresh.readResponse()
                    let elapsed = Date().timeIntervalSince(started)
                    #expect(response.status == .ok)
                    #expect(elapsed < 1.0, "answered in \(elapsed) s")
                }
            }
        }

        @Test func keepAliveLatencyHasNoNagleStall() throws {
            // Head and an 8 KiB body leave in one sendmsg with TCP_NODELAY; with two writes
            // and Nagle, every response would wait ~40 ms for the client's delayed ACK.
            let body = [UInt8](repeating: 0x62, count: 8192)
            try withServer(handler: { _ in HTTPResponse(body: body, contentType: "application/octet-stream") }) {
                _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/warm"))
                _ = try client.readResponse()
                let started = Date()
                for i in 0..<200 {
                    try client.send(get("/r\(i)"))
                    let response = try client.readResponse()
                    #expect(response.body.count == 8192)
                }
                let average = Date().timeIntervalSince(started) / 200
                // 40 ms would mean the stall; 10 ms is generous for a noisy 2-core machine.
                #expect(average < 0.010, "average \(average * 1000) ms per keep-alive request")
            }
        }
    }
}
