/// The images a spec shows, resolved by the caller before decoding (the server from its
/// asset store, the CLI from files and data URIs): per `ImageSource.key`, the bytes, their
/// type and size — pure data, so compiling and encoding stay free of I/O. A reference the
/// caller could not resolve is absent (the decoder reports it at its pointer), or listed in
/// `failures` with the reason (a data URI that is not a readable image).
public struct ImageLibrary: Hashable, Sendable {
    public struct Image: Hashable, Sendable {
        /// From the magic bytes (`image/png`, `image/jpeg`, `image/webp`, `image/gif`).
        public var mimeType: String
        public var bytes: [UInt8]
        /// In pixels, after the EXIF orientation.
        public var width: Int
        public var height: Int

        public init(mimeType: String, bytes: [UInt8], width: Int, height: Int) {
            self.mimeType = mimeType
            self.bytes = bytes
            self.width = width
            self.height = height
        }

        public var aspectRatio: Double { Double(width) / Double(max(height, 1)) }

        /// Two images with the same key hold the same bytes (the key is their hash or
        /// the data URI itself), so equality and hashing skip the bytes.
        public static func == (a: Image, b: Image) -> Bool {
            a.mimeType == b.mimeType && a.width == b.width && a.height == b.height && a.bytes.count == b.bytes.count
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(mimeType)
            hasher.combine(width)
            hasher.combine(height)
        }

        /// The image as a data URI (`data:image/png;base64,…`), for SVG and CSS.
        public var dataURI: String { "data:" + mimeType + ";base64," + Base64.encode(bytes) }
    }

    public private(set) var images: [String: Image] = [:]
    /// Why a reference could not be resolved, by key.
    public private(set) var failures: [String: String] = [:]

    public init() {}

    public static let empty = ImageLibrary()

    public var isEmpty: Bool { images.isEmpty }

    public subscript(source: ImageSource) -> Image? { images[source.key] }

    public mutating func add(_ image: Image, for source: ImageSource) { images[source.key] = image }

    public mutating func fail(_ source: ImageSource, _ message: String) { failures[source.key] = message }

    /// Only the images `keys` name (what a decoded spec keeps).
    public func restricted(to keys: Set<String>) -> ImageLibrary {
        var l = ImageLibrary()
        l.images = images.filter { keys.contains($0.key) }
        return l
    }
}
