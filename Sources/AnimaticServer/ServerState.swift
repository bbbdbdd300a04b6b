import AnimaticHTTP
import Foundation

/// The running server as the API sees it: whether it drains (for `/readyz`) and how many
/// connections are open (for `/metrics`). Set once the server exists — the server needs
/// the API's handler first.
public final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var server: HTTPServer?

    public init() {}

    public func attach(_ server: HTTPServer) {
        lock.lock()
        self.server = server
        lock.unlock()
    }

    private var current: HTTPServer? { lock.lock(); defer { lock.unlock() }; return server }

    public var isDraining: Bool { current?.isDraining ?? false }
    public var openConnections: Int { current?.openConnectionCount ?? 0 }
}
