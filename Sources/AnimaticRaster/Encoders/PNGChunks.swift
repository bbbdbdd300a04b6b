import CZlib

/// PNG's chunk layout (PNG specification, W3C Recommendation, third edition, section 5.3
/// "Chunk layout"): a 4-byte big-endian length of the data, the 4-letter type, the data, and
/// the CRC-32 of type and data (zlib's `crc32`, the CRC the specification defines in annex D).
enum PNGChunks {
    /// PNG's 8-byte signature (section 5.2).
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Appends one chunk to `output`; returns the offset of its data.
    @discardableResult
    static func append(_ type: String, _ data: [UInt8], to output: inout LimitedBytes) throws -> Int {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4)
        try output.reserve(12 + data.count)
        try output.appendBigEndian32(UInt32(data.count))
        try output.append(contentsOf: typeBytes)
        let dataOffset = output.count
        try output.append(contentsOf: data)
        try output.appendBigEndian32(crc(typeBytes, data))
        return dataOffset
    }

    /// Replaces the data of a chunk already written (same length) and its CRC.
    static func rewrite(_ type: String, dataAt offset: Int, with data: [UInt8], in output: inout LimitedBytes) {
        output.overwrite(at: offset, with: data)
        output.overwrite(at: offset + data.count, with: bigEndian32(crc(Array(type.utf8), data)))
    }

    static func crc(_ type: [UInt8], _ data: [UInt8]) -> UInt32 {
        var value = crc32(0, nil, 0)
        value = type.withUnsafeBufferPointer { crc32(value, $0.baseAddress, UInt32($0.count)) }
        value = data.withUnsafeBufferPointer { crc32(value, $0.baseAddress, UInt32($0.count)) }
        return UInt32(value)
    }

    static func bigEndian32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian16(_ value: UInt16) -> [UInt8] {
        [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}
