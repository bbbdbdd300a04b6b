/// The image formats an asset may be: recognised by their magic bytes, never by a name or a
/// `Content-Type` the client sent.
public enum ImageType: String, Sendable, CaseIterable {
    case png, jpeg, webp, gif

    /// The media type an asset of this type is served as.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        case .gif: "image/gif"
        }
    }

    /// The type whose signature `bytes` begin with, or nil. Signatures: PNG (ISO/IEC 15948
    /// §5.2, 8 bytes), JPEG (SOI `FF D8` then a marker's `FF`), GIF (`GIF87a`/`GIF89a`),
    /// WebP (a RIFF container, RFC 9649 §2.5: `RIFF`, a size, `WEBP`).
    public init?(magic bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
