import AnimaticCore
import AnimaticHTTP
import AnimaticRaster
import AnimaticStore
import Foundation
import Synchronization
import Testing

@testable import AnimaticServer

/// A PNG of `width` × `height` opaque pixels of one colour, by the project's libpng encoder.
private func png(width: Int, height: Int, rgb: [UInt8] = [10, 200, 30]) -> [UInt8] {
    var rgba: [UInt8] = []
    for _ in 0..<width * height { rgba += rgb + [255] }
    return PNGEncoder.encode(RasterFrame(width: width, height: height, pixels: rgba))
}

private func dataURI(_ bytes: [UInt8]) -> String { "data:image/png;base64," + Data(bytes).base64EncodedString() }

/// An asset store in memory; `down` makes every read fail as a database that is not answering.
private final class MemoryStore: AssetStore, @unchecked Sendable {
    let assets = Mutex<[String: [UInt8]]>([:])
    let down = Atomic<Bool>(false)
    let reads = Atomic<Int>(0)

    func put(_ bytes: [UInt8], type: String, width: Int, height: Int) throws(AssetStoreError) -> (
        record: AssetRecord, created: Bool
    ) {
        let id = AssetID(of: bytes)
        let created = assets.withLock { a in
            defer { a[id.rawValue] = bytes }
            return a[id.rawValue] == nil
        }
        return (AssetRecord(id: id, type: type, width: width, height: height, byteCount: bytes.count), created)
    }

    func asset(_ id: AssetID) throws(AssetStoreError) -> StoredAsset? {
        reads.add(1, ordering: .relaxed)
        if down.load(ordering: .relaxed) { throw AssetStoreError("connection refused (test)") }
        guard let bytes = assets.withLock({ $0[id.rawValue] }) else { return nil }
        return StoredAsset(
            record: AssetRecord(id: id, type: "png", width: 0, height: 0, byteCount: bytes.count), bytes: bytes)
    }

    func record(_ id: AssetID) throws(AssetStoreError) -> AssetRecord? { try asset(id)?.record }

    var location: String { "memory" }
}

