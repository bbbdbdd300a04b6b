import Testing

@testable import AnimaticRaster

/// `PNGScanlineFilter` against the PNG specification's reconstruction (third edition,
/// section 9.2): whatever filter each row chose, undoing it gives the rows back.
@Suite struct PNGScanlineFilterTests {
    /// Rows that each favour a different filter: a row like the one above (Up, all zeros),
    /// a horizontal ramp (Sub), a ramp in both directions (Paeth or Average), noise (None).
    static func rows(width: Int) -> [[UInt8]] {
        var seed: UInt32 = 12345
        func noise() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let flat = (0..<width * 4).map { UInt8(truncatingIfNeeded: $0 % 4 == 3 ? 255 : 40 + $0 % 4) }
        let ramp = (0..<width * 4).map { UInt8(truncatingIfNeeded: ($0 / 4) * 3 + $0 % 4) }
        let ramp2 = (0..<width * 4).map { UInt8(truncatingIfNeeded: ($0 / 4) * 3 + $0 % 4 + 7) }
        let noisy = (0..<width * 4).map { _ in noise() }
        return [flat, flat, ramp, ramp2, noisy, noisy, flat]
    }

    /// What filter `type` predicts for byte `i` of row `y` from the unfiltered `bytes`
    /// (PNG §9.2: a the byte one pixel left, b the byte above, c above-left; 0 off the image).
    static func prediction(_ type: Int, from bytes: [UInt8], rowBytes: Int, y: Int, i: Int) -> Int {
        let a = i >= 4 ? Int(bytes[y * rowBytes + i - 4]) : 0
        let b = y > 0 ? Int(bytes[(y - 1) * rowBytes + i]) : 0
        let c = i >= 4 && y > 0 ? Int(bytes[(y - 1) * rowBytes + i - 4]) : 0
        switch type {
        case 0: return 0
        case 1: return a
        case 2: return b
        case 3: return (a + b) / 2
        default: return PNGScanlineFilter.paeth(a, b, c)
        }
    }

