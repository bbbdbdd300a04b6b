import AnimaticHTTP
import AnimaticRaster
import AnimaticStore
import Dispatch
import Foundation
import Testing

@testable import AnimaticServer

/// Uploads run on their own lane (issue 29's load run): a busy render lane does not refuse
/// an upload, and a busy upload lane does not refuse a render — over real sockets, with a
/// real SQLite store. One worker per lane and no queue, so a held worker means a full lane.
@Suite(.timeLimit(.minutes(1))) struct UploadLaneTests {
    static func png(side: Int, shade: UInt8) -> [UInt8] {
        var rgba: [UInt8] = []
        for _ in 0..<side * side { rgba += [shade, 90, 200, 255] }
        return PNGEncoder.encode(RasterFrame(width: side, height: side, pixels: rgba))
    }

    @Test func eachLaneServesWhileTheOtherIsFull() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animatic-lanes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = APIConfiguration(cacheBytes: 0, workers: 1, maxQueue: 0, admission: nil)
        configuration.assetStore = try SQLiteAssetStore(
            path: folder.appendingPathComponent(SQLiteAssetStore.fileName).path, capacityBytes: 1 << 22)
        let api = AnimaticAPI(configuration: configuration)
        defer { api.stopLanes() }
        let uploadPool = try #require(api.uploadPool)
        #expect(uploadPool !== api.pool)
        try serving(api.handler) { _, port in
            let spec = Array(#"{"preset":"fold"}"#.utf8)

            // The render lane held: a render is refused at once, an upload is stored.
            let releaseRender = DispatchSemaphore(value: 0)
            #expect(api.pool.submit(WorkPool.Job(flag: CancellationFlag()) { releaseRender.wait() }))
            #expect(waitFor { api.pool.busy == 1 })
            let refusedRender = try post(port, "/v1/timeline", spec, type: "application/json")
            #expect(refusedRender.status == .serviceUnavailable)
            #expect(refusedRender.text.contains("Every render worker is busy"))
            let image = Self.png(side: 16, shade: 40)
            let stored = try post(port, "/v1/assets", image, type: "image/png")
            #expect(stored.status == .created)
            #expect(stored.text.contains(AssetID(of: image).rawValue))
            #expect(stored.text.contains(#""width":16"#))
            releaseRender.signal()
            // Both lanes idle: the upload's worker may still be finishing after its response.
            #expect(waitFor { api.pool.busy == 0 && uploadPool.busy == 0 })

            // The upload lane held: an upload is refused at once (its own words), a render served.
            let releaseUpload = DispatchSemaphore(value: 0)
            #expect(uploadPool.submit(WorkPool.Job(flag: CancellationFlag()) { releaseUpload.wait() }))
            #expect(waitFor { uploadPool.busy == 1 })
            #expect(metric(api, "animatic_upload_busy") == 1)
            let refusedUpload = try post(port, "/v1/assets", Self.png(side: 16, shade: 41), type: "image/png")
            #expect(refusedUpload.status == .serviceUnavailable)
            #expect(refusedUpload.header("Retry-After") == "1")
            #expect(refusedUpload.text.contains("Every upload worker is busy"))
            let served = try post(port, "/v1/timeline", spec, type: "application/json")
            #expect(served.status == .ok)
            #expect(served.text.contains(#""duration""#))
            releaseUpload.signal()
            #expect(waitFor { uploadPool.busy == 0 })
            #expect(metric(api, "animatic_upload_workers") == 1)
            #expect(metric(api, "animatic_upload_queued") == 0)
        }
    }

    @Test func uploadsWaitUpToFiveSecondsWhereRendersWaitTwo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animatic-lanes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = APIConfiguration(cacheBytes: 0, workers: 4)
        configuration.assetStore = try SQLiteAssetStore(
            path: folder.appendingPathComponent(SQLiteAssetStore.fileName).path, capacityBytes: 1 << 22)
        let api = AnimaticAPI(configuration: configuration)
        defer { api.stopLanes() }
        let uploads = try #require(api.uploadPool)
        #expect(api.pool.workers == 4 && uploads.workers == 2)
        #expect(api.pool.admission?.deadline == .seconds(2) && uploads.admission?.deadline == .seconds(5))
        #expect(uploads.admission?.admitWithin == .milliseconds(2500))
        #expect(api.pool.nice == 5 && uploads.nice == 10)
    }
}
