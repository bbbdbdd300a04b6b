import CZlib

/// A whole buffer compressed into one zlib stream (RFC 1950 around RFC 1951), as PNG's
/// IDAT and APNG's fdAT data hold it.
enum Deflate {
    /// zlib level 6 (zlib's default): the usual balance of size and time; the benchmark in
    /// docs/BENCHMARKS.md ("Raster encoders") measures it.
    static let level: Int32 = 6

    static func zlibStream(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            animatic_deflateInit2(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) == Z_OK
        else { throw RasterEncodingError.library(name: "zlib", message: "deflateInit2 failed") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
        let status = input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.avail_in = UInt32(src.count)
                stream.next_out = dst.baseAddress
                stream.avail_out = UInt32(dst.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw RasterEncodingError.library(name: "zlib", message: "deflate returned \(status)")
        }
        output.removeLast(output.count - Int(stream.total_out))
        return output
    }
}
