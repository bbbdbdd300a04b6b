import Foundation
import Testing
@testable import AnimaticCore

/// `explode` with `library: "ibanimatable"`: IBAnimatable's ExplodeAnimator
/// (ExplodeAnimator.swift @ 3fb8f62).
@Suite struct IBAnimatableExplodeTests {
    static let params = #"{"library": "ibanimatable"}"#

    @Test func theGridStepsRowsByWSquaredOverTenH() throws {
        // Rows at y = n × W² / (10 H) while y < H: 844 / (390² / 8440) = 46.8 → 47 rows.
        let pieces = IBAnimatableExplode.pieces(Size(width: 390, height: 844))
        #expect(pieces.count == 470)
        #expect(near(pieces[1].minY, 390.0 * 390 / 8440, 1e-12) && near(pieces[1].height, 39, 1e-12))
        #expect(pieces[1].minY < pieces[0].maxY, "rows overlap in portrait")
        #expect(near(pieces[47].minX, 39) && pieces[47].minY == 0, "columns, then rows within each")
        #expect(IBAnimatableExplode.pieces(Size(width: 375, height: 667)).count == 320)
        #expect(IBAnimatableExplode.pieces(Size(width: 844, height: 390)).count == 30)
        // Float stepping: 262 × 786 has exactly 10 H² / W² = 90 rows, but the step
        // 262 / (7860 / 262) rounds below 786 / 90, so the 91st row starts at 785.99… < 786.
        let step = 262.0 / (10.0 * 786 / 262)
        #expect(90 * step < 786)
        #expect(IBAnimatableExplode.pieces(Size(width: 262, height: 786)).count == 910)
    }

    @Test func durationCurveAndLayers() throws {
        let tl = try presetTimeline("explode", Self.params)
        #expect(tl.block?.duration == 0.75 && tl.block?.timing == .easeInEaseOut)
        #expect(tl.spec.layers.count == 472 && tl.spec.layers.prefix(3).map(\.id) == ["from", "to", "piece0"])
        #expect(near(tl.state("piece1", at: 0).quad, quad(0, 390.0 * 390 / 8440, 39, 39), 1e-9))
        #expect(try presetTimeline("explode", #"{"library": "ibanimatable", "duration": 2}"#).block?.duration == 2)
    }

    /// The draws read back from the spec's end transforms, translate(origin − d) ·
    /// rotate(angle) · scale(0.01): integers in −100 … 99 and −10 … 9.
    static func draws(_ spec: TransitionSpec, piece i: Int) throws -> (dx: Double, dy: Double, angle: Double) {
        guard case .block(let block) = spec.animations[0] else { throw Failure.noBlock }
        let change = try #require(block.changes.first { $0.layer == "piece\(i)" && $0.property == .transform })
        guard case .transform(.matrix(let m)) = change.value else { throw Failure.noBlock }
        let origin = spec.layers[i + 2].frame.origin
        // m41, m42 = the translation; the upper 2 × 2 = 0.01 × the rotation.
        return (origin.x - m.m41, origin.y - m.m42, atan2(m.m12, m.m11))
    }

    enum Failure: Error { case noBlock }

    @Test func theDrawsAreIntegersInTheSourcesRanges() throws {
        let spec = try presetTimeline("explode", Self.params).spec
        var dxs: [Double] = [], angles: [Int] = []
        for i in 0..<470 {
            let d = try Self.draws(spec, piece: i)
            // origin − (origin − d) in floating point: integers within rounding.
            #expect(near(d.dx, d.dx.rounded(), 1e-9) && near(d.dy, d.dy.rounded(), 1e-9))
            #expect((-100...99).contains(d.dx.rounded()) && (-100...99).contains(d.dy.rounded()))
            // The matrix keeps the angle modulo 2π: find the integer in −10 … 9 it came from.
            let k = (-10...9).filter { abs(remainder(Double($0) - d.angle, 2 * .pi)) < 1e-9 }
            #expect(k.count == 1, "piece \(i): \(d.angle) rad is no integer angle")
            dxs.append(d.dx.rounded())
            angles += k
        }
        // arc4random_uniform(200) − 100 and arc4random_uniform(20) − 10 reach their ends.
        #expect(dxs.min() == -100 && dxs.max() == 99 && angles.min() == -10 && angles.max() == 9)
    }

