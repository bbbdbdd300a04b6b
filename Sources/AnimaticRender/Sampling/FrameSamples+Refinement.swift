import AnimaticCore

extension FrameSamples {
    /// Samples between the frames where an export's interpolation leaves the motion (`Refiner`).
    enum Refinement {
        /// Four corners: top-left, top-right, bottom-right, bottom-left.
        typealias Corners = (Point, Point, Point, Point)

        /// The added samples in time order, each strictly between two distinct `times`,
        /// with the layers (ascending) it is for.
        static func samples(
            _ sampler: inout Timeline.StateSampler, between times: [Double], states: [[LayerState]], layers: [Int],
            interpolation: Interpolation, budget: Int
        ) -> [(time: Double, states: [LayerState], layers: [Int]?)] {
            // Abandoned work refines nothing: setting the refiner up projects every layer at
            // every sample, about a second of a debug build's time for 150 layers at 240 fps,
            // which a client that had left waited out before its render stopped.
            if RenderCancellation.isRequested { return [] }
            var refiner = Refiner(
                sampler: sampler, times: times, states: states, layers: layers, interpolation: interpolation)
            let added = refiner.run(budget: budget)
            sampler = refiner.sampler
            return added
        }

        /// A sample the refinement works between: a frame or a jump (`layers` nil: its
        /// corners for every refined layer, by slot) or a midpoint it added (its corners for
        /// the layers it was added for, in `layers` order).
        private struct Row {
            var time: Double
            var states: [LayerState]
            var layers: [Int]?
            /// Four per layer.
            var quads: [Point]
            /// Where its layers' entries of `Refiner.decompositionIndex` start (CSS), one per
            /// layer in the order of `quads`.
            var decompositionBase = 0
        }

        /// An evaluated midpoint not yet added.
        private struct Midpoint {
            var time: Double
            /// What the timeline gives there for the layers checked and their ancestors,
            /// `(layer, state)` ascending; the row's other layers keep the interval start's.
            var entries: [(Int, LayerState)]
            /// The corners there of the candidate's layers, four per layer, in their order.
            var quads: [Point]
        }

        /// An interval between rows `a` and `b` to split for `layers`: checked (its
        /// midpoint, and the error of the worst of those layers there) or not yet (an
        /// estimate of the error).
        private struct Candidate {
            var error: Double
            var aTime: Double
            var a: Int
            var b: Int
            var mid: Midpoint?
            var layers: [Int]
            var splitsLeft: Int
            /// The frame interval it lies in (between samples k − 1 and k) when the samples
            /// k − 2…k + 1 are evenly spaced: its halves are then screened with frames k − 2
            /// and k + 1 (`screenHalf`).
            var frame: Int?
        }

