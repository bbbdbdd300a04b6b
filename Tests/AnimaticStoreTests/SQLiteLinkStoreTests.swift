import Foundation
import Testing

@testable import AnimaticStore

/// Links in the SQLite store (schema version 2), on a real file.
@Suite struct SQLiteLinkStoreTests {
    @Test func insertFindsFreeSameAndTakenIds() throws {
        let store = try SQLiteAssetStore(path: SQLiteAssetStoreTests.scratchPath(), capacityBytes: 1 << 20)
        #expect(try store.link("abcdefghij") == nil)
        #expect(try store.insertLink(id: "abcdefghij", state: #"{"spec":{"preset":"fold"}}"#) == .created)
        #expect(try store.insertLink(id: "abcdefghij", state: #"{"spec":{"preset":"fold"}}"#) == .existing)
        #expect(try store.insertLink(id: "abcdefghij", state: #"{"spec":{"preset":"cube"}}"#) == .taken)
        // The first state stays: a link never changes.
        #expect(try store.link("abcdefghij") == #"{"spec":{"preset":"fold"}}"#)
    }

    /// A version-1 database (assets only, as the server before links wrote it) is upgraded in
    /// place: its assets stay, the links table is added, the version becomes 2.
    @Test func aVersionOneDatabaseIsUpgraded() throws {
        let path = SQLiteAssetStoreTests.scratchPath()
        let old = try SQLiteConnection(path: path)
        try old.execute(AssetSchema.versionTable)
        for statement in AssetSchema.migrations(binaryType: "BLOB")[0] { try old.execute(statement) }
        try old.run("INSERT INTO schema_version (version) VALUES (1)")
        let asset = SQLiteAssetStoreTests.bytes(7, count: 100)
        let id = AssetID(of: asset)
        try old.run(
            "INSERT INTO assets (id, type, width, height, byte_count, last_used) VALUES (?, 'png', 1, 1, 100, 1)",
            [.text(id.rawValue)])
        try old.run("INSERT INTO asset_bytes (id, bytes) VALUES (?, ?)", [.text(id.rawValue), .blob(asset)])

        let store = try SQLiteAssetStore(path: path, capacityBytes: 1 << 20)
        #expect(try store.asset(id)?.bytes == asset)
        #expect(try store.insertLink(id: "0123456789", state: "{}") == .created)
        #expect(try old.query("SELECT version FROM schema_version") { $0.integer(0) } == [2])
    }
}
