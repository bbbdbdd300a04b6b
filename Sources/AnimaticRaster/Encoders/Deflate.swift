import CZlib

/// Whole buffers compressed, each into one zlib stream (RFC 1950 around RFC 1951), as PNG's
/// IDAT and APNG's fdAT data hold it. zlib compresses; the two-byte header and the check
/// around its raw stream are written here (`header`, `Adler32`).
final class Deflate {
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

    /// The two bytes zlib writes before a stream of a 32 KiB window (CMF 0x78) under `Z_RLE`:
    /// FLEVEL 0, which zlib gives every strategy from `Z_HUFFMAN_ONLY` on (deflate.c,
    /// `deflate`), and the check bits that make the pair a multiple of 31 (RFC 1950, 2.2).
    static let header: [UInt8] = [0x78, 0x01]

    /// zlib's state, allocated once (it points back at its stream, so the stream stays put)
    /// and reset for each buffer: `deflateReset` leaves it as `deflateInit2` made it (zlib.h),
    /// without freeing and allocating its window, tables and buffers (256 KiB in five
    /// blocks) for every frame. `deflateInit2` resets a new stream the same way, so this
    /// saves allocations, not work (docs/BENCHMARKS.md, "The APNG's buffers and zlib's
    /// stream").
    private let stream: UnsafeMutablePointer<z_stream>

    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        guard animatic_deflateInit2(stream, Self.level, Z_DEFLATED, -15, 8, Self.strategy) == Z_OK else {
            stream.deallocate()
            throw RasterEncodingError.library(name: "zlib", message: "deflateInit2 failed")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// `input` as a zlib stream: `header`, zlib's raw deflate (window bits −15: the same
    /// blocks, without zlib's wrapper) and `Adler32` of `input`, big-endian (RFC 1950) —
    /// byte for byte what zlib's own wrapper writes, its check computed 16 bytes a step.
    func zlibStream(_ input: [UInt8]) throws -> [UInt8] {
        guard deflateReset(stream) == Z_OK else {
            throw RasterEncodingError.library(name: "zlib", message: "deflateReset failed")
        }
        let header = Self.header
        let bound = Int(deflateBound(stream, UInt(input.count)))
        // Written as it is filled: only the bytes zlib wrote and the check are kept.
        return try [UInt8](unsafeUninitializedCapacity: header.count + bound + 4) { output, written in
            output[0] = header[0]
            output[1] = header[1]
            let status = input.withUnsafeBufferPointer { src in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.pointee.avail_in = UInt32(src.count)
                stream.pointee.next_out = output.baseAddress! + header.count
                stream.pointee.avail_out = UInt32(bound)
                return deflate(stream, Z_FINISH)
            }
            guard status == Z_STREAM_END else {
                throw RasterEncodingError.library(name: "zlib", message: "deflate returned \(status)")
            }
            let check = input.withUnsafeBytes { Adler32.checksum($0) }
            let end = header.count + Int(stream.pointee.total_out)
            output[end] = UInt8(truncatingIfNeeded: check >> 24)
            output[end + 1] = UInt8(truncatingIfNeeded: check >> 16)
            output[end + 2] = UInt8(truncatingIfNeeded: check >> 8)
            output[end + 3] = UInt8(truncatingIfNeeded: check)
            written = end + 4
        }
    }
}