        /// One refinement's state. Every interval between two samples is checked at its
        /// midpoint (except for the layers whose samples around it show the export close to
        /// the motion, `screen`): each visible layer whose corner there is more than
        /// `chordTolerance` from where the export draws it (`drawn`) needs the midpoint.
        /// Candidates are taken worst first; one taken is written for the layers that need
        /// it and splits its interval in two, up to `maximumSplits` halvings of a frame
        /// interval. The halves are checked only when their turn comes — queued at a quarter
        /// of their parent's error, as a chord's error shrinks with the square of its length
        /// — and the taking stops when none is left or the next would pass `budget` layer
        /// samples. Each evaluation of the timeline checks one midpoint: at most one per
        /// frame interval plus two per sample taken, and about one per sample taken when the
        /// budget runs out. So the work and the output are bounded by the frames and the
        /// budget, whatever the motion; with a budget to spare every layer gets every
        /// midpoint over the tolerance, as halving each interval until it is within would
        /// give.
        ///
        /// The work per layer and interval is a few corner sums: each sample's corners are
        /// computed once (`Row.quads`), each sample's matrix decomposed once (`decomposition`),
        /// what the export draws halfway is computed once for the screen and the check, a
        /// midpoint evaluates only the layers checked (`Timeline.StateSampler`), and the
        /// buffers are reused from interval to interval.
        private struct Refiner {
            var sampler: Timeline.StateSampler
            let times: [Double]
            let layers: [Int]
            let interpolation: Interpolation
            let layerCount: Int
            /// `slot[i]`: layer i's place in `layers`, or −1.
            let slot: [Int]
            /// The frame and jump samples first (row k is sample k), then the added midpoints.
            var rows: [Row]
            var heap = Heap()
            /// Every decomposition computed, each sample's matrices at most once: an
            /// interval's check and both halves of a split share them.
            var decompositions: [DecomposedTransform] = []
            /// Per row and layer (from `Row.decompositionBase`): where its matrix's
            /// decomposition is in `decompositions`, `unknown` not yet computed, or
            /// `undecomposable` for a matrix without one. CSS only.
            var decompositionIndex: [Int32] = []
            static let unknown: Int32 = -1
            static let undecomposable: Int32 = -2
            // Buffers reused across checks.
            var entries: [(Int, LayerState)] = []
            var midQuads: [Point] = []
            var over: [Int] = []
            var needed: [Int] = []
            /// What the export draws halfway over the interval the screen looked at last, per
            /// layer of `needed`: the chord, and the decomposition's (CSS, nil when the two
            /// matrices are one box translated).
            var chords: [Corners] = []
            var decomposed: [Corners?] = []

            init(
                sampler: Timeline.StateSampler, times: [Double], states: [[LayerState]], layers: [Int],
                interpolation: Interpolation
            ) {
                self.sampler = sampler
                self.times = times
                self.layers = layers
                self.interpolation = interpolation
                layerCount = sampler.timeline.layers.count
                var slot = [Int](repeating: -1, count: layerCount)
                for (j, i) in layers.enumerated() { slot[i] = j }
                self.slot = slot
                rows = states.indices.map { k in
                    var quads: [Point] = []
                    quads.reserveCapacity(4 * layers.count)
                    for i in layers {
                        let c = states[k].withElement(i) { LayerState.corners(size: $0.size, matrix: $0.matrix) }
                        quads.append(c.0); quads.append(c.1); quads.append(c.2); quads.append(c.3)
                    }
                    return Row(
                        time: times[k], states: states[k], layers: nil, quads: quads,
                        decompositionBase: k * layers.count)
                }
                if interpolation == .decomposedMatrix {
                    decompositionIndex = [Int32](repeating: Self.unknown, count: rows.count * layers.count)
                }
            }

            mutating func run(budget: Int) -> [(time: Double, states: [LayerState], layers: [Int]?)] {
                screen()
                var added: [Int] = []
                var spent = 0
                while let next = heap.pop() {
                    if RenderCancellation.isRequested { break }
                    guard let mid = next.mid else {
                        // A half expected far over the tolerance (a quarter of its parent's
                        // error; a wild spring's) is evaluated straight away: screening it
                        // would only add work.
                        if let k = next.frame, next.error <= 4 * chordTolerance {
                            screenHalf(next.a, next.b, layers: next.layers, splitsLeft: next.splitsLeft, frame: k)
                        } else {
                            check(
                                next.a, next.b, layers: next.layers, splitsLeft: next.splitsLeft, screened: false,
                                frame: nil)
                        }
                        continue
                    }
                    guard spent + next.layers.count <= budget else { break }
                    spent += next.layers.count
                    var states: [LayerState]
                    if mid.entries.count == layerCount {
                        states = mid.entries.map(\.1)
                    } else {
                        states = rows[next.a].states
                        for (i, state) in mid.entries { states[i] = state }
                    }
                    rows.append(
                        Row(
                            time: mid.time, states: states, layers: next.layers, quads: mid.quads,
                            decompositionBase: decompositionIndex.count))
                    if interpolation == .decomposedMatrix {
                        decompositionIndex.append(contentsOf: repeatElement(Self.unknown, count: next.layers.count))
                    }
                    let m = rows.count - 1
                    added.append(m)
                    guard next.splitsLeft > 1 else { continue }
                    for (a, b) in [(next.a, m), (m, next.b)] {
                        heap.push(
                            Candidate(
                                error: next.error / 4, aTime: rows[a].time, a: a, b: b, mid: nil, layers: next.layers,
                                splitsLeft: next.splitsLeft - 1, frame: next.frame))
                    }
                }
                added.sort { rows[$0].time < rows[$1].time }
                return added.map { (rows[$0].time, rows[$0].states, rows[$0].layers) }
            }

