import AnimaticHTTP

/// The one place that decides how a response is represented, for 200 and 304 alike:
/// the content coding (gzip or identity), the entity tag of that representation, `Vary`,
/// the conditional answer to `If-None-Match`, CORS and the security headers.
///
/// Rules:
/// - gzip when the media type compresses, the client accepts gzip at least as much as
///   identity and the body is at least `gzipMinimumSize` bytes — or whenever identity is
///   refused (`identity;q=0`, RFC 9110 §12.5.3) and gzip is acceptable;
/// - a gzipped body is its own representation: its strong ETag is the identity tag with
///   `-gz` inside the quotes (`"h"` → `"h-gz"`), so a validator always names bytes that
///   were sent (RFC 9110 §8.8.3);
/// - `If-None-Match` is compared (weakly, RFC 9110 §13.1.2) with the tag of the
///   representation this request would get; a match → 304 carrying that tag;
/// - `Vary: Accept-Encoding` on every compressible response (`Accept` is added by routes
///   that negotiate the format).
struct Representation: Sendable {
    let gzip: GzipEncoder
    let gzipMinimumSize: Int

    /// Content-Security-Policy of the page and static files: the page's own scripts,
    /// styles and images only (plus data:/blob: images it makes), no framing. The one
    /// inline handler the page has (`onsubmit="return false"` on the preset form) is
    /// allowed by its hash alone (CSP Level 3 'unsafe-hashes'), not inline script at large.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self' 'unsafe-hashes' 'sha256-GZIcz60Uwd6wT3vaYke/atSr53TehbYAPepOa3d03Vw='; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    enum Coding { case identity, gzip }

    func coding(for request: HTTPRequest, contentType: String?, size: Int, noTransform: Bool = false) -> Coding {
        guard ContentCoding.isCompressible(contentType: contentType), size > 0, !noTransform else { return .identity }
        let preferences = ContentCoding.preferences(request.headers)
        guard preferences.gzip > 0 else { return .identity }
        if preferences.identity == 0 { return .gzip }
        return preferences.gzip >= preferences.identity && size >= gzipMinimumSize ? .gzip : .identity
    }

    static func etag(_ identityTag: String, coding: Coding) -> String {
        guard coding == .gzip, identityTag.hasSuffix("\"") else { return identityTag }
        return String(identityTag.dropLast()) + "-gz\""
    }

    /// Applies the rules to a handler's response. `compress` returns the gzipped body
    /// (the timeline routes hand in their cache); nil falls back to identity.
    func apply(
        _ response: inout HTTPResponse, request: HTTPRequest, isPage: Bool,
        compress: (([UInt8]) -> [UInt8]?)? = nil
    ) {
        response.headers.set("Access-Control-Allow-Origin", "*")
        response.headers.set(
            "Access-Control-Expose-Headers", "ETag, Content-Length, Content-Encoding, Retry-After, Animatic-Warning")
        response.headers.set("X-Content-Type-Options", "nosniff")
        if isPage {
            response.headers.set("Content-Security-Policy", Self.contentSecurityPolicy)
            response.headers.set("Referrer-Policy", "no-referrer")
        }
        guard response.deferred == nil, response.stream == nil, !response.headers.contains("Content-Encoding"),
            response.status == .ok
        else { return }
        let contentType = response.headers["Content-Type"]
        if ContentCoding.isCompressible(contentType: contentType),
            !response.headers.containsToken("Accept-Encoding", in: "Vary")
        {
            response.headers.add("Vary", "Accept-Encoding")
        }
        let noTransform = response.headers.containsToken("no-transform", in: "Cache-Control")
        var coding = coding(for: request, contentType: contentType, size: response.body.count, noTransform: noTransform)
        var gzipped: [UInt8]?
        if coding == .gzip {
            gzipped = compress.map { $0(response.body) } ?? gzip.encode(response.body)
            if gzipped == nil { coding = .identity }
        }
        if let etag = response.headers["ETag"] {
            let tag = Self.etag(etag, coding: coding)
            response.headers.set("ETag", tag)
            // POST /v1/timeline is a safe computation too; docs/API.md lets it revalidate.
            if request.ifNoneMatchMatches(tag) {
                // RFC 9110 §15.4.5: the 304 carries the fields a 200 would (ETag,
                // Cache-Control, Vary…) but no content metadata and no body.
                response.status = .notModified
                response.body = []
                for name in ["Content-Type", "Content-Length", "Last-Modified"] { response.headers.remove(name) }
                return
            }
        }
        if coding == .gzip, let gzipped {
            response.body = gzipped
            response.headers.set("Content-Encoding", "gzip")
        }
    }
}
