import COpenSSL

/// SHA-256 (OpenSSL's), as lowercase hex: the key of a response in the cache and the
/// opaque part of its strong ETag. Whatever goes in — version, format, options and the
/// spec re-encoded canonically — decides the bytes that come out, so equal hashes mean
/// equal bodies.
enum ContentHash {
    static func sha256Hex(_ parts: [[UInt8]]) -> String {
        var input: [UInt8] = []
        for part in parts {
            // Length-prefixed, so ["ab", "c"] and ["a", "bc"] differ.
            var n = UInt64(part.count).littleEndian
            withUnsafeBytes(of: &n) { input.append(contentsOf: $0) }
            input.append(contentsOf: part)
        }
        var digest = [UInt8](repeating: 0, count: 32)
        input.withUnsafeBufferPointer { buffer in
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA256(buffer.baseAddress, buffer.count, out.baseAddress)
            }
        }
        let hex = Array("0123456789abcdef".utf8)
        var chars: [UInt8] = []
        chars.reserveCapacity(64)
        for b in digest {
            chars.append(hex[Int(b >> 4)])
            chars.append(hex[Int(b & 15)])
        }
        return String(decoding: chars, as: UTF8.self)
    }
}
