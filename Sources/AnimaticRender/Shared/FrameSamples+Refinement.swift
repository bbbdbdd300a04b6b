import AnimaticCore

extension FrameSamples {
    /// Samples between the frames where an export's interpolation leaves the motion.
    ///
    /// Every interval between two sample times is checked at its midpoint (except for the
    /// layers whose samples around it show the export close to the motion, `Screen`): each
    /// visible layer whose corner there is more than `chordTolerance` from where the
    /// export draws it (`halfway`) needs the midpoint. Candidates are taken worst first; one taken is
    /// written for the layers that need it and splits its interval in two, up to
    /// `maximumSplits` halvings of a frame interval. The halves are checked only when
    /// their turn comes — queued at a quarter of their parent's error, as a chord's error
    /// shrinks with the square of its length — and the taking stops when none is left or
    /// the next would pass `budget` layer samples. Each evaluation of the timeline checks
    /// one midpoint: at most one per frame interval plus two per sample taken, and about
    /// one per sample taken when the budget runs out. So the work and the output are
    /// bounded by the frames and the budget, whatever the motion; with a budget to spare
    /// every layer gets every midpoint over the tolerance, as halving each interval until
    /// it is within would give.
    enum Refinement {
        /// An interval `a…b` to split for `layers`: checked (its midpoint's state and the
        /// error of the worst of those layers there) or not yet (an estimate of the error).
        private struct Candidate {
            var error: Double
            var a: (time: Double, states: [LayerState])
            var b: (time: Double, states: [LayerState])
            var mid: (time: Double, states: [LayerState])?
            var layers: [Int]
            var splitsLeft: Int

            /// Worse first; on a tie the earlier (a deterministic order).
            func precedes(_ other: Candidate) -> Bool {
                error != other.error ? error > other.error : a.time < other.a.time
            }
        }

        /// The added samples in time order, each strictly between two distinct `times`,
        /// with the layers (ascending) it is for.
        static func samples(
            _ timeline: Timeline, between times: [Double], states: [[LayerState]], layers: [Int],
            interpolation: Interpolation, budget: Int
        ) -> [(time: Double, states: [LayerState], layers: [Int]?)] {
            var heap = Heap()
            /// Evaluates the midpoint of `a…b` and queues it for the layers over the tolerance.
            func check(
                _ a: (Double, [LayerState]), _ b: (Double, [LayerState]), layers: [Int], splitsLeft: Int
            ) {
                guard splitsLeft > 0, !layers.isEmpty, b.0 - a.0 > 1e-6, !RenderCancellation.isRequested else {
                    return
                }
                let t = (a.0 + b.0) / 2
                let mid = evaluate(timeline, at: t, layers: layers, others: a.1)
                var worst = 0.0, over: [Int] = []
                for i in layers {
                    let e = error(i, a.1, b.1, mid, interpolation)
                    if e > chordTolerance { over.append(i); worst = max(worst, e) }
                }
                guard !over.isEmpty else { return }
                heap.push(Candidate(error: worst, a: a, b: b, mid: (t, mid), layers: over, splitsLeft: splitsLeft))
            }
            let screen = Screen(times: times, states: states, layers: layers, interpolation: interpolation)
            for k in times.indices.dropFirst() where times[k] > times[k - 1] {
                let needed = layers.filter { i in
                    screen.estimate(interval: k, layer: i).map { $0 > chordTolerance / 2 } ?? true
                }
                check((times[k - 1], states[k - 1]), (times[k], states[k]), layers: needed, splitsLeft: maximumSplits)
            }
            var added: [(time: Double, states: [LayerState], layers: [Int]?)] = []
            var spent = 0
            while let next = heap.pop() {
                guard let mid = next.mid else {
                    check(next.a, next.b, layers: next.layers, splitsLeft: next.splitsLeft)
                    continue
                }
                guard spent + next.layers.count <= budget else { break }
                spent += next.layers.count
                added.append((mid.time, mid.states, next.layers))
                guard next.splitsLeft > 1 else { continue }
                for half in [(next.a, mid), (mid, next.b)] {
                    heap.push(
                        Candidate(
                            error: next.error / 4, a: half.0, b: half.1, mid: nil, layers: next.layers,
                            splitsLeft: next.splitsLeft - 1))
                }
            }
            added.sort { $0.time < $1.time }
            return added
        }

        /// The states at `t` of `layers` (and their ancestors); the others are `others`'.
        private static func evaluate(
            _ timeline: Timeline, at t: Double, layers: [Int], others: [LayerState]
        ) -> [LayerState] {
            layers.count < others.count
                ? timeline.states(at: t, only: layers, others: others) : timeline.states(at: t)
        }

        /// Which layers an interval's midpoint need not be checked for, from the samples
        /// alone. Over four evenly spaced samples the motion's midpoint between the middle
        /// two is (−p₀ + 9p₁ + 9p₂ − p₃)/16 to fourth order (the cubic through them); where
        /// the export's halfway point (the corners' chord, and for CSS also the matrices'
        /// decomposition) is within half the tolerance of that estimate for every corner,
        /// the layer is within the tolerance there (the other half is a margin for motion
        /// the cubic misses). Where the samples around an interval are not evenly spaced (a
        /// jump, the ends) every layer is checked.
        private struct Screen {
            let times: [Double]
            let states: [[LayerState]]
            /// quads[k][j]: the corners of `layers[j]` at sample k.
            let quads: [[[Point]]]
            let slot: [Int: Int]
            let interpolation: Interpolation

            init(times: [Double], states: [[LayerState]], layers: [Int], interpolation: Interpolation) {
                self.times = times
                self.states = states
                quads = states.map { row in layers.map { row[$0].quad } }
                slot = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($1, $0) })
                self.interpolation = interpolation
            }

