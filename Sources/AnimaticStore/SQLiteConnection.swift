import CSQLite

/// One SQLite connection and the few calls the store makes: statements with bound values,
/// each error turned into an `AssetStoreError` carrying SQLite's own message.
final class SQLiteConnection {
    private let db: OpaquePointer

    /// A value bound to a statement's `?` parameter.
    enum Value {
        case integer(Int)
        case text(String)
        case blob([UInt8])
    }

    init(path: String) throws(AssetStoreError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw AssetStoreError("cannot open the SQLite store \(path): \(message)")
        }
        db = handle
        // A writer waits this long for another process's lock before the request gets 503.
        sqlite3_busy_timeout(db, 2_000)
    }

    deinit { sqlite3_close(db) }

    func execute(_ sql: String) throws(AssetStoreError) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, sql, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw AssetStoreError("SQLite: \(message)")
        }
    }

    /// Runs `sql` with `values` bound, returning every row as the columns `read` takes out.
    func query<Row>(
        _ sql: String, _ values: [Value] = [], read: (Statement) -> Row
    ) throws(AssetStoreError) -> [Row] {
        var handle: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &handle, nil) == SQLITE_OK, let handle else {
            throw AssetStoreError("SQLite: \(lastError)")
        }
        defer { sqlite3_finalize(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let n): status = sqlite3_bind_int64(handle, index, Int64(n))
            case .text(let s): status = animatic_sqlite3_bind_text_copy(handle, index, s)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes {
                    animatic_sqlite3_bind_blob_copy(
                        handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count))
                }
            }
            guard status == SQLITE_OK else { throw AssetStoreError("SQLite: \(lastError)") }
        }
        var rows: [Row] = []
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW: rows.append(read(Statement(handle: handle)))
            case SQLITE_DONE: return rows
            default: throw AssetStoreError("SQLite: \(lastError)")
            }
        }
    }

    func run(_ sql: String, _ values: [Value] = []) throws(AssetStoreError) {
        _ = try query(sql, values) { _ in () }
    }

    private var lastError: String { String(cString: sqlite3_errmsg(db)) }

    /// The current row of a statement.
    struct Statement {
        let handle: OpaquePointer

        func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
        func text(_ column: Int32) -> String {
            sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
        }
        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(handle, column))
            guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }
    }
}
