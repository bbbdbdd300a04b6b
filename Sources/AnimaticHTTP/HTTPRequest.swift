/// A complete request as handed to a handler.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as sent (RFC 9112 §3.2).
    public var target: String
    /// The path of the target, **not percent-decoded** (so `%2F` stays distinct from
    /// `/`): everything before `?` for origin-form, the path of an absolute-form target
    /// (`/` if empty), `*` for asterisk-form, the authority for CONNECT. Decode per
    /// segment with `PercentDecoding.decode(_:)`; `Router` does so for parameters.
    public var path: String
    /// The query after `?`, not decoded; `nil` if there was no `?`.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Trailer fields of a chunked body (RFC 9112 §7.1.2); kept apart from `headers`.
    public var trailers: HTTPHeaders
    /// The peer, as "127.0.0.1:54321" or "[::1]:54321".
    public var remoteAddress: String
    /// The client's `X-Request-ID` when it is 1–128 visible characters, otherwise a
    /// generated one; echoed in the response's `X-Request-ID`.
    public var requestID: String
    /// Whether the request arrived over TLS.
    public var isSecure: Bool

    public init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [],
        trailers: HTTPHeaders = HTTPHeaders(), remoteAddress: String = "",
        requestID: String = "", isSecure: Bool = false
    ) {
        self.method = method
        self.target = target
        let (path, query) = Self.split(target: target, method: method)
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.trailers = trailers
        self.remoteAddress = remoteAddress
        self.requestID = requestID
        self.isSecure = isSecure
    }

    /// Splits a request-target into path and query (RFC 9112 §3.2).
    static func split(target: String, method: HTTPMethod) -> (path: String, query: String?) {
        if target == "*" || method == .connect { return (target, nil) }
        var rest = Substring(target)
        if !rest.hasPrefix("/") {
            // absolute-form: scheme "://" authority path-abempty [ "?" query ]
            if let schemeEnd = rest.firstRange(of: "://") {
                rest = rest[schemeEnd.upperBound...]
                if let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                    rest = rest[slash...]
                } else {
                    rest = ""
                }
            }
        }
        var path: Substring
        var query: String?
        if let q = rest.firstIndex(of: "?") {
            path = rest[..<q]
            query = String(rest[rest.index(after: q)...])
        } else {
            path = rest
        }
        if path.isEmpty { path = "/" }
        return (String(path), query)
    }

    /// The query's `name=value` pairs, `+` as space and percent-decoded
    /// (application/x-www-form-urlencoded); undecodable pairs are skipped.
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = parts[0].replacingOccurrences(of: "+", with: " ")
            let value = parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ") : ""
            guard let n = PercentDecoding.decode(name), let v = PercentDecoding.decode(value) else { return nil }
            return (n, v)
        }
    }

    /// Whether `If-None-Match` matches `etag` by weak comparison, as RFC 9110 §13.1.2
    /// prescribes for that field (`*` matches any current representation).
    public func ifNoneMatchMatches(_ etag: String) -> Bool {
        let members = headers.listValues("If-None-Match")
        guard !members.isEmpty else { return false }
        let opaque = ETag.opaque(etag)
        return members.contains { $0 == "*" || ETag.opaque(String($0)) == opaque }
    }
}

extension Substring {
    /// Every `a` as `b`. Without `a` (the common case) a plain copy: going through
    /// `Character`s costs more than the rest of a query item (issue 26's overload profile).
    fileprivate func replacingOccurrences(of a: Character, with b: Character) -> String {
        if let byte = a.asciiValue, !utf8.contains(byte) { return String(self) }
        return String(map { $0 == a ? b : $0 })
    }
}

/// Entity-tag helpers (RFC 9110 §8.8.3).
public enum ETag {
    /// The opaque-tag of an entity-tag with any `W/` prefix removed, for weak comparison.
    public static func opaque(_ etag: String) -> Substring {
        etag.hasPrefix("W/") ? etag.dropFirst(2) : Substring(etag)
    }

    /// The weak form of a strong entity-tag (unchanged if already weak).
    public static func weak(_ etag: String) -> String {
        etag.hasPrefix("W/") ? etag : "W/" + etag
    }
}
