/// The values of one property through a keyframe block and how to move between them:
/// Core Animation's `CAKeyframeAnimation` with `values`, `keyTimes` and `calculationMode`.
///
/// `cubic` is what Apple documents for `kCAAnimationCubic`: a Catmull-Rom spline through
/// the keys, in Kochanek–Bartels form with per-key tension, continuity and bias (all 0:
/// Catmull-Rom). Choices where Core Animation's behaviour is not documented (see
/// docs/SPEC.md):
/// - the standard Kochanek–Bartels tangent scaling for unevenly spaced key times;
/// - at the two ends the missing neighbour is the end key itself, so a Catmull-Rom end
///   tangent is half the first (last) chord;
/// - `paced` and `cubicPaced` measure distance in the vector form of the values (see
///   `TrackInterpolatable.vector`); `cubicPaced` walks the spline at constant arc-length speed,
///   with the arc length tabulated at `arcSamplesPerSegment` points per segment.
///
/// Generic over the kind of value: one interpolator for every kind, specialised by the
/// compiler for each (a transform path samples `TransformValue`s directly).
struct KeyframePath<Value: TrackInterpolatable>: Hashable, Sendable {
    var times: [Double]
    var values: [Value]
    var mode: CalculationMode
    /// Per key: Kochanek–Bartels tension, continuity and bias (spline modes only).
    var knots: [SplineKnot]
    /// Vector form of each key (spline modes only).
    var vectors: [[Double]] = []
    /// Per key: outgoing and incoming tangents (spline modes only).
    var outTangents: [[Double]] = []
    var inTangents: [[Double]] = []
    /// cubicPaced: cumulative arc length at `arcSamplesPerSegment` steps of each segment.
    var arcTable: [Double] = []

    static var arcSamplesPerSegment: Int { 32 }

    init(times: [Double], values: [Value], mode requested: CalculationMode, knots: [SplineKnot] = []) {
        self.knots = knots.count == values.count ? knots : Array(repeating: .catmullRom, count: values.count)
        var mode = requested
        if (mode == .cubic || mode == .cubicPaced), !values.allSatisfy(\.isSplineable) {
            mode = mode == .cubic ? .linear : .paced
        }
        if mode == .paced, Value.isDiscrete, !values.isEmpty {
            mode = .discrete
        }
        self.mode = mode
        self.values = values
        switch mode {
        case .linear, .discrete:
            self.times = times
        case .paced:
            self.times = Self.pacedTimes(values)
        case .cubic:
            self.times = times
            buildSpline()
        case .cubicPaced:
            // keyTimes are ignored: the spline is laid out evenly, then walked at constant speed.
            let n = values.count
            self.times = (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
            buildSpline()
            buildArcTable()
        }
    }

    /// Key times ∝ cumulative distance between values (constant speed), CA's `paced`.
    static func pacedTimes(_ values: [Value]) -> [Double] {
        var reference: (Double, Double, Double, Double)? = nil
        var vectors: [[Double]] = []
        for v in values {
            vectors.append(v.vector(reference: reference))
            reference = v.quaternion ?? reference
        }
        var cumulative = [0.0]
        for i in 1..<max(values.count, 1) {
            cumulative.append(cumulative[i - 1] + distance(vectors[i - 1], vectors[i]))
        }
        let total = cumulative.last ?? 0
        guard total > 0 else {
            let n = values.count
            return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
        }
        return cumulative.map { $0 / total }
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for i in 0..<min(a.count, b.count) { let d = b[i] - a[i]; sum += d * d }
        return sum.squareRoot()
    }

    private mutating func buildSpline() {
        var reference: (Double, Double, Double, Double)? = nil
        vectors = values.map { v in
            let vec = v.vector(reference: reference)
            reference = v.quaternion ?? reference
            return vec
        }
        let n = vectors.count
        let width = vectors.first?.count ?? 0
        let zero = [Double](repeating: 0, count: width)
        outTangents = Array(repeating: zero, count: n)
        inTangents = Array(repeating: zero, count: n)
        guard n > 1 else { return }
        for i in 0..<n {
            let prev = vectors[max(i - 1, 0)], next = vectors[min(i + 1, n - 1)]
            let here = vectors[i]
            let (outgoing, incoming) = Self.kochanekBartelsWeights(knots[i])
            // Uneven spacing (Kochanek & Bartels 1984, §4): scale so the speed matches across the key.
            let dtBefore = i > 0 ? times[i] - times[i - 1] : (times[1] - times[0])
            let dtAfter = i < n - 1 ? times[i + 1] - times[i] : (times[n - 1] - times[n - 2])
            let sum = dtBefore + dtAfter
            let outScale = sum > 0 ? 2 * dtAfter / sum : 1
            let inScale = sum > 0 ? 2 * dtBefore / sum : 1
            for c in 0..<width {
                let before = here[c] - prev[c], after = next[c] - here[c]
                outTangents[i][c] = (outgoing.before * before + outgoing.after * after) * outScale
                inTangents[i][c] = (incoming.before * before + incoming.after * after) * inScale
            }
        }
    }

    /// The weights of the chords before and after a key in its outgoing tangent (which
    /// leaves the key) and its incoming tangent (which arrives at it):
    /// out = ½(1−t)(1+b)(1+c)·(Pᵢ − Pᵢ₋₁) + ½(1−t)(1−b)(1−c)·(Pᵢ₊₁ − Pᵢ),
    /// in  = ½(1−t)(1+b)(1−c)·(Pᵢ − Pᵢ₋₁) + ½(1−t)(1−b)(1+c)·(Pᵢ₊₁ − Pᵢ).
    static func kochanekBartelsWeights(_ k: SplineKnot) -> (
        outgoing: (before: Double, after: Double),
        incoming: (before: Double, after: Double)
    ) {
        let t = k.tension, c = k.continuity, b = k.bias
        let half = (1 - t) / 2
        return (
            (half * (1 + b) * (1 + c), half * (1 - b) * (1 - c)),
            (half * (1 + b) * (1 - c), half * (1 - b) * (1 + c))
        )
    }

    private mutating func buildArcTable() {
        let segments = max(values.count - 1, 0)
        let steps = Self.arcSamplesPerSegment
        arcTable = [0]
        var previous = vectors.first ?? []
        for s in 0..<segments {
            for k in 1...steps {
                let point = hermite(segment: s, u: Double(k) / Double(steps))
                arcTable.append(arcTable[arcTable.count - 1] + Self.distance(previous, point))
                previous = point
            }
        }
    }

    /// Index of the segment holding `t`: the last i with times[i] ≤ t, below the last key.
    private func segment(at t: Double) -> Int {
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        return lo
    }

    private func hermite(segment i: Int, u: Double) -> [Double] {
        var out = vectors[i]
        out.withUnsafeMutableBufferPointer { hermite(segment: i, u: u, into: $0) }
        return out
    }

    /// The spline's point at `u` of segment `i`, written into `out` (the vectors' width).
    private func hermite(segment i: Int, u: Double, into out: UnsafeMutableBufferPointer<Double>) {
        let p0 = vectors[i], p1 = vectors[i + 1], m0 = outTangents[i], m1 = inTangents[i + 1]
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        for c in 0..<p0.count { out[c] = h00 * p0[c] + h10 * m0[c] + h01 * p1[c] + h11 * m1[c] }
    }

    /// `values[i].fromVector` of the spline's point at `u` of segment `i`, without an array.
    private func splineValue(segment i: Int, u: Double) -> Value {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(vectors[i].count, 1)) { buffer in
            let out = UnsafeMutableBufferPointer(rebasing: buffer[0..<vectors[i].count])
            hermite(segment: i, u: u, into: out)
            return values[i].fromVector(UnsafeBufferPointer(out).span)
        }
    }

