import Testing

@testable import AnimaticCore

/// `TransitionSpec.timelineDuration` prices a request before compiling: it must be the
/// duration the compiled timeline has, for every preset, drive and outcome.
@Suite struct TimelineDurationTests {
    static let variants: [(String, String)] =
        PresetCatalogTests.variants + [
            ("tabSlide", #"{"interactive": true, "progress": [[0, 0], [0.2, 0.3]]}"#),
            ("fold", #"{"interactive": true, "progress": [[0, 0], [0.3, 0.8]]}"#),
            ("heroPush", #"{"interactive": true, "progress": [[0, 0], [0.1, 0.4]]}"#),
            ("heroPush", #"{"interactive": true, "progress": [[0, 0], [0.1, 0.7]]}"#),
            ("explode", #"{"seed": 7}"#), ("cube", #"{"way": "vertical", "reverse": true}"#),
            ("explode", #"{"library": "ibanimatable"}"#),
            ("fold", #"{"library": "ibanimatable", "direction": "top"}"#),
            ("fold", #"{"library": "ibanimatable", "interactive": true, "gesture": [[0, 0, 0], [0.2, 300, 0]]}"#),
            ("slide", #"{"interactive": true, "progress": [[0, 0], [0.1, 0.2]]}"#),
            ("portal", #"{"library": "ibanimatable", "swipe": "ibanimatable", "scale": [[0, 1], [0.3, 1.9]]}"#),
        ]

    @Test func theSpecKnowsItsTimelinesDuration() throws {
        var checked = 0
        for (name, params) in Self.variants + PresetCatalog.names.map({ ($0, "{}") }) {
            let json = try JSONParser.parse(Array(params.utf8))
            let spec = try PresetCatalog.named(name)!.spec(params: json).get()
            for variant in [spec, ReduceMotion.apply(spec)] {
                let compiled = TimelineCompiler.compile(variant).duration
                #expect(compiled > 0, "\(name) \(params)")
                #expect(
                    variant.timelineDuration == compiled,
                    "\(name) \(params): \(variant.timelineDuration) vs \(compiled)")
                checked += 1
            }
        }
        #expect(checked == 2 * (Self.variants.count + PresetCatalog.names.count))
    }

    @Test func aDelayedBlockAndAGestureSetTheDuration() throws {
        let json = """
            {"layers": [{"id": "a", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 0.5, "changes": {"a": {"alpha": 0}}},
                            {"delay": 0.75, "duration": 0.25, "changes": {"a": {"alpha": 1}}}]}
            """
        let spec = try SpecDecoder.decode(bytes: Array(json.utf8)).get()
        #expect(spec.timelineDuration == 1.0)
        var interactive = spec
        interactive.interaction = try SpecDecoder.decode(
            bytes: Array(
                """
                {"layers": [{"id": "a", "frame": [0, 0, 10, 10]}],
                 "animations": [{"duration": 1, "changes": {"a": {"alpha": 0}}}],
                 "interaction": {"progress": [[0, 0], [0.4, 0.6]], "completionSpeed": 2}}
                """.utf8)
        ).get().interaction
        // Dragged 0.4 s to 60 %, released: finishes the remaining 40 % of 1 s at speed 2.
        #expect(abs(interactive.timelineDuration - (0.4 + 0.4 * 1.0 / 2)) < 1e-12)
        #expect(interactive.timelineDuration == TimelineCompiler.compile(interactive).duration)
    }
}
