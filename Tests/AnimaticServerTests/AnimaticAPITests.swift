import AnimaticCore
import AnimaticHTTP
import Foundation
import Testing
@testable import AnimaticServer

/// The API's routes called in process (the socket path is covered end to end by
/// Tests/python/test_api.py against a running `animatic serve`).
@Suite struct AnimaticAPITests {
    let api = AnimaticAPI(configuration: APIConfiguration(cacheBytes: 1 << 20))

    func request(_ method: HTTPMethod, _ target: String, body: String = "", headers: [(String, String)] = []) -> HTTPResponse {
        var r = HTTPRequest(method: method, target: target)
        r.body = Array(body.utf8)
        for (n, v) in headers { r.headers.add(n, v) }
        return api.handle(r)
    }

    func json(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static let spec = #"{"layers":[{"id":"a","frame":[0,0,100,100]}],"animations":[{"duration":0.25,"changes":{"a":{"position":[150,50]}}}]}"#

    @Test func aSpecGivesItsTimelineWithAStrongETagAndThenA304() throws {
        let first = request(.post, "/v1/timeline?frames=true", body: Self.spec, headers: [("Content-Type", "application/json")])
        #expect(first.status == .ok)
        let etag = try #require(first.headers["ETag"])
        #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
        let timeline = try json(first)
        #expect(timeline["duration"] as? Double == 0.25)
        #expect((timeline["frames"] as? [Any])?.count == 16)
        let again = request(.post, "/v1/timeline?frames=true", body: Self.spec, headers: [("If-None-Match", etag)])
        #expect(again.status == .notModified && again.body.isEmpty && again.headers["ETag"] == etag)
        #expect(api.metrics.cacheHitCount == 0, "a 304 needs no body")
        let third = request(.post, "/v1/timeline?frames=true", body: Self.spec)
        #expect(third.status == .ok && third.body == first.body && api.metrics.cacheHitCount == 1)
    }

    @Test func theETagDependsOnFormatAndOptionsButNotOnSpelling() {
        let a = request(.post, "/v1/timeline", body: Self.spec).headers["ETag"]
        let spaced = request(.post, "/v1/timeline", body: Self.spec.replacingOccurrences(of: ",", with: ", ")).headers["ETag"]
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
        // Revalidating either representation matches.
        let revalidated = request(.get, "/v1/presets/fold/timeline?frames=true",
                                  headers: [("Accept-Encoding", "gzip"), ("If-None-Match", try #require(body.headers["ETag"]))])
        #expect(revalidated.status == .notModified)
    }

    @Test func problemsAreProblemDetailsWithPointers() throws {
        let bad = request(.post, "/v1/timeline", body: #"{"layers":[{"id":"a","frame":[0,0,1,1]}],"animations":[{"duration":-1,"changes":{"a":{"alpah":1}}}]}"#)
        #expect(bad.status == .unprocessableContent && bad.headers["Content-Type"] == "application/problem+json")
        let problem = try json(bad)
        let pointers = (problem["errors"] as? [[String: Any]])?.compactMap { $0["pointer"] as? String }
        #expect(pointers == ["/animations/0/duration", "/animations/0/changes/a/alpah"])
        #expect(problem["status"] as? Int == 422)

        let malformed = request(.post, "/v1/validate", body: #"{"layers": [}"#)
        #expect(malformed.status == .badRequest)
        #expect(try json(malformed)["offset"] as? Int == 12)

        let wrongType = request(.post, "/v1/timeline", body: Self.spec, headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(wrongType.status == .unsupportedMediaType)
        let unacceptable = request(.post, "/v1/timeline", body: Self.spec, headers: [("Accept", "image/png")])
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
        let spec = #"{"layers":[\#(layers.joined(separator: ","))],"animations":[{"duration":59,"changes":{"l0":{"alpha":0}}}]}"#
        let response = request(.post, "/v1/timeline?frames=true&fps=240", body: spec)
        #expect(response.status == .unprocessableContent)
        #expect(try json(response)["type"] as? String == "https://animatic.dev/problems/too-much-work")
    }

    @Test func validateAndPresets() throws {
        let ok = request(.post, "/v1/validate", body: #"{"preset":"fold","params":{"folds":3}}"#)
        #expect(ok.status == .ok && String(decoding: ok.body, as: UTF8.self) == #"{"valid":true}"#)
        let list = try json(request(.get, "/v1/presets"))
        #expect((list["presets"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                == ["popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip",
                 "cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn",
                 "heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
                 "heroPageOut", "heroFade", "heroZoom", "heroZoomOut", "slide", "fade"])
        let fold = try json(request(.get, "/v1/presets/fold?folds=3"))
        // Three folds: a left and right strip of each view per fold, plus shadows.
        #expect(((fold["layers"] as? [Any])?.count ?? 0) >= 12)
    }

    @Test func healthReadinessMetricsAndCORS() throws {
        #expect(request(.get, "/healthz").status == .ok)
        #expect(request(.get, "/readyz").status == .ok)
        _ = request(.get, "/v1/presets")
        let metrics = String(decoding: request(.get, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"animatic_http_requests_total{route="/v1/presets",method="GET",status="200"} 1"#))
        #expect(metrics.contains("animatic_http_request_duration_seconds_bucket{route=\"/v1/presets\",le=\"+Inf\"} 1"))
        #expect(metrics.contains("animatic_open_connections 0"))
        let preflight = request(.options, "/v1/timeline", headers: [("Origin", "https://example.com"),
                                                                    ("Access-Control-Request-Method", "POST")])
        #expect(preflight.status == .noContent)
        #expect(preflight.headers["Access-Control-Allow-Methods"]?.contains("POST") == true)
        #expect(request(.get, "/v1/presets").headers["Access-Control-Allow-Origin"] == "*")
        #expect(request(.delete, "/v1/presets").status == .methodNotAllowed)
    }
}
