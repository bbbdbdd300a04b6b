import CPixman
import Testing

@testable import AnimaticRaster

/// `ProjectedContent.times` (a faded projected gradient's colours times the outline's
/// coverage, made as the row is drawn) against pixman's IN_REVERSE of the coverage onto the
/// colours, which it replaces: the same words, over rows whose coverage runs are whole,
/// clear, partial and mixed, at every offset and length around the eight-byte groups.
@Suite struct CoverageTimesTests {
    @Test func timesIsPixmansInReverse() throws {
        var seed: UInt32 = 99
        func next() -> UInt32 {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return seed >> 8
        }
        let width = 67, height = 24
        // Premultiplied colours (no channel above alpha), and coverage in runs of 255, of 0,
        // of ramps and of single partial bytes.
        var colors = (0..<width * height).map { _ -> UInt32 in
            let a = next() % 256
            return a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1)
        }
        let stride = 68  // pixman's a8 rows are whole 32-bit words
        var coverage = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                let run = (x + 3 * y) / 9 % 4
                coverage[y * stride + x] = [255, 0, UInt8((x * 37 + y) % 256), UInt8(next() % 256)][run]
            }
        }
        var expected = colors
        expected.withUnsafeMutableBufferPointer { dest in
            coverage.withUnsafeMutableBufferPointer { mask in
                let d = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(width), Int32(height), dest.baseAddress, Int32(width * 4))
                let m = pixman_image_create_bits(
                    PIXMAN_a8, Int32(width), Int32(height),
                    UnsafeMutableRawPointer(mask.baseAddress!).assumingMemoryBound(to: UInt32.self), Int32(stride))
                pixman_image_composite32(
                    PIXMAN_OP_IN_REVERSE, m, nil, d, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
                pixman_image_unref(m)
                pixman_image_unref(d)
            }
        }
        colors.withUnsafeMutableBufferPointer { words in
            coverage.withUnsafeBytes { mask in
                for y in 0..<height {
                    // Rows from several starting columns, so every length mod 8 is met.
                    let start = y % 8
                    ProjectedContent.times(
                        words.baseAddress! + y * width, mask.baseAddress! + y * stride, count: start)
                    ProjectedContent.times(
                        words.baseAddress! + y * width + start, mask.baseAddress! + y * stride + start,
                        count: width - start)
                }
            }
        }
        #expect(colors.count == expected.count)
        let wrong = zip(colors, expected).filter { $0 != $1 }.count
        #expect(wrong == 0)
        // The runs were all met: whole words kept, clear ones zero, partial ones scaled.
        #expect(coverage.contains(255) && coverage.contains(0))
        #expect(
            expected.contains { $0 != 0 }
                && colors.enumerated().contains {
                    $0.element != 0 && coverage[$0.offset / width * stride + $0.offset % width] < 255
                })
    }
}
