import AnimaticHTTP

/// The one place that decides how an API response is represented, for 200 and 304 alike:
/// CORS (`CORSPolicy`), the security headers, and — through the HTTP layer's
/// `ContentNegotiator`, the same rule the server applies when it compresses itself — the
/// content coding, the entity tag of that representation, `Vary` and the conditional
/// answer to `If-None-Match` (docs/HTTP.md, "Content coding").
///
/// What it adds to the negotiator: the timeline routes hand in their cache's gzipped
/// copy (`compress`), and deferred or streamed responses are left alone (the former is
/// represented when its work is done, the latter is a file already sent as it is).
struct Representation: Sendable {
    let negotiator: ContentNegotiator
    var cors = CORSPolicy.api

    var gzip: GzipEncoder { negotiator.gzip }

    /// Content-Security-Policy of the page and static files: the page's own scripts,
    /// styles and images only (plus data:/blob: images it makes), no framing. The one
    /// inline handler the page has (`onsubmit="return false"` on the preset form) is
    /// allowed by its hash alone (CSP Level 3 'unsafe-hashes'), not inline script at large.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self' 'unsafe-hashes' 'sha256-GZIcz60Uwd6wT3vaYke/atSr53TehbYAPepOa3d03Vw='; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Applies the rules to a handler's response. `compress` returns the gzipped body
    /// (the timeline routes hand in their cache); nil falls back to identity.
    func apply(
        _ response: inout HTTPResponse, request: HTTPRequest, isPage: Bool,
        compress: (([UInt8]) -> [UInt8]?)? = nil
    ) {
        cors.apply(to: &response.headers)
        response.headers.set("X-Content-Type-Options", "nosniff")
        if isPage {
            response.headers.set("Content-Security-Policy", Self.contentSecurityPolicy)
            response.headers.set("Referrer-Policy", "no-referrer")
        }
        guard response.deferred == nil, response.stream == nil else { return }
        negotiator.apply(
            status: &response.status, headers: &response.headers, body: &response.body,
            requestHeaders: request.headers, compress: compress)
    }
}
