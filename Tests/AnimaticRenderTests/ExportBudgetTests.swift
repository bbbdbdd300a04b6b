import Foundation
import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// The exports' work is bounded by the frames × layers the JSON export writes (issue 12):
/// counted, not timed. 200 layers on an underdamped spring (dampingRatio 0.0001,
/// initialVelocity 1000, 0.25 s) would take 16 samples per frame everywhere to stay within
/// the chord tolerance; the refinement's budget stops it at 1.5 extra samples per frame
/// interval and layer at 60 fps (`refinementsPerSecond`).
@Suite struct ExportBudgetTests {
    private func springs(layers n: Int) throws -> Timeline {
        let layers = (0..<n).map { ##"{"id": "l\##($0)", "frame": [0, \##($0 * 4), 20, 4], "fill": "#ff9500"}"## }
        let changes = (0..<n).map { #""l\#($0)": {"position": [300, \#($0 * 4 + 2)]}"# }
        let json = """
            {"container": {"width": 390, "height": 844}, "layers": [\(layers.joined(separator: ","))],
             "animations": [{"duration": 0.25,
               "timing": {"spring": {"dampingRatio": 0.0001, "initialVelocity": 1000}},
               "changes": {\(changes.joined(separator: ","))}}]}
            """
        return TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
    }

    @Test func samplesStayWithinTheBudgetOfFramesTimesLayers() throws {
        let n = 200, fps = 60
        let tl = try springs(layers: n)
        let frames = tl.frameTimes(fps: fps).count
        #expect(frames == 16)
        let samples = FrameSamples(tl, fps: fps, interpolation: .decomposedMatrix)
        let written = (0..<n).map { samples.layer($0).times.count }.reduce(0, +)
        let budget = FrameSamples.refinementBudget(duration: tl.duration, frames: frames, layers: n)
        #expect(budget == Int((90 * 0.25).rounded(.up)) * 200, "23 per layer: 90 a second over 0.25 s")
        #expect(written <= frames * n + budget, "layer samples \(written), frames × layers \(frames * n) + \(budget)")
        #expect(written > frames * n + budget / 2, "the spring needs the refinement: \(written) layer samples")
    }

    @Test func cssKeyframesStayWithinTwoAndAHalfTimesFramesTimesLayers() throws {
        let n = 200, fps = 60
        let tl = try springs(layers: n)
        let css = String(decoding: CSSEncoder.encode(tl, options: TimelineOptions(fps: fps)), as: UTF8.self)
        let keyframes = css.components(separatedBy: "% { transform").count - 1
        let frames = tl.frameTimes(fps: fps).count
        // 16 frames and at most 23 refinement samples per layer: under 2.5 × frames × layers.
        let bound = frames * n * 5 / 2
        #expect(keyframes <= bound, "\(keyframes) keyframes for \(frames) frames × \(n) layers (bound \(bound))")
        #expect(keyframes >= frames * n, "every frame of every layer: \(keyframes)")
    }

    @Test func oneWildSpringSpendsExactlyTheBudget() throws {
        // One layer: every candidate costs one layer sample, so the refinement stops exactly
        // at the budget, where the spring would take up to 15 samples per frame interval.
        let tl = try springs(layers: 1)
        let samples = FrameSamples(tl, fps: 60)
        let frames = tl.frameTimes(fps: 60)
        let added = samples.times.enumerated().filter { k, t in
            !samples.isLeftLimit[k] && !frames.contains { abs($0 - t) < 1e-12 }
        }
        #expect(added.count == FrameSamples.refinementBudget(duration: 0.25, frames: frames.count, layers: 1))
        #expect(added.count == 23)
    }
}
