import Dispatch
import Logging

/// An HTTP/1.1 server on non-blocking POSIX sockets driven by Dispatch sources, with
/// optional TLS (OpenSSL) and gzip (zlib). See docs/HTTP.md.
///
/// ```swift
/// let server = try HTTPServer(configuration: config, logger: logger) { request in
///     HTTPResponse(text: "hello")
/// }
/// let port = try server.start()
/// let signals = ShutdownSignals.install(for: server)
/// server.waitUntilStopped()
/// ```
///
/// The handler runs on the connection's serial queue (one request at a time per
/// connection, many connections in parallel on Dispatch's worker threads).
public final class HTTPServer: Sendable {
    let core: ServerCore

    /// - Throws: `TLSError` when the certificate or key cannot be loaded.
    public init(
        configuration: HTTPServerConfiguration, logger: Logger = Logger(label: "animatic.http"),
        handler: @escaping HTTPHandler
    ) throws {
        core = try ServerCore(configuration: configuration, logger: logger, handler: handler)
    }

    public var configuration: HTTPServerConfiguration { core.configuration }

    /// Binds, listens and starts accepting. Returns the bound port (useful with port 0).
    @discardableResult
    public func start() throws -> Int { try core.start() }

    /// Stops accepting, closes idle keep-alive connections, lets requests in flight
    /// finish (their responses carry `Connection: close`) for up to
    /// `shutdownGracePeriod`, then closes the rest. Returns at once; see `waitUntilStopped()`.
    public func shutdown() { core.shutdown() }

    /// Blocks until the server has stopped (every connection and listener closed).
    /// Returns at once if the server was never started.
    public func waitUntilStopped() { core.stopped.wait() }

    /// The bound port once started.
    public var port: Int? { core.boundPort }

    /// Connections currently open.
    public var openConnectionCount: Int { core.openConnectionCount }

    /// Request-body bytes all connections hold now (`maxBufferedBodyBytes` bounds it).
    public var bufferedBodyBytes: Int { core.bodyBudget.heldBytes }

    /// Uploads answered 503 because of `maxBufferedBodyBytes` so far: new bodies refused
    /// and bodies shed to make room for smaller ones.
    public var bodyBudgetRefusalCount: Int { core.bodyBudget.refusalCount }

    /// Whether `shutdown()` has been called.
    public var isDraining: Bool { core.isDraining }
}
