import Foundation
import Synchronization
import Testing

@testable import AnimaticStore

/// The memory cache in front of the store: reads answered from memory, a use counted in the
/// store once a minute, an eviction there seen here, the store's outage survived for what is
/// held, least recently used out first.
@Suite struct AssetMemoryCacheTests {
    /// A store that counts its reads and can fail them.
    final class CountingStore: AssetStore, @unchecked Sendable {
        let assets = Mutex<[AssetID: StoredAsset]>([:])
        let reads = Atomic<Int>(0)
        let down = Atomic<Bool>(false)
        var location: String { "counting" }

        func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
            record: AssetRecord, created: Bool
        ) {
            if down.load(ordering: .relaxed) { throw AssetStoreError("down (test)") }
            let id = AssetID(of: bytes)
            let record = AssetRecord(id: id, type: type, width: width, height: height, byteCount: bytes.count)
            let created = assets.withLock { a in
                defer { a[id] = StoredAsset(record: record, bytes: bytes) }
                return a[id] == nil
            }
            return (record, created)
        }

        func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset? {
            reads.add(1, ordering: .relaxed)
            if down.load(ordering: .relaxed) { throw AssetStoreError("down (test)") }
            return assets.withLock { $0[id] }
        }

        func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord? {
            reads.add(1, ordering: .relaxed)
            if down.load(ordering: .relaxed) { throw AssetStoreError("down (test)") }
            return assets.withLock { $0[id]?.record }
        }
    }

    /// A clock the test moves.
    final class TestClock: Sendable {
        let start = ContinuousClock.now
        let offset = Mutex<Duration>(.zero)
        func advance(_ d: Duration) { offset.withLock { $0 += d } }
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
    }

    static func bytes(_ n: Int, _ seed: UInt8) -> [UInt8] { (0..<n).map { UInt8(truncatingIfNeeded: $0) &+ seed } }

    @Test func readsComeFromMemoryAndCountAUseOnceAMinute() throws {
        let base = CountingStore()
        let clock = TestClock()
        let cache = AssetMemoryCache(base: base, capacityBytes: 1 << 20, now: { clock.now })
        let data = Self.bytes(1000, 1)
        let id = try cache.put(data, type: "png", width: 10, height: 10).record.id
        for _ in 0..<50 { #expect(try cache.asset(id)?.bytes == data) }
        #expect(try cache.record(id)?.byteCount == 1000)
        #expect(base.reads.load(ordering: .relaxed) == 0)
        clock.advance(.seconds(59))
        _ = try cache.asset(id)
        #expect(base.reads.load(ordering: .relaxed) == 0)
        clock.advance(.seconds(1))
        _ = try cache.asset(id)
        _ = try cache.asset(id)
        #expect(base.reads.load(ordering: .relaxed) == 1)
    }

    @Test func anAssetEvictedFromTheStoreIsDroppedAtItsNextCheck() throws {
        let base = CountingStore()
        let clock = TestClock()
        let cache = AssetMemoryCache(base: base, capacityBytes: 1 << 20, now: { clock.now })
        let id = try cache.put(Self.bytes(500, 2), type: "png", width: 5, height: 5).record.id
        base.assets.withLock { $0[id] = nil }
        #expect(try cache.asset(id) != nil)
        clock.advance(.seconds(61))
        #expect(try cache.asset(id) == nil)
        #expect(cache.bytesHeld == 0)
    }

    @Test func whatIsHeldIsServedWhileTheStoreIsDown() throws {
        let base = CountingStore()
        let clock = TestClock()
        let cache = AssetMemoryCache(base: base, capacityBytes: 1 << 20, now: { clock.now })
        let data = Self.bytes(700, 3)
        let id = try cache.put(data, type: "png", width: 7, height: 7).record.id
        let other = try base.put(Self.bytes(300, 4), type: "png", width: 3, height: 3).record.id
        base.down.store(true, ordering: .relaxed)
        clock.advance(.seconds(120))
        #expect(try cache.asset(id)?.bytes == data)
        #expect(throws: AssetStoreError.self) { try cache.asset(other) }
        #expect(throws: AssetStoreError.self) { try cache.put(Self.bytes(10, 5), type: "png", width: 1, height: 1) }
    }

    @Test func leastRecentlyUsedGoesFirstAndAHugeAssetIsNotKept() throws {
        let base = CountingStore()
        let cache = AssetMemoryCache(base: base, capacityBytes: 4000)
        let a = try cache.put(Self.bytes(1000, 6), type: "png", width: 1, height: 1).record.id
        let b = try cache.put(Self.bytes(1000, 7), type: "png", width: 1, height: 1).record.id
        let c = try cache.put(Self.bytes(1000, 8), type: "png", width: 1, height: 1).record.id
        _ = try cache.asset(a)  // a is now more recent than b
        _ = try cache.put(Self.bytes(1000, 9), type: "png", width: 1, height: 1)
        _ = try cache.put(Self.bytes(1000, 10), type: "png", width: 1, height: 1)  // 5,000 > 4,000: b goes
        #expect(cache.bytesHeld == 4000)
        let readsBefore = base.reads.load(ordering: .relaxed)
        _ = try cache.asset(a)
        _ = try cache.asset(c)
        #expect(base.reads.load(ordering: .relaxed) == readsBefore)
        _ = try cache.asset(b)
        #expect(base.reads.load(ordering: .relaxed) == readsBefore + 1)
        // Over a quarter of the capacity: stored, served, never held.
        let big = try cache.put(Self.bytes(1001, 11), type: "png", width: 1, height: 1).record.id
        #expect(try cache.asset(big)?.bytes.count == 1001)
        #expect(cache.bytesHeld <= 4000)
    }
}
