import AnimaticHTTP
import Foundation
import Testing

@testable import AnimaticHTTP
@testable import AnimaticServer

/// The one content-coding rule (`ContentCoding.choose`, docs/HTTP.md "Content coding"),
/// and the two layers that apply it — the HTTP server when it compresses
/// (`ResponseSerializer`) and the API (`Representation`) — giving the same answers.
@Suite struct ContentCodingRuleTests {
    static let minimum = 1024

    static func chosen(_ acceptEncoding: String?, _ type: String?, _ size: Int, noTransform: Bool = false)
        -> ContentCoding
    {
        var headers = HTTPHeaders()
        if let acceptEncoding { headers.add("Accept-Encoding", acceptEncoding) }
        return ContentCoding.choose(
            ContentCoding.preferences(headers), contentType: type, size: size, minimumSize: minimum,
            noTransform: noTransform)
    }

    /// Accept-Encoding × type × size → coding. The sizes straddle the threshold.
    @Test func theRuleOverATable() {
        let json = "application/json", png = "image/png", svg = "image/svg+xml; charset=utf-8"
        let table: [(String?, String?, Int, ContentCoding)] = [
            // No field: identity (clients that want gzip say so).
            (nil, json, 5000, .identity),
            ("gzip", json, 1024, .gzip),
            ("gzip", json, 1023, .identity),
            ("gzip", svg, 4096, .gzip),
            ("gzip", png, 5000, .identity),
            ("gzip", nil, 5000, .identity),
            ("gzip", json, 0, .identity),
            ("x-gzip", json, 2000, .gzip),
            // identity, unlisted, keeps q = 1 and wins over gzip at 0.5.
            ("GZIP;Q=0.5", json, 2000, .identity),
            ("deflate, br", json, 2000, .identity),
            ("gzip;q=0", json, 2000, .identity),
            ("gzip;q=0.2, identity;q=0.9", json, 2000, .identity),
            ("gzip;q=0.9, identity;q=0.9", json, 2000, .gzip),
            ("*;q=0.5", json, 2000, .gzip),
            ("*;q=0.5", json, 10, .identity),
            // identity refused (RFC 9110 §12.5.3 rule 2): gzip at any size…
            ("gzip, identity;q=0", json, 7, .gzip),
            ("gzip, *;q=0", json, 7, .gzip),
            // …but only for a type we offer in gzip, and only if gzip is acceptable.
            ("gzip, identity;q=0", png, 5000, .identity),
            ("identity;q=0", json, 5000, .identity),
            ("*;q=0", json, 5000, .identity),
            ("gzip, identity;q=0", json, 0, .identity),
        ]
        for (accept, type, size, expected) in table {
            #expect(Self.chosen(accept, type, size) == expected, "\(accept ?? "-") \(type ?? "-") \(size)")
        }
        #expect(Self.chosen("gzip", json, 5000, noTransform: true) == .identity)
        #expect(Self.chosen("gzip, identity;q=0", json, 5000, noTransform: true) == .identity)
    }

    @Test func theETagConvention() {
        #expect(ContentCoding.etag("\"h\"", for: .gzip) == "\"h-gz\"")
        #expect(ContentCoding.etag("W/\"h\"", for: .gzip) == "W/\"h-gz\"")
        #expect(ContentCoding.etag("\"h\"", for: .identity) == "\"h\"")
    }

    /// A response through the HTTP layer's serializer (compressing) and through the API's
    /// `Representation`, for the same request: status, coding, ETag, Vary and body agree.
    @Test func theHTTPLayerAndTheAPIAgree() throws {
        let negotiator = ContentNegotiator(gzip: GzipEncoder(level: 6), minimumSize: Self.minimum)
        let serializer = ResponseSerializer(
            serverName: nil, gzip: negotiator.gzip, gzipMinimumSize: negotiator.minimumSize, dates: DateCache())
        let representation = Representation(negotiator: negotiator)
        let text = Array(String(repeating: "{\"frame\":[0,0,100,100]},", count: 80).utf8)
        var cases = 0
        for accept in [nil, "gzip", "gzip;q=0", "gzip, identity;q=0", "*;q=0", "identity;q=0.5, gzip;q=0.4"] {
            for (type, body) in [
                ("application/json", text), ("application/json", Array(text.prefix(100))),
                ("image/png", [UInt8](repeating: 7, count: 3000)), ("text/css", []),
            ] {
                for conditional in [nil, "\"h\"", "\"h-gz\"", "W/\"h-gz\"", "\"other\""] {
                    var request = HTTPRequest(method: .get, target: "/x")
                    if let accept { request.headers.add("Accept-Encoding", accept) }
                    if let conditional { request.headers.add("If-None-Match", conditional) }
                    let response = HTTPResponse(headers: ["ETag": "\"h\""], body: body, contentType: type)

                    var api = response
                    representation.apply(&api, request: request, isPage: false)
                    let server = serializer.prepare(
                        response, method: .get, version: .http1_1, requestHeaders: request.headers,
                        requestID: "", keepAlive: true)
                    let head = String(decoding: server.head, as: UTF8.self)
                    func field(_ name: String) -> String? {
                        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }
                            .map { String($0.dropFirst(name.count + 2)) }
                    }
                    let label = "\(accept ?? "-") \(type) \(body.count) \(conditional ?? "-")"
                    #expect(server.status == api.status, "\(label)")
                    #expect(field("Content-Encoding") == api.headers["Content-Encoding"], "\(label)")
                    #expect(field("ETag") == api.headers["ETag"], "\(label)")
                    #expect(field("Vary") == api.headers["Vary"], "\(label)")
                    #expect(server.body == api.body, "\(label)")
                    cases += 1
                }
            }
        }
        #expect(cases == 120)
    }
}
