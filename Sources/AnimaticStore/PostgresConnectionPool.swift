import Dispatch
import Synchronization

/// A bounded set of PostgreSQL connections, each used by one request at a time: a request
/// takes an idle connection (opening one when none is idle and fewer than `size` are open),
/// waits while all `size` are busy, and gives its connection back when done. With one
/// connection per server (before issue 29's load run) every asset read and upload of every
/// worker queued behind one round trip at a time.
///
/// A connection that broke is reset by `PostgresConnection` before its next statement; one
/// that cannot be opened (PostgreSQL down) is an `AssetStoreError` (503) and takes no place.
final class PostgresConnectionPool: Sendable {
    let uri: String
    let size: Int
    private let idle: Mutex<[PostgresConnection]>
    private let places: DispatchSemaphore

    /// - Parameter first: a connection already open (the one the schema was migrated on).
    init(uri: String, size: Int, first: PostgresConnection) {
        self.uri = uri
        self.size = max(size, 1)
        self.idle = Mutex([first])
        self.places = DispatchSemaphore(value: self.size)
    }

    /// Connections open and idle now (for tests).
    var idleCount: Int { idle.withLock { $0.count } }

    func withConnection<T>(_ body: (PostgresConnection) throws(AssetStoreError) -> T) throws(AssetStoreError) -> T {
        places.wait()
        defer { places.signal() }
        let db: PostgresConnection
        if let reused = idle.withLock({ $0.popLast() }) {
            db = reused
        } else {
            db = try PostgresConnection(uri: uri)
        }
        defer { idle.withLock { $0.append(db) } }
        return try body(db)
    }
}
