import CZlib
import Testing

@testable import AnimaticRaster

/// `Adler32` against zlib's own `adler32`, and `Deflate.zlibStream` (one stream reset between
/// buffers) against zlib's wrapper.
@Suite struct Adler32Tests {
    static func zlibAdler(_ bytes: [UInt8], start: UInt32 = 1) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(adler32(UInt(start), $0.baseAddress, UInt32($0.count))) }
    }

    /// Lengths around the 16-byte step and the 5,552-byte block (empty included), over
    /// pseudo-random bytes, all 255 (the largest sums, where a lane would overflow first),
    /// and all 0; a long run of 255 over several blocks; and a check continued from one part
    /// to the next.
    @Test func theCheckIsZlibs() {
        var seed: UInt32 = 7
        func random(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                seed = seed &* 1_103_515_245 &+ 12345
                return UInt8(truncatingIfNeeded: seed >> 16)
            }
        }
        var lengths = Array(0...40)
        lengths += [255, 256, 257, 5535, 5536, 5537, 5551, 5552, 5553, 5568, 11_104, 11_105, 65_536, 100_003]
        var wrong: [String] = []
        for n in lengths {
            for (kind, bytes) in [
                ("random", random(n)), ("255", [UInt8](repeating: 255, count: n)),
                ("0", [UInt8](repeating: 0, count: n)),
            ] {
                let ours = bytes.withUnsafeBytes { Adler32.checksum($0) }
                if ours != Self.zlibAdler(bytes) { wrong.append("\(kind) × \(n)") }
            }
        }
        let long = [UInt8](repeating: 255, count: 1_000_003)
        if long.withUnsafeBytes({ Adler32.checksum($0) }) != Self.zlibAdler(long) { wrong.append("255 × 1,000,003") }
        let first = random(7_001), second = random(9_999)
        let continued = second.withUnsafeBytes {
            Adler32.checksum($0, start: first.withUnsafeBytes { Adler32.checksum($0) })
        }
        if continued != Self.zlibAdler(first + second) { wrong.append("continued") }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(Self.zlibAdler([UInt8]("Wikipedia".utf8)) == 0x11E6_0398)  // the worked example
    }

    /// The stream is what zlib writes with its own wrapper at the same level, window and
    /// strategy (header, blocks and check), for filtered-looking rows, noise and nothing.
    @Test func theStreamIsZlibsWrappedStream() throws {
        var seed: UInt32 = 3
        let noise = (0..<70_001).map { _ in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        var rows: [UInt8] = []
        for y in 0..<844 {
            rows.append(2)
            for x in 0..<1560 { rows.append(UInt8(truncatingIfNeeded: (x / 40 + y / 100) & 3)) }
        }
        let inputs: [[UInt8]] = [rows, noise, [], [0]]
        // One `Deflate` for all, each input twice: its stream is reset between buffers.
        let reused = try Deflate()
        for input in inputs + inputs.reversed() {
            var stream = z_stream()
            #expect(animatic_deflateInit2(&stream, Deflate.level, Z_DEFLATED, 15, 8, Deflate.strategy) == Z_OK)
            var wrapped = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))))
            let status = input.withUnsafeBufferPointer { src in
                wrapped.withUnsafeMutableBufferPointer { dst in
                    stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                    stream.avail_in = UInt32(src.count)
                    stream.next_out = dst.baseAddress
                    stream.avail_out = UInt32(dst.count)
                    return deflate(&stream, Z_FINISH)
                }
            }
            #expect(status == Z_STREAM_END)
            wrapped.removeLast(wrapped.count - Int(stream.total_out))
            deflateEnd(&stream)
            let ours = try reused.zlibStream(input)
            #expect(ours == wrapped, "\(input.count) bytes")
        }
    }
}
