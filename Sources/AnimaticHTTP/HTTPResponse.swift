/// A response as returned by a handler.
///
/// The server adds `Date`, `Server`, `Content-Length` (or `Transfer-Encoding:
/// chunked`), `Connection` when needed, `X-Request-ID`, and applies gzip when the
/// client accepts it (see `HTTPServerConfiguration.gzipMinimumSize`). A handler's own
/// `Content-Length`/`Transfer-Encoding` are replaced, except that a `HEAD` response
/// with an empty body may carry the `Content-Length` it would have for `GET`.
public struct HTTPResponse: Sendable {
    /// Pulls the next piece of a streamed body; `nil` ends it. Called on the
    /// connection's queue, one call at a time, only when the socket has drained the
    /// previous piece (so it is back-pressured). An empty array is skipped.
    public typealias BodyStream = @Sendable () -> [UInt8]?

    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// When set, `body` is ignored and the body is sent chunked as the stream yields it
    /// (close-delimited to an HTTP/1.0 client). Streamed bodies are not gzipped.
    public var stream: BodyStream?
    /// When set, the response is computed later on a work pool and everything else
    /// here is ignored (see `DeferredWork`).
    public var deferred: DeferredWork?
    /// With `stream`: the body's exact length, sent as `Content-Length` instead of the
    /// chunked coding. The stream must yield exactly that many bytes.
    public var streamLength: Int?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A text body with `Content-Type: text/plain; charset=utf-8` unless given.
    public init(
        status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), text: String,
        contentType: String = "text/plain; charset=utf-8"
    ) {
        self.status = status
        self.headers = headers
        if !self.headers.contains("Content-Type") { self.headers.set("Content-Type", contentType) }
        self.body = Array(text.utf8)
    }

    /// A body of bytes with the given content type.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8], contentType: String) {
        self.init(status: status, headers: headers, body: body)
        self.headers.set("Content-Type", contentType)
    }

    /// A streamed body (chunked transfer coding).
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), stream: @escaping BodyStream) {
        self.status = status
        self.headers = headers
        self.body = []
        self.stream = stream
    }

    /// A short plain-text response for a status, e.g. `HTTPResponse.status(.notFound)`.
    public static func status(_ status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, text: "\(status.code) \(status.reasonPhrase)\n")
    }
}

/// The application's entry point: called once per request with the whole request;
/// returns the whole response (or a streamed one). Runs on the connection's serial
/// queue, so it may block it but must not block forever.
public typealias HTTPHandler = @Sendable (HTTPRequest) -> HTTPResponse
