/// PNG's five scanline filters (PNG specification, third edition, section 9 "Filtering"),
/// chosen per row by the heuristic the specification suggests (section 12.7, "Filter
/// selection"): the filter whose output has the smallest sum of absolute values, read as
/// signed bytes.
enum PNGScanlineFilter {
    /// The order the filters are tried in: Up first, since a transition's rows are mostly
    /// what the row above was (on the fold preset's APNG, 97 % of rows chose Up), so the
    /// others give up within their first 256 bytes; then Sub, Paeth, None, Average. An
    /// all-zero row (cost 0) ends the trials. A tie keeps the filter tried first, so the
    /// order changes which filter a tied row records, never the decoded pixels.
    static let trialOrder = [2, 1, 4, 0, 3]

    /// `rows` rows of `rowBytes` bytes of RGBA (4 bytes per pixel), filtered into `out`:
    /// each row a filter-type byte then `rowBytes` filtered bytes.
    static func filter(_ raw: UnsafeBufferPointer<UInt8>, rowBytes: Int, rows: Int, into out: inout [UInt8]) {
        let stride = rowBytes + 1
        if out.count != stride * rows { out = [UInt8](repeating: 0, count: stride * rows) }
        var candidate = [UInt8](repeating: 0, count: rowBytes)
        let zeros = [UInt8](repeating: 0, count: rowBytes)
        zeros.withUnsafeBufferPointer { zeroRow in
            out.withUnsafeMutableBufferPointer { dst in
                candidate.withUnsafeMutableBufferPointer { trial in
                    for y in 0..<rows {
                        let row = raw.baseAddress! + y * rowBytes
                        let above = y > 0 ? raw.baseAddress! + (y - 1) * rowBytes : zeroRow.baseAddress!
                        let target = dst.baseAddress! + y * stride
                        var bestCost = Int.max
                        for type in trialOrder {
                            let cost = filterRow(type, row, above, rowBytes, trial.baseAddress!, giveUpAt: bestCost)
                            if cost < bestCost {
                                bestCost = cost
                                target[0] = UInt8(type)
                                (target + 1).update(from: trial.baseAddress!, count: rowBytes)
                                if cost == 0 { break }  // nothing does better than all zeros
                            }
                        }
                    }
                }
            }
        }
    }

    /// One row through filter `type` into `out`; returns the sum of absolute values (bytes
    /// read as signed), or stops early once it reaches `giveUpAt`. One loop per filter, so
    /// the inner loops carry no branch on the type.
    @inline(__always)
    private static func filterRow(
        _ type: Int, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int,
        _ out: UnsafeMutablePointer<UInt8>, giveUpAt limit: Int
    ) -> Int {
        @inline(__always)
        func run(_ predict: (Int) -> UInt8) -> Int {
            var cost = 0
            var start = 0
            while start < count {
                let end = min(start + 256, count)
                for i in start..<end {
                    let value = row[i] &- predict(i)
                    out[i] = value
                    cost += Int(value < 128 ? value : 0 &- value)
                }
                if cost >= limit { return cost }
                start = end
            }
            return cost
        }
        switch type {
        case 0: return run { _ in 0 }
        case 1: return run { i in i >= 4 ? row[i - 4] : 0 }
        case 2: return run { i in above[i] }
        case 3: return run { i in UInt8((Int(i >= 4 ? row[i - 4] : 0) + Int(above[i])) >> 1) }
        default:
            return run { i in
                i >= 4 ? UInt8(paeth(Int(row[i - 4]), Int(above[i]), Int(above[i - 4]))) : above[i]
            }
        }
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
}
