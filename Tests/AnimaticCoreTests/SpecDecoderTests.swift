import Testing
@testable import AnimaticCore

/// A valid base spec; each invalid case below breaks one thing in it.
private let base = """
    {"container": {"width": 390, "height": 844, "perspective": 500},
     "layers": [
       {"id": "from", "frame": [0, 0, 390, 844], "fill": "#f2f2f7"},
       {"id": "to", "frame": [390, 0, 390, 844], "fill": "#34c759", "cornerRadius": 12},
       {"id": "strip", "frame": [0, 0, 100, 844], "anchor": [0, 0.5], "content": {"of": "from", "rect": [0, 0, 100, 844]}}
     ],
     "animations": [
       {"duration": 0.25, "changes": {"to": {"frame": [0, 0, 390, 844]}, "from": {"frame": [-390, 0, 390, 844]}}},
       {"delay": 0.25, "duration": 1, "timing": {"spring": {"dampingRatio": 0.75, "initialVelocity": 0.5}},
        "changes": {"to": {"alpha": 0.5, "transform": [{"scale": [0.9, 0.9]}]}}},
       {"delay": 1.25, "duration": 0.6, "calculationMode": "cubic", "keyframes": [
         {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"to": {"transform": [{"rotateY": -90}]}}}]}
     ],
     "completion": {"from": {"hidden": true}}}
    """

private func decode(_ text: String) -> Result<TransitionSpec, SpecProblems> {
    SpecDecoder.decode(bytes: Array(text.utf8))
}

/// `base` with `replacing` swapped for `with` (which must occur).
private func variant(_ replacing: String, _ with: String) -> String {
    precondition(base.contains(replacing), "\(replacing) not in base")
    return base.replacingOccurrences(of: replacing, with: with)
}

import Foundation

