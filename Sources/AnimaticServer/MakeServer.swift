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
    let api = AnimaticAPI(configuration: apiConfiguration, state: state)
    var configuration = http
    // One place decides gzip, ETag and Vary: the API's `Representation`, not the server.
    configuration.compressResponses = false
    // The HTTP layer's own refusals are problem details too, like every API error.
    configuration.errorResponder = { status, reason in
        var response = Problem.protocolError(status: status, reason: reason).response
        response.headers.set("Access-Control-Allow-Origin", "*")
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }
    configuration.serverName = "animatic/\(AnimaticVersion.current)"
    let server = try HTTPServer(configuration: configuration, logger: logger, handler: api.handler)
    state.attach(server)
    return AnimaticService(server: server, api: api)
}
