/// An image in a spec: `data:image/<png|jpeg|webp|gif>;base64,<data>` (RFC 2397).
///
/// At most `maxLength` bytes of text — our choice: 256 KiB (about 190 KB of image) keeps
/// a spec with two such images well under the server's default 1 MiB body limit
/// (`--max-body`); anything larger is uploaded once with `POST /v1/assets` and named by id.
public struct DataURI: Hashable, Sendable {
    public static let maxLength = 256 * 1024
    /// The media types a data URI may declare (the decoders the server has).
    public static let mediaTypes = ["image/png", "image/jpeg", "image/webp", "image/gif"]

    /// As declared; the server trusts the magic bytes, not this.
    public var mediaType: String
    public var bytes: [UInt8]

    public static func parse(_ s: String) -> Result<DataURI, ImageSourceError> {
        guard s.utf8.count <= maxLength else {
            return .failure(
                ImageSourceError(
                    message:
                        "a data URI is limited to \(maxLength) bytes (this one has \(s.utf8.count)); upload larger images with POST /v1/assets"
                ))
        }
        guard s.hasPrefix("data:"), let comma = s.utf8.firstIndex(of: UInt8(ascii: ",")) else {
            return .failure(ImageSourceError(message: "expected data:image/png;base64,…"))
        }
        let header = String(s[s.index(s.startIndex, offsetBy: 5)..<comma]).lowercased()
        guard header.hasSuffix(";base64") else {
            return .failure(ImageSourceError(message: "a data URI must be base64 (data:image/png;base64,…)"))
        }
        let type = String(header.dropLast(7))
        guard mediaTypes.contains(type) else {
            return .failure(
                ImageSourceError(
                    message:
                        "unsupported data URI type \"\(type)\" (known: \(mediaTypes.joined(separator: ", ")))"))
        }
        guard let bytes = Base64.decode(s.utf8[s.utf8.index(after: comma)...]), !bytes.isEmpty else {
            return .failure(ImageSourceError(message: "the data URI's base64 is malformed or empty"))
        }
        return .success(DataURI(mediaType: type, bytes: bytes))
    }
}
