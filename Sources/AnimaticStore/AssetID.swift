import COpenSSL

/// An asset's name: "sha256-" and the SHA-256 (FIPS 180-4) of its bytes in lowercase hex.
///
/// Content-addressed: the same bytes always get the same id, so uploading twice stores
/// once; and an id is the full 256-bit hash, so it cannot be guessed from anything but the
/// bytes themselves (there is no route that lists ids).
public struct AssetID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public static let prefix = "sha256-"

    /// Parses an id from a request path: the prefix and exactly 64 lowercase hex digits.
    public init?(_ text: some StringProtocol) {
        guard text.hasPrefix(Self.prefix) else { return nil }
        let hex = text.utf8.dropFirst(Self.prefix.utf8.count)
        guard hex.count == 64, hex.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        rawValue = String(text)
    }

    /// The id of `bytes`.
    public init(of bytes: [UInt8]) {
        var digest = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { out in _ = SHA256(input.baseAddress, input.count, out.baseAddress) }
        }
        let hex = Array("0123456789abcdef".utf8)
        var chars = Array(Self.prefix.utf8)
        for byte in digest {
            chars.append(hex[Int(byte >> 4)])
            chars.append(hex[Int(byte & 15)])
        }
        rawValue = String(decoding: chars, as: UTF8.self)
    }

    public var description: String { rawValue }
}
