import CPostgres
import Glibc

/// One libpq connection and the few calls the store makes. A connection that broke (the
/// server restarted, the network dropped) is reset before the next statement, so the store
/// serves again once PostgreSQL is back, without a restart of ours.
///
/// `@unchecked Sendable`: a libpq connection is used by one thread at a time, which
/// `PostgresConnectionPool` guarantees (it hands each to one request, and takes it back).
final class PostgresConnection: @unchecked Sendable {
    private var connection: OpaquePointer?
    private let uri: String
    private let pq: LibPQ

    /// A parameter: text (numbers, ids) or binary (image bytes, sent as they are).
    enum Value {
        case integer(Int)
        case text(String)
        case bytes([UInt8])
    }

    /// The rows of a result, each column's raw value (text, or the bytes of a binary result).
    typealias Rows = [[[UInt8]?]]

    /// Seconds libpq waits to connect, unless the URI says otherwise: a store that is down
    /// answers 503 after this, not after the operating system's TCP timeout.
    static let connectTimeout = "3"

    init(uri: String) throws(AssetStoreError) {
        self.uri = uri
        pq = try LibPQ.shared.get()
        try connect()
    }

    deinit { pq.finish(connection) }

    /// Host, port and database, for the log; never the password.
    var location: String {
        guard let connection else { return "postgresql" }
        let host = pq.host(connection).map { String(cString: $0) } ?? "?"
        let port = pq.port(connection).map { String(cString: $0) } ?? "?"
        let db = pq.db(connection).map { String(cString: $0) } ?? "?"
        return "postgresql \(host):\(port)/\(db)"
    }

    private func connect() throws(AssetStoreError) {
        pq.finish(connection)
        // connect_timeout first: a value in the URI (expanded from dbname) wins over it.
        let keywords = ["connect_timeout", "dbname"]
        let values = [Self.connectTimeout, uri]
        connection = withCStrings(keywords) { k in withCStrings(values) { v in pq.connectdbParams(k, v, 1) } }
        guard let connection, pq.status(connection) == CONNECTION_OK else {
            let message = connection.flatMap { pq.errorMessage($0).map { String(cString: $0) } } ?? "out of memory"
            throw AssetStoreError("PostgreSQL is not reachable: \(message.trimmingTrailingNewlines)")
        }
        // Notices (e.g. "relation already exists, skipping") are not the server's business.
        pq.setNoticeProcessor(connection, { _, _ in }, nil)
    }

    /// Runs one statement. `binary` asks for binary results (bytea as its bytes).
    @discardableResult
    func execute(_ sql: String, _ parameters: [Value] = [], binary: Bool = false) throws(AssetStoreError) -> Rows {
        if connection == nil || pq.status(connection) != CONNECTION_OK { try connect() }
        let payloads: [[UInt8]] = parameters.map {
            switch $0 {
            case .integer(let n): Array(String(n).utf8) + [0]
            case .text(let s): Array(s.utf8) + [0]
            case .bytes(let b): b
            }
        }
        let formats: [Int32] = parameters.map { if case .bytes = $0 { 1 } else { 0 } }
        let lengths: [Int32] = payloads.map { Int32($0.count) }
        let result = withPointers(payloads) { values in
            pq.execParams(
                connection, sql, Int32(parameters.count), nil, values, lengths, formats, binary ? 1 : 0)
        }
        defer { pq.clear(result) }
        let status = pq.resultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = (pq.errorMessage(connection).map { String(cString: $0) } ?? "").trimmingTrailingNewlines
            if pq.status(connection) != CONNECTION_OK {
                throw AssetStoreError("PostgreSQL is not reachable: \(message)")
            }
            throw AssetStoreError("PostgreSQL: \(message)")
        }
        var rows: Rows = []
        for row in 0..<pq.ntuples(result) {
            var columns: [[UInt8]?] = []
            for column in 0..<pq.nfields(result) {
                if pq.getisnull(result, row, column) == 1 {
                    columns.append(nil)
                } else {
                    let count = Int(pq.getlength(result, row, column))
                    let value = pq.getvalue(result, row, column)!
                    columns.append(
                        value.withMemoryRebound(to: UInt8.self, capacity: count) {
                            Array(UnsafeBufferPointer(start: $0, count: count))
                        })
                }
            }
            rows.append(columns)
        }
        return rows
    }

    /// Runs `body` in a transaction, rolled back when it throws.
    func transaction<T>(_ body: () throws(AssetStoreError) -> T) throws(AssetStoreError) -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            _ = try? execute("ROLLBACK")
            throw error
        }
    }
}

extension [UInt8]? {
    var text: String { self.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    var integer: Int { Int(text) ?? 0 }
}

extension String {
    fileprivate var trimmingTrailingNewlines: String {
        var s = self
        while s.last == "\n" { s.removeLast() }
        return s
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let copies = strings.map { strdup($0) } + [nil]
    defer { copies.forEach { free($0) } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress!) }
}

private func withPointers<R>(_ payloads: [[UInt8]], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = payloads.map { payload in
        let memory = UnsafeMutablePointer<CChar>.allocate(capacity: max(payload.count, 1))
        payload.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(memory).copyMemory(
                from: raw.baseAddress ?? UnsafeRawPointer(memory), byteCount: payload.count)
        }
        return memory
    }
    defer { copies.forEach { $0?.deallocate() } }
    return copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { body($0.baseAddress) }
}
