import AnimaticCore
import Foundation
import Testing

@testable import AnimaticRender

/// An inline spec's export writes its geometry as fractions of the container
/// (docs/EXPORT.md, "Inline specs: fractions of the container").
@Suite struct SwiftSpecFractionsTests {
    private func export(_ json: String, geometry: SwiftExportGeometry = .container) throws -> String {
        let spec = try SpecDecoder.decode(bytes: Array(json.utf8)).get()
        return SwiftAnimatorEncoder.encode(TimelineCompiler.compile(spec), name: nil, geometry: geometry).source
    }

    /// `text` (`-width * 45 / 390`) evaluated as Swift evaluates it: the prefix minus on the
    /// variable, then the operators left to right.
    private func evaluate(_ text: String, length: Double) -> Double? {
        var tokens = text.split(separator: " ").map(String.init)
        guard !tokens.isEmpty else { return nil }
        let first = tokens.removeFirst()
        var value = first.hasPrefix("-") ? -length : length
        while tokens.count >= 2 {
            let op = tokens.removeFirst()
            guard let n = Double(tokens.removeFirst()) else { return nil }
            switch op {
            case "*": value = value * n
            case "/": value = value / n
            default: return nil
            }
        }
        return tokens.isEmpty ? value : nil
    }

    @Test func everyFractionGivesTheSpecsNumberBitForBit() {
        // Halves of points at the sizes of today's devices: each is written (none falls back
        // to the literal) and evaluates to the number exactly. Other decimals, when written,
        // evaluate exactly too.
        var checked = 0
        for length in [390.0, 844, 320, 568, 1024, 1366, 375, 667, 393, 852] {
            for value in stride(from: -1000.0, through: 2000, by: 0.5) where value != 0 {
                guard let text = SwiftSpecFractions.expression(value, of: "width", length: length) else {
                    Issue.record("\(value) of \(length): no expression")
                    continue
                }
                #expect(evaluate(text, length: length) == value, "\(text) at \(length) is not \(value)")
                checked += 1
            }
            for value in [0.25, 18.02, 1.0 / 3, 123.456, length * 0.15, 0.1 + 0.2, 1e-7] {
                guard let text = SwiftSpecFractions.expression(value, of: "height", length: length) else { continue }
                #expect(evaluate(text, length: length) == value, "\(text) at \(length) is not \(value)")
                checked += 1
            }
        }
        #expect(checked > 60_000)
    }

    @Test func simpleFractionsComeFirst() {
        #expect(SwiftSpecFractions.expression(390, of: "width", length: 390) == "width")
        #expect(SwiftSpecFractions.expression(-390, of: "width", length: 390) == "-width")
        #expect(SwiftSpecFractions.expression(422, of: "height", length: 844) == "height / 2")
        #expect(SwiftSpecFractions.expression(292.5, of: "width", length: 390) == "width * 3 / 4")
        #expect(SwiftSpecFractions.expression(780, of: "width", length: 390) == "width * 2")
        #expect(SwiftSpecFractions.expression(60, of: "width", length: 400) == "width * 0.15")
        #expect(SwiftSpecFractions.expression(45, of: "width", length: 390) == "width * 45 / 390")
        #expect(SwiftSpecFractions.expression(-45, of: "width", length: 390) == "-width * 45 / 390")
        #expect(SwiftSpecFractions.expression(0, of: "width", length: 390) == nil)
    }

