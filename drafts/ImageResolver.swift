import AnimaticCore
import AnimaticImages

/// Resolves the images a document names (`ImageSource.references(in:)`) into the
/// `ImageLibrary` the decoder checks them against: an asset by its id through `fetchAsset`
/// (the server's asset store; the CLI's files), a data URI from its own bytes. Each
/// picture's type comes from its magic bytes and its size from its header
/// (`ImageProbe`, bounded by `limits`); a JPEG is decoded once more for the size its EXIF
/// orientation gives. An id the store does not hold is simply absent: the decoder reports
/// it, at its JSON pointer, as an unknown asset (422).
public struct ImageResolver: Sendable {
    /// The bytes of an uploaded asset, nil when there is none with that id; throws when
    /// the store cannot answer (→ 503).
    public var fetchAsset: @Sendable (String) throws -> [UInt8]?
    public var limits: ImageLimits

    public init(limits: ImageLimits = .standard, fetchAsset: @escaping @Sendable (String) throws -> [UInt8]?) {
        self.limits = limits
        self.fetchAsset = fetchAsset
    }

    /// No store: every asset id is unknown; data URIs still work.
    public static let dataOnly = ImageResolver { _ in nil }

    /// The library of every image `document` names.
    public func library(for document: JSONValue) throws -> ImageLibrary {
        var library = ImageLibrary()
        for source in ImageSource.references(in: document) {
            let bytes: [UInt8]
            switch source {
            case .asset(let id):
                guard let stored = try fetchAsset(id) else { continue }
                bytes = stored
            case .data(let uri):
                guard case .success(let parsed) = DataURI.parse(uri) else { continue }
                bytes = parsed.bytes
            }
            switch Self.image(bytes, limits: limits) {
            case .success(let image): library.add(image, for: source)
            case .failure(let error): library.fail(source, "not a usable image: \(error.message)")
            }
        }
        return library
    }

    /// One picture's library entry: type, bytes and oriented size.
    public static func image(_ bytes: [UInt8], limits: ImageLimits) -> Result<ImageLibrary.Image, ImageError> {
        do {
            let header = try ImageProbe.probe(bytes, limits: limits)
            var width = header.width, height = header.height
            if header.type == .jpeg {
                // The EXIF orientation may turn it a quarter: the decoded size is the drawn one.
                let decoded = try ImageDecoder.decode(bytes, limits: limits)
                width = decoded.width
                height = decoded.height
            }
            return .success(
                ImageLibrary.Image(mimeType: header.type.mimeType, bytes: bytes, width: width, height: height))
        } catch let error as ImageError {
            return .failure(error)
        } catch {
            return .failure(ImageError(status: 422, message: "\(error)"))
        }
    }
}