            /// Checks every interval between two distinct sample times for the layers the
            /// samples around it do not show close to the export (`estimate`).
            mutating func screen() {
                for k in times.indices.dropFirst() where times[k] > times[k - 1] {
                    let estimable = k >= 2 && k + 1 < times.count && Self.evenlySpaced(times, around: k)
                    needed.removeAll(keepingCapacity: true)
                    chords.removeAll(keepingCapacity: true)
                    decomposed.removeAll(keepingCapacity: true)
                    for (j, i) in layers.enumerated() {
                        let (chord, turned) = drawn(k - 1, k, layer: i)
                        if estimable {
                            let motion = estimate(interval: k, slot: j)
                            var worst = Self.distance(motion, chord)
                            if let turned { worst = max(worst, Self.distance(motion, turned)) }
                            if worst <= chordTolerance / 2 { continue }
                        }
                        needed.append(i); chords.append(chord); decomposed.append(turned)
                    }
                    let layers = needed
                    check(
                        k - 1, k, layers: layers, splitsLeft: maximumSplits, screened: true, frame: estimable ? k : nil)
                }
            }

            /// Whether the samples k−2…k+1 are evenly spaced: then the motion's midpoint
            /// between the middle two is estimated from them.
            static func evenlySpaced(_ times: [Double], around k: Int) -> Bool {
                let h = times[k] - times[k - 1]
                for m in (k - 1)...(k + 1) {
                    let step = times[m] - times[m - 1]
                    guard step > 0, abs(step - h) <= 1e-9 * max(h, 1) else { return false }
                }
                return true
            }

            /// The motion's midpoint between samples k−1 and k of the layer in `slot` from
            /// the samples alone. Over four evenly spaced samples it is (−p₀ + 9p₁ + 9p₂ −
            /// p₃)/16 to fourth order (the cubic through them); where the export's halfway
            /// point is within half the tolerance of that estimate for every corner, the
            /// layer is within the tolerance there (the other half is a margin for motion the
            /// cubic misses). Where the samples around an interval are not evenly spaced (a
            /// jump, the ends) every layer is checked.
            func estimate(interval k: Int, slot j: Int) -> Corners {
                let o = 4 * j
                func corner(_ c: Int) -> Point {
                    let p0 = rows[k - 2].quads[o + c], p1 = rows[k - 1].quads[o + c]
                    let p2 = rows[k].quads[o + c], p3 = rows[k + 1].quads[o + c]
                    return Point(
                        x: (-p0.x + 9 * p1.x + 9 * p2.x - p3.x) / 16, y: (-p0.y + 9 * p1.y + 9 * p2.y - p3.y) / 16)
                }
                return (corner(0), corner(1), corner(2), corner(3))
            }

            /// Where layer i is in row r's `quads` (times four) and decompositions.
            func place(row r: Int, layer i: Int) -> Int {
                rows[r].layers.map { Self.position(of: i, in: $0) } ?? slot[i]
            }

            /// Layer i's state at row r, in place (`Array.withElement`: a subscript would copy it).
            func state<R>(row r: Int, layer i: Int, _ body: (borrowing LayerState) -> R) -> R {
                rows[r].states.withElement(i, body)
            }

            /// The corners at row r of the layer at `place` j.
            func corners(row r: Int, place j: Int) -> Corners {
                rows[r].quads.withUnsafeBufferPointer { q in (q[4 * j], q[4 * j + 1], q[4 * j + 2], q[4 * j + 3]) }
            }

