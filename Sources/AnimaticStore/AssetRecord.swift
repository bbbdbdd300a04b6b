/// What the store knows of an asset besides its bytes: what the upload's checks found.
public struct AssetRecord: Sendable, Equatable {
    public let id: AssetID
    /// The image type's short name ("png", "jpeg", "webp", "gif"), from the magic bytes.
    public let type: String
    /// Displayed size in pixels (after EXIF orientation).
    public let width: Int
    public let height: Int
    public let byteCount: Int

    public init(id: AssetID, type: String, width: Int, height: Int, byteCount: Int) {
        self.id = id
        self.type = type
        self.width = width
        self.height = height
        self.byteCount = byteCount
    }
}

/// An asset with its bytes, as `GET /v1/assets/{id}` serves it.
public struct StoredAsset: Sendable, Equatable {
    public let record: AssetRecord
    public let bytes: [UInt8]

    public init(record: AssetRecord, bytes: [UInt8]) {
        self.record = record
        self.bytes = bytes
    }
}
