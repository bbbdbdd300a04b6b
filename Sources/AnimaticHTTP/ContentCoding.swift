/// Content negotiation for gzip (RFC 9110 §12.5.3) and which media types are worth it.
public enum ContentCoding {
    /// The client's preferences: q-values of gzip and of identity (no coding).
    public struct Preferences: Equatable, Sendable {
        public var gzip: Double
        public var identity: Double
    }

    /// Reads `Accept-Encoding`. No field: identity only (any coding would be allowed,
    /// but clients that want gzip say so). `gzip`/`x-gzip` take their q, else `*`'s.
    /// identity takes its own q, else `*`'s (so `*;q=0` with no identity entry refuses
    /// it), else 1. Ties go to gzip.
    public static func preferences(_ headers: HTTPHeaders) -> Preferences {
        guard headers.contains("Accept-Encoding") else { return Preferences(gzip: 0, identity: 1) }
        var gzip: Double?, identity: Double?, star: Double?
        for member in headers.listValues("Accept-Encoding") {
            let parts = member.split(separator: ";")
            let coding = parts[0].trimmingOWS().lowercased()
            var q = 1.0
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingOWS()
                if p.lowercased().hasPrefix("q=") {
                    q = Double(p.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
                }
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, q)
            case "identity": identity = q
            case "*": star = q
            default: break
            }
        }
        return Preferences(gzip: gzip ?? star ?? 0, identity: identity ?? star ?? 1)
    }

    /// Whether a body of this media type compresses well: text, JSON, XML, SVG,
    /// JavaScript, CSS, WebAssembly.
    public static func isCompressible(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";")[0].trimmingOWS().lowercased()
        if type.hasPrefix("text/") { return true }
        if type.hasSuffix("+json") || type.hasSuffix("+xml") { return true }
        switch type {
        case "application/json", "application/javascript", "application/ecmascript", "application/xml",
            "application/wasm", "application/x-ndjson", "application/manifest+json", "image/svg+xml":
            return true
        default:
            return false
        }
    }
}
