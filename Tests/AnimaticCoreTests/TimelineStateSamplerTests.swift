import Testing

@testable import AnimaticCore

/// `Timeline.StateSampler` gives exactly `states(at:)`, for all layers and for a few with
/// their ancestors, sampled out of order (as the exports' refinement does), for every
/// preset and the interactive runs — the cancelled ones end on the completion's values, not the tracks'.
@Suite struct TimelineStateSamplerTests {
    static let variants: [(String, String)] =
        PresetCatalog.names.map { ($0, "{}") } + [
            ("fold", #"{"interactive": true, "cancelled": true}"#),
            ("flip", #"{"operation": "dismiss", "interactive": true, "cancelled": true}"#),
            ("tabSlide", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#),
            ("fold", #"{"library": "ibanimatable", "direction": "top"}"#),
        ]

    @Test func samplesEqualTheTimelinesStates() throws {
        var compared = 0
        for (name, params) in Self.variants {
            let spec = try PresetCatalog.named(name)!.spec(params: try JSONParser.parse(Array(params.utf8))).get()
            let tl = TimelineCompiler.compile(spec)
            var sampler = Timeline.StateSampler(tl)
            let n = tl.layers.count
            // Forward, then back and forth across the run, past both ends.
            let times = (0...12).map { tl.duration * Double($0) / 12 } + [tl.duration * 0.61, 0.004, tl.duration + 1]
            for (k, t) in times.enumerated() {
                let all = tl.states(at: t)
                let sampled = sampler.states(at: t)
                #expect(sampled == all, "\(name) \(params) at \(t) s")
                // To the bit (`==` equates 0 and −0): the matrices reach the output.
                #expect(sampled.map(\.matrix.bits) == all.map(\.matrix.bits), "\(name) \(params) at \(t) s")
                let wanted = Array(stride(from: k % 3, to: n, by: 3))
                var entries: [(Int, LayerState)] = []
                sampler.states(at: t, only: wanted, into: &entries)
                let written = Set(entries.map(\.0))
                #expect(entries.map(\.0) == entries.map(\.0).sorted(), "\(name): ascending")
                #expect(written.isSuperset(of: wanted), "\(name): every wanted layer")
                for (i, state) in entries {
                    #expect(state == all[i], "\(name) \(params) layer \(i) at \(t) s")
                    #expect(state.matrix.bits == all[i].matrix.bits, "\(name) \(params) layer \(i) at \(t) s")
                    compared += 1
                }
            }
        }
        #expect(compared > 1000)
    }
}

extension Transform3D {
    /// The entries' bit patterns: equal only for the same doubles, signs of zeros included.
    var bits: [UInt64] { entries.map(\.bitPattern) }
}
