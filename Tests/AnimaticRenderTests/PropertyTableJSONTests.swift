import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// The JSON frames' two writers agree for every animatable property: the flat path
/// (`TimelineJSONEncoder.frames`, which copies a layer's tail when `sameTail` says nothing
/// after `visible` changed) and the tree path (`treeFrames`, which writes each state in
/// full), both through `FrameEntryFields`. A property left out of the tail comparison
/// would repeat a stale tail while it moves; one left out of the field writer would be
/// missing from both.
@Suite struct PropertyTableJSONTests {
    static func target(_ p: AnimatableProperty) -> String {
        switch p {
        case .position: return "[30, 50]"
        case .size: return "[60, 40]"
        case .alpha: return "0.25"
        case .transform: return #"[{"scale": 2}]"#
        case .cornerRadius: return "12"
        case .fill: return "\"#ff0000\""
        case .hidden: return "true"
        case .zPosition: return "5"
        case .shadowOpacity: return "0.9"
        case .shadowRadius: return "10"
        case .shadowOffset: return "[4, 6]"
        case .shadowColor: return "\"#00ff00\""
        case .borderWidth: return "6"
        case .borderColor: return "\"#0000ff\""
        }
    }

    /// Layer `a` (with a fill, a visible shadow and a border) changes `p` from 0.2 s to
    /// 0.4 s and holds; layer `b` fades from 0.6 s to 0.8 s, so `a`'s tail repeats before,
    /// during `b`'s fade and after.
    static func timeline(_ p: AnimatableProperty) throws -> Timeline {
        let text = """
            {"container": {"width": 400, "height": 400},
             "layers": [{"id": "a", "position": [100, 120], "size": [80, 60], "fill": "#336699", "cornerRadius": 4,
                         "shadow": {"opacity": 0.5, "radius": 3, "offset": [1, 2], "color": "#000000"},
                         "border": {"width": 2, "color": "#112233"}},
                        {"id": "b", "position": [200, 200], "size": [40, 40]}],
             "animations": [{"delay": 0.2, "duration": 0.2, "timing": "linear",
                             "changes": {"a": {"\(p.rawValue)": \(target(p))}}},
                            {"delay": 0.6, "duration": 0.2, "changes": {"b": {"alpha": 0}}}]}
            """
        return TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(text.utf8)).get())
    }

    @Test(arguments: AnimatableProperty.allCases)
    func flatAndTreeFramesAgree(_ p: AnimatableProperty) throws {
        let tl = try Self.timeline(p)
        #expect(tl.tree.isFlat)
        var flat = JSONWriter(), tree = JSONWriter()
        TimelineJSONEncoder.frames(tl, fps: 20, into: &flat)
        TimelineJSONEncoder.treeFrames(tl, fps: 20, into: &tree)
        let same = flat.takeBytes() == tree.takeBytes()
        #expect(same, "\(p.rawValue): the flat path's frames differ from the tree path's")
        // The property moves the entry: the first and the last frame of `a` differ.
        #expect(tl.states(at: 0)[0] != tl.states(at: tl.duration)[0], "\(p.rawValue)")
    }
}
