import CZlib

/// A whole buffer compressed into one zlib stream (RFC 1950 around RFC 1951), as PNG's
/// IDAT and APNG's fdAT data hold it.
enum Deflate {
    /// zlib level 6 (zlib's default). With `Z_RLE` the level only sets how often a block
    /// is closed; the strategy is what decides the time.
    static let level: Int32 = 6

    /// `Z_RLE`: matches only at distance 1 (runs of the byte before), no hash chains.
    /// After PNG's filters a transition's rows are mostly runs (flat fills give zeros,
    /// gradients small constant steps), so on ten presets' frames (390 × 844) it took
    /// 2.5–5 × less time than `Z_DEFAULT_STRATEGY`; every preset's APNG together is 19 %
    /// larger (−9 % … +35 %), the decoded pixels the same (docs/BENCHMARKS.md, "Raster
    /// formats against rlottie and Chromium"; zlib.h, `deflateInit2`).
    static let strategy: Int32 = Z_RLE

    static func zlibStream(_ input: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            animatic_deflateInit2(&stream, level, Z_DEFLATED, 15, 8, strategy) == Z_OK
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
