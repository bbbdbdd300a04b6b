import Foundation
import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// Channels keep their keys in one flat array with a stride, and a layer's samples are a
/// view of the shared samples (issue 12): both must read exactly what the per-key arrays
/// and the copied samples did.
@Suite struct ChannelStorageTests {
    /// Three keys of two numbers: (0, 10) at 0 s, (4, 20) at 1 s with an ease, (4, 20) held to 2 s.
    private let channel = Channel(
        times: [0, 1, 2], width: 2, values: [0, 10, 4, 20, 4, 20],
        splines: [CubicBezier(0.42, 0, 0.58, 1), nil])

    @Test func keysAreReadAtTheirStride() {
        #expect(channel.key(0) == [0, 10] && channel.key(1) == [4, 20] && channel.key(2) == [4, 20])
        #expect(channel[1, 0] == 4 && channel[1, 1] == 20)
        #expect(channel.sameKey(1, 2) && !channel.sameKey(0, 1))
        #expect(!channel.isConstant)
        #expect(Channel.sampled(times: [0, 1], width: 2, values: [3, 5, 3, 5]).isConstant)
    }

    @Test func valuesBetweenKeysFollowTheSpline() {
        let ease = CubicBezier(0.42, 0, 0.58, 1)
        let p = ease.value(at: 0.25)
        #expect(p > 0.1 && p < 0.25, "ease-in-out is slow at first: \(p)")
        #expect(channel.value(at: 0.25) == [4 * p, 10 + 10 * p])
        let pair = channel.pair(at: 0.25)
        #expect(pair.0 == 4 * p && pair.1 == 10 + 10 * p)
        #expect(channel.component(1, at: 0.25) == 10 + 10 * p)
        #expect(channel.value(at: 1.5) == [4, 20])
        #expect(channel.value(at: -1) == [0, 10] && channel.value(at: 5) == [4, 20])
    }

    @Test func mappedChannelsKeepTheKeysAndTheirCurves() {
        let half = channel.mapValues(width: 1) { v, _ in v[1] / 2 }
        #expect(half.width == 1 && half.values == [5, 10, 10])
        #expect(half.times == channel.times && half.splines == channel.splines)
        let swapped = channel.mapValues(width: 2) { v, c in v[1 - c] }
        #expect(swapped.values == [10, 0, 20, 4, 20, 4])
    }

    @Test func discreteChannelsDropRepeatedValues() {
        let visible = Channel.discrete(times: [0, 0.5, 1, 1.5], values: [1, 1, 0, 0])
        #expect(visible.times == [0, 1] && visible.values == [1, 0] && visible.discrete)
        #expect(visible.value(at: 0.99) == [1] && visible.value(at: 1) == [0])
    }

    /// Each layer's view holds the shared samples written for it — every frame and jump,
    /// and only its own refinement samples — in order, with the states the samples hold.
    @Test func aLayersViewReadsTheSharedSamplesWrittenForIt() throws {
        let json = """
            {"container": {"width": 390, "height": 844},
             "layers": [{"id": "a", "frame": [0, 0, 20, 4]}, {"id": "b", "frame": [0, 40, 20, 4]}],
             "animations": [{"duration": 0.25,
               "timing": {"spring": {"dampingRatio": 0.0001, "initialVelocity": 1000}},
               "changes": {"a": {"position": [300, 2]}}}]}
            """
        let tl = TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
        let samples = FrameSamples(tl, fps: 60)
        #expect(samples.layersOf.contains { $0 != nil }, "the spring needs samples between frames")
        for i in 0..<2 {
            let view = samples.layer(i)
            let expected = samples.times.indices.filter { k in samples.layersOf[k].map { $0.contains(i) } ?? true }
            #expect(view.count == expected.count)
            #expect(view.times == expected.map { samples.times[$0] })
            for (k, s) in expected.enumerated() {
                #expect(view.state(k) == samples.states[s][i])
                #expect(view.isLeftLimit(k) == samples.isLeftLimit[s])
            }
            #expect(view.states == expected.map { samples.states[$0][i] })
        }
        // The still layer gets the frames only; the spring's layer more.
        #expect(samples.layer(1).count == tl.frameTimes(fps: 60).count)
        #expect(samples.layer(0).count > samples.layer(1).count)
    }
}
