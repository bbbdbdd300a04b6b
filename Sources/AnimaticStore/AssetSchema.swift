/// The store's tables, created and migrated by the server at start.
///
/// `schema_version` holds one row: the number of migrations applied. At start the store
/// applies, in one transaction, every migration past that number; a database migrated by a
/// newer server (a version past the last known) is refused rather than written to.
///
/// `assets` holds the record and `last_used` (a counter, bumped on every upload of the same
/// bytes and every read: the eviction order, least recently used first); `asset_bytes` the
/// bytes, apart, so that summing sizes and choosing what to evict never reads an image.
///
/// `links` (version 2) holds the short links (`LinkStore`): an id and the canonical JSON of
/// the page's state. Links are immutable and never evicted (a few hundred bytes each); the
/// assets they name may be.
public enum AssetSchema {
    /// The migrations, in order; `binaryType` is BLOB (SQLite) or BYTEA (PostgreSQL).
    public static func migrations(binaryType: String) -> [[String]] {
        [
            [
                """
                CREATE TABLE assets (
                    id TEXT PRIMARY KEY, type TEXT NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL,
                    byte_count BIGINT NOT NULL, last_used BIGINT NOT NULL)
                """,
                "CREATE INDEX assets_by_last_used ON assets (last_used)",
                "CREATE TABLE asset_bytes (id TEXT PRIMARY KEY REFERENCES assets (id) ON DELETE CASCADE, bytes \(binaryType) NOT NULL)",
            ],
            ["CREATE TABLE links (id TEXT PRIMARY KEY, state TEXT NOT NULL)"],
        ]
    }

    public static let versionTable = "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"

    /// What bringing a database up to date takes, for either store: the statements of the
    /// migrations past its version, and the version to record (`insertVersion` when
    /// `schema_version` had no row yet, else `updateVersion`, nil when already current).
    struct Upgrade {
        let statements: [String]
        let insertVersion: Int?
        let updateVersion: Int?
    }

    /// The upgrade of a database whose `schema_version` rows are `versions`; a version past
    /// the last migration known here (a newer server wrote it) is refused.
    static func upgrade(fromVersions versions: [Int], binaryType: String) throws(AssetStoreError) -> Upgrade {
        let current = versions.first ?? 0
        let migrations = migrations(binaryType: binaryType)
        guard current <= migrations.count else {
            throw AssetStoreError(
                "the store's schema is version \(current), newer than this server's \(migrations.count)")
        }
        return Upgrade(
            statements: migrations.dropFirst(current).flatMap { $0 },
            insertVersion: versions.isEmpty ? migrations.count : nil,
            updateVersion: !versions.isEmpty && current < migrations.count ? migrations.count : nil)
    }
}
