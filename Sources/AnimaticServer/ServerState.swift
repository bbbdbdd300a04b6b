import AnimaticHTTP
import Synchronization

/// The running server as the API sees it: whether it drains (for `/readyz`) and how many
/// connections are open (for `/metrics`). Set once the server exists — the server needs
/// the API's handler first.
public final class ServerState: Sendable {
    private let server = Mutex<HTTPServer?>(nil)

    public init() {}

    public func attach(_ server: HTTPServer) {
        self.server.withLock { $0 = server }
    }

    private var current: HTTPServer? { server.withLock { $0 } }

    public var isDraining: Bool { current?.isDraining ?? false }
    public var openConnections: Int { current?.openConnectionCount ?? 0 }
    public var bufferedBodyBytes: Int { current?.bufferedBodyBytes ?? 0 }
    public var bodyBudgetRefusals: Int { current?.bodyBudgetRefusalCount ?? 0 }
}
