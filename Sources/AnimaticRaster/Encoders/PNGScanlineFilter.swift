/// PNG's five scanline filters (PNG specification, third edition, section 9 "Filtering"),
/// chosen per row by the heuristic the specification suggests (section 12.7, "Filter
/// selection"): the filter whose output has the smallest sum of absolute values, read as
/// signed bytes.
///
/// Each trial but the first only sums its cost, 16 bytes at a time (`SIMD16<UInt8>`: a
/// filtered byte's absolute value as a signed byte is min(v, 256 − v), at most 128, and the
/// bytes are summed in pairs into eight 16-bit lanes, which hold 256 bytes' worth without
/// overflow); the first (Up) also writes its bytes, and another winner is then filtered once
/// more into the output. The scalar trials this replaced wrote every trial's bytes and added
/// them one at a time with overflow checks: most of the 20-layer spec's APNG time
/// (docs/BENCHMARKS.md, "Raster fixed costs and drawing (w33)"). Same choice, same bytes.
enum PNGScanlineFilter {
    /// The order the filters are tried in: Up first, since a transition's rows are mostly
    /// what the row above was (on the fold preset's APNG, 97 % of rows chose Up), so the
    /// others give up within their first 256 bytes; then Sub, Paeth, None, Average. An
    /// all-zero row (cost 0) ends the trials. A tie keeps the filter tried first, so the
    /// order changes which filter a tied row records, never the decoded pixels.
    static let trialOrder = [2, 1, 4, 0, 3]

    /// Bytes summed between the checks against the best cost so far.
    static let chunk = 256

