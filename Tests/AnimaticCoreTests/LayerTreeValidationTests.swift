import Testing
@testable import AnimaticCore

private func problems(_ json: String) -> [SpecProblem] {
    switch SpecDecoder.decode(bytes: Array(json.utf8)) {
    case .success: return []
    case .failure(let p): return p.problems
    }
}

@Suite struct LayerTreeValidationTests {
    @Test func anUnknownParentIsAProblemAtItsPointer() {
        let p = problems(
            """
            {"layers": [{"id": "a", "frame": [0, 0, 1, 1]}, {"id": "b", "parent": "nope", "frame": [0, 0, 1, 1]}]}
            """)
        #expect(p.map(\.pointer) == ["/layers/1/parent"])
        #expect(p.first?.message.contains("unknown layer \"nope\"") == true)
    }

    @Test func aLayerCannotBeItsOwnParent() {
        let p = problems(
            """
            {"layers": [{"id": "a", "parent": "a", "frame": [0, 0, 1, 1]}]}
            """)
        #expect(p.map(\.pointer) == ["/layers/0/parent"])
    }

    @Test func aLoopOfParentsIsReportedAtEveryLayerInIt() {
        let p = problems(
            """
            {"layers": [{"id": "root", "frame": [0, 0, 1, 1]},
                        {"id": "a", "parent": "c", "frame": [0, 0, 1, 1]},
                        {"id": "b", "parent": "a", "frame": [0, 0, 1, 1]},
                        {"id": "c", "parent": "b", "frame": [0, 0, 1, 1]}]}
            """)
        #expect(p.map(\.pointer) == ["/layers/1/parent", "/layers/2/parent", "/layers/3/parent"])
        #expect(p.allSatisfy { $0.message.contains("loop") })
    }

    /// Depth 16 is accepted, 17 is not (docs/SPEC.md, "Limits").
    @Test func aTreeDeeperThanTheLimitIsAProblemAtTheDeepLayer() {
        func chain(_ n: Int) -> String {
            let layers = (0..<n).map { i in
                i == 0
                    ? "{\"id\": \"l0\", \"frame\": [0, 0, 1, 1]}"
                    : "{\"id\": \"l\(i)\", \"parent\": \"l\(i - 1)\", \"frame\": [0, 0, 1, 1]}"
            }
            return "{\"layers\": [\(layers.joined(separator: ","))]}"
        }
        #expect(problems(chain(SpecLimits.standard.maxTreeDepth)).isEmpty)
        let p = problems(chain(SpecLimits.standard.maxTreeDepth + 1))
        #expect(p.map(\.pointer) == ["/layers/16/parent"])
        #expect(p.first?.message.contains("17 levels deep") == true)
    }

    @Test func badTreeMembersAreProblemsAtTheirPointers() {
        let p = problems(
            """
            {"layers": [{"id": "a", "frame": [0, 0, 1, 1], "parent": 3,
                         "sublayerTransform": {"perspective": -1},
                         "shadow": {"opacity": 2, "blur": 1, "offset": [1]},
                         "border": {"width": -1, "color": "nope"}},
                        {"id": "b", "frame": [0, 0, 1, 1], "sublayerTransform": {"perspective": 500, "matrix": []}}],
             "animations": [{"duration": 1, "changes": {"a": {"shadowOpacity": 1.5, "borderWidth": -2, "shadowOffset": 3}}}]}
            """)
        let pointers = Set(p.map(\.pointer))
        for expected in [
            "/layers/0/parent", "/layers/0/sublayerTransform/perspective", "/layers/0/shadow/opacity",
            "/layers/0/shadow/blur", "/layers/0/shadow/offset", "/layers/0/border/width",
            "/layers/0/border/color", "/layers/1/sublayerTransform",
            "/animations/0/changes/a/shadowOpacity", "/animations/0/changes/a/borderWidth",
            "/animations/0/changes/a/shadowOffset",
        ] {
            #expect(pointers.contains(expected), "\(expected) in \(pointers.sorted())")
        }
    }

    /// The encoder writes the tree members back and the decoder reads the same spec.
    @Test func treeMembersRoundTripThroughTheEncoder() throws {
        let spec = try SpecDecoder.decode(
            bytes: Array(
                """
                {"layers": [{"id": "card", "frame": [0, 0, 100, 100], "sublayerTransform": {"perspective": 400},
                             "shadow": {"opacity": 0.5, "radius": 5, "offset": [0, 3], "color": "#102030"},
                             "border": {"width": 2, "color": "#ff0000"}},
                            {"id": "overlay", "parent": "card", "frame": [0, 0, 100, 100]},
                            {"id": "m", "frame": [0, 0, 1, 1], "sublayerTransform": {"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,-0.001, 0,0,0,1]}}]}
                """.utf8)
        ).get()
        let again = try SpecDecoder.decode(SpecEncoder.encode(spec)).get()
        #expect(again == spec)
    }
}
