import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

extension ServerSuites {
    /// Who gets a connection slot: the caps' refusals, and (below) the silent connections
    /// that must not hold slots others need.
    @Suite struct ConnectionSlots {
        /// The refusals at the connection caps go through the same `errorResponder` as the
        /// protocol errors, keeping their `Retry-After: 1` and `Connection: close`.
        @Test func capRefusalsAreBuiltByTheErrorResponder() throws {
            let problem: @Sendable (HTTPStatus, String) -> HTTPResponse = { status, reason in
                HTTPResponse(
                    status: status, body: Array("{\"status\":\(status.code),\"detail\":\"\(reason)\"}".utf8),
                    contentType: "application/problem+json")
            }
            try withServer(configure: {
                $0.maxConnections = 2
                $0.errorResponder = problem
            }) { _, port in
                let a = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let b = try HTTPClientConnection(host: "127.0.0.1", port: port)
                for client in [a, b] {
                    try client.send(get("/"))
                    _ = try client.readResponse()
                }
                let c = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let refused = try c.readResponse()
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.header("Content-Type") == "application/problem+json")
                #expect(refused.header("Retry-After") == "1" && refused.header("Connection") == "close")
                #expect(refused.header("X-Request-ID") != nil)
                #expect(
                    String(decoding: refused.body, as: UTF8.self)
                        == "{\"status\":503,\"detail\":\"connection limit reached\"}")
                #expect(c.readsEOF())
            }
            try withServer(configure: {
                $0.maxConnectionsPerClient = 1
                $0.errorResponder = problem
            }) { _, port in
                let a = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try a.send(get("/"))
                _ = try a.readResponse()
                let b = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let refused = try b.readResponse()
                #expect(refused.status == .tooManyRequests && refused.header("Retry-After") == "1")
                #expect(
                    String(decoding: refused.body, as: UTF8.self)
                        == "{\"status\":429,\"detail\":\"too many connections from this address\"}")
                #expect(b.readsEOF())
            }
        }

        /// Without an `errorResponder` the refusal is the short text the protocol errors use.
        @Test func capRefusalWithoutAResponderIsShortText() throws {
            try withServer(configure: { $0.maxConnections = 1 }) { _, port in
                let a = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try a.send(get("/"))
                _ = try a.readResponse()
                let b = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let refused = try b.readResponse()
                #expect(refused.status == .serviceUnavailable)
                #expect(refused.header("Content-Type")?.hasPrefix("text/plain") == true)
                #expect(
                    String(decoding: refused.body, as: UTF8.self)
                        == "503 Service Unavailable: connection limit reached\n")
            }
        }

        /// Issue 26: a half-header flood from many addresses (each under the per-client
        /// cap) fills the connection slots; near and at the cap the connections silent
        /// longest make room, so another client is still served — a 200, not a 503 —
        /// while the flood goes on.
        @Test func aHalfHeaderFloodFromManyAddressesLeavesAnotherClientServed() throws {
            try withServer(configure: {
                $0.maxConnections = 64
                $0.maxConnectionsPerClient = 16
            }) { server, port in
                var flood: [Int32] = []
                defer { for fd in flood { Glibc.close(fd) } }
                func open(_ count: Int) throws {
                    for i in 0..<count {
                        let fd = try connectFrom("127.0.1.\(1 + i % 16)", port: port)
                        _ = Glibc.send(fd, "GET / HTTP/1.1\r\nHost: a\r\nX-Slow: ", 34, Int32(MSG_NOSIGNAL))
                        flood.append(fd)
                    }
                }
                try open(128)  // 16 addresses × 8, twice the cap
                #expect(waitUntil { server.openConnectionCount <= 64 })
                for round in 0..<5 {
                    try open(16)  // the flood goes on between the victim's requests
                    let victim = try HTTPClientConnection(host: "127.0.0.1", port: port)
                    try victim.send(get("/victim\(round)"))
                    let response = try victim.readResponse()
                    #expect(response.status == .ok, "round \(round)")
                }
                #expect(server.openConnectionCount <= 64 + 1)
                // The oldest flood connections were the ones closed.
                #expect(readsEOF(flood[0]))
            }
        }

        /// Past `maxSilentConnectionsPerClient`, a new connection from the same address
        /// closes that address's oldest silent one; other addresses keep theirs.
        @Test func anAddressPastItsSilentShareLosesItsOldestSilentConnection() throws {
            try withServer(configure: {
                $0.maxSilentConnectionsPerClient = 4
                $0.silentShareGrace = .zero
            }) { server, port in
                var mine: [Int32] = []
                let other = try connectFrom("127.0.1.2", port: port)
                defer {
                    for fd in mine { Glibc.close(fd) }
                    Glibc.close(other)
                }
                for _ in 0..<4 { mine.append(try connectFrom("127.0.1.1", port: port)) }
                _ = Glibc.send(mine[1], "GET / HTTP/1.1\r\n", 16, Int32(MSG_NOSIGNAL))  // half a head: still silent
                #expect(waitUntil { server.openConnectionCount == 5 })
                mine.append(try connectFrom("127.0.1.1", port: port))
                #expect(readsEOF(mine[0]), "the oldest silent connection of the address is closed")
                #expect(waitUntil { server.openConnectionCount == 5 })
                mine.append(try connectFrom("127.0.1.1", port: port))
                #expect(readsEOF(mine[1]), "half a head is silent too")
                // The newest one is served; the other address was not touched.
                let request = Array(get("/").utf8)
                _ = Glibc.send(mine[5], request, request.count, Int32(MSG_NOSIGNAL))
                #expect(readsStatusLine(mine[5]) == "HTTP/1.1 200 OK")
                _ = Glibc.send(other, request, request.count, Int32(MSG_NOSIGNAL))
                #expect(readsStatusLine(other) == "HTTP/1.1 200 OK")
            }
        }

        /// A client that opens many connections at once and then asks on each (wrk, a
        /// connection pool) is not cut off by its address's silent share: a connection is
        /// closed by the share only once it has been silent for `silentShareGrace`. Before
        /// the grace, 12 connections opened at once against a share of 4 lost the 8 oldest.
        @Test func connectionsOpenedAtOnceAreAllServedWithinTheGrace() throws {
            try withServer(configure: {
                $0.maxSilentConnectionsPerClient = 4
                $0.silentShareGrace = .seconds(60)
            }) { server, port in
                var mine: [Int32] = []
                defer { for fd in mine { Glibc.close(fd) } }
                for _ in 0..<12 { mine.append(try connectFrom("127.0.1.1", port: port)) }
                #expect(waitUntil { server.openConnectionCount == 12 })
                Thread.sleep(forTimeInterval: 0.1)  // every accept (and any eviction) is done
                let request = Array(get("/").utf8)
                for (n, fd) in mine.enumerated() {
                    _ = Glibc.send(fd, request, request.count, Int32(MSG_NOSIGNAL))
                    #expect(readsStatusLine(fd) == "HTTP/1.1 200 OK", "connection \(n)")
                }
            }
        }

        /// Connections still silent when the grace has passed are closed then, without a
        /// new connection to trigger it: the address is back to its share, keeping the
        /// newest ones; one that spoke stays.
        @Test func pastTheGraceTheShareClosesTheOldestStillSilent() throws {
            try withServer(configure: {
                $0.maxSilentConnectionsPerClient = 2
                $0.silentShareGrace = .milliseconds(300)
            }) { server, port in
                var mine: [Int32] = []
                defer { for fd in mine { Glibc.close(fd) } }
                let request = Array(get("/").utf8)
                mine.append(try connectFrom("127.0.1.1", port: port))
                _ = Glibc.send(mine[0], request, request.count, Int32(MSG_NOSIGNAL))
                #expect(readsStatusLine(mine[0]) == "HTTP/1.1 200 OK", "it spoke: kept, idle")
                for _ in 1..<6 { mine.append(try connectFrom("127.0.1.1", port: port)) }
                #expect(waitUntil { server.openConnectionCount == 3 }, "the oldest silent ones closed")
                for n in 1...3 { #expect(readsEOF(mine[n]), "connection \(n)") }
                for n in 4...5 {
                    _ = Glibc.send(mine[n], request, request.count, Int32(MSG_NOSIGNAL))
                    #expect(readsStatusLine(mine[n]) == "HTTP/1.1 200 OK", "connection \(n)")
                }
            }
        }
    }
}

/// A TCP connection to 127.0.0.1:`port` from `source`, a loopback address such as
/// 127.0.1.7 (all of 127/8 is loopback on Linux): many client addresses on one host.
func connectFrom(_ source: String, port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
    func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        _ = inet_pton(AF_INET, text, &address.sin_addr)
        return address
    }
    var local = address(source, port: 0)
    var remote = address("127.0.0.1", port: port)
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    let connected = withUnsafePointer(to: &remote) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) }
    }
    guard bound == 0, connected == 0 else {
        Glibc.close(fd)
        throw TestFailure("bind/connect from \(source): errno \(errno)")
    }
    var timeout = timeval(tv_sec: 3, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
}

/// Whether the server closed `fd` (reads end of file, or a reset) within its 3 s receive timeout.
func readsEOF(_ fd: Int32) -> Bool {
    var byte: UInt8 = 0
    while true {
        let n = recv(fd, &byte, 1, 0)
        if n == 0 { return true }
        if n < 0 { return errno == ECONNRESET }
    }
}

/// The first line the server sends on `fd`.
func readsStatusLine(_ fd: Int32) -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while recv(fd, &byte, 1, 0) == 1, byte != 0x0D { line.append(byte) }
    return String(decoding: line, as: UTF8.self)
}