@Suite struct SpecDecoderTests {
    @Test func decodesTheDesignExample() throws {
        let spec = try decode(base).get()
        #expect(spec.container.perspective == 500)
        #expect(spec.layers.map(\.id) == ["from", "to", "strip"])
        // frame [390, 0, 390, 844] with the default anchor puts the position at the centre.
        #expect(spec.layers[1].position == Point(x: 585, y: 422))
        // With anchor (0, 0.5), the position is the left edge's middle.
        #expect(spec.layers[2].position == Point(x: 0, y: 422))
        #expect(spec.animations.count == 3)
        guard case .block(let first) = spec.animations[0] else { Issue.record("block"); return }
        #expect(first.timing == .easeInEaseOut, "a block with no curve is easeInEaseOut")
        #expect(
            first.changes.contains(
                PropertyChange(layer: "to", property: .position, value: .point(Point(x: 195, y: 422)))))
        guard case .keyframes(let k) = spec.animations[2] else { Issue.record("keyframes"); return }
        #expect(k.calculationMode == .cubic && k.timing == .easeInEaseOut)
        #expect(spec.completion == [PropertyChange(layer: "from", property: .hidden, value: .bool(true))])
    }

    @Test func aPhysicalSpringWithoutADurationLastsUntilItSettles() throws {
        let text = variant(
            #""delay": 0.25, "duration": 1, "timing": {"spring": {"dampingRatio": 0.75, "initialVelocity": 0.5}}"#,
            #""delay": 0.25, "timing": {"spring": {"mass": 1, "stiffness": 100, "damping": 10}}"#)
        let spec = try decode(text).get()
        guard case .block(let b) = spec.animations[1] else { Issue.record("block"); return }
        let expected = SpringParameters(mass: 1, stiffness: 100, damping: 10).settlingDuration
        #expect(b.duration == expected)
        #expect(expected > 1 && expected < 2)
    }

    /// Each case: the change to the base spec, the pointer, and words the message must hold.
    static let invalidCases: [(String, String, String, String)] = [
        (#""duration": 0.25,"#, #""duration": -1,"#, "/animations/0/duration", "must be > 0"),
        (#""duration": 0.25,"#, #""duraton": 0.25,"#, "/animations/0/duraton", "unknown member"),
        (#""duration": 0.25,"#, "", "/animations/0", "needs a \"duration\""),
        (#""dampingRatio": 0.75"#, #""dampingRatio": 0"#, "/animations/1/timing/spring/dampingRatio", "must be > 0"),
        (#""dampingRatio": 0.75"#, #""dampingRatio": 1.5"#, "/animations/1/timing/spring/dampingRatio", "must be ≤ 1"),
        (
            #"{"to": {"frame": [0, 0, 390, 844]}"#, #"{"ghost": {"frame": [0, 0, 390, 844]}"#,
            "/animations/0/changes/ghost", "unknown layer"
        ),
        (#"{"to": {"alpha": 0.5"#, #"{"to": {"alpah": 0.5"#, "/animations/1/changes/to/alpah", "unknown property"),
        (#""alpha": 0.5"#, #""alpha": 1.5"#, "/animations/1/changes/to/alpha", "between 0 and 1"),
        (
            #""relativeStart": 0,"#, #""relativeStart": 1.5,"#, "/animations/2/keyframes/0/relativeStart",
            "between 0 and 1"
        ),
        (
            #""relativeStart": 0, "relativeDuration": 0.5"#, #""relativeStart": 0.7, "relativeDuration": 0.5"#,
            "/animations/2/keyframes/0/relativeDuration", "must end by 1"
        ),
        (
            #""calculationMode": "cubic""#, #""calculationMode": "bouncy""#, "/animations/2/calculationMode",
            "unknown calculation mode"
        ),
        (##""fill": "#f2f2f7""##, ##""fill": "grey""##, "/layers/0/fill", "is not a colour"),
        (#"{"id": "to","#, #"{"id": "from","#, "/layers/1/id", "duplicate layer id"),
        (##""frame": [0, 0, 390, 844], "fill": "#f2f2f7""##, ##""fill": "#f2f2f7""##, "/layers/0", "needs a \"frame\""),
        (#""frame": [390, 0, 390, 844]"#, #""frame": [390, 0, -390, 844]"#, "/layers/1/frame/2", "width must be ≥ 0"),
        (#""cornerRadius": 12"#, #""cornerRadius": -3"#, "/layers/1/cornerRadius", "must be ≥ 0"),
        (#""of": "from""#, #""of": "nowhere""#, "/layers/2/content/of", "unknown layer"),
        (#""of": "from""#, #""of": "strip""#, "/layers/2/content/of", "snapshot of itself"),
        (#""perspective": 500"#, #""perspective": 0"#, "/container/perspective", "must be > 0"),
        (#""width": 390"#, #""width": "wide""#, "/container/width", "expected a number, got a string"),
        (
            #"[{"scale": [0.9, 0.9]}]"#, #"[{"skew": 3}]"#, "/animations/1/changes/to/transform/0/skew",
            "unknown transform operation"
        ),
        (
            #"[{"rotateY": -90}]"#, #"[{"rotate3d": {"angle": 30, "axis": [0, 0, 0]}}]"#,
            "/animations/2/keyframes/0/changes/to/transform/0/rotate3d/axis", "must not be [0, 0, 0]"
        ),
        (#""timing": {"spring""#, #""timing": "springy", "x": {"spring""#, "/animations/1/timing", "unknown curve"),
        (#""delay": 0.25,"#, #""delay": -0.25,"#, "/animations/1/delay", "between 0 and 60"),
        (#""delay": 1.25,"#, #""delay": 59.8,"#, "/animations/2", "past the limit of 60 s"),
        (#""hidden": true"#, #""hidden": "yes""#, "/completion/from/hidden", "expected true or false"),
        (#""container": {"#, #""contianer": {"#, "/contianer", "unknown member"),
        (
            #"{"to": {"frame": [0, 0, 390, 844]}, "from": {"frame": [-390, 0, 390, 844]}}"#,
            #"{"to": {"frame": [0, 0, 390, 844], "position": [1, 2]}}"#, "/animations/0/changes/to/position", "twice"
        ),
    ]

    @Test func everyInvalidSpecNamesItsPointerAndMessage() {
        for (old, new, pointer, words) in Self.invalidCases {
            let text = variant(old, new)
            switch decode(text) {
            case .success:
                Issue.record("accepted: \(new)")
            case .failure(let problems):
                let match = problems.problems.first { $0.pointer == pointer && $0.message.contains(words) }
                #expect(match != nil, "\(new) → \(problems.problems)")
            }
        }
        #expect(Self.invalidCases.count >= 20)
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        var text = variant(#""duration": 0.25,"#, #""duration": -1,"#)
        text = text.replacingOccurrences(of: ##""fill": "#f2f2f7""##, with: ##""fill": "nope""##)
        text = text.replacingOccurrences(of: #""alpha": 0.5"#, with: #""alpha": 2"#)
        guard case .failure(let problems) = decode(text) else { Issue.record("accepted"); return }
        let pointers = Set(problems.problems.map(\.pointer))
        #expect(
            pointers.isSuperset(of: ["/animations/0/duration", "/layers/0/fill", "/animations/1/changes/to/alpha"]))
    }

    @Test func malformedJSONNamesTheByteOffset() {
        guard case .failure(let problems) = decode(#"{"layers": [}"#) else { Issue.record("accepted"); return }
        #expect(problems.problems.count == 1)
        #expect(problems.problems[0].message.contains("byte 12"))
    }

    @Test func limitsRejectOversizedSpecsBeforeAnyWork() {
        var limits = SpecLimits()
        limits.maxLayers = 2
        guard case .failure(let problems) = SpecDecoder.decode(bytes: Array(base.utf8), limits: limits) else {
            Issue.record("accepted"); return
        }
        #expect(problems.problems.contains { $0.pointer == "/layers" && $0.message.contains("limit of 2") })
    }

    @Test func arbitraryDocumentsNeverCrashTheDecoder() {
        // Every prefix of a valid spec, and the spec with each byte replaced, decode or fail
        // cleanly: a failure always names at least one problem, each at a JSON pointer
        // ("" or starting with "/", RFC 6901) and with a message.
        func isClean(_ problems: SpecProblems) -> Bool {
            !problems.problems.isEmpty
                && problems.problems.allSatisfy {
                    ($0.pointer.isEmpty || $0.pointer.hasPrefix("/")) && !$0.message.isEmpty
                }
        }
        let bytes = Array(base.utf8)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            // A proper prefix of a JSON object is never a JSON document.
            guard case .failure(let problems) = SpecDecoder.decode(bytes: Array(bytes[..<cut])) else {
                Issue.record("the first \(cut) bytes were accepted")
                continue
            }
            #expect(isClean(problems), "prefix of \(cut) bytes → \(problems.problems)")
        }
        var accepted = 0, rejected = 0
        for i in stride(from: 0, to: bytes.count, by: 5) {
            for replacement in [UInt8(ascii: "0"), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "]")] {
                var mutated = bytes
                mutated[i] = replacement
                switch SpecDecoder.decode(bytes: mutated) {
                case .success: accepted += 1
                case .failure(let problems):
                    rejected += 1
                    #expect(isClean(problems), "byte \(i) → \(problems.problems)")
                }
            }
        }
        // Both outcomes occur (a digit replaced by "0" often stays valid; a quote rarely does),
        // so the loop did exercise the decoder's success and failure paths.
        #expect(accepted > 0 && rejected > 0, "accepted \(accepted), rejected \(rejected)")
    }
}
