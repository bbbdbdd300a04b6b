import CZlib
import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

func gunzip(_ data: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    guard animatic_inflateInit2(&stream, 31) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = data
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    return input.withUnsafeMutableBufferPointer { src -> [UInt8]? in
        stream.next_in = src.baseAddress
        stream.avail_in = uInt(src.count)
        while true {
            let rc = chunk.withUnsafeMutableBufferPointer { dst -> Int32 in
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return inflate(&stream, Z_NO_FLUSH)
            }
            output += chunk[0..<(chunk.count - Int(stream.avail_out))]
            if rc == Z_STREAM_END { return output }
            if rc != Z_OK { return nil }
        }
    }
}

let jsonBody = Array(
    ("[" + (0..<400).map { "{\"t\":\($0),\"v\":\(Double($0) / 7)}" }.joined(separator: ",") + "]").utf8)

let gzipHandler: HTTPHandler = { request in
    switch request.path {
    case "/small": return HTTPResponse(body: Array("{\"a\":1}".utf8), contentType: "application/json")
    case "/png": return HTTPResponse(body: [UInt8](repeating: 7, count: 5000), contentType: "image/png")
    case "/not-modified":
        return HTTPResponse(status: .notModified, headers: ["ETag": "\"x\"", "Content-Type": "application/json"])
    default: return HTTPResponse(headers: ["ETag": "\"j1\""], body: jsonBody, contentType: "application/json")
    }
}

@Suite struct GzipUnitTests {
    @Test func roundTrips() throws {
        let encoded = try #require(GzipEncoder().encode(jsonBody))
        #expect(encoded.count < jsonBody.count / 3)
        #expect(Array(encoded.prefix(2)) == [0x1F, 0x8B])  // gzip magic (RFC 1952)
        #expect(gunzip(encoded) == jsonBody)
        #expect(gunzip(try #require(GzipEncoder().encode([]))) == [])
    }

    @Test func acceptEncodingPreferences() {
        func prefs(_ value: String?) -> ContentCoding.Preferences {
            var headers = HTTPHeaders()
            if let value { headers.add("Accept-Encoding", value) }
            return ContentCoding.preferences(headers)
        }
        #expect(prefs(nil) == .init(gzip: 0, identity: 1))
        #expect(prefs("gzip, deflate, br") == .init(gzip: 1, identity: 1))
        #expect(prefs("gzip;q=0") == .init(gzip: 0, identity: 1))
        #expect(prefs("GZIP;Q=0.5, identity;q=0") == .init(gzip: 0.5, identity: 0))
        #expect(prefs("*") == .init(gzip: 1, identity: 1))
        #expect(prefs("*;q=0") == .init(gzip: 0, identity: 0))
        #expect(prefs("br, *;q=0") == .init(gzip: 0, identity: 0))
        #expect(prefs("identity;q=1, *;q=0") == .init(gzip: 0, identity: 1))
        #expect(prefs("x-gzip") == .init(gzip: 1, identity: 1))
        #expect(prefs("") == .init(gzip: 0, identity: 1))
    }

    @Test func compressibleTypes() {
        for t in [
            "text/html; charset=utf-8", "application/json", "application/problem+json", "image/svg+xml", "text/css",
            "application/javascript",
        ] {
            #expect(ContentCoding.isCompressible(contentType: t), "\(t)")
        }
        for t in ["image/png", "application/octet-stream", "application/zip", "video/mp4"] {
            #expect(!ContentCoding.isCompressible(contentType: t), "\(t)")
        }
        #expect(!ContentCoding.isCompressible(contentType: nil))
    }
}

extension ServerSuites {
    @Suite struct Gzip {
        @Test func gzipWhenAcceptedAndLargeEnough() throws {
            try withServer(handler: gzipHandler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/json", extra: "Accept-Encoding: gzip, deflate\r\n"))
                let response = try client.readResponse()
                #expect(response.header("Content-Encoding") == "gzip")
                #expect(response.header("Vary") == "Accept-Encoding")
                // The gzipped bytes are their own representation with their own strong tag.
                #expect(response.header("ETag") == "\"j1-gz\"")
                #expect(Int(response.header("Content-Length") ?? "") == response.body.count)
                #expect(gunzip(response.body) == jsonBody)

                try client.send(get("/json"))  // no Accept-Encoding
                let plain = try client.readResponse()
                #expect(plain.header("Content-Encoding") == nil && plain.body == jsonBody)
                #expect(plain.header("Vary") == "Accept-Encoding" && plain.header("ETag") == "\"j1\"")
            }
        }

