import Synchronization

/// Assets kept in memory in front of a store (`--asset-cache-mb`, docs/DEPLOY.md): an asset
/// never changes (its id is the hash of its bytes), so a copy in memory is never stale.
/// Every render of a spec with pictures reads its assets (the record, the bytes, a use for
/// the eviction order): without the cache, 50 clients rendering with two screenshots made
/// six statements a render on one SQLite connection, and fetched the bytes over the socket
/// from PostgreSQL (docs/BENCHMARKS.md, "Assets under load").
///
/// - A read that finds the asset here answers from memory; once a minute (`useInterval`) per
///   asset it also reads it from the store, which counts the use for the store's eviction
///   order and finds an asset evicted there (then dropped here too, so every replica agrees).
///   When the store does not answer that read, the copy here is served: what the store holds
///   never changes, only whether it still holds it.
/// - An upload goes to the store first; its bytes are kept here after it succeeded.
/// - Least recently used out first when the total passes `capacityBytes`; an asset larger
///   than a quarter of it is not kept (one picture must not empty the cache).
public final class AssetMemoryCache: AssetStore {
    public let base: any AssetStore
    public let capacityBytes: Int
    /// How often a cached asset's use is counted in the store (our choice: the store's
    /// eviction works on hours of uploads, so a minute's lag changes no order that matters).
    public static let useInterval: Duration = .seconds(60)
    private let now: @Sendable () -> ContinuousClock.Instant

    private struct Entry {
        var asset: StoredAsset
        var checked: ContinuousClock.Instant
        var lastUse: UInt64
    }

    private struct State {
        var entries: [AssetID: Entry] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    private let state = Mutex(State())

    public init(
        base: any AssetStore, capacityBytes: Int,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.base = base
        self.capacityBytes = max(capacityBytes, 0)
        self.now = now
    }

    public var location: String { base.location }

    /// Bytes of the assets held now (for tests and metrics).
    public var bytesHeld: Int { state.withLock { $0.bytes } }

    public func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
        record: AssetRecord, created: Bool
    ) {
        let stored = try base.put(bytes, type: type, width: width, height: height)
        keep(StoredAsset(record: stored.record, bytes: bytes))
        return stored
    }

    public func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset? {
        let instant = now()
        // The copy held, and whether it is fresh (no store read due).
        let (held, fresh): (StoredAsset?, Bool) = state.withLock { s in
            guard var entry = s.entries[id] else { return (nil, false) }
            s.uses += 1
            entry.lastUse = s.uses
            let due = instant - entry.checked >= Self.useInterval
            // The first reader past the interval checks with the store; the others go on
            // with the copy meanwhile.
            if due { entry.checked = instant }
            s.entries[id] = entry
            return (entry.asset, !due)
        }
        if let held, fresh { return held }
        let fromStore: StoredAsset?
        do throws(AssetStoreError) {
            fromStore = try base.asset(id)
        } catch {
            if let held { return held }
            throw error
        }
        guard let fromStore else {
            drop(id)
            return nil
        }
        if held == nil { keep(fromStore) }
        return fromStore
    }

    public func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord? {
        if let held = state.withLock({ $0.entries[id]?.asset.record }) { return held }
        return try base.record(id)
    }

    private func keep(_ asset: StoredAsset) {
        let size = asset.bytes.count
        guard size <= capacityBytes / 4 else { return }
        let instant = now()
        state.withLock { s in
            s.uses += 1
            if let old = s.entries[asset.record.id] { s.bytes -= old.asset.bytes.count }
            s.entries[asset.record.id] = Entry(asset: asset, checked: instant, lastUse: s.uses)
            s.bytes += size
            while s.bytes > capacityBytes, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                s.bytes -= oldest.value.asset.bytes.count
                s.entries[oldest.key] = nil
            }
        }
    }

    private func drop(_ id: AssetID) {
        state.withLock { s in
            if let old = s.entries.removeValue(forKey: id) { s.bytes -= old.asset.bytes.count }
        }
    }
}