    /// `rows` rows of `rowBytes` bytes of RGBA (4 bytes per pixel), filtered into `out`:
    /// each row a filter-type byte then `rowBytes` filtered bytes.
    static func filter(_ raw: UnsafeBufferPointer<UInt8>, rowBytes: Int, rows: Int, into out: inout [UInt8]) {
        let stride = rowBytes + 1
        if out.count != stride * rows { out = .uninitialized(count: stride * rows) }
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        zeros.withUnsafeBufferPointer { zeroRow in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<rows {
                    let row = raw.baseAddress! + y * rowBytes
                    let above = y > 0 ? raw.baseAddress! + (y - 1) * rowBytes : zeroRow.baseAddress!
                    let target = dst.baseAddress! + y * stride
                    // The first trial (Up) writes its bytes as it sums them: when it wins, as
                    // most rows' does, the row is done without filtering it again.
                    let first = trialOrder[0]
                    var bestCost = filterRow(first, row, above, rowBytes, target + 1, giveUpAt: Int.max)
                    var bestType = first
                    if bestCost > 0 {  // nothing does better than all zeros
                        for type in trialOrder.dropFirst() {
                            let cost = filterRow(type, row, above, rowBytes, nil, giveUpAt: bestCost)
                            if cost < bestCost {
                                bestCost = cost
                                bestType = type
                                if cost == 0 { break }
                            }
                        }
                    }
                    target[0] = UInt8(bestType)
                    if bestType != first {
                        _ = filterRow(bestType, row, above, rowBytes, target + 1, giveUpAt: Int.max)
                    }
                }
            }
        }
    }

    /// One row through filter `type`, into `out` when given; returns the sum of absolute
    /// values (bytes read as signed), or stops early once it reaches `giveUpAt`. One loop
    /// per filter, so the inner loops carry no branch on the type.
    @inline(__always)
    static func filterRow(
        _ type: Int, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int,
        _ out: UnsafeMutablePointer<UInt8>?, giveUpAt limit: Int
    ) -> Int {
        let left = UnsafeRawPointer(row) - 4
        let upperLeft = UnsafeRawPointer(above) - 4
        @inline(__always)
        func load(_ base: UnsafeRawPointer, _ i: Int) -> SIMD16<UInt8> {
            base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        }
        /// `scalar(i)` is the prediction of byte i (used for the first pixel, which has no
        /// left neighbour, and the tail), `vector(i)` the predictions of bytes i..<i+16 (i ≥ 4).
        @inline(__always)
        func run(_ scalar: (Int) -> UInt8, _ vector: (Int) -> SIMD16<UInt8>) -> Int {
            var cost = 0
            var i = 0
            let head = min(4, count)
            while i < head {
                let value = row[i] &- scalar(i)
                out?[i] = value
                cost &+= Int(min(value, 0 &- value))
                i += 1
            }
            while i < count {
                let end = min(i + chunk, count)
                // The 16 distances read as 8 little-endian pairs, each pair summed in its
                // 16-bit lane (≤ 256, so a chunk's 16 steps stay ≤ 4,096). Widening the bytes
                // with `SIMD16<UInt16>(truncatingIfNeeded:)` was a call the loop spilled its
                // sums around: the hottest instructions of the filters (`perf annotate`),
                // which were 19 % of the fold's APNG (callgrind).
                var sums = SIMD8<UInt16>()
                while i &+ 16 <= end {
                    let value = load(UnsafeRawPointer(row), i) &- vector(i)
                    if let out {
                        UnsafeMutableRawPointer(out).storeBytes(of: value, toByteOffset: i, as: SIMD16<UInt8>.self)
                    }
                    let pairs = unsafeBitCast(Self.distanceFromZero(value), to: SIMD8<UInt16>.self)
                    sums &+= (pairs & 0x00FF) &+ (pairs &>> 8)
                    i &+= 16
                }
                cost &+= Int(SIMD8<UInt32>(truncatingIfNeeded: sums).wrappedSum())
                while i < end {
                    let value = row[i] &- scalar(i)
                    out?[i] = value
                    cost &+= Int(min(value, 0 &- value))
                    i += 1
                }
                if cost >= limit { return cost }
            }
            return cost
        }
        switch type {
        case 0: return run({ _ in 0 }, { _ in SIMD16() })
        case 1: return run({ i in i >= 4 ? row[i - 4] : 0 }, { i in load(left, i) })
        case 2: return run({ i in above[i] }, { i in load(UnsafeRawPointer(above), i) })
        case 3:
            return run(
                { i in UInt8((Int(i >= 4 ? row[i - 4] : 0) + Int(above[i])) >> 1) },
                { i in
                    // ⌊(a + b) / 2⌋ without leaving 8 bits.
                    let a = load(left, i), b = load(UnsafeRawPointer(above), i)
                    return (a & b) &+ ((a ^ b) &>> 1)
                })
        default:
            return run(
                { i in i >= 4 ? UInt8(paeth(Int(row[i - 4]), Int(above[i]), Int(above[i - 4]))) : above[i] },
                { i in paeth(load(left, i), load(UnsafeRawPointer(above), i), load(upperLeft, i)) })
        }
    }

    /// min(v, 256 − v) for each byte: how far a residue is from 0 either way, the sum of
    /// which is the heuristic's cost. The byte read as signed has that magnitude (−128
    /// gives 128 again), taken as sign mask, xor and subtract: `pointwiseMin(v, 0 &- v)`
    /// is the same, but the standard library's generic is called, not inlined (1.9 % of the
    /// fold's APNG @2x under `perf`).
    @inline(__always)
    static func distanceFromZero(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let signed = SIMD16<Int8>(truncatingIfNeeded: v)
        let sign = signed &>> 7
        return SIMD16<UInt8>(truncatingIfNeeded: (signed ^ sign) &- sign)
    }

    /// The Paeth predictor (section 9.4): of left, above and upper-left, the one nearest to
    /// left + above − upper-left.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// `paeth` on 16 bytes at once: the even and the odd bytes each widened in the 16-bit
    /// lanes of the same register (read as eight little-endian pairs), predicted, and put
    /// back. `SIMD16<Int16>(truncatingIfNeeded:)` widened them through a call, three per 16
    /// bytes (1.5 % of the fold's APNG, callgrind).
    @inline(__always)
    static func paeth(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>, _ c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        @inline(__always) func halves(_ x: SIMD16<UInt8>) -> (even: SIMD8<Int16>, odd: SIMD8<Int16>) {
            let pairs = unsafeBitCast(x, to: SIMD8<UInt16>.self)
            return (
                unsafeBitCast(pairs & 0x00FF, to: SIMD8<Int16>.self), unsafeBitCast(pairs &>> 8, to: SIMD8<Int16>.self)
            )
        }
        let (a, b, c) = (halves(a), halves(b), halves(c))
        let even = unsafeBitCast(paeth(a.even, b.even, c.even), to: SIMD8<UInt16>.self)
        let odd = unsafeBitCast(paeth(a.odd, b.odd, c.odd), to: SIMD8<UInt16>.self)
        return unsafeBitCast(even | odd &<< 8, to: SIMD16<UInt8>.self)
    }

    /// `paeth` on eight values 0…255 in 16-bit lanes: p − a = b − c, p − b = a − c,
    /// p − c = a + b − 2c.
    @inline(__always)
    static func paeth(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>, _ c: SIMD8<Int16>) -> SIMD8<Int16> {
        // |x| as sign mask, xor and subtract: `pointwiseMax(x, 0 &- x)` is the same, but the
        // standard library's generic is called, not inlined (0.6 % of the fold's APNG @2x).
        @inline(__always) func magnitude(_ x: SIMD8<Int16>) -> SIMD8<Int16> {
            let sign = x &>> 15
            return (x ^ sign) &- sign
        }
        let pa = magnitude(b &- c)
        let pb = magnitude(a &- c)
        let pc = magnitude(a &+ b &- c &- c)
        return c.replacing(with: b, where: pb .<= pc).replacing(with: a, where: (pa .<= pb) .& (pa .<= pc))
    }
}