        @Test func qualityValuesAreHonoured() throws {
            try withServer(handler: gzipHandler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/json", extra: "Accept-Encoding: gzip;q=0, deflate\r\n"))
                #expect(try client.readResponse().header("Content-Encoding") == nil)
                try client.send(get("/json", extra: "Accept-Encoding: *;q=0.5\r\n"))
                #expect(try client.readResponse().header("Content-Encoding") == "gzip")
                try client.send(get("/json", extra: "Accept-Encoding: gzip;q=0.2, identity;q=0.9\r\n"))
                #expect(try client.readResponse().header("Content-Encoding") == nil)
            }
        }

        /// `identity;q=0` (RFC 9110 §12.5.3): a compressible body is gzipped whatever its size;
        /// a type that does not compress is not offered in gzip, so it stays identity.
        @Test func identityRefusedGzipsSmallCompressibleBodiesOnly() throws {
            try withServer(handler: gzipHandler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/small", extra: "Accept-Encoding: gzip, identity;q=0\r\n"))
                let small = try client.readResponse()
                #expect(small.header("Content-Encoding") == "gzip" && gunzip(small.body) == Array("{\"a\":1}".utf8))
                try client.send(get("/png", extra: "Accept-Encoding: gzip, identity;q=0\r\n"))
                let png = try client.readResponse()
                #expect(png.header("Content-Encoding") == nil && png.body.count == 5000)
            }
        }

