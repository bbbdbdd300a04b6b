/// A request method (RFC 9110 §9).
///
/// Methods are case-sensitive tokens and the set is open, so any token the parser accepts
/// becomes a method; the ones the server and the API name have constants, so a misspelt
/// method is a compile error rather than a route that never matches.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The token exactly as sent, e.g. `GET`.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let connect = HTTPMethod(rawValue: "CONNECT")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let trace = HTTPMethod(rawValue: "TRACE")
    public static let patch = HTTPMethod(rawValue: "PATCH")
}
