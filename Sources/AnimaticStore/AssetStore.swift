/// Where uploaded images live, addressed by the hash of their bytes (`AssetID`).
///
/// Implementations: `SQLiteAssetStore` (the default, one file under `--data-dir`) and, for
/// several replicas, a PostgreSQL store. Each keeps the total size of its assets under a cap
/// by evicting the least recently used (uploaded again or read) first; each creates and
/// migrates its schema at start (`AssetSchema`).
public protocol AssetStore: Sendable {
    /// Stores `bytes` under `AssetID(of: bytes)` unless they are there already. Returns the
    /// stored record and whether this call added it. Either the whole asset is stored or
    /// nothing is (one transaction).
    func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
        record: AssetRecord, created: Bool
    )

    /// The asset and its bytes, or nil when there is none by that id (never stored, or evicted).
    /// Counts as a use for the eviction order.
    func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset?

    /// The asset's record without its bytes, or nil: to check that a spec's asset exists.
    func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord?

    /// Where the store is, for the log ("sqlite /data/animatic.sqlite"); no credentials.
    var location: String { get }
}