    /// Mid-transition, as Core Animation interpolates the decomposed matrix: the piece's
    /// translation times f, scale 1 → 0.01 linearly, the rotation along the shorter arc (the
    /// angle wrapped into −π … π, times f); alpha 1 − f.
    @Test func midTransitionIsTheDecomposedInterpolation() throws {
        let tl = try presetTimeline("explode", Self.params)
        let f = Curves.easeInEaseOut(0.5)
        var beyondPi = 0
        let mid = tl.states(at: 0.375)
        for i in 0..<470 {
            let d = try Self.draws(tl.spec, piece: i)
            // An integer angle of 4 … 9 or −4 … −10 rad turns the short way, by angle ∓ 2π.
            if abs(d.angle.rounded() - d.angle) > 1e-6 { beyondPi += 1 }
            let r = tl.spec.layers[i + 2].frame
            let tx = (r.minX - d.dx) * f, ty = (r.minY - d.dy) * f
            let angle = d.angle * f, s = 1 + (0.01 - 1) * f
            let expected = quad(r.minX, r.minY, r.width, r.height).map { p -> Point in
                let x = (p.x - r.midX) * s, y = (p.y - r.midY) * s
                return Point(
                    x: r.midX + tx + x * cos(angle) - y * sin(angle), y: r.midY + ty + x * sin(angle) + y * cos(angle))
            }
            let state = mid[i + 2]
            #expect(state.id == "piece\(i)")
            #expect(near(state.quad, expected, 1e-6), "piece \(i)")
            #expect(near(state.opacity, 1 - f, 1e-9))
        }
        // 13 of the 20 integer angles lie beyond ±π: most pieces take the wrapped path.
        #expect(beyondPi > 200, "\(beyondPi) pieces turn by angle ∓ 2π")
    }

    @Test func theSeedMakesItDeterministic() throws {
        let a = SpecEncoder.encode(try presetTimeline("explode", Self.params).spec)
        let b = SpecEncoder.encode(try presetTimeline("explode", Self.params).spec)
        let c = SpecEncoder.encode(try presetTimeline("explode", #"{"library": "ibanimatable", "seed": 2}"#).spec)
        #expect(a == b && a != c)
        let vctl = SpecEncoder.encode(try presetTimeline("explode").spec)
        #expect(vctl != a)
    }

    @Test func bothEndStates() throws {
        let done = try presetTimeline("explode", Self.params)
        #expect(done.finalState("piece0").hidden && done.finalState("piece469").hidden)
        #expect(done.finalState("from").hidden && !done.finalState("to").hidden)
        #expect(near(done.finalState("to").quad, quad(0, 0, 390, 844)))
        let cancelled = try presetTimeline(
            "explode", #"{"library": "ibanimatable", "swipe": "horizontal", "progress": [[0, 0], [0.3, 0.3]]}"#)
        #expect(cancelled.run?.outcome == .cancel)
        #expect(cancelled.finalState("piece7").hidden && cancelled.finalState("to").hidden)
        #expect(!cancelled.finalState("from").hidden && near(cancelled.finalState("from").quad, quad(0, 0, 390, 844)))
    }

    @Test func aGridPastTheLimitsIsAProblemAtTheSize() {
        // 100 × 400: 10 × 160 rows of overlapping pieces, past 500 (1,000 changes / 2).
        let problems = presetProblems(
            #"{"preset": "explode", "params": {"library": "ibanimatable", "width": 100, "height": 400}}"#)
        #expect(problems.map(\.pointer) == ["/params/height"])
        #expect(problems.first?.message.contains("1600 pieces; at most 500") == true)
        // The library's own grid at the same size is 400 pieces: past 333 (1,000 / 3).
        #expect(
            presetProblems(#"{"preset": "explode", "params": {"width": 100, "height": 400}}"#).first?.message.contains(
                "400 pieces; at most 333") == true)
        #expect(
            presetProblems(#"{"preset": "explode", "params": {"library": "ibanimatable", "swipe": "ibanimatable"}}"#)
                .map(\.pointer) == ["/params/swipe"], "ExplodeAnimator has no gesture")
    }
}