    /// Where block fraction `x` falls on the path: one key's value, a fraction of the way
    /// between two keys, or a point of the spline.
    enum Place {
        /// `values[i]` itself.
        case key(Int)
        /// `Value.interpolate(values[i], values[i + 1], fraction:)`.
        case between(Int, fraction: Double)
        /// The spline's point at `u` of segment `i`.
        case spline(Int, u: Double)
    }

    /// Where the value at block fraction `x` (already warped by the block's curve) comes from.
    @inline(__always)
    func place(at x: Double) -> Place {
        let n = values.count
        if n == 1 || x < times[0] { return .key(0) }
        if x >= times[n - 1] { return .key(n - 1) }
        switch mode {
        case .discrete:
            return .key(segment(at: x))
        case .linear, .paced:
            let i = segment(at: x)
            let span = times[i + 1] - times[i]
            return span > 0 ? .between(i, fraction: (x - times[i]) / span) : .key(i + 1)
        case .cubic:
            let i = segment(at: x)
            let span = times[i + 1] - times[i]
            guard span > 0 else { return .key(i + 1) }
            return .spline(i, u: (x - times[i]) / span)
        case .cubicPaced:
            let total = arcTable.last ?? 0
            guard total > 0 else { return .key(0) }
            let target = x * total
            var lo = 0, hi = arcTable.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if arcTable[mid] <= target { lo = mid } else { hi = mid }
            }
            let steps = Double(Self.arcSamplesPerSegment)
            let piece = arcTable[hi] - arcTable[lo]
            let within = piece > 0 ? (target - arcTable[lo]) / piece : 0
            let global = (Double(lo) + within) / steps
            let seg = min(Int(global), n - 2)
            return .spline(seg, u: global - Double(seg))
        }
    }

    /// The value at block fraction `x` (already warped by the block's curve).
    func value(at x: Double) -> Value {
        switch place(at: x) {
        case .key(let i): return values[i]
        case .between(let i, let f): return Value.interpolate(values[i], values[i + 1], fraction: f)
        case .spline(let i, let u): return splineValue(segment: i, u: u)
        }
    }
}

extension KeyframePath where Value == TransformValue {
    /// `value(at: x).matrix` without the `TransformValue` (a matrix and a decomposition,
    /// copied along the way) around it: the same operations on the same numbers.
    func matrix(at x: Double) -> Transform3D {
        switch place(at: x) {
        case .key(let i):
            return values.withUnsafeBufferPointer { $0[i].matrix }
        case .between(let i, let f):
            return values.withUnsafeBufferPointer { TransformValue.interpolatedMatrix($0[i], $0[i + 1], fraction: f) }
        case .spline(let i, let u):
            // `fromVector`'s test: a key of a spline is decomposable (`isSplineable`), its
            // vector the 16 numbers of its parts.
            guard vectors[i].count == 16 else { return values[i].matrix }
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: 16) { buffer in
                hermite(segment: i, u: u, into: buffer)
                return TransformValue.parts(fromVector: UnsafeBufferPointer(buffer).span).matrix
            }
        }
    }
}