            /// Where the export draws layer i halfway between rows a and b: the corners'
            /// chord, and for CSS — where the matrices are not one box translated — the
            /// interpolated decomposition's too.
            @inline(__always) mutating func drawn(_ a: Int, _ b: Int, layer i: Int) -> (
                chord: Corners, decomposed: Corners?
            ) {
                let ja = place(row: a, layer: i), jb = place(row: b, layer: i)
                let qa = corners(row: a, place: ja), qb = corners(row: b, place: jb)
                let chord = (
                    Self.middle(qa.0, qb.0), Self.middle(qa.1, qb.1), Self.middle(qa.2, qb.2), Self.middle(qa.3, qb.3)
                )
                guard interpolation == .decomposedMatrix else { return (chord, nil) }
                let (ma, sa) = state(row: a, layer: i) { ($0.matrix, $0.size) }
                let (mb, sb) = state(row: b, layer: i) { ($0.matrix, $0.size) }
                guard !ma.isTranslated(to: mb) else { return (chord, nil) }
                let size = Size(width: (sa.width + sb.width) / 2, height: (sa.height + sb.height) / 2)
                let da = decomposition(row: a, place: ja, matrix: ma), db = decomposition(row: b, place: jb, matrix: mb)
                guard da >= 0, db >= 0 else {
                    // CSS switches at the midpoint: nothing near the motion; split.
                    let nowhere = Point(x: Double.infinity, y: Double.infinity)
                    return (chord, (nowhere, nowhere, nowhere, nowhere))
                }
                let known = decompositions.span
                let halfway = known[Int(da)].interpolated(to: known[Int(db)], fraction: 0.5).boxCorners(size)
                return (chord, halfway)
            }

            /// Where row r's decomposition of the `matrix` of its layer at `place` j is in
            /// `decompositions` (computed once per row and layer), or `undecomposable`.
            mutating func decomposition(row r: Int, place j: Int, matrix: Transform3D) -> Int32 {
                let entry = rows[r].decompositionBase + j
                let known = decompositionIndex[entry]
                guard known == Self.unknown else { return known }
                var index = Self.undecomposable
                if let d = DecomposedTransform(matrix) {
                    index = Int32(decompositions.count)
                    decompositions.append(d)
                }
                decompositionIndex[entry] = index
                return index
            }

            /// A half of a split frame interval k (rows a…b inside it) is screened as the
            /// frame intervals are: the motion's midpoint is estimated by the cubic through
            /// frame k − 2, rows a and b, and frame k + 1 (Lagrange, as the points are not
            /// evenly spaced), and the layers whose export is within half the tolerance of it
            /// — and whose cubic gives the interval's other frame within that too (a check
            /// that the motion is smooth there: a pan's release, a keyframe's corner) — are
            /// not evaluated there. The estimate is closer than the frames' own: its
            /// error goes with the product of the distances to the four points, at most
            /// (1.5 H)² (h/2)² for a half of length h ≤ H/2, against (1.5 H)² (H/2)² for a
            /// frame interval of length H.
            mutating func screenHalf(_ a: Int, _ b: Int, layers: [Int], splitsLeft: Int, frame k: Int) {
                let ta = rows[a].time, tb = rows[b].time
                guard splitsLeft > 0, !layers.isEmpty, tb - ta > 1e-6 else { return }
                let x = (times[k - 2], ta, tb, times[k + 1])
                // The frame of the interval's two that is not an end of the half: the cubic
                // must reproduce it too, or the motion is not smooth enough there to trust.
                let v = a == k - 1 ? k : k - 1
                let w = Self.lagrange(x, at: (ta + tb) / 2), wv = Self.lagrange(x, at: times[v])
                func blend(_ w: (Double, Double, Double, Double), _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point)
                    -> Point
                {
                    Point(
                        x: w.0 * p0.x + w.1 * p1.x + w.2 * p2.x + w.3 * p3.x,
                        y: w.0 * p0.y + w.1 * p1.y + w.2 * p2.y + w.3 * p3.y)
                }
                needed.removeAll(keepingCapacity: true)
                chords.removeAll(keepingCapacity: true)
                decomposed.removeAll(keepingCapacity: true)
                for i in layers {
                    let (chord, turned) = drawn(a, b, layer: i)
                    let q0 = corners(row: k - 2, place: slot[i]), q1 = corners(row: a, place: place(row: a, layer: i))
                    let q2 = corners(row: b, place: place(row: b, layer: i)), q3 = corners(row: k + 1, place: slot[i])
                    let motion = (
                        blend(w, q0.0, q1.0, q2.0, q3.0), blend(w, q0.1, q1.1, q2.1, q3.1),
                        blend(w, q0.2, q1.2, q2.2, q3.2), blend(w, q0.3, q1.3, q2.3, q3.3)
                    )
                    let atFrame = (
                        blend(wv, q0.0, q1.0, q2.0, q3.0), blend(wv, q0.1, q1.1, q2.1, q3.1),
                        blend(wv, q0.2, q1.2, q2.2, q3.2), blend(wv, q0.3, q1.3, q2.3, q3.3)
                    )
                    var worst = max(
                        Self.distance(motion, chord), Self.distance(atFrame, corners(row: v, place: slot[i])))
                    if let turned { worst = max(worst, Self.distance(motion, turned)) }
                    if worst <= chordTolerance / 2 { continue }
                    needed.append(i); chords.append(chord); decomposed.append(turned)
                }
                let remaining = needed
                check(a, b, layers: remaining, splitsLeft: splitsLeft, screened: true, frame: k)
            }

