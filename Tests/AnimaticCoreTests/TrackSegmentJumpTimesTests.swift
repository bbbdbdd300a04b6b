import Testing

@testable import AnimaticCore

/// `TrackSegment.jumpTimes`: where a steps curve or a discrete keyframe block jumps, against
/// times computed here independently (the step fractions k/n; the warp inverted through its
/// own Bézier polynomials), and the values on both sides of each jump.
@Suite struct TrackSegmentJumpTimesTests {
    private func number(_ v: TrackValue) -> Double {
        guard case .number(let n) = v else { return .nan }
        return n
    }

    /// The fraction x at which the Bézier (0,0)-(x1,y1)-(x2,y2)-(1,1) reaches progress y:
    /// bisection on the curve parameter of the y polynomial (increasing for y1, y2 in 0…1),
    /// then the x polynomial there — not the engine's solver, which goes from x to y.
    private func bezierFraction(reaching y: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func poly(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if poly(y1, y2, mid) < y { lo = mid } else { hi = mid }
        }
        return poly(x1, x2, (lo + hi) / 2)
    }

    @Test func aStepsTweenJumpsAtEachOfItsNBoundariesTheLastAtItsEnd() throws {
        let segment = TrackSegment.tween(start: 0.1, end: 0.4, from: .number(0), to: .number(9), curve: .steps(3))
        let times = try #require(segment.jumpTimes(limit: 10))
        let expected = (1...3).map { 0.1 + 0.3 * Double($0) / 3 }
        #expect(times.count == 3)
        for (k, (t, e)) in zip(times, expected).enumerated() {
            #expect(abs(t - e) < 1e-12, "step \(k + 1): \(t) s, expected \(e) s")
            let before = number(segment.value(at: t - 1e-9)), after = number(segment.value(at: t))
            #expect(before == Double(3 * k) && after == Double(3 * (k + 1)), "step \(k + 1): \(before) → \(after)")
        }
    }

    @Test func moreStepsThanTheLimitGiveNil() {
        let segment = TrackSegment.tween(start: 0, end: 1, from: .number(0), to: .number(1), curve: .steps(1000))
        #expect(segment.jumpTimes(limit: 999) == nil)
        #expect(segment.jumpTimes(limit: 1000)?.count == 1000)
    }

    @Test func continuousTweensHaveNoJumpsAndASetHasItsTime() {
        let tween = TrackSegment.tween(start: 0, end: 1, from: .number(0), to: .number(1), curve: .linear)
        #expect(tween.jumpTimes(limit: 10) == [])
        let still = TrackSegment.tween(start: 0, end: 1, from: .number(2), to: .number(2), curve: .steps(4))
        #expect(still.jumpTimes(limit: 10) == [], "steps between equal values change nothing")
        #expect(TrackSegment.set(time: 0.3, value: .bool(true)).jumpTimes(limit: 1) == [0.3])
    }

    @Test func aDiscreteBlockJumpsWhereItsWarpReachesEachKeyTime() throws {
        // easeInEaseOut warp (0.42, 0, 0.58, 1) over 0.2…1.2 s; keys at 0, 0.25, 0.5, 1.
        let path = KeyframePathBox.make(
            times: [0, 0.25, 0.5, 1], values: [.number(0), .number(1), .number(2), .number(3)], mode: .discrete,
            knots: [])
        let warp = TimingCurve.bezier(CubicBezier(0.42, 0, 0.58, 1))
        let segment = TrackSegment.keyframes(start: 0.2, end: 1.2, path: path, warp: warp)
        let times = try #require(segment.jumpTimes(limit: 10))
        let expected = [0.25, 0.5, 1].map { 0.2 + bezierFraction(reaching: $0, 0.42, 0, 0.58, 1) }
        #expect(times.count == 3)
        for (k, (t, e)) in zip(times, expected).enumerated() {
            // Within 0.1 µs: the two inversions round differently where the curve flattens
            // (at the end, progress reaches 1 in doubles a few ns before the block ends).
            #expect(abs(t - e) < 1e-7, "key \(k + 1): \(t) s, expected \(e) s")
            let before = number(segment.value(at: t - 1e-9)), after = number(segment.value(at: t))
            #expect(before == Double(k) && after == Double(k + 1), "key \(k + 1): \(before) → \(after)")
        }
        #expect(abs(times[2] - 1.2) < 1e-7, "the last key, at 1, jumps at the block's end")
        #expect(segment.jumpTimes(limit: 2) == nil)
    }

    @Test func aStepsWarpJumpsAtItsBoundariesWhateverTheMode() throws {
        let path = KeyframePathBox.make(times: [0, 1], values: [.number(0), .number(8)], mode: .linear, knots: [])
        let segment = TrackSegment.keyframes(start: 0, end: 0.5, path: path, warp: .steps(4))
        let times = try #require(segment.jumpTimes(limit: 4))
        #expect(zip(times, [0.125, 0.25, 0.375, 0.5]).allSatisfy { abs($0 - $1) < 1e-12 }, "\(times)")
        for (k, t) in times.enumerated() {
            #expect(
                number(segment.value(at: t - 1e-9)) == Double(2 * k)
                    && number(segment.value(at: t)) == Double(2 * k + 2))
        }
    }

    @Test func twoKeysAtOneTimeJumpInALinearBlock() throws {
        // Linear warp: the jump is at the key time itself, from 1 to 5.
        let path = KeyframePathBox.make(
            times: [0, 0.5, 0.5, 1], values: [.number(0), .number(1), .number(5), .number(6)], mode: .linear, knots: [])
        let segment = TrackSegment.keyframes(start: 1, end: 2, path: path, warp: .linear)
        let times = try #require(segment.jumpTimes(limit: 10))
        #expect(times.count == 1 && abs(times[0] - 1.5) < 1e-12, "\(times)")
        let before = number(segment.value(at: times[0] - 1e-9)), after = number(segment.value(at: times[0]))
        #expect(abs(before - 1) < 1e-6 && after == 5, "\(before) → \(after)")
    }
}