            /// The estimated midpoint error of `layer` over samples k−1…k, or nil when it
            /// cannot be estimated (then the midpoint is checked).
            func estimate(interval k: Int, layer i: Int) -> Double? {
                guard k >= 2, k + 1 < times.count, let j = slot[i] else { return nil }
                let h = times[k] - times[k - 1]
                for m in (k - 1)...(k + 1) {
                    let step = times[m] - times[m - 1]
                    guard step > 0, abs(step - h) <= 1e-9 * max(h, 1) else { return nil }
                }
                let q0 = quads[k - 2][j], q1 = quads[k - 1][j], q2 = quads[k][j], q3 = quads[k + 1][j]
                let motion = (0..<4).map { c in
                    Point(
                        x: (-q0[c].x + 9 * q1[c].x + 9 * q2[c].x - q3[c].x) / 16,
                        y: (-q0[c].y + 9 * q1[c].y + 9 * q2[c].y - q3[c].y) / 16)
                }
                var worst = 0.0
                func measure(_ drawn: [Point]) {
                    for c in 0..<4 {
                        let dx = motion[c].x - drawn[c].x, dy = motion[c].y - drawn[c].y
                        let d = (dx * dx + dy * dy).squareRoot()
                        worst = max(worst, d.isNaN ? .infinity : d)
                    }
                }
                let a = states[k - 1][i], b = states[k][i]
                measure(halfway(a, b, .corners))
                if interpolation == .decomposedMatrix, !a.matrix.isSameBox(translatedAs: b.matrix) {
                    measure(halfway(a, b, .decomposedMatrix))
                }
                return worst
            }
        }

        /// How far layer `i`'s corners at the midpoint are from where the export draws them
        /// halfway between `a` and `b` (0 for a layer hidden at all three; infinite where a
        /// corner is not a number, a degenerate matrix).
        private static func error(
            _ i: Int, _ a: [LayerState], _ b: [LayerState], _ mid: [LayerState], _ interpolation: Interpolation
        ) -> Double {
            guard mid[i].visible || a[i].visible || b[i].visible else { return 0 }
            var worst = 0.0
            let qm = mid[i].quad
            func measure(_ predicted: [Point]) {
                for c in 0..<4 {
                    let dx = qm[c].x - predicted[c].x, dy = qm[c].y - predicted[c].y
                    let d = (dx * dx + dy * dy).squareRoot()
                    worst = max(worst, d.isNaN ? .infinity : d)
                }
            }
            measure(halfway(a[i], b[i], .corners))
            // CSS: both its decomposition and the chord must be close — browsers decompose a
            // projective matrix with small differences of their own, which shrink with the
            // interval as the chord's error does. Between two translations of one box the
            // decomposition moves it along the chord.
            if interpolation == .decomposedMatrix, !a[i].matrix.isSameBox(translatedAs: b[i].matrix) {
                measure(halfway(a[i], b[i], .decomposedMatrix))
            }
            return worst
        }

        /// A binary max-heap of candidates (`Candidate.precedes`).
        private struct Heap {
            private var items: [Candidate] = []

            mutating func push(_ c: Candidate) {
                items.append(c)
                var k = items.count - 1
                while k > 0 {
                    let parent = (k - 1) / 2
                    guard items[k].precedes(items[parent]) else { break }
                    items.swapAt(k, parent)
                    k = parent
                }
            }

            mutating func pop() -> Candidate? {
                guard !items.isEmpty else { return nil }
                items.swapAt(0, items.count - 1)
                let top = items.removeLast()
                var k = 0
                while true {
                    let l = 2 * k + 1, r = l + 1
                    var best = k
                    if l < items.count, items[l].precedes(items[best]) { best = l }
                    if r < items.count, items[r].precedes(items[best]) { best = r }
                    guard best != k else { break }
                    items.swapAt(k, best)
                    k = best
                }
                return top
            }
        }
    }

    /// The corners an export draws halfway between two samples.
    static func halfway(_ a: LayerState, _ b: LayerState, _ interpolation: Interpolation) -> [Point] {
        switch interpolation {
        case .corners:
            return zip(a.quad, b.quad).map { Point(x: ($0.x + $1.x) / 2, y: ($0.y + $1.y) / 2) }
        case .decomposedMatrix:
            let size = Size(width: (a.size.width + b.size.width) / 2, height: (a.size.height + b.size.height) / 2)
            guard let da = DecomposedTransform(a.matrix), let db = DecomposedTransform(b.matrix) else {
                // CSS switches at the midpoint: nothing near the motion; split.
                let nowhere = Point(x: Double.infinity, y: Double.infinity)
                return [nowhere, nowhere, nowhere, nowhere]
            }
            let m = da.interpolated(to: db, fraction: 0.5).matrix
            let c = LayerState.corners(size: size, matrix: m)
            return [c.0, c.1, c.2, c.3]
        }
    }
}

extension Transform3D {
    /// Whether `other` is this matrix moved by a translation only, with no perspective: CSS
    /// then interpolates between the two as the translation, linearly.
    fileprivate func isSameBox(translatedAs other: Transform3D) -> Bool {
        m11 == other.m11 && m12 == other.m12 && m13 == other.m13 && m14 == 0 && other.m14 == 0
            && m21 == other.m21 && m22 == other.m22 && m23 == other.m23 && m24 == 0 && other.m24 == 0
            && m31 == other.m31 && m32 == other.m32 && m33 == other.m33 && m34 == 0 && other.m34 == 0
            && m44 == 1 && other.m44 == 1
    }
}
