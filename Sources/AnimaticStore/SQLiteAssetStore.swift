import Synchronization

/// The default store: one SQLite file (`animatic.sqlite` under `--data-dir`), in WAL mode,
/// so `make run` needs no database server. One connection, used by one request at a time
/// (a mutex): SQLite serialises writers anyway, and the reads are of single rows by key.
///
/// Durability: every put is one transaction, so a server killed mid-upload leaves the asset
/// either whole or absent. `synchronous=NORMAL` in WAL mode (sqlite.org/pragma.html#pragma_synchronous)
/// keeps every committed transaction across a crash of the process; only a power cut may
/// lose the last ones — our choice, against an fsync per upload.
public final class SQLiteAssetStore: AssetStore {
    public let location: String
    public let capacityBytes: Int
    let connection: Mutex<SQLiteConnection>

    /// The file name under the data folder.
    public static let fileName = "animatic.sqlite"

    /// Opens (creating if needed) the store at `path` and migrates its schema.
    /// - Parameter capacityBytes: the total size of all assets' bytes, past which the least
    ///   recently used are evicted.
    public init(path: String, capacityBytes: Int) throws(AssetStoreError) {
        let connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA journal_mode=WAL")
        try connection.execute("PRAGMA synchronous=NORMAL")
        try Self.migrate(connection)
        self.location = "sqlite \(path)"
        self.capacityBytes = capacityBytes
        self.connection = Mutex(connection)
    }

    static func migrate(_ db: SQLiteConnection) throws(AssetStoreError) {
        try db.execute("BEGIN IMMEDIATE")
        do throws(AssetStoreError) {
            try db.execute(AssetSchema.versionTable)
            let versions = try db.query("SELECT version FROM schema_version") { $0.integer(0) }
            let upgrade = try AssetSchema.upgrade(fromVersions: versions, binaryType: "BLOB")
            for statement in upgrade.statements { try db.execute(statement) }
            if let version = upgrade.insertVersion {
                try db.run("INSERT INTO schema_version (version) VALUES (?)", [.integer(version)])
            }
            if let version = upgrade.updateVersion {
                try db.run("UPDATE schema_version SET version = ?", [.integer(version)])
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    public func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
        record: AssetRecord, created: Bool
    ) {
        let id = AssetID(of: bytes)
        return try connection.withLock { db throws(AssetStoreError) in
            try db.execute("BEGIN IMMEDIATE")
            do throws(AssetStoreError) {
                let result: (record: AssetRecord, created: Bool)
                if let existing = try Self.record(id, db) {
                    try Self.touch(id, db)
                    result = (existing, false)
                } else {
                    try db.run(
                        """
                        INSERT INTO assets (id, type, width, height, byte_count, last_used)
                        VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(last_used), 0) + 1 FROM assets))
                        """,
                        [.text(id.rawValue), .text(type), .integer(width), .integer(height), .integer(bytes.count)])
                    try db.run("INSERT INTO asset_bytes (id, bytes) VALUES (?, ?)", [.text(id.rawValue), .blob(bytes)])
                    try evict(keeping: id, db)
                    result = (
                        AssetRecord(id: id, type: type, width: width, height: height, byteCount: bytes.count), true
                    )
                }
                try db.execute("COMMIT")
                return result
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        }
    }

    public func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset? {
        try connection.withLock { db throws(AssetStoreError) in
            guard let record = try Self.record(id, db) else { return nil }
            let bytes = try db.query("SELECT bytes FROM asset_bytes WHERE id = ?", [.text(id.rawValue)]) { $0.blob(0) }
            guard let bytes = bytes.first else { return nil }
            try Self.touch(id, db)
            return StoredAsset(record: record, bytes: bytes)
        }
    }

    public func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord? {
        try connection.withLock { db throws(AssetStoreError) in try Self.record(id, db) }
    }

    private static func record(_ id: AssetID, _ db: SQLiteConnection) throws(AssetStoreError) -> AssetRecord? {
        try db.query("SELECT type, width, height, byte_count FROM assets WHERE id = ?", [.text(id.rawValue)]) {
            AssetRecord(id: id, type: $0.text(0), width: $0.integer(1), height: $0.integer(2), byteCount: $0.integer(3))
        }.first
    }

    /// Moves the asset to the most recently used end of the eviction order.
    private static func touch(_ id: AssetID, _ db: SQLiteConnection) throws(AssetStoreError) {
        try db.run(
            "UPDATE assets SET last_used = (SELECT MAX(last_used) + 1 FROM assets) WHERE id = ?", [.text(id.rawValue)])
    }

    /// Deletes the least recently used assets (never `kept`, the one just stored) until the
    /// total is within `capacityBytes`.
    private func evict(keeping kept: AssetID, _ db: SQLiteConnection) throws(AssetStoreError) {
        var total = try db.query("SELECT COALESCE(SUM(byte_count), 0) FROM assets") { $0.integer(0) }.first ?? 0
        guard total > capacityBytes else { return }
        let oldest = try db.query(
            "SELECT id, byte_count FROM assets WHERE id != ? ORDER BY last_used", [.text(kept.rawValue)]
        ) { ($0.text(0), $0.integer(1)) }
        for (id, size) in oldest where total > capacityBytes {
            try db.run("DELETE FROM asset_bytes WHERE id = ?", [.text(id)])
            try db.run("DELETE FROM assets WHERE id = ?", [.text(id)])
            total -= size
        }
    }
}
