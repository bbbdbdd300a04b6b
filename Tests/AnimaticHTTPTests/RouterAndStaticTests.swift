import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

@Suite struct RouterTests {
    func router() -> Router {
        var router = Router()
        router.get("/v1/presets") { _, _ in HTTPResponse(text: "list") }
        router.get("/v1/presets/{name}") { _, p in HTTPResponse(text: "preset \(p["name"]!)") }
        router.get("/v1/presets/{name}/timeline") { _, p in HTTPResponse(text: "timeline \(p["name"]!)") }
        router.post("/v1/timeline") { r, _ in HTTPResponse(text: "posted \(r.body.count)") }
        router.add(.delete, "/v1/presets/{name}") { _, _ in HTTPResponse(status: .noContent) }
        return router
    }

    func call(_ method: HTTPMethod, _ target: String, _ router: Router? = nil) -> HTTPResponse {
        (router ?? self.router()).handle(HTTPRequest(method: method, target: target))
    }

    @Test func matchesLiteralsAndParameters() {
        #expect(call(.get, "/v1/presets").body == Array("list".utf8))
        #expect(call(.get, "/v1/presets/fold?x=1").body == Array("preset fold".utf8))
        #expect(call(.get, "/v1/presets/tab%20slide/timeline").body == Array("timeline tab slide".utf8))
        #expect(call(.post, "/v1/timeline").body == Array("posted 0".utf8))
    }

    @Test func unknownPathIs404() {
        #expect(call(.get, "/nope").status == .notFound)
        #expect(call(.get, "/v1/presets/a/b/c").status == .notFound)
        #expect(call(.get, "/v1/presets/").status == .notFound)  // empty parameter does not match
        #expect(call(.get, "/v1/presets/%zz").status == .notFound)
    }

    @Test func wrongMethodIs405WithAllow() {
        let response = call(.put, "/v1/presets/fold")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, DELETE, HEAD")
    }

    @Test func headFallsBackToGet() {
        #expect(call(.head, "/v1/presets").body == Array("list".utf8))
    }

    @Test func optionsDefaultsTo204AndCanBeHooked() {
        let plain = call(.options, "/v1/timeline")
        #expect(plain.status == .noContent && plain.headers["Allow"] == "POST, OPTIONS")
        var hooked = router()
        hooked.options = { _, allowed in
            HTTPResponse(
                status: .noContent,
                headers: ["Access-Control-Allow-Methods": allowed.map(\.rawValue).joined(separator: ",")])
        }
        #expect(call(.options, "/v1/presets/x", hooked).headers["Access-Control-Allow-Methods"] == "GET,DELETE,HEAD")
    }

    @Test func notFoundHookServesFallbacks() {
        var r = router()
        r.notFound = { _ in HTTPResponse(status: HTTPStatus(code: 418)) }
        #expect(call(.get, "/elsewhere", r).status == HTTPStatus(code: 418))
    }

    @Test func requestTargetForms() {
        let absolute = HTTPRequest(method: .get, target: "http://example.com:8080/a/b?c=d")
        #expect(absolute.path == "/a/b" && absolute.query == "c=d")
        #expect(HTTPRequest(method: .get, target: "http://example.com").path == "/")
        #expect(HTTPRequest(method: .options, target: "*").path == "*")
        let encoded = HTTPRequest(method: .get, target: "/a%2Fb?x=1+2&y=%41")
        #expect(encoded.path == "/a%2Fb")  // not decoded
        #expect(encoded.queryItems.map { "\($0.name)=\($0.value)" } == ["x=1 2", "y=A"])
    }
}

extension ServerSuites {
    @Suite struct StaticFiles {
        let root: String
        let outside: String

        init() throws {
            root = try makeTempDir()
            outside = try makeTempDir()
            try "<h1>home</h1>".write(toFile: root + "/index.html", atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(atPath: root + "/css", withIntermediateDirectories: true)
            try String(repeating: "body { color: red; }\n", count: 200).write(
                toFile: root + "/css/app.css", atomically: true, encoding: .utf8)
            try "secret".write(toFile: outside + "/secret.txt", atomically: true, encoding: .utf8)
            try "hidden".write(toFile: root + "/.env", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/escape.txt", withDestinationPath: outside + "/secret.txt")
            try FileManager.default.createSymbolicLink(atPath: root + "/escape-dir", withDestinationPath: outside)
            try FileManager.default.createSymbolicLink(
                atPath: root + "/inside.html", withDestinationPath: root + "/index.html")
        }

        func serve(_ body: (Int) throws -> Void) throws {
            let files = StaticFileHandler(root: root)
            var router = Router()
            router.get("/api") { _, _ in HTTPResponse(text: "api") }
            router.notFound = { files.response(for: $0) ?? HTTPResponse.status(.notFound) }
            try withServer(handler: router.handler) { _, port in try body(port) }
        }

        @Test func servesIndexAndTypesWithETagAnd304() throws {
            try serve { port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get("/"))
                let index = try client.readResponse()
                #expect(index.status == .ok && index.text == "<h1>home</h1>")
                #expect(index.header("Content-Type") == "text/html; charset=utf-8")
                let etag = try #require(index.header("ETag"))
                #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
                #expect(index.header("Last-Modified")?.hasSuffix("GMT") == true)

                try client.send(get("/index.html", extra: "If-None-Match: \"other\", \(etag)\r\n"))
                let notModified = try client.readResponse()
                #expect(notModified.status == .notModified && notModified.body.isEmpty)
                #expect(notModified.header("ETag") == etag && notModified.header("Content-Length") == nil)

                try client.send(get("/css/app.css"))
                let css = try client.readResponse()
                #expect(css.header("Content-Type") == "text/css; charset=utf-8" && css.body.count == 4200)

                try client.send(get("/inside.html"))
                #expect(try client.readResponse().status == .ok)  // symlink within the root is fine
                try client.send(get("/api"))
                #expect(try client.readResponse().text == "api")
            }
        }

        @Test(arguments: [
            "/../secret.txt", "/css/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2fsecret.txt",
            "/css%2f..%2f..%2fsecret.txt", "/escape.txt", "/escape-dir/secret.txt", "/.env", "/index.html%00.txt",
            "/nope.html", "/%zz", "//etc/passwd", "/\(String(repeating: "a", count: 300))",
        ])
        func refusesTraversalAndEscapes(path: String) throws {
            try serve { port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send(get(path))
                let response = try client.readResponse()
                #expect(response.status == .notFound, "\(path)")
                #expect(!response.text.contains("secret"))
            }
        }

        @Test func absoluteFormCannotEscapeEither() throws {
            try serve { port in
                let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try client.send("GET http://localhost/..%2f..%2fetc/passwd HTTP/1.1\r\nHost: a\r\n\r\n")
                #expect(try client.readResponse().status == .notFound)
            }
        }
    }
}
