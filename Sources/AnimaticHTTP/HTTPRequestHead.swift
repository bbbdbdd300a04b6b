/// The request line and header section of a request, with its framing decided
/// (RFC 9112 §6.3), as the parser hands it over before the body arrives.
public struct HTTPRequestHead: Sendable {
    /// How the length of the request body is determined (RFC 9112 §6.3).
    public enum BodyFraming: Sendable, Hashable {
        /// No body: neither Content-Length nor Transfer-Encoding, or `Content-Length: 0`.
        case none
        /// `Content-Length: n`, n > 0.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
    }

    public var method: HTTPMethod
    /// The request-target exactly as sent (RFC 9112 §3.2), not decoded.
    public var target: String
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var framing: BodyFraming
    /// Whether the connection may stay open after the response: HTTP/1.1 unless
    /// `Connection: close`; HTTP/1.0 only with `Connection: keep-alive` (RFC 9112 §9.3).
    public var keepAlive: Bool
    /// `Expect: 100-continue` was sent (RFC 9110 §10.1.1).
    public var expectsContinue: Bool
    /// `Expect` carried something other than `100-continue` (answered with 417).
    public var hasUnsupportedExpectation: Bool

    public init(
        method: HTTPMethod, target: String, version: HTTPVersion, headers: HTTPHeaders,
        framing: BodyFraming = .none, keepAlive: Bool = true,
        expectsContinue: Bool = false, hasUnsupportedExpectation: Bool = false
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.keepAlive = keepAlive
        self.expectsContinue = expectsContinue
        self.hasUnsupportedExpectation = hasUnsupportedExpectation
    }

    public var hasBody: Bool { framing != .none }
}
