import AnimaticHTTP
import AnimaticStore
import Dispatch
import Foundation
import Testing

@testable import AnimaticServer

/// Making a link writes to the store, so it runs on the upload lane with the uploads
/// (docs/HTTP.md, "Lanes"): a busy render lane does not refuse it, and a busy upload lane
/// does, in the upload lane's words. Real sockets, a real SQLite store; one worker per lane
/// and no queue, so a held worker means a full lane.
@Suite(.timeLimit(.minutes(1))) struct LinkLaneTests {
    @Test func makingALinkTakesTheUploadLane() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animatic-link-lane-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteAssetStore(
            path: folder.appendingPathComponent(SQLiteAssetStore.fileName).path, capacityBytes: 1 << 22)
        var configuration = APIConfiguration(cacheBytes: 0, workers: 1, maxQueue: 0, admission: nil)
        configuration.assetStore = store
        configuration.linkStore = store
        let api = AnimaticAPI(configuration: configuration)
        defer { api.stopLanes() }
        let uploadPool = try #require(api.uploadPool)
        try serving(api.handler) { _, port in
            let state = Array(#"{"spec":{"preset":"fold"},"speed":0.5}"#.utf8)

            // The render lane held: a render is refused at once, a link is made and can be read.
            let releaseRender = DispatchSemaphore(value: 0)
            #expect(api.pool.submit(WorkPool.Job(flag: CancellationFlag()) { releaseRender.wait() }))
            #expect(waitFor { api.pool.busy == 1 })
            let refusedRender = try post(
                port, "/v1/timeline", Array(#"{"preset":"fold"}"#.utf8), type: "application/json")
            #expect(refusedRender.status == .serviceUnavailable)
            let made = try post(port, "/v1/links", state, type: "application/json")
            #expect(made.status == .created, "\(made.text)")
            let id = try #require(made.header("Location")?.split(separator: "/").last.map(String.init))
            #expect(id.count == LinkID.standardLength)
            #expect(try store.link(id)?.contains(#""speed":0.5"#) == true)
            releaseRender.signal()
            #expect(waitFor { api.pool.busy == 0 && uploadPool.busy == 0 })

            // The upload lane held: making a link is refused in the upload lane's words.
            let releaseUpload = DispatchSemaphore(value: 0)
            #expect(uploadPool.submit(WorkPool.Job(flag: CancellationFlag()) { releaseUpload.wait() }))
            #expect(waitFor { uploadPool.busy == 1 })
            let refused = try post(
                port, "/v1/links", Array(#"{"spec":{"preset":"flip"}}"#.utf8), type: "application/json")
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.text.contains("Every upload worker is busy"), "\(refused.text)")
            releaseUpload.signal()
            #expect(waitFor { uploadPool.busy == 0 })
        }
    }

    /// A link store without an asset store (as a test or an embedder may configure) still
    /// gets an upload lane for its writes.
    @Test func aLinkStoreAloneHasAnUploadLane() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animatic-link-lane-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = APIConfiguration(cacheBytes: 0, workers: 4)
        configuration.linkStore = try SQLiteAssetStore(
            path: folder.appendingPathComponent(SQLiteAssetStore.fileName).path, capacityBytes: 1 << 22)
        let api = AnimaticAPI(configuration: configuration)
        defer { api.stopLanes() }
        let uploads = try #require(api.uploadPool)
        #expect(uploads !== api.pool && uploads.workers == 2)
    }
}
