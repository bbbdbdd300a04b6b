import AnimaticCore
import AnimaticImport
import ArgumentParser
import Foundation

/// `animatic import Animator.swift` — a UIKit animator read into a spec (docs/EXPORT.md, "Import").
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Read a UIKit animation controller (Swift) into a spec.",
        discussion: """
            Prints the spec as JSON on standard output (or writes it to --out) and every part \
            of the code it could not read on standard error, as FILE:LINE:COLUMN: MESSAGE. \
            Exits 0 whenever a spec came out, 65 when none did. Values that depend on your \
            app (a delegate's frame, an image's size) become parameters: give them with \
            --param NAME=VALUE (a number, true/false, x,y,width,height, or a view's name). See docs/EXPORT.md.

            Examples:
              animatic import ZoomAnimator.swift
              animatic import FlipAnimator.swift --operation dismiss --out flip.json
              animatic import Flip.swift --param originFrame=50,190,290,464
            """
    )

    @Argument(help: "The Swift file (\"-\" for standard input).")
    var file: String

    @Option(help: "Write the spec here instead of standard output.")
    var out: String?

    @Option(help: "What `if isPresenting` reads: present or dismiss.")
    var operation: String = "present"

    @Option(help: "Container width in points (containerView.bounds).")
    var width: Double = 390

    @Option(help: "Container height in points.")
    var height: Double = 844

    @Option(name: .customLong("param"), help: "An app-dependent parameter, NAME=VALUE (repeatable).")
    var params: [String] = []

    func validate() throws {
        guard operation == "present" || operation == "dismiss" else {
            throw ValidationError("--operation must be present or dismiss")
        }
        guard width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw ValidationError("--width and --height must be in (0, 100000]")
        }
        for p in params where ImportCommand.parameter(p) == nil {
            throw ValidationError("--param \(p): expected NAME=VALUE (a number, true/false, or x,y,width,height)")
        }
        if let out, file != "-", SameFile.check(out, file) {
            throw ValidationError("--out \(out) is the Swift file itself: writing there would destroy it")
        }
    }

    static func parameter(_ text: String) -> (String, ImportParameterValue)? {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let name = String(text[..<eq])
        let value = String(text[text.index(after: eq)...])
        if value == "true" || value == "false" { return (name, .bool(value == "true")) }
        guard !name.isEmpty else { return nil }
        if let first = value.first, first.isLetter { return (name, .name(value)) }
        let numbers = value.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == value.split(separator: ",").count else { return nil }
        switch numbers.count {
        case 1: return (name, .number(numbers[0]))
        case 2: return (name, .size(Size(width: numbers[0], height: numbers[1])))
        case 4: return (name, .rect(Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
        default: return nil
        }
    }

    func run() throws {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let d = FileManager.default.contents(atPath: file) else {
                throw ValidationError("cannot read \(file)")
            }
            data = d
        }
        guard data.count <= SwiftImporter.maxSourceBytes else {
            FileHandle.standardError.write(
                Data(
                    "\(file): \(data.count) bytes: larger than the import's \(SwiftImporter.maxSourceBytes) bytes\n"
                        .utf8))
            throw ExitCode(65)
        }
        var options = ImportOptions(
            containerSize: Size(width: width, height: height), presenting: operation == "present")
        for p in params {
            if let (name, value) = ImportCommand.parameter(p) { options.parameters[name] = value }
        }
        let result = SwiftImporter.importSource(String(decoding: data, as: UTF8.self), options: options)
        FileHandle.standardError.write(Data(result.problemLines(file: file).utf8))
        guard let spec = result.spec else {
            FileHandle.standardError.write(Data("\(file): no spec came out of this code\n".utf8))
            throw ExitCode(65)
        }
        let bytes = PrettyJSON.bytes(SpecEncoder.encode(spec), fractionDigits: 12)
        if let out {
            try OutputFile.writeOrExit(bytes, to: out)
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