            /// The weights of the cubic through the values at the four times `x` for its value
            /// at `t` (Lagrange's basis).
            static func lagrange(_ x: (Double, Double, Double, Double), at t: Double) -> (
                Double, Double, Double, Double
            ) {
                (
                    (t - x.1) * (t - x.2) * (t - x.3) / ((x.0 - x.1) * (x.0 - x.2) * (x.0 - x.3)),
                    (t - x.0) * (t - x.2) * (t - x.3) / ((x.1 - x.0) * (x.1 - x.2) * (x.1 - x.3)),
                    (t - x.0) * (t - x.1) * (t - x.3) / ((x.2 - x.0) * (x.2 - x.1) * (x.2 - x.3)),
                    (t - x.0) * (t - x.1) * (t - x.2) / ((x.3 - x.0) * (x.3 - x.1) * (x.3 - x.2))
                )
            }

            /// Evaluates the midpoint of rows a…b and queues it for the layers over the
            /// tolerance. `screened`: what the export draws there is `chords` and
            /// `decomposed` (the screen's, for `layers`).
            mutating func check(_ a: Int, _ b: Int, layers: [Int], splitsLeft: Int, screened: Bool, frame: Int?) {
                let ta = rows[a].time, tb = rows[b].time
                guard splitsLeft > 0, !layers.isEmpty, tb - ta > 1e-6, !RenderCancellation.isRequested else { return }
                let t = (ta + tb) / 2
                sampler.states(at: t, only: layers, into: &entries)
                var worst = 0.0
                over.removeAll(keepingCapacity: true)
                midQuads.removeAll(keepingCapacity: true)
                var e = 0
                for (n, i) in layers.enumerated() {
                    while entries[e].0 < i { e += 1 }
                    let (visible, qm) = entries.withElement(e) { mid in
                        (mid.1.visible, LayerState.corners(size: mid.1.size, matrix: mid.1.matrix))
                    }
                    guard
                        visible || state(row: a, layer: i, { $0.visible })
                            || state(row: b, layer: i, { $0.visible })
                    else { continue }
                    let (chord, turned) = screened ? (chords[n], decomposed[n]) : drawn(a, b, layer: i)
                    var error = Self.distance(qm, chord)
                    if let turned { error = max(error, Self.distance(qm, turned)) }
                    guard error > chordTolerance else { continue }
                    over.append(i)
                    worst = max(worst, error)
                    midQuads.append(qm.0); midQuads.append(qm.1); midQuads.append(qm.2); midQuads.append(qm.3)
                }
                guard !over.isEmpty else { return }
                heap.push(
                    Candidate(
                        error: worst, aTime: ta, a: a, b: b,
                        mid: Midpoint(time: t, entries: entries, quads: midQuads),
                        layers: over, splitsLeft: splitsLeft, frame: frame))
            }

