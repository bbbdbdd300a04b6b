/// Applies `ContentCoding`'s rule to a 200 response: `Vary: Accept-Encoding`, the coding,
/// the entity tag of that representation, the conditional answer to `If-None-Match`, and
/// the compressed body. The HTTP layer (`ResponseSerializer`) and AnimaticServer's
/// `Representation` both go through here, so gzip and ETags are decided once.
///
/// - `Vary: Accept-Encoding` on every compressible 200 (unless `Vary` is `*` or has it);
/// - the ETag becomes the coded representation's tag (`ContentCoding.etag`);
/// - `If-None-Match` is compared (weakly, RFC 9110 §13.1.2) with that tag; a match → 304
///   carrying it and the fields a 200 would, without content metadata or body (§15.4.5);
/// - a compressor that fails (nil) leaves the body in identity, with the identity tag.
public struct ContentNegotiator: Sendable {
    public let gzip: GzipEncoder
    /// Bodies shorter than this stay identity unless identity is refused.
    public let minimumSize: Int

    public init(gzip: GzipEncoder, minimumSize: Int) {
        self.gzip = gzip
        self.minimumSize = minimumSize
    }

    /// The coding this request gets for a body of `contentType` and `size` bytes.
    public func coding(
        for requestHeaders: HTTPHeaders, contentType: String?, size: Int, noTransform: Bool = false
    ) -> ContentCoding {
        ContentCoding.choose(
            ContentCoding.preferences(requestHeaders), contentType: contentType, size: size,
            minimumSize: minimumSize, noTransform: noTransform)
    }

    /// Applies the rule to a response's parts. Only a 200 whose body is not already coded
    /// is touched. `compress` returns the gzipped body (a cache may hand its copy); nil
    /// compresses with `gzip`.
    public func apply(
        status: inout HTTPStatus, headers: inout HTTPHeaders, body: inout [UInt8], requestHeaders: HTTPHeaders,
        compress: (([UInt8]) -> [UInt8]?)? = nil
    ) {
        guard status == .ok, !headers.contains("Content-Encoding") else { return }
        let contentType = headers["Content-Type"]
        if ContentCoding.isCompressible(contentType: contentType),
            !headers.containsToken("Accept-Encoding", in: "Vary"), headers["Vary"] != "*"
        {
            headers.add("Vary", "Accept-Encoding")
        }
        let noTransform = headers.containsToken("no-transform", in: "Cache-Control")
        var coding = coding(for: requestHeaders, contentType: contentType, size: body.count, noTransform: noTransform)
        var coded: [UInt8]?
        if coding == .gzip {
            coded = compress.map { $0(body) } ?? gzip.encode(body)
            if coded == nil { coding = .identity }
        }
        if let etag = headers["ETag"] {
            let tag = ContentCoding.etag(etag, for: coding)
            headers.set("ETag", tag)
            if Self.ifNoneMatch(requestHeaders, matches: tag) {
                status = .notModified
                body = []
                for name in ["Content-Type", "Content-Length", "Last-Modified"] { headers.remove(name) }
                return
            }
        }
        if coding == .gzip, let coded {
            body = coded
            headers.set("Content-Encoding", "gzip")
        }
    }

    /// Whether `If-None-Match` lists `etag` (weak comparison) or is `*`.
    static func ifNoneMatch(_ requestHeaders: HTTPHeaders, matches etag: String) -> Bool {
        let members = requestHeaders.listValues("If-None-Match")
        guard !members.isEmpty else { return false }
        let opaque = ETag.opaque(etag)
        return members.contains { $0 == "*" || ETag.opaque(String($0)) == opaque }
    }
}
