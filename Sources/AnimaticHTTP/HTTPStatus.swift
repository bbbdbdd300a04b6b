/// A response status code (RFC 9110 §15) and its reason phrase.
///
/// The codes the server and the API send have names, so a mistyped status does not
/// compile; `HTTPStatus(code:)` takes any other three-digit code.
public struct HTTPStatus: Hashable, Sendable, CustomStringConvertible {
    /// The three-digit code, e.g. 404.
    public let code: Int

    public init(code: Int) {
        self.code = code
    }

    /// The code alone, as it appears in logs and metrics labels.
    public var description: String { String(code) }

    public static let `continue` = HTTPStatus(code: 100)
    public static let switchingProtocols = HTTPStatus(code: 101)
    public static let ok = HTTPStatus(code: 200)
    public static let created = HTTPStatus(code: 201)
    public static let accepted = HTTPStatus(code: 202)
    public static let noContent = HTTPStatus(code: 204)
    public static let partialContent = HTTPStatus(code: 206)
    public static let movedPermanently = HTTPStatus(code: 301)
    public static let found = HTTPStatus(code: 302)
    public static let seeOther = HTTPStatus(code: 303)
    public static let notModified = HTTPStatus(code: 304)
    public static let temporaryRedirect = HTTPStatus(code: 307)
    public static let permanentRedirect = HTTPStatus(code: 308)
    public static let badRequest = HTTPStatus(code: 400)
    public static let unauthorized = HTTPStatus(code: 401)
    public static let forbidden = HTTPStatus(code: 403)
    public static let notFound = HTTPStatus(code: 404)
    public static let methodNotAllowed = HTTPStatus(code: 405)
    public static let notAcceptable = HTTPStatus(code: 406)
    public static let requestTimeout = HTTPStatus(code: 408)
    public static let conflict = HTTPStatus(code: 409)
    public static let gone = HTTPStatus(code: 410)
    public static let lengthRequired = HTTPStatus(code: 411)
    public static let preconditionFailed = HTTPStatus(code: 412)
    public static let contentTooLarge = HTTPStatus(code: 413)
    public static let uriTooLong = HTTPStatus(code: 414)
    public static let unsupportedMediaType = HTTPStatus(code: 415)
    public static let rangeNotSatisfiable = HTTPStatus(code: 416)
    public static let expectationFailed = HTTPStatus(code: 417)
    public static let unprocessableContent = HTTPStatus(code: 422)
    public static let upgradeRequired = HTTPStatus(code: 426)
    public static let preconditionRequired = HTTPStatus(code: 428)
    public static let tooManyRequests = HTTPStatus(code: 429)
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    public static let internalServerError = HTTPStatus(code: 500)
    public static let notImplemented = HTTPStatus(code: 501)
    public static let badGateway = HTTPStatus(code: 502)
    public static let serviceUnavailable = HTTPStatus(code: 503)
    public static let gatewayTimeout = HTTPStatus(code: 504)
    public static let httpVersionNotSupported = HTTPStatus(code: 505)

    /// The reason phrase of RFC 9110 §15; informational only, clients ignore it.
    public var reasonPhrase: String {
        switch code {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status \(code)"
        }
    }

    /// Whether a response with this status never has content: 1xx, 204 and 304
    /// (RFC 9110 §6.4.1).
    public var forbidsContent: Bool {
        (100..<200).contains(code) || self == .noContent || self == .notModified
    }
}
