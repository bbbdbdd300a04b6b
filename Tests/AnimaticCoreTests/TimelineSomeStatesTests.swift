import Testing

@testable import AnimaticCore

/// `Timeline.states(at:only:others:)` gives the wanted layers exactly the states
/// `states(at:)` gives them, in a tree (the fold's strips under their container) and flat.
@Suite struct TimelineSomeStatesTests {
    private func timeline(_ json: String) throws -> Timeline {
        TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get())
    }

    @Test(arguments: ["fold", "tabSlide", "cube", "flip"])
    func wantedLayersMatchTheWholeTree(preset: String) throws {
        let tl = try timeline(#"{"preset": "\#(preset)", "params": {}}"#)
        let placeholder = tl.states(at: 0)
        var compared = 0
        for t in stride(from: 0.013, through: tl.duration, by: tl.duration / 7) {
            let all = tl.states(at: t)
            for wanted in [[tl.layers.count - 1], Array(stride(from: 0, to: tl.layers.count, by: 2))] {
                let some = tl.states(at: t, only: wanted, others: placeholder)
                for i in wanted {
                    #expect(some[i] == all[i], "\(preset) layer \(i) at \(t) s")
                    compared += 1
                }
            }
        }
        #expect(compared >= 14)
    }
}
