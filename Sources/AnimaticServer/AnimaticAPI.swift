import AnimaticHTTP

/// The public API on AnimaticHTTP (docs/API.md): the routes (`APIRoutes`) and the router
/// that dispatches to them. The routes are built first and the router from them, so
/// every stored property is a `let` and the class is checked `Sendable`.
public final class AnimaticAPI: Sendable {
    private let routes: APIRoutes
    private let router: Router

    public var configuration: APIConfiguration { routes.configuration }
    public var cache: ResponseCache { routes.cache }
    public var metrics: Metrics { routes.metrics }
    public var state: ServerState { routes.state }
    /// The render lane.
    public var pool: WorkPool { routes.pool }
    /// The upload lane (`POST /v1/assets`), with an asset store.
    public var uploadPool: WorkPool? { routes.uploadLane?.pool }

    /// Stops the lanes' threads: after the server has stopped.
    public func stopLanes() { routes.stopLanes() }

    /// - Parameter contentCoding: the gzip rule's level and threshold; `makeServer` passes
    ///   the HTTP server's (`HTTPServerConfiguration.contentNegotiator`), whose defaults
    ///   are these.
    public init(
        configuration: APIConfiguration, state: ServerState = ServerState(),
        contentCoding: ContentNegotiator = HTTPServerConfiguration().contentNegotiator
    ) {
        routes = APIRoutes(configuration: configuration, state: state, contentCoding: contentCoding)
        router = routes.makeRouter()
    }

    /// The handler to give `HTTPServer`.
    public var handler: HTTPHandler {
        { [router] request in router.handle(request) }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        router.handle(request)
    }
}
