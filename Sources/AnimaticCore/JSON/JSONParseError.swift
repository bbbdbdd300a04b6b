/// Why a document is not JSON, and where: `offset` is the zero-based byte offset of
/// the first byte that could not be accepted.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "malformed JSON at byte \(offset): \(message)" }
}