@Suite struct ImageResolverTests {
    @Test func aDataURIResolvesToItsTypeAndSize() throws {
        let uri = dataURI(png(width: 30, height: 20))
        let document = try JSONParser.parse(
            #"{"layers": [{"id": "a", "frame": [0, 0, 90, 60], "content": {"image": {"data": "\#(uri)"}}}]}"#)
        let library = try ImageResolver.dataOnly.library(for: document)
        let image = try #require(library[.data(uri)])
        #expect(image.mimeType == "image/png" && image.width == 30 && image.height == 20)
        let spec = try SpecDecoder.decodeDocument(document, images: library).get()
        #expect(spec.images[.data(uri)]?.aspectRatio == 1.5)
    }

    @Test func aTruncatedDataURIIsAProblemAtItsPointer() throws {
        let whole = png(width: 30, height: 20)
        let uri = dataURI(Array(whole.prefix(whole.count - 20)))
        let document = try JSONParser.parse(
            #"{"layers": [{"id": "a", "frame": [0, 0, 90, 60], "content": {"image": {"data": "\#(uri)"}}}]}"#)
        let library = try ImageResolver.dataOnly.library(for: document)
        #expect(library[.data(uri)] == nil)
        guard case .failure(let problems) = SpecDecoder.decodeDocument(document, images: library) else {
            Issue.record("a truncated picture decoded")
            return
        }
        #expect(problems.problems.map(\.pointer) == ["/layers/0/content/image/data"])
        #expect(problems.problems[0].message.contains("truncated or corrupt"), "\(problems.problems[0].message)")
    }

    @Test func anAssetComesFromTheStoreAndAnUnknownOneIsAProblem() throws {
        let bytes = png(width: 39, height: 84)
        let id = AssetID(of: bytes).rawValue
        let other = "sha256-" + String(repeating: "ab", count: 32)
        let resolver = ImageResolver { $0 == id ? bytes : nil }
        let document = try JSONParser.parse(
            #"{"preset": "fold", "params": {"fromImage": "\#(id)", "toImage": "\#(other)"}}"#)
        let library = try resolver.library(for: document)
        #expect(library[.asset(id)]?.width == 39 && library[.asset(id)]?.height == 84)
        #expect(library[.asset(other)] == nil)
        guard case .failure(let problems) = SpecDecoder.decodeDocument(document, images: library) else {
            Issue.record("an unknown asset decoded")
            return
        }
        #expect(problems.problems.map(\.pointer) == ["/params/toImage"])
        #expect(problems.problems[0].message.contains("unknown asset"), "\(problems.problems[0].message)")
    }

    @Test func aStoreThatFailsMakesTheResolverThrow() throws {
        struct Down: Error {}
        let resolver = ImageResolver { _ in throw Down() }
        let document = try JSONParser.parse(
            #"{"preset": "flip", "params": {"fromImage": "sha256-\#(String(repeating: "0", count: 64))"}}"#)
        #expect(throws: Down.self) { try resolver.library(for: document) }
        // A spec without pictures never asks the store.
        #expect(try resolver.library(for: JSONParser.parse(#"{"preset": "flip"}"#)).isEmpty)
    }
}

/// The routes that decode specs resolve their pictures against the asset store.
@Suite struct ImageRouteTests {
    private let store = MemoryStore()
    private let api: AnimaticAPI

    init() {
        var configuration = APIConfiguration(cacheBytes: 1 << 20)
        configuration.assetStore = store
        api = AnimaticAPI(configuration: configuration)
    }

    func request(_ method: HTTPMethod, _ target: String, body: String = "") -> HTTPResponse {
        var r = HTTPRequest(method: method, target: target)
        r.body = Array(body.utf8)
        return api.handle(r).resolvingDeferredWork()
    }

    func problem(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test func everyRouteThatDecodesASpecFindsAStoredPicture() throws {
        let bytes = png(width: 39, height: 84)
        let id = try store.put(bytes, type: "png", width: 39, height: 84).record.id.rawValue
        let svg = request(
            .post, "/v1/timeline?format=svg", body: #"{"preset": "fold", "params": {"fromImage": "\#(id)"}}"#)
        #expect(svg.status == .ok)
        let text = String(decoding: svg.body, as: UTF8.self)
        #expect(text.contains("href=\"data:image/png;base64," + Data(bytes).base64EncodedString() + "\""))
        let linked = request(.get, "/v1/presets/flip/timeline?format=svg&images=link&toImage=\(id)")
        #expect(linked.status == .ok)
        #expect(String(decoding: linked.body, as: UTF8.self).contains("href=\"/v1/assets/\(id)\""))
        #expect(request(.get, "/v1/presets/zoom?image=\(id)").status == .ok)
        #expect(request(.get, "/v1/presets/fold/interaction?fromImage=\(id)").status == .ok)
        #expect(
            request(.post, "/v1/validate", body: #"{"preset": "cube", "params": {"toImage": "\#(id)"}}"#).status == .ok)
        let picture = request(.get, "/v1/presets/zoom/timeline?format=png&image=\(id)")
        #expect(picture.status == .ok && picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func anUnknownAssetIsA422AtItsPointer() throws {
        let id = "sha256-" + String(repeating: "cd", count: 32)
        for (response, pointer) in [
            (
                request(.post, "/v1/timeline", body: #"{"preset": "fold", "params": {"toImage": "\#(id)"}}"#),
                "/params/toImage"
            ),
            (request(.get, "/v1/presets/zoom/timeline?image=\(id)"), "/params/image"),
            (request(.get, "/v1/presets/flip/interaction?fromImage=\(id)"), "/params/fromImage"),
            (
                request(
                    .post, "/v1/validate",
                    body:
                        #"{"layers": [{"id": "a", "frame": [0, 0, 10, 10], "content": {"image": {"asset": "\#(id)"}}}]}"#
                ),
                "/layers/0/content/image/asset"
            ),
        ] {
            #expect(response.status.code == 422)
            let errors = try #require(try problem(response)["errors"] as? [[String: Any]])
            #expect(errors.first?["pointer"] as? String == pointer)
            #expect((errors.first?["message"] as? String)?.contains("unknown asset") == true)
        }
    }

    @Test func aStoreThatIsDownIsA503WithRetryAfter() throws {
        let id = "sha256-" + String(repeating: "ef", count: 32)
        store.down.store(true, ordering: .relaxed)
        for response in [
            request(.post, "/v1/timeline?format=css", body: #"{"preset": "flip", "params": {"fromImage": "\#(id)"}}"#),
            request(.get, "/v1/presets/fold/timeline?fromImage=\(id)"),
            request(.get, "/v1/presets/fold?fromImage=\(id)"),
        ] {
            #expect(response.status.code == 503)
            #expect(response.headers["Retry-After"] == "5")
            #expect(try problem(response)["type"] as? String == Problem.typeBase + "store-unavailable")
        }
        // A spec without pictures does not touch the store.
        let before = store.reads.load(ordering: .relaxed)
        #expect(request(.get, "/v1/presets/fold/timeline").status == .ok)
        #expect(store.reads.load(ordering: .relaxed) == before)
    }
}
