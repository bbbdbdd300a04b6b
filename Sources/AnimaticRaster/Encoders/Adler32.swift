/// Adler-32 (RFC 1950, section 8.2), the check at the end of a zlib stream, sixteen bytes a
/// step. Debian's zlib 1.2.13 sums a byte at a time (`adler32_z`, 3.6 instructions a byte:
/// 5.7 % of the fold's APNG, callgrind); `Deflate` writes the stream's two-byte header and
/// this check around zlib's raw deflate instead.
///
/// A block of N = 16·J bytes x₀…x_{N−1} taken from (a, b) gives a + Σ xᵢ and
/// b + N·a + Σ (N − i)·xᵢ. With byte i = 16j + k, N − i = 16·(J − 1 − j) + (16 − k): each
/// step adds the bytes' sum, the sum of the steps before it (`prefix`, weighed 16 at the
/// end) and the bytes weighed 16 − k. The bytes are read as eight little-endian pairs, so
/// the even and odd bytes sit in the 16-bit lanes of one register each (weights 16, 14 … 2
/// and 15, 13 … 1), and the lanes are then added in pairs into 32 bits. A block is at most
/// `blockSteps` steps, after which a and b are reduced modulo 65,521.
enum Adler32 {
    static let modulus: UInt32 = 65_521

    /// Steps of 16 bytes between reductions: 347, zlib's NMAX (5,552 bytes) over 16. A
    /// lane of `prefix` then stays below 1,020 · 347 · 346 / 2 ≈ 6.1 · 10⁷, well inside 32 bits.
    static let blockSteps = 5552 / 16

    /// The check of `bytes`, continuing from `start` (1 for a whole stream).
    static func checksum(_ bytes: UnsafeRawBufferPointer, start: UInt32 = 1) -> UInt32 {
        var a = start & 0xFFFF, b = start >> 16
        guard var p = bytes.baseAddress else { return start }
        var remaining = bytes.count
        let evenWeights = SIMD8<UInt16>(16, 14, 12, 10, 8, 6, 4, 2)
        let oddWeights = SIMD8<UInt16>(15, 13, 11, 9, 7, 5, 3, 1)
        while remaining >= 16 {
            let steps = min(remaining / 16, blockSteps)
            var sums = SIMD4<UInt32>(), prefix = SIMD4<UInt32>(), weighed = SIMD4<UInt32>()
            for _ in 0..<steps {
                let pairs = unsafeBitCast(p.loadUnaligned(as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self)
                let even = pairs & 0x00FF, odd = pairs &>> 8
                prefix &+= sums
                // Widened lane pairs: a pair's sum ≤ 510, its weighed sum ≤ 7,905.
                let pairSums = unsafeBitCast(even &+ odd, to: SIMD4<UInt32>.self)
                sums &+= (pairSums & 0xFFFF) &+ (pairSums &>> 16)
                let pairWeighed = unsafeBitCast(even &* evenWeights &+ odd &* oddWeights, to: SIMD4<UInt32>.self)
                weighed &+= (pairWeighed & 0xFFFF) &+ (pairWeighed &>> 16)
                p += 16
            }
            @inline(__always) func total(_ v: SIMD4<UInt32>) -> UInt64 {
                UInt64(v[0]) &+ UInt64(v[1]) &+ UInt64(v[2]) &+ UInt64(v[3])
            }
            let n = UInt64(steps * 16)
            let newB = UInt64(b) &+ n &* UInt64(a) &+ 16 &* total(prefix) &+ total(weighed)
            a = UInt32((UInt64(a) &+ total(sums)) % UInt64(modulus))
            b = UInt32(newB % UInt64(modulus))
            remaining -= steps * 16
        }
        while remaining > 0 {
            a = (a &+ UInt32(p.load(as: UInt8.self))) % modulus
            b = (b &+ a) % modulus
            p += 1
            remaining -= 1
        }
        return b << 16 | a
    }
}
