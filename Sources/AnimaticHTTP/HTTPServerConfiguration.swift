/// TLS settings: PEM files of the certificate chain (leaf first) and its private key.
public struct TLSConfiguration: Sendable, Hashable {
    public var certificateChainPath: String
    public var privateKeyPath: String

    public init(certificateChainPath: String, privateKeyPath: String) {
        self.certificateChainPath = certificateChainPath
        self.privateKeyPath = privateKeyPath
    }
}

/// Everything the server can be told. Defaults are the documented limits (docs/HTTP.md).
public struct HTTPServerConfiguration: Sendable {
    /// A numeric address or a name. Every address it resolves to is bound
    /// ("localhost" → 127.0.0.1 and ::1); "::" alone also accepts IPv4 (dual stack);
    /// "*" or "" binds 0.0.0.0 and ::.
    public var host: String = "127.0.0.1"
    /// 0 picks a free port; `HTTPServer.start()` returns the bound one.
    public var port: Int = 8080
    /// Connections served at once. One more is accepted, answered `503` with
    /// `Retry-After: 1` and closed.
    public var maxConnections: Int = 4096
    /// listen(2) backlog.
    public var backlog: Int32 = 1024

    /// Request line limit, excluding CRLF (→ 414).
    public var maxRequestLineLength: Int = 8192
    /// Header section limit in bytes (→ 431); trailers too.
    public var maxHeaderBlockSize: Int = 16384
    /// Header field count limit (→ 431); trailers too.
    public var maxHeaderCount: Int = 100
    /// Request body limit, declared or received (→ 413).
    public var maxBodySize: Int = 1 << 20
    /// Body limits of particular paths in place of `maxBodySize` (AnimaticServer gives
    /// `/v1/assets` the image byte limit).
    public var maxBodySizeByPath: [String: Int] = [:]
    /// Request-body bytes all connections together may hold in memory (a declared length
    /// counts from the head on). Past it, a new body gets 503 with `Retry-After: 1` and
    /// `Connection: close`, unless connections holding more can be shed (docs/HTTP.md).
    public var maxBufferedBodyBytes: Int = 256 << 20

    /// From a request's first byte (or, for a new connection, from accept) until its
    /// header section is complete; on expiry → 408 and close (quiet close if no byte
    /// of a request arrived). Also bounds the TLS handshake.
    public var headerTimeout: Duration = .seconds(10)
    /// From the end of the header section until the body is complete (→ 408, close).
    public var bodyTimeout: Duration = .seconds(30)
    /// How long a keep-alive connection may wait for the next request (quiet close).
    public var idleTimeout: Duration = .seconds(60)
    /// How long a response may make no progress into a client's socket (abortive close).
    public var writeTimeout: Duration = .seconds(30)
    /// After the last response of a closing connection, how long unread client bytes
    /// are drained so the response is not lost to a TCP reset (RFC 9112 §9.6).
    public var lingerTimeout: Duration = .seconds(2)

    /// TLS 1.2/1.3 when set.
    public var tls: TLSConfiguration?

    /// Bodies of compressible types at least this long are gzipped when accepted.
    public var gzipMinimumSize: Int = 1024
    /// Whether the server gzips bodies itself (and adds `Vary: Accept-Encoding`). Off
    /// when the application decides every representation (AnimaticServer does).
    public var compressResponses = true
    /// zlib level 1–9.
    public var gzipLevel: Int32 = 6
    /// The content-coding rule with this configuration's level and threshold: what the
    /// server applies when `compressResponses` is on, and what an application that
    /// decides its own representations should apply (AnimaticServer's `Representation`).
    public var contentNegotiator: ContentNegotiator {
        ContentNegotiator(gzip: GzipEncoder(level: gzipLevel), minimumSize: gzipMinimumSize)
    }
    /// The `Server` header value; `nil` omits it.
    public var serverName: String? = "animatic"
    /// How long `shutdown()` lets in-flight requests finish before closing everything.
    /// Deferred work still running then is cancelled.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// Connections one client address may hold at once (→ 429 `Retry-After: 1`, close).
    /// Unlimited by default (a reverse proxy is one address); `animatic serve` sets 256.
    public var maxConnectionsPerClient: Int = .max
    /// Silent connections (accepted, and no byte of a request yet or a header section
    /// still arriving) one client address may hold; past it, the address's oldest silent
    /// ones are closed once silent for `silentShareGrace`. Unlimited by default, like
    /// `maxConnectionsPerClient`; `animatic serve` sets 32 (docs/HTTP.md says why).
    public var maxSilentConnectionsPerClient: Int = .max
    /// How long a connection must have been silent before its address's share may close
    /// it: a client that opens many connections at once sends on each only after opening
    /// them all (a load tester, a connection pool), and a TLS handshake keeps a connection
    /// silent for a round trip. 250 ms by default (docs/HTTP.md says why); not applied at
    /// or near the connection cap.
    public var silentShareGrace: Duration = .milliseconds(250)
    /// When this many connections are open (default: 7/8 of `maxConnections`), each new
    /// one closes the keep-alive connection idle, or the connection silent, longest, so
    /// clients holding idle or silent connections cannot lock others out.
    public var idleEvictionThreshold: Int?
    /// Builds the response to a request the server itself refuses (400 malformed, 408,
    /// 413, 414, 431) from its status and reason — so an application can answer in its own
    /// error format. Nil: a short text/plain body. `Connection: close` is added either way.
    public var errorResponder: (@Sendable (_ status: HTTPStatus, _ reason: String) -> HTTPResponse)?

    public init() {}

    public init(host: String = "127.0.0.1", port: Int = 8080, tls: TLSConfiguration? = nil) {
        self.host = host
        self.port = port
        self.tls = tls
    }

    var parserLimits: RequestParser.Limits {
        RequestParser.Limits(
            maxRequestLineLength: maxRequestLineLength, maxHeaderBlockSize: maxHeaderBlockSize,
            maxHeaderCount: maxHeaderCount, maxBodySize: maxBodySize, maxBodySizeByPath: maxBodySizeByPath)
    }
}

extension Duration {
    /// The duration in seconds, for options, messages and metrics.
    public var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }

    /// The duration as `poll`'s timeout: whole milliseconds, at least 1 (a shorter wait is
    /// not a busy loop), clamped to what `poll` takes.
    public var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