    static func unfilter(_ filtered: [UInt8], rowBytes: Int, rows: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: rowBytes * rows)
        for y in 0..<rows {
            let type = filtered[y * (rowBytes + 1)]
            for i in 0..<rowBytes {
                let x = filtered[y * (rowBytes + 1) + 1 + i]
                let predicted = Self.prediction(Int(type), from: out, rowBytes: rowBytes, y: y, i: i)
                out[y * rowBytes + i] = x &+ UInt8(truncatingIfNeeded: predicted)
            }
        }
        return out
    }

    @Test func filteredRowsReconstructExactly() {
        let width = 300  // more than one 256-byte give-up block a row
        let rows = Self.rows(width: width)
        let raw = rows.flatMap { $0 }
        var filtered: [UInt8] = []
        raw.withUnsafeBufferPointer {
            PNGScanlineFilter.filter($0, rowBytes: width * 4, rows: rows.count, into: &filtered)
        }
        #expect(filtered.count == rows.count * (width * 4 + 1))
        #expect(Self.unfilter(filtered, rowBytes: width * 4, rows: rows.count) == raw)
        let types = (0..<rows.count).map { filtered[$0 * (width * 4 + 1)] }
        // A row equal to the row above is Up and all zeros (the trials stop there).
        #expect(types[1] == 2 && types[5] == 2)
        #expect(filtered[(width * 4 + 1) + 1..<2 * (width * 4 + 1)].allSatisfy { $0 == 0 })
        // A flat row under nothing, and the ramps, are cheapest as Sub (steps of 0 and 3).
        #expect(types[0] == 1 && types[2] == 1 && types[3] == 1)
    }

    /// The specification's heuristic written plainly (every filter whole, the smallest sum of
    /// absolute values, ties to the earlier in `trialOrder`): the vectorised trials must
    /// choose the same filter and write the same bytes, for widths that leave every tail
    /// length of a 16-byte step and rows of every kind.
    static func referenceFilter(_ raw: [UInt8], rowBytes: Int, rows: Int) -> [UInt8] {
        var out: [UInt8] = []
        for y in 0..<rows {
            var best: [UInt8] = []
            var bestCost = Int.max
            var bestType = 0
            for type in PNGScanlineFilter.trialOrder {
                var line: [UInt8] = []
                var cost = 0
                for i in 0..<rowBytes {
                    let predicted = Self.prediction(type, from: raw, rowBytes: rowBytes, y: y, i: i)
                    let value = raw[y * rowBytes + i] &- UInt8(truncatingIfNeeded: predicted)
                    line.append(value)
                    cost += value < 128 ? Int(value) : 256 - Int(value)
                }
                if cost < bestCost {
                    bestCost = cost
                    bestType = type
                    best = line
                }
            }
            out.append(UInt8(bestType))
            out += best
        }
        return out
    }

    /// The heuristic's per-byte cost, vectorised: min(v, 256 − v) for every byte, 128 included.
    @Test func everyBytesDistanceFromZeroIsTheSmallerWayRound() {
        for start in stride(from: 0, to: 256, by: 16) {
            let bytes = SIMD16<UInt8>((0..<16).map { UInt8(start + $0) })
            let distances = PNGScanlineFilter.distanceFromZero(bytes)
            for lane in 0..<16 {
                let v = Int(bytes[lane])
                #expect(Int(distances[lane]) == min(v, 256 - v), "byte \(v)")
            }
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 7, 17, 64, 67, 300])
    func vectorisedTrialsChooseAsThePlainHeuristic(width: Int) {
        var seed: UInt32 = UInt32(width)
        func noise(_ range: UInt32) -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: (seed >> 16) % range)
        }
        var rows = Self.rows(width: width)
        // Gentle gradients with a little noise: rows where Paeth, Average and Sub come close.
        for step in [1, 2, 5] {
            rows.append((0..<width * 4).map { UInt8(truncatingIfNeeded: ($0 / 4) * step + Int(noise(3))) })
            rows.append(
                (0..<width * 4).map { UInt8(truncatingIfNeeded: ($0 / 4) * step + $0 % 4 * 50 + Int(noise(2))) })
        }
        rows.append((0..<width * 4).map { _ in noise(256) })
        rows.append((0..<width * 4).map { _ in 128 &+ noise(4) })
        let raw = rows.flatMap { $0 }
        var filtered: [UInt8] = []
        raw.withUnsafeBufferPointer {
            PNGScanlineFilter.filter($0, rowBytes: width * 4, rows: rows.count, into: &filtered)
        }
        #expect(filtered == Self.referenceFilter(raw, rowBytes: width * 4, rows: rows.count))
        #expect(Self.unfilter(filtered, rowBytes: width * 4, rows: rows.count) == raw)
    }

    /// The 16-byte Paeth predictor (even and odd bytes widened apart) against the scalar one,
    /// over every third value of left, above and upper-left with 0 and 255 (614,125 triples,
    /// sixteen to a call, each lane a different triple).
    @Test func vectorPaethIsTheScalarPredictorInEveryLane() {
        let values = Array(stride(from: 0, through: 255, by: 3)) + [1, 254, 255]
        var triples: [(Int, Int, Int)] = []
        for a in values { for b in values { for c in values { triples.append((a, b, c)) } } }
        var wrong = 0
        for start in stride(from: 0, to: triples.count, by: 16) {
            var a = SIMD16<UInt8>(), b = SIMD16<UInt8>(), c = SIMD16<UInt8>()
            let batch = triples[start..<min(start + 16, triples.count)]
            for (lane, t) in batch.enumerated() {
                (a[lane], b[lane], c[lane]) = (UInt8(t.0), UInt8(t.1), UInt8(t.2))
            }
            let predicted = PNGScanlineFilter.paeth(a, b, c)
            for (lane, t) in batch.enumerated() where Int(predicted[lane]) != PNGScanlineFilter.paeth(t.0, t.1, t.2) {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }
}
