import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

extension ServerSuites {
    @Suite struct Limits {
        @Test func requestLineOver8KiBIs414() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: a\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == .uriTooLong && response.header("Connection") == "close")
                #expect(client.readsEOF())
            }
        }

        @Test func headerBlockOver16KiBIs431() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(
                    "GET / HTTP/1.1\r\nHost: a\r\nX-Big: " + String(repeating: "b", count: 17000) + "\r\n\r\n")
                #expect(try client.readResponse().status == .requestHeaderFieldsTooLarge)
                #expect(client.readsEOF())
            }
        }

        @Test func moreThan100FieldsIs431() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n" + (1...100).map { "X-\($0): v\r\n" }.joined() + "\r\n")
                #expect(try client.readResponse().status == .requestHeaderFieldsTooLarge)
            }
        }

        @Test func bodyOverMaxBodySizeIs413() throws {
            try withServer(configure: { $0.maxBodySize = 1000 }) { _, port in
                let declared = try HTTPClientConnection(host: "127.0.0.1", port: port)
                // The whole oversized body is sent: the lingering close lets the client read the 413.
                try declared.send(
                    "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5000\r\n\r\n" + String(repeating: "x", count: 5000))
                #expect(try declared.readResponse().status == .contentTooLarge)

                let chunked = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try chunked.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n")
                for _ in 0..<3 { try chunked.send("1f4\r\n" + String(repeating: "y", count: 500) + "\r\n") }
                #expect(try chunked.readResponse().status == .contentTooLarge)

                let fits = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try fits.send(
                    "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n" + String(repeating: "z", count: 1000))
                #expect(try fits.readResponse().status == .ok)
            }
        }

        @Test func defaultBodyLimitIsOneMiB() {
            #expect(HTTPServerConfiguration().maxBodySize == 1_048_576)
        }

        @Test(arguments: [
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nabcd",
            "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4x\r\n\r\nabcd",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: identity\r\n\r\n",
            "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX-Fold: a\r\n  b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nX-CR: a\rb\r\n\r\n",
            "GET / HTTP/1.1\nHost: a\n\n",
            "G@T / HTTP/1.1\r\nHost: a\r\n\r\n",
            "GET / HTTP/1.1\r\nHo\"st: a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
            "GET / HTTP/1.1\r\nHost:\ta\r\nContent-Length :5\r\n\r\nabcde",
        ])
        func smugglingShapesAre400AndClose(raw: String) throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(raw + get("/smuggled"))
                let response = try client.readResponse()
                #expect(response.status == .badRequest, "\(raw.debugDescription)")
                #expect(response.header("Connection") == "close")
                #expect(client.readsEOF())  // the smuggled second request is never answered
            }
        }

        @Test func unsupportedTransferCodingIs501() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
                #expect(try client.readResponse().status == .notImplemented)
            }
        }

        @Test func overTheConnectionCapIs503() throws {
            try withServer(configure: { $0.maxConnections = 2 }) { server, port in
                let a = try HTTPClientConnection(host: "127.0.0.1", port: port),
                    b = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try a.send(get("/a"))
                try b.send(get("/b"))
                _ = try a.readResponse()
                _ = try b.readResponse()
                let c = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try c.send(get("/c"))
                let rejected = try c.readResponse()
                #expect(rejected.status == .serviceUnavailable && rejected.header("Retry-After") == "1")
                #expect(c.readsEOF())
                #expect(server.openConnectionCount == 2)
            }
        }
    }

    @Suite struct Timeouts {
        @Test func slowHeadersGet408() throws {
            try withServer(configure: { $0.headerTimeout = .milliseconds(300) }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n")
                let started = Date()
                let response = try client.readResponse()
                #expect(response.status == .requestTimeout && response.header("Connection") == "close")
                #expect(Date().timeIntervalSince(started) < 3)
                #expect(client.readsEOF())
            }
        }

        @Test func slowBodyGets408() throws {
            try withServer(configure: { $0.bodyTimeout = .milliseconds(300) }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 10\r\n\r\nabc")
                #expect(try client.readResponse().status == .requestTimeout)
            }
        }

        @Test func idleKeepAliveClosesQuietly() throws {
            try withServer(configure: { $0.idleTimeout = .milliseconds(300) }) { server, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/"))
                _ = try client.readResponse()
                #expect(client.readsEOF())  // no 408: nothing of a request had arrived
                #expect(waitUntil { server.openConnectionCount == 0 })
            }
        }

        @Test func silentNewConnectionClosesQuietlyAfterTheHeaderTimeout() throws {
            try withServer(configure: { $0.headerTimeout = .milliseconds(300) }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                #expect(client.readsEOF())
            }
        }
    }
}
