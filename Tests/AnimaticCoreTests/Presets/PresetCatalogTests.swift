import Foundation
import Testing
@testable import AnimaticCore

@Suite struct PresetCatalogTests {
    static let variants: [(String, String)] = [
        ("popup", "{}"), ("popup", #"{"operation": "dismiss", "orientation": "landscape"}"#),
        ("tabSlide", "{}"), ("tabSlide", #"{"interactive": true}"#),
        ("tabSlide", #"{"interactive": true, "gesture": [[0, 380, 400], [0.2, 100, 400]]}"#),
        ("containerSpring", "{}"), ("scaleFade", "{}"),
        ("zoom", "{}"), ("zoom", #"{"operation": "dismiss"}"#),
        ("zoom", #"{"operation": "dismiss", "interactive": true}"#),
        ("fold", "{}"), ("fold", #"{"folds": 5, "interactive": true}"#),
        ("flip", "{}"), ("flip", #"{"operation": "dismiss", "interactive": true}"#),
    ]

    @Test func everyPresetIsListedWithItsParameters() {
        #expect(
            PresetCatalog.names == [
                "popup", "tabSlide", "containerSpring", "scaleFade", "zoom", "fold", "flip",
                "cards", "crossfade", "cube", "explode", "pageFlip", "natGeo", "pan", "portal", "turn",
                "heroPush", "heroPull", "heroCover", "heroUncover", "heroSlide", "heroZoomSlide", "heroPageIn",
                "heroPageOut", "heroFade", "heroZoom", "heroZoomOut", "slide", "fade",
            ])
        for preset in PresetCatalog.all {
            #expect(!preset.summary.isEmpty && !preset.source.isEmpty)
            #expect(
                Set(preset.parameters.map(\.name)).count == preset.parameters.count, "\(preset.name): names are unique")
            for parameter in preset.parameters {
                #expect(!parameter.summary.isEmpty, "\(preset.name).\(parameter.name)")
            }
            _ = preset.defaultSpec
        }
    }

    @Test func everyPresetSpecSurvivesEncodeAndDecode() throws {
        for (name, params) in Self.variants {
            let json = try JSONParser.parse(Array(params.utf8))
            let spec = try PresetCatalog.named(name)!.spec(params: json).get()
            let again = try SpecDecoder.decode(SpecEncoder.encode(spec)).get()
            #expect(again == spec, "\(name) \(params)")
            // Through bytes as well, as the HTTP service sends it.
            var writer = JSONWriter(fractionDigits: 9)
            writer.value(SpecEncoder.encode(spec))
            _ = try SpecDecoder.decode(bytes: writer.bytes).get()
        }
    }

    @Test func aHandWrittenSpecSurvivesEncodeAndDecode() throws {
        let json = """
            {"container": {"width": 320, "height": 568, "perspective": 700, "background": "#101010"},
             "layers": [
               {"id": "a", "frame": [0, 0, 320, 568], "fill": "#ff000080", "label": "A", "zPosition": 2},
               {"id": "b", "position": [10, 20], "size": [30, 40], "anchor": [0, 1], "alpha": 0.5, "cornerRadius": 4,
                "transform": [{"translate": [1, 2]}, {"rotate3d": {"angle": 30, "axis": [1, 1, 0]}}, {"scale": 2}],
                "gradient": {"colors": ["#000", "#fff"], "start": [0, 0], "end": [1, 1]}, "hidden": true, "clips": true,
                "content": {"of": "a", "rect": [0, 0, 10, 10]}},
               {"id": "c", "frame": [0, 0, 10, 10], "transform": {"matrix": [1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 0,0,0,1]},
                "content": {"image": {"aspect": 1.5, "fill": "#00ff00"}}}],
             "animations": [
               {"duration": 0.3, "timing": {"cubicBezier": [0.1, 0.2, 0.3, 1.4]}, "changes": {"a": {"alpha": 0, "center": [5, 5]}, "b": {"bounds": [0, 0, 3, 4]}}},
               {"delay": 0.1, "timing": {"spring": {"mass": 1, "stiffness": 200, "damping": 20}}, "changes": {"c": {"cornerRadius": 3}}},
               {"duration": 0.5, "timing": {"spring": {"duration": 0.4, "bounce": 0.2}}, "changes": {"c": {"fill": "#123456"}}},
               {"duration": 0.5, "timing": {"steps": 4}, "changes": {"c": {"zPosition": 1}}},
               {"duration": 1, "timing": "linear", "calculationMode": "paced",
                "keyframes": [{"relativeStart": 0.2, "relativeDuration": 0.3, "changes": {"b": {"transform": [{"rotateX": 10}]}}}]}],
             "completion": {"b": {"hidden": false}},
             "interaction": {"gesture": [[0, 1, 2], [0.5, 3, 4]], "axis": "y", "distance": 100, "direction": -1,
                             "release": {"threshold": 0.3, "velocity": 2, "cancelWhenMovingBack": true, "decision": "finish"},
                             "completionSpeed": 0.7, "completionCurve": "easeOut"}}
            """
        let spec = try SpecDecoder.decode(bytes: Array(json.utf8)).get()
        #expect(try SpecDecoder.decode(SpecEncoder.encode(spec)).get() == spec)
    }

    @Test func thePresetFormDecodesToThePresetsSpec() throws {
        let document = #"{"preset": "fold", "params": {"folds": 3}}"#
        let decoded = try SpecDecoder.decodeDocument(bytes: Array(document.utf8)).get()
        let direct = try FoldPreset.definition.spec(params: .object([("folds", .number(3))])).get()
        #expect(decoded == direct)
        #expect(decoded.layers.count == 2 + 8 * 3)
        // Without params: the defaults. An inline spec still decodes through the same entry.
        #expect(
            try SpecDecoder.decodeDocument(bytes: Array(#"{"preset": "popup"}"#.utf8)).get()
                == PopupPreset.definition.defaultSpec)
        let inline = #"{"layers": [{"id": "v", "frame": [0, 0, 1, 1]}]}"#
        #expect((try? SpecDecoder.decodeDocument(bytes: Array(inline.utf8)).get()) != nil)
    }

    @Test func problemsPointIntoTheDocument() {
        #expect(presetProblems(#"{"preset": "wobble"}"#).map(\.pointer) == ["/preset"])
        #expect(presetProblems(#"{"preset": 3}"#).map(\.pointer) == ["/preset"])
        #expect(presetProblems(#"{"preset": "fold", "params": {"foldz": 2}}"#).map(\.pointer) == ["/params/foldz"])
        #expect(presetProblems(#"{"preset": "fold", "params": [1]}"#).map(\.pointer) == ["/params"])
        #expect(presetProblems(#"{"preset": "fold", "layers": []}"#).map(\.pointer) == ["/layers"])
        #expect(
            presetProblems(#"{"preset": "popup", "params": {"operation": "push"}}"#).map(\.pointer) == [
                "/params/operation"
            ])
        // Every problem at once.
        let several = presetProblems(#"{"preset": "fold", "params": {"folds": 0, "perspective": -1, "x": 1}}"#)
        #expect(Set(several.map(\.pointer)) == ["/params/folds", "/params/perspective", "/params/x"])
    }
}