            /// Where `i` is in `sorted`, which holds it.
            static func position(of i: Int, in sorted: [Int]) -> Int {
                var lo = 0, hi = sorted.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if sorted[mid] < i { lo = mid + 1 } else { hi = mid }
                }
                return lo
            }

            static func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }

            /// The largest distance between matching corners (infinite where one is not a
            /// number: a degenerate matrix).
            static func distance(_ p: Corners, _ q: Corners) -> Double {
                func d(_ a: Point, _ b: Point) -> Double {
                    let dx = a.x - b.x, dy = a.y - b.y
                    let d = (dx * dx + dy * dy).squareRoot()
                    return d.isNaN ? .infinity : d
                }
                return max(max(d(p.0, q.0), d(p.1, q.1)), max(d(p.2, q.2), d(p.3, q.3)))
            }
        }

        /// A binary max-heap of candidates: worse first, on a tie the earlier (a
        /// deterministic order). It sifts small keys (the error, the start time and where
        /// the candidate is kept), so no candidate's arrays move.
        private struct Heap {
            private struct Key {
                var error: Double
                var aTime: Double
                var index: Int

                func precedes(_ other: Key) -> Bool {
                    error != other.error ? error > other.error : aTime < other.aTime
                }
            }
            private var keys: [Key] = []
            private var candidates: [Candidate?] = []

            mutating func push(_ c: Candidate) {
                keys.append(Key(error: c.error, aTime: c.aTime, index: candidates.count))
                candidates.append(c)
                var k = keys.count - 1
                while k > 0 {
                    let parent = (k - 1) / 2
                    guard keys[k].precedes(keys[parent]) else { break }
                    keys.swapAt(k, parent)
                    k = parent
                }
            }

            mutating func pop() -> Candidate? {
                guard !keys.isEmpty else { return nil }
                keys.swapAt(0, keys.count - 1)
                let top = keys.removeLast()
                var k = 0
                while true {
                    let l = 2 * k + 1, r = l + 1
                    var best = k
                    if l < keys.count, keys[l].precedes(keys[best]) { best = l }
                    if r < keys.count, keys[r].precedes(keys[best]) { best = r }
                    guard best != k else { break }
                    keys.swapAt(k, best)
                    k = best
                }
                defer { candidates[top.index] = nil }
                return candidates[top.index]
            }
        }
    }
}

extension Transform3D {
    /// Whether `other` is this matrix moved by a translation only (rows 1–3 and the
    /// perspective column equal, `m44` not zero, rows 1–3 not singular): CSS then draws
    /// the box's corners between the two along their chords, as the export's corners move.
    ///
    /// Both matrices have the same rotation, scale and skew, so CSS's interpolation keeps
    /// them and moves the translation linearly; the perspective it extracts is linear in the
    /// translation too (CSS Transforms 2, "Decomposing a 3D matrix": the perspective is the
    /// fourth column solved against the matrix with that column cleared, whose inverse's
    /// last row is the only one the translation enters). So the drawn matrix is the two
    /// matrices' average, and a corner (x, y, 0) — whose divisor x·m14 + y·m24 + m44 is the
    /// same at both ends — lands halfway between its two positions. A layer under the
    /// container's perspective that only slides or fades is such a pair. Where rows 1–3
    /// are singular CSS cannot decompose and switches at the midpoint instead (`drawn`).
    fileprivate func isTranslated(to other: Transform3D) -> Bool {
        m11 == other.m11 && m12 == other.m12 && m13 == other.m13 && m14 == other.m14
            && m21 == other.m21 && m22 == other.m22 && m23 == other.m23 && m24 == other.m24
            && m31 == other.m31 && m32 == other.m32 && m33 == other.m33 && m34 == other.m34
            && m44 == other.m44 && m44 != 0
            && m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31) != 0
    }
}
