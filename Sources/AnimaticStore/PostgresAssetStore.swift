/// The shared store: PostgreSQL (`--store postgres://…`), so that several replicas serve the
/// same assets. A pool of `connections` connections per server (`PostgresConnectionPool`), each
/// used by one request at a time; a broken connection is reset before the next statement,
/// so a PostgreSQL that was down and is back is served again without restarting (while it
/// is down, requests get 503 with `Retry-After`).
///
/// The same schema as SQLite (`AssetSchema`, bytea for the bytes), migrated at start under a
/// transaction-scoped advisory lock, so replicas starting together migrate once.
public final class PostgresAssetStore: AssetStore {
    public let location: String
    public let capacityBytes: Int
    let pool: PostgresConnectionPool

    /// An arbitrary constant naming the migration lock (pg_advisory_xact_lock's key).
    static let migrationLock = 290_029

    /// - Parameter connections: at most this many open at once (`serve` passes both lanes'
    ///   workers: then a worker never waits for a connection).
    public init(uri: String, capacityBytes: Int, connections: Int = 4) throws(AssetStoreError) {
        let connection = try PostgresConnection(uri: uri)
        try Self.migrate(connection)
        self.location = connection.location
        self.capacityBytes = capacityBytes
        self.pool = PostgresConnectionPool(uri: uri, size: connections, first: connection)
    }

    static func migrate(_ db: PostgresConnection) throws(AssetStoreError) {
        try db.transaction { () throws(AssetStoreError) in
            try db.execute("SELECT pg_advisory_xact_lock($1)", [.integer(migrationLock)])
            try db.execute(AssetSchema.versionTable)
            let versions = try db.execute("SELECT version FROM schema_version").map { $0[0].integer }
            let upgrade = try AssetSchema.upgrade(fromVersions: versions, binaryType: "BYTEA")
            for statement in upgrade.statements { try db.execute(statement) }
            if let version = upgrade.insertVersion {
                try db.execute("INSERT INTO schema_version (version) VALUES ($1)", [.integer(version)])
            }
            if let version = upgrade.updateVersion {
                try db.execute("UPDATE schema_version SET version = $1", [.integer(version)])
            }
        }
    }

    public func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
        record: AssetRecord, created: Bool
    ) {
        let id = AssetID(of: bytes)
        return try pool.withConnection { db throws(AssetStoreError) in
            try db.transaction { () throws(AssetStoreError) -> (record: AssetRecord, created: Bool) in
                // Inserted, or (same bytes, maybe from another replica at the same moment:
                // the row lock orders them) moved to the recent end. xmax = 0 marks an insert.
                let rows = try db.execute(
                    """
                    INSERT INTO assets (id, type, width, height, byte_count, last_used)
                    VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(MAX(last_used), 0) + 1 FROM assets))
                    ON CONFLICT (id) DO UPDATE SET last_used = (SELECT MAX(last_used) + 1 FROM assets)
                    RETURNING (xmax = 0), type, width, height, byte_count
                    """,
                    [.text(id.rawValue), .text(type), .integer(width), .integer(height), .integer(bytes.count)])
                guard let row = rows.first else { throw AssetStoreError("PostgreSQL returned no row for the insert") }
                let created = row[0].text == "t"
                let record = AssetRecord(
                    id: id, type: row[1].text, width: row[2].integer, height: row[3].integer,
                    byteCount: row[4].integer)
                if created {
                    try db.execute(
                        "INSERT INTO asset_bytes (id, bytes) VALUES ($1, $2)", [.text(id.rawValue), .bytes(bytes)])
                    try evict(keeping: id, db)
                }
                return (record, created)
            }
        }
    }

    public func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset? {
        try pool.withConnection { db throws(AssetStoreError) in
            guard let record = try Self.record(id, db) else { return nil }
            let rows = try db.execute("SELECT bytes FROM asset_bytes WHERE id = $1", [.text(id.rawValue)], binary: true)
            guard let bytes = rows.first?[0] else { return nil }
            try db.execute(
                "UPDATE assets SET last_used = (SELECT MAX(last_used) + 1 FROM assets) WHERE id = $1",
                [.text(id.rawValue)])
            return StoredAsset(record: record, bytes: bytes)
        }
    }

    public func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord? {
        try pool.withConnection { db throws(AssetStoreError) in try Self.record(id, db) }
    }

    private static func record(_ id: AssetID, _ db: PostgresConnection) throws(AssetStoreError) -> AssetRecord? {
        try db.execute("SELECT type, width, height, byte_count FROM assets WHERE id = $1", [.text(id.rawValue)]).first
            .map {
                AssetRecord(
                    id: id, type: $0[0].text, width: $0[1].integer, height: $0[2].integer, byteCount: $0[3].integer)
            }
    }

    /// Deletes the least recently used assets (never `kept`) until the total fits the cap.
    private func evict(keeping kept: AssetID, _ db: PostgresConnection) throws(AssetStoreError) {
        var total = try db.execute("SELECT COALESCE(SUM(byte_count), 0) FROM assets").first?[0].integer ?? 0
        guard total > capacityBytes else { return }
        let oldest = try db.execute(
            "SELECT id, byte_count FROM assets WHERE id <> $1 ORDER BY last_used", [.text(kept.rawValue)])
        for row in oldest where total > capacityBytes {
            try db.execute("DELETE FROM asset_bytes WHERE id = $1", [.text(row[0].text)])
            try db.execute("DELETE FROM assets WHERE id = $1", [.text(row[0].text)])
            total -= row[1].integer
        }
    }
}
