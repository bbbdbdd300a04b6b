import AnimaticHTTP

/// The API's one CORS policy (docs/HTTP.md, "CORS"), used by the preflight
/// (`APIRoutes.preflight`), by every route's response (`Representation`) and by the HTTP
/// layer's own refusals (`makeServer`'s error responder): any origin may call the API, without
/// credentials (it has none to protect: every route is a pure function of its request), and
/// read the fields a client needs to revalidate, retry and see export warnings.
struct CORSPolicy: Sendable {
    /// `Access-Control-Allow-Origin`: `*`, since no route reads cookies or credentials.
    var allowOrigin = "*"
    /// The request fields a cross-origin caller may send beyond the safelisted ones:
    /// `Authorization` carries the write token (`--write-token`) of an upload or a link made
    /// by a tool on another origin — a header the script sets, not an ambient credential,
    /// so `*` stays right (Fetch standard, "CORS-non-wildcard request-header name").
    var allowHeaders = "Content-Type, Accept, If-None-Match, Authorization"
    /// The response fields a cross-origin script may read beyond the safelisted ones.
    var exposeHeaders = "ETag, Content-Length, Content-Encoding, Retry-After, Animatic-Warning"
    /// How long a browser may keep a preflight's answer: a day (our choice; Chromium caps
    /// it at 2 hours, Firefox at 24, so this is the most either keeps).
    var maxAgeSeconds = 86400

    static let api = CORSPolicy()

    /// The fields every actual (not preflight) response carries.
    func apply(to headers: inout HTTPHeaders) {
        headers.set("Access-Control-Allow-Origin", allowOrigin)
        headers.set("Access-Control-Expose-Headers", exposeHeaders)
    }

    /// The answer to an `OPTIONS` request for a path allowing `allowed`: 204 with `Allow`
    /// and the CORS preflight fields (OPTIONS itself is always allowed).
    func preflight(allowed: [HTTPMethod]) -> HTTPResponse {
        var methods = allowed
        if !methods.contains(.options) { methods.append(.options) }
        return HTTPResponse(
            status: .noContent,
            headers: [
                "Allow": Router.allowValue(methods),
                "Access-Control-Allow-Origin": allowOrigin,
                "Access-Control-Allow-Methods": Router.allowValue(methods),
                "Access-Control-Allow-Headers": allowHeaders,
                "X-Content-Type-Options": "nosniff",
                "Access-Control-Max-Age": String(maxAgeSeconds),
            ])
    }
}
