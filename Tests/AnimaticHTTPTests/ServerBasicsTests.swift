import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

extension ServerSuites {
    @Suite struct Basics {
        @Test func getOverIPv4WithDateServerAndRequestID() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/hello?x=1"))
                let response = try client.readResponse()
                #expect(response.status == .ok)
                #expect(response.text == "GET /hello x=1 ")
                #expect(response.header("Content-Length") == "15")
                #expect(response.header("Server") == "animatic")
                #expect(response.header("X-Request-ID")?.isEmpty == false)
                let date = try #require(response.header("Date"))
                // IMF-fixdate: "Sun, 06 Nov 1994 08:49:37 GMT"
                #expect(date.count == 29 && date.hasSuffix(" GMT") && date.dropFirst(3).hasPrefix(", "))
                #expect(response.header("Connection") == nil)
            }
        }

        @Test(.enabled(if: hasIPv6Loopback(), "this machine has no IPv6 loopback"))
        func getOverIPv6() throws {
            try withServer(host: "::1") { _, port in
                let client = try HTTPClientConnection(host: "::1", port: port)
                try client.send(get("/six"))
                let response = try client.readResponse()
                #expect(response.status == .ok)
                #expect(response.text.hasPrefix("GET /six"))
            }
        }

        @Test(.enabled(if: hasIPv6Loopback(), "this machine has no IPv6 loopback"))
        func dualStackWhenBindingTheWildcard() throws {
            try withServer(host: "*") { _, port in
                for host in ["127.0.0.1", "::1"] {
                    let client = try HTTPClientConnection(host: host, port: port)
                    try client.send(get("/"))
                    #expect(try client.readResponse().status == .ok)
                }
            }
        }

        @Test func requestIDIsTakenFromTheClient() throws {
            try withServer(handler: { HTTPResponse(text: $0.requestID) }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/", extra: "X-Request-ID: abc-123\r\n"))
                let response = try client.readResponse()
                #expect(response.text == "abc-123")
                #expect(response.header("X-Request-ID") == "abc-123")
            }
        }

        @Test func keepAliveServesManyRequestsOnOneConnection() throws {
            try withServer { server, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                for i in 0..<20 {
                    try client.send(get("/k\(i)"))
                    #expect(try client.readResponse().text == "GET /k\(i) - ")
                }
                #expect(server.openConnectionCount == 1)
            }
        }

        @Test func connectionCloseIsHonoured() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/", extra: "Connection: close\r\n"))
                let response = try client.readResponse()
                #expect(response.header("Connection") == "close")
                #expect(client.readsEOF())
            }
        }

        @Test func http10ClosesByDefaultAndKeepsAliveWhenAsked() throws {
            try withServer { _, port in
                let a = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try a.send("GET /old HTTP/1.0\r\n\r\n")
                let first = try a.readResponse()
                #expect(first.status == .ok && first.header("Connection") == "close")
                #expect(a.readsEOF())

                let b = try HTTPClientConnection(host: "127.0.0.1", port: port)
                for _ in 0..<3 {
                    try b.send("GET /old HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                    let response = try b.readResponse()
                    #expect(response.header("Connection") == "keep-alive")
                }
            }
        }

        @Test func hundredPipelinedRequestsAreAnsweredInOrder() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                var batch = ""
                for i in 0..<100 {
                    if i % 3 == 0 {
                        batch += "POST /p\(i) HTTP/1.1\r\nHost: a\r\nContent-Length: \(String(i).count)\r\n\r\n\(i)"
                    } else {
                        batch += get("/p\(i)")
                    }
                }
                try client.send(batch)
                for i in 0..<100 {
                    let response = try client.readResponse()
                    #expect(response.text == (i % 3 == 0 ? "POST /p\(i) - \(i)" : "GET /p\(i) - "))
                }
            }
        }

        @Test func headHasTheSameHeadersAndNoBody() throws {
            let handler: HTTPHandler = { request in
                HTTPResponse(text: String(repeating: "x", count: 300), contentType: "application/octet-stream")
            }
            try withServer(handler: handler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/thing"))
                let getResponse = try client.readResponse()
                try client.send("HEAD /thing HTTP/1.1\r\nHost: a\r\n\r\n")
                let headResponse = try client.readResponse(headOnly: true)
                #expect(headResponse.status == .ok)
                #expect(headResponse.header("Content-Length") == "300")
                #expect(headResponse.header("Content-Type") == getResponse.header("Content-Type"))
                // The next response starts right after the head: no body bytes were sent.
                try client.send(get("/after"))
                #expect(try client.readResponse().status == .ok)
            }
        }

        @Test func chunkedRequestBodyWithTrailers() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(
                    "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n5;x=y\r\npedia\r\n0\r\nChecksum: 7\r\n\r\n"
                )
                let response = try client.readResponse()
                #expect(response.text == "POST /up - Wikipedia")
                #expect(response.header("X-Trailer-Checksum") == "7")
            }
        }

        @Test func expectContinueGetsAnInterimResponseBeforeTheBody() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
                let interim = try client.readResponse()
                #expect(interim.status == .`continue`)
                try client.send("hello")
                let final = try client.readResponse()
                #expect(final.status == .ok && final.text == "POST /e - hello")
            }
        }

        @Test func expectContinueOverTheLimitGets413WithoutContinue() throws {
            try withServer(configure: { $0.maxBodySize = 100 }) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("POST /e HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 101\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == .contentTooLarge)
                #expect(response.header("Connection") == "close")
                #expect(client.readsEOF())
            }
        }

        @Test func unknownExpectationGets417() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("POST /e HTTP/1.1\r\nHost: a\r\nExpect: teapot\r\nContent-Length: 1\r\n\r\nx")
                #expect(try client.readResponse().status == .expectationFailed)
            }
        }

        @Test func oneByteAtATime() throws {
            try withServer { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                let raw = Array(
                    "POST /slow?q=1 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n".utf8
                )
                for byte in raw {
                    try client.send([byte])
                    usleep(200)  // pacing, not synchronisation: each byte its own segment
                }
                #expect(try client.readResponse().text == "POST /slow q=1 abc")
            }
        }

        @Test func streamedResponseIsChunkedAndBackPressured() throws {
            let handler: HTTPHandler = { _ in
                let counter = Counter()
                return HTTPResponse(headers: ["Content-Type": "text/plain"]) {
                    let n = counter.next()
                    return n < 200 ? Array(String(repeating: "\(n % 10)", count: 1000).utf8) : nil
                }
            }
            try withServer(handler: handler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/stream"))
                let response = try client.readResponse()
                #expect(response.header("Transfer-Encoding") == "chunked")
                #expect(response.header("Content-Length") == nil)
                #expect(response.body.count == 200_000)
                #expect(response.header("Content-Encoding") == nil)
                // HTTP/1.0: close-delimited
                let old = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try old.send("GET /stream HTTP/1.0\r\n\r\n")
                let oldResponse = try old.readResponse()
                #expect(oldResponse.header("Transfer-Encoding") == nil)
                #expect(oldResponse.body.count == 200_000)
            }
        }

        @Test func responseHeadersWithLineBreaksAreDropped() throws {
            let handler: HTTPHandler = { _ in
                HTTPResponse(headers: ["X-Evil": "a\r\nSet-Cookie: x=1", "X-Fine": "ok"], text: "hi")
            }
            try withServer(handler: handler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/"))
                let response = try client.readResponse()
                #expect(response.header("X-Evil") == nil && response.header("Set-Cookie") == nil)
                #expect(response.header("X-Fine") == "ok")
            }
        }

        @Test func accessLogCarriesMethodPathStatusBytesDurationAndRequestID() throws {
            let logs = CapturedLogs()
            try withServer(logger: logs.logger) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/logged", extra: "X-Request-ID: rid-7\r\n"))
                _ = try client.readResponse()
            }
            let entry = try #require(logs.all.first { $0.metadata["request_id"] == "rid-7" })
            #expect(entry.level == .info)
            #expect(entry.metadata["method"] == "GET")
            #expect(entry.metadata["path"] == "/logged")
            #expect(entry.metadata["status"] == "200")
            #expect(entry.metadata["bytes"] == "14")
            #expect(Double(entry.metadata["duration_ms"] ?? "") != nil)
        }
    }
}

final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value - 1 }
}
