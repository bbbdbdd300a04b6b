import AnimaticCore
import Foundation
import Testing

@testable import AnimaticRender

/// IBAnimatable's explosion is exported from the container: its own `stride` loops and its
/// integer draws (docs/EXPORT.md, "Explode: loops, not measured numbers").
@Suite struct SwiftExplodeIBAnimatableTests {
    private func document(_ params: String = "") -> JSONValue {
        let extra = params.isEmpty ? "" : ", " + params
        return try! JSONParser.parse(
            Array(#"{"preset": "explode", "params": {"library": "ibanimatable"\#(extra)}}"#.utf8))
    }

    private struct Refused: Error {}

    private func spec(_ document: JSONValue) throws -> TransitionSpec {
        guard case .success(let spec) = PresetCatalog.named("explode")!.spec(params: document["params"]) else {
            throw Refused()
        }
        return spec
    }

    @Test func theLoopsCutAsManyPiecesAsThePreset() throws {
        // docs/PRESETS.md: 470 pieces in 390 × 844, 320 in 375 × 667, 30 in 844 × 390, and 910
        // at 262 × 786 where the rounded step adds a 91st row.
        for (w, h, n) in [(390.0, 844.0, 470), (375, 667, 320), (844, 390, 30), (262, 786, 910), (320, 568, 320)] {
            #expect(SwiftExplodeTiles.ibanimatablePieces(Size(width: w, height: h)).count == n, "\(w) × \(h)")
        }
        for (w, h) in [(390.0, 844.0), (320, 568), (1024, 1366)] {
            let built = try spec(document("\"width\": \(w), \"height\": \(h)"))
            let rects = SwiftExplodeTiles.ibanimatablePieces(Size(width: w, height: h))
            #expect(built.layers.dropFirst(2).map(\.frame.size) == rects.map(\.size))
            #expect(built.layers.dropFirst(2).map(\.position) == rects.map(\.center))
        }
    }

    @Test func theTableHoldsTheWholeNumberDrawsOfTheLargestGrid() throws {
        let doc = document()
        let tiles = try #require(SwiftExplodeTiles.fit(document: doc, spec: try spec(doc)))
        #expect(tiles.library == .ibanimatable)
        // 500 pieces: the most the standard limits allow (1,000 changes in one block, two a piece).
        #expect(tiles.draws.count == 500)
        for d in tiles.draws {
            #expect((-100...99).contains(d.dx) && d.dx == d.dx.rounded())
            #expect((-100...99).contains(d.dy) && d.dy == d.dy.rounded())
            #expect((-10...9).contains(d.angle) && d.angle == d.angle.rounded())
        }
        // Another seed, other draws.
        let other = try #require(
            SwiftExplodeTiles.fit(document: document("\"seed\": 2"), spec: try spec(document("\"seed\": 2"))))
        #expect(zip(tiles.draws, other.draws).contains { $0.dx != $1.dx || $0.dy != $1.dy || $0.angle != $1.angle })
    }

    @Test func everyPieceIsCheckedAgainstTheSpec() throws {
        let doc = document()
        let built = try spec(doc)
        let tiles = try #require(SwiftExplodeTiles.fit(document: doc, spec: built))
        #expect(SwiftExplodeTiles.ibanimatableTiles(built, tiles.draws) != nil)
        // One piece's translation one unit in the last place off: the loops' form is refused.
        var moved = built
        guard case .block(var block) = moved.animations[0],
            case .transform(.matrix(var m)) = block.changes[14].value
        else {
            Issue.record("piece 7's transform is not a matrix")
            return
        }
        #expect(block.changes[14].layer == "piece7")
        m.m41 = m.m41.nextUp
        block.changes[14].value = .transform(.matrix(m))
        moved.animations[0] = .block(block)
        #expect(SwiftExplodeTiles.ibanimatableTiles(moved, tiles.draws) == nil)
        // A draw that is not the spec's is refused too.
        var draws = tiles.draws
        draws[3].angle += 1
        #expect(SwiftExplodeTiles.ibanimatableTiles(built, draws) == nil)
    }

    @Test func theExportIsWrittenFromTheContainer() throws {
        let doc = document()
        let built = try spec(doc)
        let source = SwiftAnimatorEncoder.encode(TimelineCompiler.compile(built), name: "explode", preset: doc).source
        #expect(source.contains("Geometry is computed from the container"))
        #expect(source.contains("for x in stride(from: 0, to: width, by: width / xFactor) {"))
        #expect(source.contains("for y in stride(from: 0, to: height, by: width / yFactor) {"))
        #expect(source.contains("static let draws: [(dx: CGFloat, dy: CGFloat, angle: CGFloat)] = ["))
        #expect(
            source.contains(
                "piece.layer.transform = CATransform3DScale(CATransform3DRotate(moved, draw.angle, 0, 0, 1), 0.01, 0.01, 1)"
            ))
        #expect(!source.contains("piece469"))  // no one device's pieces
        let rows = source.split(separator: "\n").filter { $0.hasPrefix("        (dx: ") }
        #expect(rows.count == 500)
        // The spec's numbers when asked for, as before.
        let points = SwiftAnimatorEncoder.encode(
            TimelineCompiler.compile(built), name: "explode", preset: doc, geometry: .points
        ).source
        #expect(points.contains("Numbers are the spec's"))
        #expect(points.contains("piece469"))
    }
}
