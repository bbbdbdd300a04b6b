/// A store that cannot answer now: the database is down, locked past its timeout, out of
/// disk, or unreachable. The API answers 503 with `Retry-After`; the server keeps running and
/// the next request tries again (PostgreSQL reconnects, SQLite reopens nothing: its file is
/// local).
public struct AssetStoreError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
