import Foundation
import Testing

@testable import AnimaticStore

/// The SQLite store on a real file in a scratch folder.
@Suite struct SQLiteAssetStoreTests {
    static func scratchPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animatic-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(SQLiteAssetStore.fileName).path
    }

    static func bytes(_ seed: UInt8, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0) &+ seed }
    }

    @Test func theIdIsTheSHA256OfTheBytes() {
        // FIPS 180-4 test vector "abc".
        #expect(
            AssetID(of: Array("abc".utf8)).rawValue
                == "sha256-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(AssetID("sha256-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") != nil)
        #expect(
            AssetID("sha256-BA7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == nil, "lowercase only")
        #expect(AssetID("sha256-ba78") == nil)
        #expect(AssetID("md5-ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == nil)
    }

    @Test func storingTwiceStoresOnceAndSurvivesReopening() throws {
        let path = Self.scratchPath()
        let bytes = Self.bytes(7, count: 3000)
        do {
            let store = try SQLiteAssetStore(path: path, capacityBytes: 1 << 20)
            let first = try store.put(bytes, type: "png", width: 30, height: 20)
            let second = try store.put(bytes, type: "png", width: 30, height: 20)
            #expect(first.created && !second.created)
            #expect(first.record == second.record)
            #expect(first.record.id == AssetID(of: bytes) && first.record.byteCount == 3000)
        }
        let reopened = try SQLiteAssetStore(path: path, capacityBytes: 1 << 20)
        let asset = try #require(try reopened.asset(AssetID(of: bytes)))
        #expect(asset.bytes == bytes)
        #expect(asset.record.width == 30 && asset.record.height == 20 && asset.record.type == "png")
        #expect(try reopened.asset(AssetID(of: [1, 2, 3])) == nil)
    }

    /// A 10,000-byte cap and four 3,000-byte assets: storing the fourth evicts the least
    /// recently used — the second, since the first was read after it.
    @Test func theLeastRecentlyUsedIsEvictedPastTheCap() throws {
        let store = try SQLiteAssetStore(path: Self.scratchPath(), capacityBytes: 10_000)
        let assets = (0..<4).map { Self.bytes(UInt8($0), count: 3000) }
        for bytes in assets.prefix(3) { _ = try store.put(bytes, type: "gif", width: 1, height: 1) }
        _ = try store.asset(AssetID(of: assets[0]))
        _ = try store.put(assets[3], type: "gif", width: 1, height: 1)
        let present = try assets.map { try store.record(AssetID(of: $0)) != nil }
        #expect(present == [true, false, true, true])
    }

    /// A database migrated by a newer server is refused, not written to.
    @Test func aNewerSchemaIsRefused() throws {
        let path = Self.scratchPath()
        _ = try SQLiteAssetStore(path: path, capacityBytes: 1 << 20)
        let db = try SQLiteConnection(path: path)
        try db.run("UPDATE schema_version SET version = 99")
        #expect(throws: AssetStoreError.self) { try SQLiteAssetStore(path: path, capacityBytes: 1 << 20) }
        let versions = try db.query("SELECT version FROM schema_version") { $0.integer(0) }
        #expect(versions == [99])
    }
}