    @Test func geometryIsTheContainersAndLengthsStayPoints() throws {
        let source = try export(
            """
            {"container": {"width": 390, "height": 844},
             "layers": [
               {"id": "from", "frame": [0, 0, 390, 844]},
               {"id": "to", "frame": [0, 844, 390, 422], "cornerRadius": 12,
                "shadow": {"opacity": 0.3, "radius": 6, "offset": [0, 4]}, "border": {"width": 2, "color": "#000000"}},
               {"id": "card", "frame": [45, 322, 300, 200], "transform": [{"translate": [39, 84.4, 5]}]}],
             "animations": [{"duration": 0.5, "changes": {
               "to": {"frame": [0, 422, 390, 422]}, "card": {"position": [195, 211]}}}],
             "views": {"from": "from", "to": "to"}}
            """)
        #expect(source.contains("let width = containerView.bounds.width\n"))
        #expect(source.contains("let height = containerView.bounds.height\n"))
        #expect(source.contains("fromView.frame = containerView.bounds\n"))
        #expect(source.contains("toView.frame = CGRect(x: 0, y: height, width: width, height: height / 2)\n"))
        #expect(source.contains("toView.frame = CGRect(x: 0, y: height / 2, width: width, height: height / 2)\n"))
        #expect(source.contains("card.center = CGPoint(x: width / 2, y: height / 4)\n"))
        // A translation's x and y are the container's; its z, radii, borders and shadows are points.
        #expect(source.contains("CATransform3DMakeTranslation(width / 10, height / 10, 5)"))
        #expect(source.contains("toView.layer.cornerRadius = 12\n"))
        #expect(source.contains("toView.layer.borderWidth = 2\n"))
        #expect(source.contains("toView.layer.shadowRadius = 6\n"))
        #expect(source.contains("toView.layer.shadowOffset = CGSize(width: 0, height: 4)\n"))
        #expect(source.contains("Geometry is written from the container"))
        #expect(!source.contains("Numbers are the spec's"))
    }

    @Test func pointsKeepsTheSpecsNumbers() throws {
        let json = """
            {"layers": [{"id": "to", "frame": [0, 844, 390, 422]}],
             "animations": [{"duration": 0.5, "changes": {"to": {"frame": [0, 422, 390, 422]}}}]}
            """
        let source = try export(json, geometry: .points)
        #expect(source.contains("toView.frame = CGRect(x: 0, y: 422, width: 390, height: 422)\n"))
        #expect(source.contains("Numbers are the spec's, in points for a 390 × 844 pt container"))
        #expect(!source.contains("containerView.bounds.width"))
    }

    @Test func aSpecWithNoGeometryOfTheContainerKeepsItsNumbers() throws {
        // Only an alpha and a corner radius: nothing to write from the container.
        let source = try export(
            """
            {"layers": [{"id": "to", "frame": [0, 0, 0, 0], "cornerRadius": 4}],
             "animations": [{"duration": 1, "changes": {"to": {"alpha": 0, "cornerRadius": 8}}}]}
            """)
        #expect(source.contains("Numbers are the spec's"))
        #expect(!source.contains("let width"))
    }

    @Test func scalingMovesOnlyTheContainersGeometry() throws {
        let spec = try SpecDecoder.decode(
            bytes: Array(
                """
                {"container": {"width": 390, "height": 844, "perspective": 500},
                 "layers": [{"id": "b", "frame": [0, 0, 390, 844]},
                            {"id": "a", "frame": [10, 20, 30, 40], "cornerRadius": 5,
                             "content": {"of": "b", "rect": [1, 2, 3, 4]}, "transform": [{"translate": [5, 6, 7]}]}],
                 "animations": [{"duration": 1, "changes": {"a": {"position": [100, 200], "shadowOffset": [3, 4]}}}]}
                """.utf8)
        ).get()
        let scaled = SwiftSpecFractions.scaled(spec, sx: 2, sy: 3)
        #expect(scaled.container.size == Size(width: 780, height: 2532))
        #expect(scaled.container.perspective == 500)
        #expect(scaled.layers[0].frame == Rect(x: 0, y: 0, width: 780, height: 2532))
        #expect(scaled.layers[1].frame == Rect(x: 20, y: 60, width: 60, height: 120))
        #expect(scaled.layers[1].cornerRadius == 5)
        #expect(scaled.layers[1].content == .snapshot(of: "b", rect: Rect(x: 2, y: 6, width: 6, height: 12)))
        #expect(scaled.layers[1].transform == .operations([.translate(x: 10, y: 18, z: 7)]))
        guard case .block(let block) = scaled.animations[0] else { return }
        #expect(block.changes[0].value == .point(Point(x: 200, y: 600)))
        #expect(block.changes[1].value == .point(Point(x: 3, y: 4)))  // a shadow's offset is not the container's
    }
}
