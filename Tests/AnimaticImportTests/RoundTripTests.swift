import AnimaticCore
import AnimaticImport
import AnimaticRender
import Foundation
import Testing

/// `import(export(spec))` compiles to the spec's own timeline: every frame's quads within
/// 1e-6 pt, for every preset (defaults; the dismissal; the interactive and cancelled
/// variants) and every example. The export is the oracle: it writes what the spec means.
@Suite struct RoundTripTests {
    /// (name, document) as scripts/golden.py enumerates them.
    static let cases: [(String, String)] = {
        var out: [(String, String)] = []
        for preset in PresetCatalog.all {
            let names = Set(preset.parameters.map(\.name))
            var bases: [(String, String)] = [("", "")]
            if let op = preset.parameters.first(where: { $0.name == "operation" }),
                case .choice(let words) = op.kind, words.contains("dismiss")
            {
                bases.append(("-dismiss", "\"operation\": \"dismiss\""))
            }
            for (suffix, base) in bases {
                func doc(_ extra: [String]) -> String {
                    "{\"preset\": \"\(preset.name)\", \"params\": {\(([base] + extra).filter { !$0.isEmpty }.joined(separator: ", "))}}"
                }
                out.append((preset.name + suffix, doc([])))
                if names.contains("interactive") {
                    out.append((preset.name + suffix + "-interactive", doc(["\"interactive\": true"])))
                    if names.contains("cancelled") {
                        out.append(
                            (
                                preset.name + suffix + "-cancelled",
                                doc(["\"interactive\": true", "\"cancelled\": true"])
                            ))
                    }
                }
            }
        }
        // IBAnimatable's explosion: its own loops and integer draws (SwiftExplodeTiles+IBAnimatable).
        out.append(("explode-ibanimatable", "{\"preset\": \"explode\", \"params\": {\"library\": \"ibanimatable\"}}"))
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            if let text = try? String(contentsOf: examples.appendingPathComponent(file), encoding: .utf8) {
                out.append(("example-" + file, text))
            }
        }
        return out
    }()

    @Test func everyPresetAndExampleRoundTrips() throws {
        var checked = 0
        var failures: [String] = []
        var mostSteps = (0, "")
        for (name, document) in Self.cases {
            guard case .success(let spec) = SpecDecoder.decodeDocument(bytes: Array(document.utf8)) else {
                continue  // a variant the preset refuses (the flip's swipe drives only the dismissal)
            }
            // Each form the export writes: the spec's numbers (`geometry: .points`); the spec as
            // an inline one, its geometry as fractions of the container (what the CLI and the API
            // write for an inline spec); for a preset, the geometry from the container and the
            // preset's constants (what they write for a preset); and the interruptible variant
            // (one UIViewPropertyAnimator).
            let document = try? JSONParser.parse(Array(document.utf8))
            let preset = document?["preset"] != nil ? document : nil
            var forms: [(String, JSONValue?, Bool, SwiftExportGeometry)] = [
                (" (points)", nil, false, .points), (" (inline fractions)", nil, false, .container),
            ]
            if let preset { forms.append((" (preset form)", preset, false, .container)) }
            forms.append((" (interruptible)", preset, true, .container))
            for (form, preset, interruptible, geometry) in forms {
                let (failure, steps) = RoundTrip.check(
                    spec, name: name, preset: preset, interruptible: interruptible, geometry: geometry)
                if let failure { failures.append("\(name)\(form): \(failure)") }
                if steps > mostSteps.0 { mostSteps = (steps, name + form) }
                checked += 1
            }
        }
        // The step bound (200,000) leaves room: docs/EXPORT.md quotes the largest.
        print("round trip: the largest import, \(mostSteps.1), took \(mostSteps.0) steps")
        #expect(mostSteps.0 < ImportOptions().maxSteps / 4)
        #expect(checked >= 160, "checked \(checked) exports")
        #expect(failures.isEmpty, "\(failures.count) of \(checked):\n\(failures.joined(separator: "\n"))")
    }
}

