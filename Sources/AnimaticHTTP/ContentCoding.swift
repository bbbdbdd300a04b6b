/// The content codings the server sends, and the one rule that picks between them
/// (RFC 9110 §12.5.3). Both the HTTP layer (`ResponseSerializer`, when it compresses) and
/// an application deciding its own representations (AnimaticServer's `Representation`)
/// call `choose` and `etag`, through `ContentNegotiator`, so they cannot disagree.
public enum ContentCoding: String, Sendable, Equatable {
    case identity, gzip

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

    /// The one rule (docs/HTTP.md, "Content coding"). gzip is offered only for a
    /// compressible type with a non-empty body whose `Cache-Control` allows transforms;
    /// then it is sent when the client accepts it (q > 0) and either refuses identity
    /// (`identity;q=0`, RFC 9110 §12.5.3 rule 2: any size) or prefers gzip at least as much
    /// and the body is at least `minimumSize` bytes. Everything else is identity — also a
    /// type that does not compress under `identity;q=0`: gzip is not a representation we
    /// offer for it, and §12.5.3's last paragraph leaves the answer to the server when no
    /// offered coding is acceptable; a 406 would break clients that merely over-specified.
    public static func choose(
        _ preferences: Preferences, contentType: String?, size: Int, minimumSize: Int, noTransform: Bool = false
    ) -> ContentCoding {
        guard isCompressible(contentType: contentType), size > 0, !noTransform, preferences.gzip > 0 else {
            return .identity
        }
        if preferences.identity == 0 { return .gzip }
        return preferences.gzip >= preferences.identity && size >= minimumSize ? .gzip : .identity
    }

    /// The entity tag of the representation in `coding`, given the identity bytes' tag.
    /// A gzipped body is its own representation with its own strong tag: `-gz` inside the
    /// quotes (`"h"` → `"h-gz"`, `W/"h"` → `W/"h-gz"`), so a validator always names bytes
    /// that were sent (RFC 9110 §8.8.3) and a strong comparison still works; Apache's
    /// mod_deflate does the same (`-gzip`).
    public static func etag(_ identityTag: String, for coding: ContentCoding) -> String {
        guard coding == .gzip, identityTag.hasSuffix("\"") else { return identityTag }
        return String(identityTag.dropLast()) + "-gz\""
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
