import AnimaticCore
import ArgumentParser
import Foundation

/// `animatic presets` — the transitions of the source documents, with their parameters.
struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the presets (the source documents' transitions) with their parameters and defaults.",
        discussion: """
            A preset is used in place of an inline spec: \
            {"preset": "fold", "params": {"folds": 3}}. See docs/PRESETS.md.

            Examples:
              animatic presets
              animatic presets --list
              animatic presets zoom --json
              animatic presets flip --spec > flip.json

            --spec prints the expanded spec indented, one member a line, with "name" set to \
            the preset's name (what the Swift export names its class after), ready to edit \
            and render.
            """
    )

    @Argument(help: "Show only this preset.")
    var name: String?

    @Flag(help: "Machine-readable output: a JSON array of presets.")
    var json = false

    @Flag(help: "Print the preset's expanded spec with every parameter at its default (needs a NAME).")
    var spec = false

    @Flag(help: "One line per preset: its name and what it does.")
    var list = false

    func validate() throws {
        if let name, PresetCatalog.named(name) == nil {
            throw ValidationError("unknown preset \"\(name)\" (known: \(PresetCatalog.names.joined(separator: ", ")))")
        }
        if spec && name == nil { throw ValidationError("--spec needs a preset NAME") }
        if [spec, json, list].filter({ $0 }).count > 1 {
            throw ValidationError("--spec, --json and --list exclude each other: give one")
        }
    }

    func run() throws {
        let presets = name.flatMap(PresetCatalog.named).map { [$0] } ?? PresetCatalog.all
        if spec {
            var document = SpecEncoder.encode(presets[0].defaultSpec)
            if case .object(let members) = document {
                document = .object([("name", .string(presets[0].name))] + members.filter { $0.key != "name" })
            }
            FileHandle.standardOutput.write(Data(PrettyJSON.bytes(document, fractionDigits: 9)))
            return
        }
        if list {
            let width = presets.map(\.name.count).max() ?? 0
            let lines = presets.map {
                "\($0.name.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.summary)\n"
            }
            FileHandle.standardOutput.write(Data(lines.joined().utf8))
            return
        }
        if json {
            var writer = JSONWriter(fractionDigits: 9)
            writer.value(.array(presets.map(\.jsonDescription)))
            FileHandle.standardOutput.write(Data(writer.bytes + Array("\n".utf8)))
            return
        }
        var out = ""
        for preset in presets {
            out += "\(preset.name) — \(preset.summary)\n"
            out += "  from: \(preset.source)\n"
            let width = preset.parameters.map(\.name.count).max() ?? 0
            for p in preset.parameters {
                let padded = p.name.padding(toLength: width, withPad: " ", startingAt: 0)
                let defaultText = p.defaultValue == .null ? "—" : Self.text(p.defaultValue)
                out += "  \(padded)  \(p.kind.summary); default \(defaultText). \(p.summary)\n"
            }
            out += "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    static func text(_ value: JSONValue) -> String {
        var writer = JSONWriter(fractionDigits: 6)
        writer.value(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
