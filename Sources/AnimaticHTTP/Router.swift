/// Routes by method and path pattern. Patterns are literal segments and `{name}`
/// parameters, each matching one non-empty segment: `/v1/presets/{name}/timeline`.
/// Parameter values are percent-decoded (a segment that does not decode does not match).
///
/// - No route for the path → `notFound` (404 by default).
/// - Routes for the path, none for the method → 405 with `Allow` (RFC 9110 §15.5.6).
/// - `HEAD` falls back to the `GET` route (the server drops the body, RFC 9110 §9.3.2).
/// - `OPTIONS` without an explicit route goes to `options` if set (CORS preflight
///   belongs to the app), else 204 with `Allow`; `OPTIONS *` lists every routed method.
/// - `CONNECT` → 501: an origin server opens no tunnels.
public struct Router: Sendable {
    public typealias RouteHandler = @Sendable (HTTPRequest, [String: String]) -> HTTPResponse
    /// Called for OPTIONS with the methods the path allows.
    public typealias OptionsHandler = @Sendable (HTTPRequest, _ allowed: [HTTPMethod]) -> HTTPResponse

    private enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    private struct Route: Sendable {
        var method: HTTPMethod
        var segments: [Segment]
        var handler: RouteHandler
    }

    private var routes: [Route] = []
    /// Answers requests no route matches (404 by default). Put static files here.
    public var notFound: HTTPHandler = { _ in HTTPResponse.status(.notFound) }
    public var options: OptionsHandler?

    public init() {}

    public mutating func add(_ method: HTTPMethod, _ pattern: String, handler: @escaping RouteHandler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            if part.hasPrefix("{"), part.hasSuffix("}") { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
        routes.append(Route(method: method, segments: segments, handler: handler))
    }

    public mutating func get(_ pattern: String, handler: @escaping RouteHandler) {
        add(.get, pattern, handler: handler)
    }
    public mutating func post(_ pattern: String, handler: @escaping RouteHandler) {
        add(.post, pattern, handler: handler)
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        // CONNECT asks for a tunnel, which an origin server does not offer (RFC 9110 §9.3.6).
        if request.method == .connect { return HTTPResponse.status(.notImplemented) }
        // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7): every method it routes.
        if request.target == "*" {
            var allowed: [HTTPMethod] = []
            for route in routes where !allowed.contains(route.method) { allowed.append(route.method) }
            if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
            if let options { return options(request, allowed) }
            allowed.append(.options)
            return HTTPResponse(status: .noContent, headers: ["Allow": Self.allowValue(allowed)])
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // "/" is no segments; a trailing slash is an empty last segment and must match literally.
        let parts = request.path == "/" ? [] : Array(segments)
        var allowed: [HTTPMethod] = []
        var fallback: (Route, [String: String])?
        for route in routes {
            guard let parameters = Self.match(route.segments, parts) else { continue }
            if route.method == request.method { return route.handler(request, parameters) }
            if request.method == .head, route.method == .get { fallback = (route, parameters) }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if let (route, parameters) = fallback { return route.handler(request, parameters) }
        guard !allowed.isEmpty else { return notFound(request) }
        if allowed.contains(.get), !allowed.contains(.head) { allowed.append(.head) }
        if request.method == .options {
            if let options { return options(request, allowed) }
            allowed.append(.options)
            return HTTPResponse(status: .noContent, headers: ["Allow": Self.allowValue(allowed)])
        }
        var response = HTTPResponse.status(.methodNotAllowed)
        response.headers.set("Allow", Self.allowValue(allowed))
        return response
    }

    /// The handler as an `HTTPHandler` for `HTTPServer`.
    public var handler: HTTPHandler {
        let router = self
        return { router.handle($0) }
    }

    /// The `Allow` field value: the methods in the order their routes were added.
    public static func allowValue(_ methods: [HTTPMethod]) -> String {
        methods.map(\.rawValue).joined(separator: ", ")
    }

    private static func match(_ pattern: [Segment], _ parts: [Substring]) -> [String: String]? {
        guard pattern.count == parts.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(pattern, parts) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty, let value = PercentDecoding.decode(part) else { return nil }
                parameters[name] = value
            }
        }
        return parameters
    }
}
