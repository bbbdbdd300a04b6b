import AnimaticHTTP
import Logging

/// The service as `animatic serve` runs it: the HTTP server and the API behind it.
public struct AnimaticService: Sendable {
    public let server: HTTPServer
    public let api: AnimaticAPI
}

/// Assembles the service from its two configurations: the API's, and the HTTP server's
/// (whose protocol refusals become problem details, whose representation rules are the
/// API's own — see `Representation`). Throws when the TLS files cannot be loaded.
public func makeServer(
    api apiConfiguration: APIConfiguration, http: HTTPServerConfiguration,
    logger: Logger
) throws -> AnimaticService {
    let state = ServerState()
    let api = AnimaticAPI(configuration: apiConfiguration, state: state, contentCoding: http.contentNegotiator)
    var configuration = http
    // The API's `Representation` applies the content-coding rule (with the cache's gzipped
    // copies), so the server does not apply it a second time.
    configuration.compressResponses = false
    // The HTTP layer's own refusals are problem details too, like every API error, with
    // the same CORS fields.
    configuration.errorResponder = { status, reason in
        var response = Problem.protocolError(status: status, reason: reason).response
        CORSPolicy.api.apply(to: &response.headers)
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }
    configuration.serverName = "animatic/\(AnimaticVersion.current)"
    // An image may be larger than a spec: the upload route's body limit is the image byte
    // limit (the route then refuses by magic bytes, header and pixels).
    if apiConfiguration.assetStore != nil {
        configuration.maxBodySizeByPath["/v1/assets"] = apiConfiguration.imageLimits.maxBytes
    }
    let server = try HTTPServer(configuration: configuration, logger: logger, handler: api.handler)
    state.attach(server)
    return AnimaticService(server: server, api: api)
}
