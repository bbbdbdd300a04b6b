import COpenSSL

/// A short link's id: the SHA-256 (FIPS 180-4) of the state's canonical JSON, written in
/// base 62 (0-9, A-Z, a-z: safe in a path, a query and a file name), of which the first
/// `standardLength` digits are the id.
///
/// Ten digits are 62^10 ≈ 8.4 × 10^17 ≈ 2^59.5 ids. By the birthday bound, n links collide
/// with probability about n² / (2 · 62^10): 6 × 10^-7 for a million links, 6 × 10^-5 for
/// ten million. A collision is still handled (docs/API.md, "Links"): the second state takes
/// the next longer prefix of its own hash (11 digits, then 12 …), so ids stay derived from
/// the state and an existing link never changes. The length is our choice: as short as a
/// link pasted in a chat can be while a collision stays a rare event rather than a routine one.
enum LinkID {
    static let standardLength = 10
    /// Every base-62 digit of a 256-bit hash: 62^43 > 2^256.
    static let maxLength = 43
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// The base-62 digits of SHA-256(`canonical`), least significant first (each nearly
    /// uniform: the most significant digit of a 256-bit number in base 62 is only 0 or 1).
    static func digits(of canonical: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        canonical.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { out in _ = SHA256(input.baseAddress, input.count, out.baseAddress) }
        }
        return base62(digest)
    }

    /// `bytes` as a big-endian number, in base 62, least significant digit first, `maxLength` digits.
    static func base62(_ bytes: [UInt8]) -> [UInt8] {
        var number = bytes
        var digits: [UInt8] = []
        digits.reserveCapacity(maxLength)
        while digits.count < maxLength {
            // Long division of `number` by 62; the remainder is the next digit.
            var remainder = 0
            for i in number.indices {
                let value = remainder << 8 | Int(number[i])
                number[i] = UInt8(value / 62)
                remainder = value % 62
            }
            digits.append(alphabet[remainder])
        }
        return digits
    }

    /// The id of `length` digits for a state.
    static func id(of canonical: [UInt8], length: Int = standardLength) -> String {
        String(decoding: digits(of: canonical).prefix(length), as: UTF8.self)
    }

    /// Whether `text` can be a link id: `standardLength` to `maxLength` base-62 digits.
    static func isWellFormed(_ text: some StringProtocol) -> Bool {
        (standardLength...maxLength).contains(text.utf8.count) && text.utf8.allSatisfy { alphabet.contains($0) }
    }
}