        /// Revalidating the gzipped representation with its tag gives 304 naming it.
        @Test func theGzipTagRevalidates() throws {
            try withServer(handler: gzipHandler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/json", extra: "Accept-Encoding: gzip\r\nIf-None-Match: \"j1-gz\"\r\n"))
                let response = try client.readResponse()
                #expect(response.status == .notModified && response.header("ETag") == "\"j1-gz\"")
                #expect(response.header("Content-Length") == nil && response.body.isEmpty)
            }
        }

        @Test func smallIncompressibleNotModifiedAndHeadBodiesAreLeftAlone() throws {
            try withServer(handler: gzipHandler) { _, port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/small", extra: "Accept-Encoding: gzip\r\n"))
                #expect(try client.readResponse().header("Content-Encoding") == nil)
                try client.send(get("/png", extra: "Accept-Encoding: gzip\r\n"))
                let png = try client.readResponse()
                #expect(png.header("Content-Encoding") == nil && png.header("Vary") == nil)
                try client.send(get("/not-modified", extra: "Accept-Encoding: gzip\r\n"))
                let notModified = try client.readResponse()
                #expect(notModified.status == .notModified && notModified.header("Content-Encoding") == nil)

                // HEAD: the same headers a GET gets, Content-Length of the gzipped body, no body.
                try client.send(get("/json", extra: "Accept-Encoding: gzip\r\n"))
                let getResponse = try client.readResponse()
                try client.send("HEAD /json HTTP/1.1\r\nHost: a\r\nAccept-Encoding: gzip\r\n\r\n")
                let head = try client.readResponse(headOnly: true)
                #expect(head.header("Content-Encoding") == "gzip")
                #expect(head.header("Content-Length") == getResponse.header("Content-Length"))
                try client.send(get("/small"))
                #expect(try client.readResponse().status == .ok)
            }
        }

        @Test func curlCompressedAndPythonGzipDecode() throws {
            guard let curl = which("curl") else { Issue.record("curl not installed"); return }
            try withServer(handler: gzipHandler) { _, port in
                let out = try run(curl, ["-s", "--compressed", "http://127.0.0.1:\(port)/json"])
                #expect(out.status == 0 && out.stdout == jsonBody)
                let raw = try run(curl, ["-s", "-H", "Accept-Encoding: gzip", "http://127.0.0.1:\(port)/json"])
                #expect(raw.stdout.prefix(2) == [0x1F, 0x8B])
                if let python = which("python3") {
                    let decoded = try run(
                        python,
                        ["-c", "import gzip,sys; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))"],
                        stdin: raw.stdout)
                    #expect(decoded.status == 0 && decoded.stdout == jsonBody)
                }
            }
        }
    }

    @Suite struct Shutdown {
        @Test func inFlightResponsesCompleteAndIdleConnectionsClose() throws {
            let release = DispatchSemaphore(value: 0)
            let entered = DispatchSemaphore(value: 0)
            let handler: HTTPHandler = { request in
                if request.path == "/slow" {
                    entered.signal()
                    // Bounded, so a test that fails before releasing it cannot hang the server.
                    _ = release.wait(timeout: .now() + 10)
                    return HTTPResponse(
                        body: [UInt8](repeating: 0x41, count: 300_000), contentType: "application/octet-stream")
                }
                return HTTPResponse(text: "fast")
            }
            var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.shutdownGracePeriod = .seconds(5)
            let server = try HTTPServer(configuration: configuration, logger: quietLogger, handler: handler)
            let port = try server.start()
            defer {
                release.signal()
                server.shutdown()
                server.waitUntilStopped()
            }

            let idle = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try idle.send(get("/"))
            _ = try idle.readResponse()
            let busy = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try busy.send(get("/slow"))
            try #require(entered.wait(timeout: .now() + 5) == .success, "the handler never ran")

            server.shutdown()
            #expect(server.isDraining)
            #expect(idle.readsEOF())  // idle keep-alive connection closed at once
            // No longer accepting.
            #expect(throws: (any Error).self) { _ = try HTTPClientConnection(host: "127.0.0.1", port: port) }

            let stopped = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                server.waitUntilStopped(); stopped.signal()
            }
            #expect(stopped.wait(timeout: .now() + 0.3) == .timedOut)  // still serving the slow one
            release.signal()
            let response = try busy.readResponse()
            #expect(response.status == .ok && response.body.count == 300_000)
            #expect(response.header("Connection") == "close")
            #expect(stopped.wait(timeout: .now() + 3) == .success)
            #expect(server.openConnectionCount == 0)
        }

        @Test func graceExpiryClosesStragglers() throws {
            var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
            configuration.shutdownGracePeriod = .milliseconds(300)
            let server = try HTTPServer(configuration: configuration, logger: quietLogger, handler: echoHandler)
            let port = try server.start()
            // A request whose body never comes. The interim 100 Continue shows the server has
            // parsed the head, so the connection is in flight (not idle) when shutdown begins.
            let halfway = try HTTPClientConnection(host: "127.0.0.1", port: port)
            try halfway.send("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 10\r\n\r\n")
            #expect(try halfway.readResponse().status == .continue)
            server.shutdown()
            let started = Date()
            server.waitUntilStopped()
            #expect(Date().timeIntervalSince(started) < 2.5)
            #expect(halfway.readsEOF())
        }

        @Test func waitUntilStoppedReturnsForANeverStartedServer() throws {
            let server = try HTTPServer(
                configuration: HTTPServerConfiguration(), logger: quietLogger, handler: echoHandler)
            // Waited for on another thread, so a waitUntilStopped that blocks fails the test
            // instead of hanging it.
            func returnsWithin(_ seconds: Double) -> Bool {
                let returned = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    server.waitUntilStopped(); returned.signal()
                }
                return returned.wait(timeout: .now() + seconds) == .success
            }
            #expect(returnsWithin(3), "before shutdown")
            #expect(!server.isDraining && server.port == nil && server.openConnectionCount == 0)
            server.shutdown()
            #expect(returnsWithin(3), "after shutdown")
            #expect(server.isDraining)
        }

        @Test func signalTriggersShutdown() throws {
            // Repeated: a signal lost to the wrong thread (the libdispatch signalfd
            // pitfall, see ShutdownSignals) showed up as an occasional hang.
            for _ in 0..<10 {
                let server = try HTTPServer(
                    configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0),
                    logger: quietLogger, handler: echoHandler)
                _ = try server.start()
                let received = DispatchSemaphore(value: 0)
                let signals = ShutdownSignals.install(for: server, signals: [SIGUSR2]) { _ in received.signal() }
                defer { signals.cancel() }
                kill(getpid(), SIGUSR2)
                #expect(received.wait(timeout: .now() + 3) == .success)
                let stopped = DispatchSemaphore(value: 0)
                DispatchQueue.global().async {
                    server.waitUntilStopped(); stopped.signal()
                }
                #expect(stopped.wait(timeout: .now() + 3) == .success)
                #expect(server.isDraining)
                server.shutdown()
            }
        }
    }
}
