import AnimaticCore
import AnimaticHTTP
import AnimaticImages
import AnimaticStore
import COpenSSL

/// `POST /v1/assets` and `GET /v1/assets/{id}`: the user's images, kept in the asset store
/// (docs/API.md, "Assets"). No route lists assets: an id is the full SHA-256 of the bytes.
///
/// An upload is checked on the upload lane (`WorkLane`: store I/O must not hold a render
/// worker) — its byte limit, type by magic bytes, header,
/// pixel and frame limits (`ImageProbe`), then a full decode, so a truncated file is refused
/// now rather than when a spec draws it — and at most `workers` images are decoded at once.
/// A read is a lookup by key on the connection's queue.
extension APIRoutes {
    func addAssetRoutes(_ r: inout Router) {
        guard configuration.assetStore != nil else { return }
        route(&r, .post, "/v1/assets") { [self] request, _ in
            uploadAsset(request)
        }
        route(&r, .get, "/v1/assets/{id}") { [self] request, params in
            getAsset(params["id"] ?? "")
        }
    }

    private func uploadAsset(_ request: HTTPRequest) -> HTTPResponse {
        guard let store = configuration.assetStore, let lane = uploadLane else {
            return Problem.notFound("no asset store").response
        }
        if let token = configuration.writeToken, let problem = Self.checkBearer(request, token: token) {
            assetMetrics.recordRefusal()
            return problem.response
        }
        let body = request.body
        let limits = configuration.imageLimits
        return on(lane) { [self] in
            let header: ImageHeader
            do throws(ImageError) {
                header = try ImageDecoder.validate(body, limits: limits)
            } catch {
                assetMetrics.recordRefusal()
                return Problem.badImage(error).response
            }
            let stored: (record: AssetRecord, created: Bool)
            do throws(AssetStoreError) {
                stored = try store.put(body, type: header.type.rawValue, width: header.width, height: header.height)
            } catch {
                assetMetrics.recordStoreFailure()
                return Problem.storeUnavailable(error).response
            }
            assetMetrics.recordUpload(created: stored.created, bytes: body.count)
            var w = JSONWriter()
            w.value(Self.assetJSON(stored.record))
            var response = HTTPResponse(
                status: stored.created ? .created : .ok, body: w.bytes, contentType: "application/json")
            response.headers.set("Location", "/v1/assets/\(stored.record.id)")
            response.headers.set("Cache-Control", "no-store")
            return response
        }
    }

    private func getAsset(_ text: String) -> HTTPResponse {
        guard let store = configuration.assetStore else { return Problem.notFound("no asset store").response }
        guard let id = AssetID(text) else {
            return Problem.notFound("\(text) is not an asset id: sha256- and 64 lowercase hex digits").response
        }
        let asset: StoredAsset?
        do throws(AssetStoreError) {
            asset = try store.asset(id)
        } catch {
            assetMetrics.recordStoreFailure()
            return Problem.storeUnavailable(error).response
        }
        guard let asset else { return Problem.notFound("no asset \(id)").response }
        let type = ImageType(rawValue: asset.record.type)?.mimeType ?? "application/octet-stream"
        var response = HTTPResponse(status: .ok, body: asset.bytes, contentType: type)
        // The id is the hash of the bytes: they never change, so the tag is strong and the
        // lifetime a year with `immutable` (RFC 8246).
        response.headers.set("ETag", "\"\(id.rawValue.dropFirst(AssetID.prefix.count))\"")
        response.headers.set("Cache-Control", "public, max-age=31536000, immutable")
        return response
    }

    static func assetJSON(_ record: AssetRecord) -> JSONValue {
        .object([
            ("id", .string(record.id.rawValue)), ("width", .number(Double(record.width))),
            ("height", .number(Double(record.height))), ("bytes", .number(Double(record.byteCount))),
            ("type", .string(record.type)),
        ])
    }

    /// `Authorization: Bearer <token>` (RFC 6750 §2.1), compared in constant time. Missing or
    /// wrong: 401 with `WWW-Authenticate` (§3), the header named in `parameter`.
    static func checkBearer(_ request: HTTPRequest, token: String) -> Problem? {
        let given = request.headers["Authorization"] ?? ""
        let scheme = "bearer "
        let presented = given.lowercased().hasPrefix(scheme) ? String(given.dropFirst(scheme.count)) : nil
        if let presented, constantTimeEqual(Array(presented.utf8), Array(token.utf8)) { return nil }
        var problem = Problem(
            status: .unauthorized, type: "unauthorized", title: "Uploads need the write token",
            detail: presented == nil
                ? "this server takes uploads only with Authorization: Bearer <token> (its --write-token)"
                : "the bearer token is not this server's write token",
            extensions: [("parameter", .string("Authorization"))])
        problem.headers.set(
            "WWW-Authenticate",
            presented == nil ? "Bearer realm=\"animatic\"" : "Bearer realm=\"animatic\", error=\"invalid_token\"")
        return problem
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) == 0 }
        }
    }
}

extension Problem {
    /// An image refused by its checks: 413, 415 or 422 with the check's message; the body is
    /// the one thing at fault, named in `parameter`.
    static func badImage(_ error: ImageError) -> Problem {
        let (type, title): (String, String)
        switch error.status {
        case 413: (type, title) = ("image-too-large", "The image is larger than this server accepts")
        case 415: (type, title) = ("unsupported-image-type", "The body is not a PNG, JPEG, WebP or GIF")
        default: (type, title) = ("invalid-image", "The image cannot be used")
        }
        return Problem(
            status: HTTPStatus(code: error.status), type: type, title: title, detail: error.message,
            extensions: [("parameter", .string("body"))])
    }

    /// The store did not answer: retry shortly; nothing was stored.
    static func storeUnavailable(_ error: AssetStoreError) -> Problem {
        var problem = Problem(
            status: .serviceUnavailable, type: "store-unavailable", title: "The asset store is not answering",
            detail: "\(error.message); retry after the delay in Retry-After.")
        problem.headers.set("Retry-After", "5")
        return problem
    }
}
