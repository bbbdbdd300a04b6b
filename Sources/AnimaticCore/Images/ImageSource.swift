/// Where an image `content` comes from: an uploaded asset (`{"asset": "sha256-…"}`, the
/// id `POST /v1/assets` gave) or the image's bytes in the spec itself
/// (`{"data": "data:image/png;base64,…"}`, at most `DataURI.maxLength` bytes of text).
///
/// The spec holds only the reference: the caller (server, CLI) resolves it into an
/// `ImageLibrary` entry before decoding, so this module stays free of I/O and of decoders.
public enum ImageSource: Hashable, Sendable {
    case asset(String)
    case data(String)

    /// The key of the image in an `ImageLibrary`: the asset id, or the data URI itself.
    public var key: String {
        switch self {
        case .asset(let id): return id
        case .data(let uri): return uri
        }
    }

    /// An asset id: `sha256-` and 64 lowercase hex digits (the SHA-256 of the bytes).
    public static func isAssetID(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 71, s.hasPrefix("sha256-") else { return false }
        return u[7...].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A preset parameter's value: an asset id or a data URI; nil with the reason otherwise.
    public static func parse(_ s: String) -> Result<ImageSource, ImageSourceError> {
        if s.hasPrefix("data:") {
            switch DataURI.parse(s) {
            case .success: return .success(.data(s))
            case .failure(let e): return .failure(e)
            }
        }
        if isAssetID(s) { return .success(.asset(s)) }
        return .failure(
            ImageSourceError(
                message: "expected an asset id (\"sha256-\" and 64 hex digits, from POST /v1/assets) or a data URI"))
    }

    /// Every image a document refers to — `layers[*].content.image.asset|data`, and a
    /// preset's `params.fromImage|toImage|image` — for the caller to resolve before
    /// decoding. Values of the wrong shape are left out (the decoder reports them).
    public static func references(in document: JSONValue) -> [ImageSource] {
        var found: [ImageSource] = []
        func add(_ s: ImageSource) { if !found.contains(s) { found.append(s) } }
        if document["preset"] != nil {
            for name in PresetDefinition.imageParameterNames {
                if let s = document["params"]?[name]?.stringValue, case .success(let source) = parse(s) { add(source) }
            }
        }
        if let layers = document["layers"]?.arrayValue {
            for layer in layers {
                guard let image = layer["content"]?["image"] else { continue }
                if let id = image["asset"]?.stringValue, isAssetID(id) { add(.asset(id)) }
                if let uri = image["data"]?.stringValue, case .success = DataURI.parse(uri) { add(.data(uri)) }
            }
        }
        return found
    }
}

/// Why a string is not an image reference.
public struct ImageSourceError: Error, Hashable, Sendable {
    public var message: String
}
