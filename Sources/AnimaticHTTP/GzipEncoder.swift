import CZlib

/// One-shot gzip compression with zlib (`deflateInit2` with windowBits 31 = 15 + 16,
/// which writes the gzip wrapper of RFC 1952 instead of zlib's).
public struct GzipEncoder: Sendable {
    public var level: Int32

    public init(level: Int32 = 6) {
        self.level = min(max(level, 1), 9)
    }

    /// The gzip member holding `input`, or `nil` if zlib fails.
    public func encode(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard animatic_deflateInit2(&stream, level, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound covers the zlib wrapper; the gzip wrapper is 12 bytes longer.
        let bound = Int(deflateBound(&stream, uLong(input.count))) + 32
        var output = [UInt8](repeating: 0, count: bound)
        var input = input
        let result: Int32 = input.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = src.baseAddress
                stream.avail_in = uInt(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }
}
