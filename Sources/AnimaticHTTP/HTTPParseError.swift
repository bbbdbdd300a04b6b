/// Why a request could not be parsed, with the status code the server answers with.
/// Every parse error closes the connection after the response: once framing is in
/// doubt, the next bytes cannot be trusted to start a request (RFC 9112 §11.2).
public enum HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Request line longer than the limit → 414 (RFC 9112 §3: a server that receives a
    /// request-target longer than it wishes to parse MUST respond with 414).
    case requestLineTooLong
    /// Header section over the size or field-count limit → 431 (RFC 6585 §5).
    case headersTooLarge
    /// Declared or accumulated body over `maxBodySize` → 413 (RFC 9110 §15.5.14).
    case bodyTooLarge
    /// A malformed request line (method, target or version syntax) → 400.
    case invalidRequestLine
    /// An HTTP major version other than 1 → 505.
    case unsupportedVersion
    /// A header line that is not `token ":" OWS value OWS` → 400: invalid name
    /// characters, whitespace before the colon (RFC 9112 §5.1), control characters.
    case invalidHeader
    /// A line folded with obs-fold (RFC 9112 §5.2) → 400.
    case obsoleteLineFolding
    /// A line ending that is not CRLF (bare LF or bare CR, RFC 9112 §2.2) → 400.
    case invalidLineEnding
    /// Both Content-Length and Transfer-Encoding (RFC 9112 §6.3 rule 3) → 400.
    case contentLengthWithTransferEncoding
    /// Content-Length repeated, a list, or not 1*DIGIT (RFC 9112 §6.3 rule 5) → 400.
    case invalidContentLength
    /// Transfer-Encoding whose last coding is not `chunked`, `chunked` twice, or any
    /// Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1, §6.3) → 400.
    case invalidTransferEncoding
    /// A transfer coding other than `chunked` (e.g. `gzip, chunked`) → 501 (RFC 9112 §6.1).
    case unsupportedTransferCoding
    /// Malformed chunk framing (RFC 9112 §7.1) → 400.
    case invalidChunk
    /// HTTP/1.1 request without exactly one Host field (RFC 9112 §3.2) → 400.
    case missingOrDuplicateHost
    /// A Host value that is not `uri-host [ ":" port ]` (RFC 9112 §3.2, RFC 3986 §3.2.2) → 400.
    case invalidHost

    /// The status code of the error response.
    public var status: HTTPStatus {
        switch self {
        case .requestLineTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedVersion: .httpVersionNotSupported
        case .unsupportedTransferCoding: .notImplemented
        default: .badRequest
        }
    }

    public var description: String {
        switch self {
        case .requestLineTooLong: "request line too long"
        case .headersTooLarge: "header section too large"
        case .bodyTooLarge: "body too large"
        case .invalidRequestLine: "invalid request line"
        case .unsupportedVersion: "unsupported HTTP version"
        case .invalidHeader: "invalid header field"
        case .obsoleteLineFolding: "obsolete line folding"
        case .invalidLineEnding: "line ending is not CRLF"
        case .contentLengthWithTransferEncoding: "both Content-Length and Transfer-Encoding"
        case .invalidContentLength: "invalid Content-Length"
        case .invalidTransferEncoding: "invalid Transfer-Encoding"
        case .unsupportedTransferCoding: "unsupported transfer coding"
        case .invalidChunk: "invalid chunked framing"
        case .missingOrDuplicateHost: "missing or duplicate Host"
        case .invalidHost: "invalid Host"
        }
    }
}
