import AnimaticCore
import AnimaticImages

/// Resolves the images a document names (`ImageSource.references(in:)`) into the
/// `ImageLibrary` the decoder checks them against: an asset by its id through `fetchAsset`
/// (the server's asset store; the CLI's `--assets` folder), a data URI from its own bytes.
/// Each picture's type comes from its magic bytes and its size from its header, after its
/// EXIF orientation (`ImageProbe`, bounded by `limits`). A data URI, or a file the CLI
/// read, is also decoded once through its library (`ImageDecoder.validate`, pixels not
/// kept), so a truncated one is refused at its pointer rather than drawn as a placeholder;
/// an asset of the store was checked so when it was uploaded. An id nobody holds is simply absent: the decoder reports it, at its JSON
/// pointer, as an unknown asset (422). A picture that is no usable image is listed in the
/// library's failures, so the decoder names the reason at the same pointer.
public struct ImageResolver: Sendable {
    /// The bytes of an uploaded asset, nil when there is none with that id; throws when
    /// the store cannot answer (the server's 503), or the caller's own error (the CLI's).
    public var fetchAsset: @Sendable (String) throws -> [UInt8]?
    public var limits: ImageLimits
    /// Whether `fetchAsset`'s bytes passed the upload's checks already (the store's do).
    public var assetsChecked: Bool

    public init(
        limits: ImageLimits = .standard, assetsChecked: Bool = false,
        fetchAsset: @escaping @Sendable (String) throws -> [UInt8]?
    ) {
        self.limits = limits
        self.assetsChecked = assetsChecked
        self.fetchAsset = fetchAsset
    }

    /// No store: every asset id is unknown; data URIs still work.
    public static let dataOnly = ImageResolver { _ in nil }

    /// The library of every image `document` names (an inline spec or a preset reference).
    public func library(for document: JSONValue) throws -> ImageLibrary {
        var library = ImageLibrary()
        for source in ImageSource.references(in: document) {
            let bytes: [UInt8]
            var checked = false
            switch source {
            case .asset(let id):
                guard let stored = try fetchAsset(id) else { continue }
                bytes = stored
                checked = assetsChecked
            case .data(let uri):
                guard case .success(let parsed) = DataURI.parse(uri) else { continue }
                bytes = parsed.bytes
            }
            switch Self.image(bytes, limits: limits, decode: !checked) {
            case .success(let image): library.add(image, for: source)
            case .failure(let error): library.fail(source, "not a usable image: \(error.message)")
            }
        }
        return library
    }

    /// The library of a preset's parameters (`?fromImage=…` in a query).
    public func library(preset: String, params: JSONValue?) throws -> ImageLibrary {
        guard let params else { return ImageLibrary() }
        return try library(for: .object([("preset", .string(preset)), ("params", params)]))
    }

    /// One picture's library entry: type, bytes and displayed size, from its header;
    /// `decode`: the whole image read through its library first (corrupt → failure).
    public static func image(_ bytes: [UInt8], limits: ImageLimits, decode: Bool = true) -> Result<
        ImageLibrary.Image, ImageError
    > {
        do throws(ImageError) {
            let header =
                try (decode ? ImageDecoder.validate(bytes, limits: limits) : ImageProbe.probe(bytes, limits: limits))
            return .success(
                ImageLibrary.Image(
                    mimeType: header.type.mimeType, bytes: bytes, width: header.width, height: header.height))
        } catch {
            return .failure(error)
        }
    }
}
