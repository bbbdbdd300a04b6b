import AnimaticHTTP
import AnimaticServer
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import NIOPosix

/// The peer for `make bench`: animatic's own API (`AnimaticAPI.handle`, the same routes,
/// cache, negotiation and encoders as `animatic serve`) behind Hummingbird 2 on SwiftNIO.
/// Each request is adapted to an `AnimaticHTTP.HTTPRequest` and the response back, so
/// the two servers run the same application code and a comparison measures the HTTP layer.
///
///     HummingbirdPeer [--port 8081] [--cache-mb 64] [--threads N]
var port = 8081
var cacheMB = 64
var threads = System.coreCount
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let a = arguments.next() {
    switch a {
    case "--port": port = Int(arguments.next() ?? "") ?? port
    case "--cache-mb": cacheMB = Int(arguments.next() ?? "") ?? cacheMB
    case "--threads": threads = Int(arguments.next() ?? "") ?? threads
    default: FileHandle.standardError.write(Data("unknown argument \(a)\n".utf8)); exit(2)
    }
}

let api = AnimaticAPI(configuration: APIConfiguration(cacheBytes: cacheMB << 20))
let maxBody = 1 << 20

@Sendable func adapt(_ request: Hummingbird.Request, context: some RequestContext) async throws -> Hummingbird.Response
{
    var request = request
    let body = try await request.collectBody(upTo: maxBody)
    var headers = AnimaticHTTP.HTTPHeaders()
    for field in request.headers { headers.add(field.name.canonicalName, field.value) }
    let target = request.uri.string
    let adapted = AnimaticHTTP.HTTPRequest(
        method: HTTPMethod(rawValue: request.method.rawValue), target: target,
        headers: headers, body: Array(body.readableBytesView))
    // Render-lane work runs here, on the event loop (Hummingbird has no render pool):
    // the mixed-load cell shows what that costs the health probe.
    let response = api.handle(adapted).resolvingDeferredWork()
    var bytes = response.body
    if let stream = response.stream {
        while let piece = stream() { bytes += piece }
    }
    var fields = HTTPFields()
    for (name, value) in response.headers {
        if let n = HTTPField.Name(name) { fields.append(HTTPField(name: n, value: value)) }
    }
    return Hummingbird.Response(
        status: .init(code: response.status.code), headers: fields,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
}

let router = Hummingbird.Router()
router.post("/v1/timeline", use: adapt)
router.get("/v1/presets/:name/timeline", use: adapt)
router.get("/healthz", use: adapt)

let group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
let app = Application(
    responder: router.buildResponder(),
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "Hummingbird"),
    eventLoopGroupProvider: .shared(group)
)
try await app.runService()
