/// What a decoder must show, frame by frame, for frames handed to an encoder.
enum ExpectedFrames {
    /// Consecutive equal pictures merged into one that lasts as long as they did together,
    /// as the GIF, APNG and WebP encoders store them.
    static func merged(_ pictures: [[UInt8]], durations: [Double]) -> [(picture: [UInt8], duration: Double)] {
        var runs: [(picture: [UInt8], duration: Double)] = []
        for (picture, duration) in zip(pictures, durations) {
            if let last = runs.last, last.picture == picture {
                runs[runs.count - 1].duration += duration
            } else {
                runs.append((picture, duration))
            }
        }
        return runs
    }

    /// How many bytes differ (so a failed expectation prints a number, not two pictures).
    static func differingBytes(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return max(a.count, b.count) }
        var n = 0
        for i in 0..<a.count where a[i] != b[i] { n += 1 }
        return n
    }

    /// The largest difference of one channel value.
    static func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        precondition(a.count == b.count)
        var worst = 0
        for i in 0..<a.count { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
        return worst
    }

    /// Peak signal-to-noise ratio in dB of 8-bit values (10 log10(255² / mean squared error)).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var sum = 0.0
        for i in 0..<a.count {
            let d = Double(Int(a[i]) - Int(b[i]))
            sum += d * d
        }
        let mse = sum / Double(a.count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

#if canImport(Glibc)
import Glibc
#endif
