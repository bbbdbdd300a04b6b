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
    }
}
