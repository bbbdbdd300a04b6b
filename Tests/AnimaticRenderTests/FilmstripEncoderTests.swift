import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

@Suite struct FilmstripEncoderTests {
    private let spec = """
        {"container": {"width": 390, "height": 844},
         "layers": [{"id": "a", "frame": [0, 0, 100, 100], "fill": "#ff0000"}],
         "animations": [{"duration": 0.7, "changes": {"a": {"frame": [200, 300, 100, 100]}}}]}
        """

    @Test func evenlySpacedFramesWithTheirTimes() throws {
        let tl = TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(spec.utf8)).get())
        for count in [2, 5, 8] {
            let root = try #require(
                XMLNode.parse(FilmstripEncoder.encode(tl, options: TimelineOptions(filmstripFrames: count))))
            let cells = root.children.filter { $0.attributes["data-time"] != nil }
            #expect(cells.count == count)
            let times = cells.compactMap { Double($0.attributes["data-time"] ?? "") }
            #expect(times.first == 0 && times.last == 0.7)
            for (k, t) in times.enumerated() { #expect(abs(t - 0.7 * Double(k) / Double(count - 1)) < 1e-6) }
            #expect(cells.last?.all.contains { $0.name == "text" && $0.text == "t = 0.700 s" } == true)
            // The layer's matrix at each time is the engine's.
            for (cell, t) in zip(cells, times) {
                let g = try #require(cell.first("g") { $0.attributes["transform"]?.hasPrefix("matrix") == true })
                let m = numbers(g.attributes["transform"] ?? "").suffix(6)
                let q = tl.states(at: t)[0].quad
                #expect(abs(m[m.startIndex + 4] - q[0].x) < 1e-3 && abs(m[m.startIndex + 5] - q[0].y) < 1e-3)
            }
        }
        let grid = try #require(XMLNode.parse(FilmstripEncoder.encode(tl, options: TimelineOptions())))
        #expect(grid.attributes["width"] == "720")  // 4 columns of 160 + gaps
    }
}
