import Foundation
import Testing
@testable import AnimaticCore

private func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite struct Transform3DTests {
    /// `withEntries` reads the memory as 16 Doubles, m11 first, row by row: the stored
    /// properties' order. A field added or reordered fails here, not in an encoder's bytes.
    @Test func theLayoutIsSixteenDoublesRowByRow() {
        #expect(MemoryLayout<Transform3D>.size == 16 * MemoryLayout<Double>.size)
        #expect(MemoryLayout<Transform3D>.stride == 128 && MemoryLayout<Transform3D>.alignment == 8)
        let paths: [KeyPath<Transform3D, Double>] = [
            \.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
            \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44,
        ]
        #expect(paths.map { MemoryLayout<Transform3D>.offset(of: $0) } == (0..<16).map { $0 * 8 })
        let m = Transform3D((0..<16).map { Double($0) + 0.5 })
        #expect(m.withEntries { Array($0) } == m.entries)
        var n = m
        n[2, 3] = -7
        #expect(n.m34 == -7 && n[2, 3] == -7 && n[3, 2] == m.m43)
    }

    /// The subscript's setter names each field: entry (row, column) lands in the stored
    /// property that `entries` lists at row × 4 + column, and no other moves.
    @Test func theSetterWritesEachEntryInItsField() {
        for row in 0..<4 {
            for column in 0..<4 {
                var m = Transform3D.identity
                m[row, column] = 42
                var expected = Transform3D.identity.entries
                expected[row * 4 + column] = 42
                #expect(m.entries == expected)
            }
        }
    }

    @Test func anEntryOutsideTheMatrixTraps() async {
        await #expect(processExitsWith: .failure) {
            var m = Transform3D.identity
            m[4, 0] = 1
        }
    }

    @Test func rotationAboutZIsClockwiseOnScreenLikeCGAffineTransform() {
        let r = Transform3D.rotation(.pi / 2, x: 0, y: 0, z: 1)
        let p = r.apply(to: Point(x: 1, y: 0))
        // UIKit's y points down, so (1, 0) turned +90° lands on (0, 1): clockwise.
        #expect(abs(p.x - 0) < 1e-12 && abs(p.y - 1) < 1e-12)
        #expect(abs(r.m12 - 1) < 1e-12 && abs(r.m21 + 1) < 1e-12)
    }

    @Test func rotationAboutYHasTheOpenReimplementationsEntries() {
        let a = 0.3
        let r = Transform3D.rotation(a, x: 0, y: 1, z: 0)
        #expect(abs(r.m11 - cos(a)) < 1e-15 && abs(r.m13 + sin(a)) < 1e-15)
        #expect(abs(r.m31 - sin(a)) < 1e-15 && abs(r.m33 - cos(a)) < 1e-15)
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        // Scale by 2, then translate by 10: (1, 1) → (2, 2) → (12, 12).
        let m = Transform3D.scale(2, 2).concatenating(.translation(10, 10))
        let p = m.apply(to: Point(x: 1, y: 1))
        #expect(p == Point(x: 12, y: 12))
        // CATransform3DTranslate(t, …) translates first: (1, 1) → (11, 11) → (22, 22).
        let q = Transform3D.scale(2, 2).translated(10, 10).apply(to: Point(x: 1, y: 1))
        #expect(q == Point(x: 22, y: 22))
    }

    @Test func inverseUndoesAGeneralTransform() throws {
        let m = Transform3D.rotation(0.7, x: 1, y: 2, z: 3)
            .concatenating(.translation(5, -3, 2))
            .concatenating(.scale(2, 0.5, 3))
            .concatenating(.perspective(eyeDistance: 500))
        let inv = try #require(m.inverted)
        #expect(close(m.concatenating(inv), .identity, 1e-12))
        #expect(close(inv.concatenating(m), .identity, 1e-12))
        #expect(Transform3D.scale(0, 1).inverted == nil)
    }

    @Test func perspectiveDivideMatchesTheClosedForm() {
        // A point x from the anchor, turned θ about y, seen from d: x·cosθ / (1 + x·sinθ/d).
        let d = 500.0, theta = 0.6, x = 120.0, y = 40.0
        let m = Transform3D.rotation(theta, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: d))
        let p = m.apply(to: Point(x: x, y: y))
        let w = 1 + x * sin(theta) / d
        #expect(abs(p.x - x * cos(theta) / w) < 1e-12)
        #expect(abs(p.y - y / w) < 1e-12)
    }

    @Test func decompositionRoundTrips() throws {
        let samples: [Transform3D] = [
            .identity,
            .rotation(.pi / 2, x: 0, y: 1, z: 0),
            .rotation(-1.2, x: 1, y: 0, z: 0),
            .rotation(2.5, x: 0.3, y: -0.4, z: 1),
            Transform3D.scale(0.1, 0.1).concatenating(.translation(40, -20)),
            Transform3D.scale(-1, 1).concatenating(.rotation(0.4, x: 0, y: 0, z: 1)),
            Transform3D.rotation(0.8, x: 0, y: 1, z: 0).concatenating(.translation(3, 4, 5))
                .concatenating(.perspective(eyeDistance: 200)),
        ]
        for m in samples {
            let d = try #require(DecomposedTransform(m))
            // Decomposition normalises by m44; the matrices agree as projective maps.
            let normalised = Transform3D(m.entries.map { $0 / m.m44 })
            #expect(close(d.matrix, normalised, 1e-9), "round trip of \(m.entries)")
        }
    }

    @Test func interpolationTakesTheShorterArcLikeCoreAnimation() throws {
        let from = try #require(DecomposedTransform(.identity))
        let to = try #require(DecomposedTransform(.rotation(1.5 * .pi, x: 0, y: 0, z: 1)))
        let mid = from.interpolated(to: to, fraction: 0.5).matrix
        // 270° is reached the short way, through −45° at the midpoint.
        #expect(close(mid, .rotation(-.pi / 4, x: 0, y: 0, z: 1), 1e-12))
    }

    @Test func interpolatedRotationAboutYIsLinearInAngle() throws {
        let from = try #require(DecomposedTransform(.identity))
        let to = try #require(DecomposedTransform(.rotation(-.pi / 2, x: 0, y: 1, z: 0)))
        for f in [0.1, 0.25, 0.5, 0.9, 1.1] {
            let m = from.interpolated(to: to, fraction: f).matrix
            #expect(close(m, .rotation(-.pi / 2 * f, x: 0, y: 1, z: 0), 1e-12), "f = \(f)")
        }
    }

    /// `boxCorners` (row operations) against the corners under `matrix` (four matrix
    /// products): composed transforms with rotations, non-uniform and flipping scales, skew
    /// from a rotation after a non-uniform scale, translations and the container's
    /// perspective, decomposed at random and interpolated as the exports' refinement does.
    @Test func boxCornersAreTheCornersUnderTheMatrix() throws {
        var generator = SplitMix64(seed: 0xB0C5)  // seeded: a failure repeats
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        let perspective = Transform3D.translation(-195, -422).concatenating(.perspective(eyeDistance: 500))
            .concatenating(.translation(195, 422))
        var compared = 0
        for _ in 0..<2_000 {
            func transform() -> Transform3D {
                Transform3D.scale(r(-1.5...2), r(0.2...2), r(0.5...1.5))
                    .concatenating(.rotation(r(-3...3), x: r(-1...1), y: r(-1...1), z: r(-1...1)))
                    .concatenating(.scale(r(0.5...2), r(0.5...2)))
                    .concatenating(.translation(r(-300...300), r(-300...300), r(-50...50)))
                    .concatenating(r(0...1) < 0.7 ? perspective : .identity)
            }
            let size = Size(width: r(1...400), height: r(1...100))
            guard let a = DecomposedTransform(transform()), let b = DecomposedTransform(transform()) else { continue }
            let d = a.interpolated(to: b, fraction: r(-0.2...1.2))
            let fast = d.boxCorners(size), slow = LayerState.corners(size: size, matrix: d.matrix)
            for (p, q) in [(fast.0, slow.0), (fast.1, slow.1), (fast.2, slow.2), (fast.3, slow.3)] {
                // Points behind the eye (W < 0) and near it land far away: relative error.
                let scale = max(1, abs(q.x), abs(q.y))
                #expect(abs(p.x - q.x) <= 1e-9 * scale && abs(p.y - q.y) <= 1e-9 * scale, "\(p) vs \(q)")
            }
            compared += 1
        }
        #expect(compared > 1_900)
    }
}