/// The comparison: both timelines sampled at the spec's 60 fps frame times.
enum RoundTrip {
    static func check(
        _ spec: TransitionSpec, name: String, preset: JSONValue? = nil, interruptible: Bool = false,
        geometry: SwiftExportGeometry = .container
    ) -> (String?, Int) {
        let timeline = TimelineCompiler.compile(spec)
        // A spec one animator cannot play is refused by the CLI and the API
        // (SwiftInterruptible.problems): only the exports they give are compared.
        if interruptible, !SwiftInterruptible.problems(spec).isEmpty { return (nil, 0) }
        let output = SwiftAnimatorEncoder.encode(
            timeline, name: name, preset: preset, interruptible: interruptible, geometry: geometry)
        let source = output.source
        var options = ImportOptions(containerSize: spec.container.size)
        if let interaction = spec.interaction, interaction.drive != .direct {
            options.interactionInput = interaction.input
        }
        // The app's views (views.appViews) are where the app shows them: their frames and
        // superviews are the app's values, given as the parameters the import names.
        for id in spec.views?.appViews ?? [] {
            guard let layer = spec.layer(id) else { continue }
            options.parameters["\(id)Frame"] = .rect(layer.frame)
            options.parameters["\(id)Superview"] = .name(layer.parent ?? "container")
        }
        let result = SwiftImporter.importSource(source, options: options)
        guard let imported = result.spec else {
            let problems = result.problems.map { "\($0.line):\($0.column): \($0.message)" }
            return ("no spec: " + problems.joined(separator: "; "), result.steps)
        }
        var expected = spec
        // The export writes Hero's restart drive as a percent-driven interaction and says so
        // (a NOT EXPRESSIBLE line): the round trip compares with what it wrote.
        if expected.interaction?.drive == .restart { expected.interaction?.drive = .percent }
        // A spec without `views` removes no view at the end, but the exported code calls
        // `completeTransition(_:)` on the views it takes with `view(forKey:)`, and UIKit then
        // removes one (examples/tab-slide.json, fold-swift.json): the import reads what UIKit
        // does, so the round trip compares with the spec that says so.
        if expected.views == nil, let views = imported.views, views.operation == .container {
            let ids = Set(expected.layers.map(\.id))
            let from = ids.contains("from") ? "from" : views.from
            let to = ids.contains("to") ? "to" : views.to
            expected.views = TransitionViews(from: from, to: to)
        }
        let failure = compare(
            TimelineCompiler.compile(expected), TimelineCompiler.compile(imported), problems: result.problems)
        return (failure, result.steps)
    }

    static func compare(
        _ a: Timeline, _ b: Timeline, problems: [ImportProblem], mapping: [String: String]? = nil
    ) -> String? {
        let note =
            problems.isEmpty
            ? ""
            : " [problems: "
                + problems.prefix(4).map { "\($0.line):\($0.column) \($0.message)" }.joined(separator: "; ") + "]"
        guard Swift.abs(a.duration - b.duration) < 1e-9 else { return "duration \(a.duration) ≠ \(b.duration)\(note)" }
        guard mapping != nil || a.layers.count == b.layers.count else {
            return
                "\(a.layers.count) layers ≠ \(b.layers.count) (\(a.spec.layers.map(\.id)) vs \(b.spec.layers.map(\.id)))\(note)"
        }
        // Layers are matched by id when both specs name the same layers (the import names them
        // after the code's variables, so an export of ids that are not Swift names is matched
        // by position).
        let idsA = a.spec.layers.map(\.id), idsB = b.spec.layers.map(\.id)
        var matching: [Int?] =
            Set(idsA) == Set(idsB) ? idsA.map { id in idsB.firstIndex(of: id)! } : Array(idsA.indices)
        if let mapping { matching = idsA.map { mapping[$0].flatMap { idsB.firstIndex(of: $0) } } }
        if mapping != nil, let missing = zip(idsA, matching).first(where: { $0.1 == nil && mapping?[$0.0] != nil }) {
            return "layer \(missing.0) has no counterpart\(note)"
        }
        for t in a.frameTimes(fps: 60) + [a.duration] {
            let sa = a.states(at: t), all = b.states(at: t)
            for (i, x) in sa.enumerated() {
                guard let j = matching[i] else { continue }
                let y = all[j]
                if x.visible != y.visible {
                    return "t=\(t) layer \(i) \(x.id): visible \(x.visible) ≠ \(y.visible)\(note)"
                }
                for (p, q) in zip(x.quad, y.quad) where Swift.abs(p.x - q.x) > 1e-6 || Swift.abs(p.y - q.y) > 1e-6 {
                    return "t=\(t) layer \(i) \(x.id): quad \(x.quad) ≠ \(y.quad)\(note)"
                }
            }
        }
        return nil
    }
}
