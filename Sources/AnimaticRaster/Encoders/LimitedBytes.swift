/// The bytes of an encoder's output, refusing to grow past a limit.
///
/// Every encoder writes through one of these, so the limit is checked as the output grows
/// (not once at the end): the first append that would pass it throws
/// `RasterEncodingError.overByteLimit` and the caller stops drawing frames.
struct LimitedBytes {
    /// The largest output allowed, in bytes.
    let limit: Int
    private(set) var bytes: [UInt8] = []

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { bytes.count }

    /// Throws when `extra` more bytes would pass the limit (without appending anything).
    func reserve(_ extra: Int) throws {
        if bytes.count + extra > limit { throw RasterEncodingError.overByteLimit(limit: limit) }
    }

    mutating func append<C: Collection>(contentsOf more: C) throws where C.Element == UInt8 {
        try reserve(more.count)
        bytes.append(contentsOf: more)
    }

    mutating func append(_ byte: UInt8) throws {
        try reserve(1)
        bytes.append(byte)
    }

    mutating func appendBigEndian32(_ value: UInt32) throws {
        try append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    /// Rewrites bytes already written (a count or a delay known only later); never grows.
    mutating func overwrite(at offset: Int, with new: [UInt8]) {
        precondition(offset >= 0 && offset + new.count <= bytes.count, "LimitedBytes: overwrite past the end")
        bytes.replaceSubrange(offset..<(offset + new.count), with: new)
    }

    /// Hands the bytes over, leaving this buffer empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
