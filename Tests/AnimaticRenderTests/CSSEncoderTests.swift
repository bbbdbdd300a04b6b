import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

private func timeline(_ json: String) throws -> Timeline {
    TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get())
}

/// `percent → [16 matrix entries]` of one layer's @keyframes block.
private func keyframes(_ css: String, _ name: String) -> [(Double, [Double], String)] {
    guard let start = css.range(of: "@keyframes \(name) {") else { return [] }
    var out: [(Double, [Double], String)] = []
    for line in css[start.upperBound...].split(separator: "\n") {
        if line.hasPrefix("}") { break }
        guard let percentEnd = line.range(of: "% {"), let m = line.range(of: "matrix3d("),
            let close = line[m.upperBound...].firstIndex(of: ")")
        else { continue }
        let percent = Double(line[..<percentEnd.lowerBound].trimmingCharacters(in: .whitespaces)) ?? -1
        out.append((percent, numbers(String(line[m.upperBound..<close])), String(line)))
    }
    return out
}

@Suite struct CSSEncoderTests {
    @Test func springSlideIsOneTweenWithLinearEasing() throws {
        let tl = try timeline(
            """
            {"container": {"width": 390, "height": 600},
             "layers": [{"id": "sheet one", "frame": [0, 600, 390, 400], "fill": "#fff", "label": "Sheet"}],
             "animations": [{"delay": 0.1, "duration": 0.8, "timing": {"spring": {"dampingRatio": 0.7, "initialVelocity": 0}},
                             "changes": {"sheet one": {"position": [195, 400]}}}]}
            """)
        let css = String(decoding: CSSEncoder.encode(tl, options: TimelineOptions(fps: 60)), as: UTF8.self)
        #expect(css.contains("<div class=\"animatic-sheet_one\" data-layer=\"sheet one\">Sheet</div>"))
        #expect(css.contains("animation: animatic-sheet_one 0.9s linear 0s 1 both;"))
        let keys = keyframes(css, "animatic-sheet_one")
        #expect(keys.map(\.0) == [0, 11.1111, 100])
        #expect(keys[1].2.contains("animation-timing-function: linear("))
        #expect(keys[0].1[13] == 600 && keys[2].1[13] == 200)  // m42: the top edge
    }

    @Test func perspectiveLayersAreSampledAtEveryFrame() throws {
        let tl = try timeline(
            """
            {"container": {"width": 300, "height": 300, "perspective": 500},
             "layers": [{"id": "card", "frame": [50, 50, 200, 200], "fill": "#007aff"}],
             "animations": [{"duration": 0.5, "changes": {"card": {"transform": [{"rotateY": 80}], "alpha": 0.5}}}]}
            """)
        let css = String(decoding: CSSEncoder.encode(tl, options: TimelineOptions(fps: 30, loop: true)), as: UTF8.self)
        #expect(css.contains("infinite both"))
        let keys = keyframes(css, "animatic-card")
        // Every frame has a keyframe; the perspective turn adds keyframes between frames.
        let times = tl.frameTimes(fps: 30)
        #expect(keys.count > times.count)
        #expect(times.allSatisfy { t in keys.contains { abs($0.0 - t / tl.duration * 100) < 1e-4 } })
        var worst = 0.0
        for (percent, entries, _) in keys {
            let t = percent / 100 * tl.duration
            let m = Transform3D(entries)
            let s = tl.states(at: t)[0]
            for (corner, expected) in zip(
                [Point(x: 0, y: 0), Point(x: 200, y: 0), Point(x: 200, y: 200), Point(x: 0, y: 200)], s.quad)
            {
                let p = m.apply(to: corner)
                worst = max(worst, abs(p.x - expected.x), abs(p.y - expected.y))
            }
        }
        #expect(worst < 1e-3)
        #expect(OutputFormat.css.mediaType == "text/css")
    }
}
