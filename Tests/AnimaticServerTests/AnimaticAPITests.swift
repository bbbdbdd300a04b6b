import AnimaticCore
import AnimaticHTTP
import Foundation
import Testing
@testable import AnimaticServer

/// The API's routes called in process (the socket path is covered end to end by
/// Tests/python/test_api.py against a running `animatic serve`).
@Suite struct AnimaticAPITests {
    let api = AnimaticAPI(configuration: APIConfiguration(cacheBytes: 1 << 20))

    func request(_ method: HTTPMethod, _ target: String, body: String = "", headers: [(String, String)] = [])
        -> HTTPResponse
    {
        var r = HTTPRequest(method: method, target: target)
        r.body = Array(body.utf8)
        for (n, v) in headers { r.headers.add(n, v) }
        return api.handle(r).resolvingDeferredWork()
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static let spec =
        #"{"layers":[{"id":"a","frame":[0,0,100,100]}],"animations":[{"duration":0.25,"changes":{"a":{"position":[150,50]}}}]}"#

    @Test func aSpecGivesItsTimelineWithAStrongETagAndThenA304() throws {
        let first = request(
            .post, "/v1/timeline?frames=true", body: Self.spec, headers: [("Content-Type", "application/json")])
        #expect(first.status == .ok)
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        let timeline = try json(first)
        #expect(timeline["duration"] as? Double == 0.25)
        #expect((timeline["frames"] as? [Any])?.count == 16)
        let again = request(.post, "/v1/timeline?frames=true", body: Self.spec, headers: [("If-None-Match", etag)])
        #expect(again.status == .notModified && again.body.isEmpty && again.headers["ETag"] == etag)
        #expect(again.headers["Content-Type"] == nil)
        #expect(api.metrics.cacheHitCount == 1, "the 304 is decided from the cached body, nothing is computed")
        let third = request(.post, "/v1/timeline?frames=true", body: Self.spec)
        #expect(third.status == .ok && third.body == first.body && api.metrics.cacheHitCount == 2)
    }

    @Test func theETagDependsOnFormatAndOptionsButNotOnSpelling() {
        let a = request(.post, "/v1/timeline", body: Self.spec).headers["ETag"]
        let spaced = request(.post, "/v1/timeline", body: Self.spec.replacingOccurrences(of: ",", with: ", ")).headers[
            "ETag"]
        let framed = request(.post, "/v1/timeline?frames=true", body: Self.spec).headers["ETag"]
        let svg = request(.post, "/v1/timeline?format=svg", body: Self.spec).headers["ETag"]
        #expect(a != nil && a == spaced)
        #expect(Set([a, framed, svg]).count == 3)
    }

    @Test func gzipIsItsOwnRepresentation() throws {
        let body = request(.get, "/v1/presets/fold/timeline?frames=true")
        let gz = request(.get, "/v1/presets/fold/timeline?frames=true", headers: [("Accept-Encoding", "gzip")])
        #expect(gz.headers["Content-Encoding"] == "gzip")
        #expect(gz.body.count < body.body.count / 4)
        #expect(gz.headers["ETag"] == body.headers["ETag"].map { String($0.dropLast()) + "-gz\"" })
        // gzip;q=0 refuses it.
        let refused = request(.get, "/v1/presets/fold/timeline?frames=true", headers: [("Accept-Encoding", "gzip;q=0")])
        #expect(refused.headers["Content-Encoding"] == nil)
        // Revalidating the gzip representation matches it and names it.
        let gzTag = try #require(gz.headers["ETag"])
        let revalidated = request(
            .get, "/v1/presets/fold/timeline?frames=true",
            headers: [("Accept-Encoding", "gzip"), ("If-None-Match", gzTag)])
        #expect(revalidated.status == .notModified && revalidated.headers["ETag"] == gzTag)
        // The identity tag names other bytes than this client would get now: a full 200 (gzip).
        let other = request(
            .get, "/v1/presets/fold/timeline?frames=true",
            headers: [("Accept-Encoding", "gzip"), ("If-None-Match", try #require(body.headers["ETag"]))])
        #expect(other.status == .ok && other.headers["Content-Encoding"] == "gzip" && other.headers["ETag"] == gzTag)
    }

    /// The bug of issue 12: a small body is sent uncompressed with "h"; revalidating it
    /// while accepting gzip must give 304 with "h" (the tag of the bytes sent), not "h-gz".
    @Test func aSmallBodyRevalidatesWithTheTagItWasSentWith() throws {
        let first = request(.post, "/v1/timeline", body: Self.spec, headers: [("Accept-Encoding", "gzip")])
        #expect(first.status == .ok && first.headers["Content-Encoding"] == nil && first.body.count < 1024)
        let etag = try #require(first.headers["ETag"])
        #expect(!etag.contains("-gz"))
        let again = request(
            .post, "/v1/timeline", body: Self.spec,
            headers: [("Accept-Encoding", "gzip"), ("If-None-Match", etag)])
        #expect(again.status == .notModified && again.headers["ETag"] == etag)
        #expect(again.headers["Vary"]?.contains("Accept-Encoding") == true)
    }

    @Test func aCodedRequestBodyIs415NamingContentEncoding() throws {
        let coded = request(
            .post, "/v1/timeline", body: Self.spec,
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")])
        #expect(coded.status == .unsupportedMediaType && coded.headers["Accept-Encoding"] == "identity")
        #expect(try json(coded)["parameter"] as? String == "Content-Encoding")
        let identity = request(.post, "/v1/validate", body: Self.spec, headers: [("Content-Encoding", "identity")])
        #expect(identity.status == .ok)
    }

    @Test func pageAndFilesCarrySecurityHeaders() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-sec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("<!doctype html><p>hi</p>".utf8).write(to: dir.appendingPathComponent("index.html"))
        let withFiles = AnimaticAPI(configuration: APIConfiguration(publicDirectory: dir.path))
        let page = withFiles.handle(HTTPRequest(method: .get, target: "/"))
        #expect(page.status == .ok)
        #expect(page.headers["X-Content-Type-Options"] == "nosniff")
        #expect(page.headers["Referrer-Policy"] == "no-referrer")
        let csp = try #require(page.headers["Content-Security-Policy"])
        #expect(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'")
                && !csp.contains("unsafe-inline"))
        // A file path with a trailing slash names a directory, which it is not.
        #expect(withFiles.handle(HTTPRequest(method: .get, target: "/index.html/")).status == .notFound)
        // Static files revalidate through the same rules.
        let etag = try #require(page.headers["ETag"])
        var conditional = HTTPRequest(method: .get, target: "/")
        conditional.headers.add("If-None-Match", etag)
        let notModified = withFiles.handle(conditional)
        #expect(notModified.status == .notModified && notModified.headers["ETag"] == etag && notModified.body.isEmpty)
    }

    @Test func problemsAreProblemDetailsWithPointers() throws {
        let bad = request(
            .post, "/v1/timeline",
            body:
                #"{"layers":[{"id":"a","frame":[0,0,1,1]}],"animations":[{"duration":-1,"changes":{"a":{"alpah":1}}}]}"#
        )
        #expect(bad.status == .unprocessableContent && bad.headers["Content-Type"] == "application/problem+json")
        let problem = try json(bad)
        let pointers = (problem["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/animations/0/duration", "/animations/0/changes/a/alpah"])
        #expect(problem["status"] as? Int == 422)

        let malformed = request(.post, "/v1/validate", body: #"{"layers": [}"#)
        #expect(malformed.status == .badRequest)
        #expect(try json(malformed)["offset"] as? Int == 12)

        let wrongType = request(
            .post, "/v1/timeline", body: Self.spec, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(wrongType.status == .unsupportedMediaType)
        let unacceptable = request(.post, "/v1/timeline", body: Self.spec, headers: [("Accept", "image/jpeg")])
        #expect(unacceptable.status == .notAcceptable)
        let badFPS = request(.get, "/v1/presets/fold/timeline?fps=1000")
        #expect(badFPS.status == .badRequest)
        #expect(try json(badFPS)["parameter"] as? String == "fps")
        #expect(request(.get, "/v1/presets/nope").status == .notFound)
        let badParam = request(.get, "/v1/presets/fold?folds=0")
        #expect(badParam.status == .unprocessableContent)
        let errors = try json(badParam)["errors"] as? [[String: Any]]
        #expect(errors?.first?["pointer"] as? String == "/params/folds")
    }

    @Test func workOverTheLimitIsRefusedBeforeComputing() throws {
        // 21 layers × (60 s × 240 fps + 1) frame samples is far over 250,000.
        var layers: [String] = []
        for i in 0..<21 { layers.append(#"{"id":"l\#(i)","frame":[0,0,1,1]}"#) }
        let spec =
            #"{"layers":[\#(layers.joined(separator: ","))],"animations":[{"duration":59,"changes":{"l0":{"alpha":0}}}]}"#
        let response = request(.post, "/v1/timeline?frames=true&fps=240", body: spec)
        #expect(response.status == .unprocessableContent)
        #expect(try json(response)["type"] as? String == "https://animatic.dev/problems/too-much-work")
    }

    @Test func validateAndPresets() throws {
        let ok = request(.post, "/v1/validate", body: #"{"preset":"fold","params":{"folds":3}}"#)
        #expect(ok.status == .ok && String(decoding: ok.body, as: UTF8.self) == #"{"valid":true}"#)
        let list = try json(request(.get, "/v1/presets"))
        #expect(
            (list["presets"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                == [
                    "popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip",
                    "cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn",
                    "heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
                    "heroPageOut", "heroFade", "heroZoom", "heroZoomOut", "slide", "fade",
                ])
        let fold = try json(request(.get, "/v1/presets/fold?folds=3"))
        // Three folds: a left and right strip of each view per fold, plus shadows.
        #expect(((fold["layers"] as? [Any])?.count ?? 0) >= 12)
    }

    @Test func presetsCarryTheirInteractionRule() throws {
        let list = try json(request(.get, "/v1/presets"))
        let presets = try #require(list["presets"] as? [[String: Any]])
        let tab = try #require(presets.first { $0["name"] as? String == "tabSlide" }?["interaction"] as? [String: Any])
        #expect(tab["axis"] as? String == "x" && tab["distance"] as? Double == 390 && tab["direction"] as? Double == -1)
        #expect(presets.first { $0["name"] as? String == "popup" }?["interaction"] is NSNull)
        // For other parameters: the tab slide from tab 2 to 1 in a 320-point container.
        let other = try json(request(.get, #"/v1/presets/tabSlide/interaction?from=2&to=1&width=320"#))
        let rule = try #require(other["interaction"] as? [String: Any])
        #expect(
            rule["distance"] as? Double == 320 && rule["direction"] as? Double == 1
                && rule["threshold"] as? Double == 0.5)
        #expect(request(.get, "/v1/presets/tabSlide/interaction?to=7").status == .unprocessableContent)
        #expect(request(.get, "/v1/presets/nope/interaction").status == .notFound)
        let none = try json(request(.get, "/v1/presets/popup/interaction"))
        #expect(none["interaction"] is NSNull)
    }

    @Test func healthReadinessMetricsAndCORS() throws {
        #expect(request(.get, "/healthz").status == .ok)
        #expect(request(.get, "/readyz").status == .ok)
        _ = request(.get, "/v1/presets")
        let metrics = String(decoding: request(.get, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"animatic_http_requests_total{route="/v1/presets",method="GET",status="200"} 1"#))
        #expect(metrics.contains("animatic_http_request_duration_seconds_bucket{route=\"/v1/presets\",le=\"+Inf\"} 1"))
        #expect(metrics.contains("animatic_open_connections 0"))
        let preflight = request(
            .options, "/v1/timeline",
            headers: [
                ("Origin", "https://example.com"),
                ("Access-Control-Request-Method", "POST"),
            ])
        #expect(preflight.status == .noContent)
        #expect(preflight.headers["Access-Control-Allow-Methods"]?.contains("POST") == true)
        #expect(request(.get, "/v1/presets").headers["Access-Control-Allow-Origin"] == "*")
        #expect(request(.delete, "/v1/presets").status == .methodNotAllowed)
    }
}
