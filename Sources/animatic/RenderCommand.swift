import AnimaticCore
import AnimaticRender
import ArgumentParser
import Foundation

/// `animatic render SPEC.json` — the timeline of a spec file, without a server.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Compute the timeline of a transition spec and write it out.",
        discussion: """
            SPEC is a JSON transition spec (see docs/SPEC.md) or a preset reference \
            {"preset": "fold", "params": {…}} (see docs/PRESETS.md, `animatic presets`), \
            or '-' to read it from standard input. A spec with problems prints every \
            problem with its JSON pointer and exits with status 65.

            Examples:
              animatic render examples/tab-slide.json --frames --fps 30
              cat spec.json | animatic render - --out timeline.json
              echo '{"preset": "tabSlide", "params": {"to": 2}}' | animatic render -
              animatic render spec.json --format svg --loop --out spec.svg
              animatic render spec.json --format filmstrip --out strip.svg
              animatic render spec.json --format swift --out FoldAnimator.swift
              animatic render examples/fold-swift.json --format lottie --out-dir out
                (writes out/fold-swift.lottie.json and prints that path)

            --out-dir names the file as the player page names its downloads: the spec file's \
            name without .json (from standard input: animatic-<preset or name>) and the \
            format's extension: .json, .svg, .filmstrip.svg, .lottie.json, .css, .swift. \
            Neither --out nor --out-dir may name the spec file itself.
            """
    )

    @Argument(help: "The spec file, or '-' for standard input.")
    var spec: String

    @Option(help: "Frames per second of the sampled frames (1…240).")
    var fps: Int = 60

    @Flag(help: "Include the sampled frames (the state of every layer at each frame).")
    var frames = false

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: String = "json"

    @Flag(help: "SVG and CSS: repeat the animation forever instead of playing it once.")
    var loop = false

    @Option(
        help:
            "Filmstrip: how many evenly spaced frames to show (\(TimelineOptions.filmstripFrameRange.lowerBound)…\(TimelineOptions.filmstripFrameRange.upperBound))."
    )
    var filmstripFrames: Int = 8

    @Flag(
        name: .customLong("reduce-motion"),
        help: "Render the spec as Reduce Motion plays it: a cross-fade, nothing moves (docs/SPEC.md).")
    var reduceMotion = false

    @Flag(
        help:
            "Swift: also implement interruptibleAnimator(using:) with one UIViewPropertyAnimator (docs/EXPORT.md, \"Interruptible\")."
    )
    var interruptible = false

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    @Option(
        help:
            "Write to this folder (created if missing), the file named by the spec and the format; prints its path.")
    var outDir: String?

    func validate() throws {
        guard (1...SpecLimits.standard.maxFPS).contains(fps) else {
            throw ValidationError("--fps must be from 1 to \(SpecLimits.standard.maxFPS)")
        }
        let range = TimelineOptions.filmstripFrameRange
        guard range.contains(filmstripFrames) else {
            throw ValidationError("--filmstrip-frames must be from \(range.lowerBound) to \(range.upperBound)")
        }
        guard OutputFormat(rawValue: format) != nil else {
            throw ValidationError(
                "--format must be one of: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard out == nil || outDir == nil else {
            throw ValidationError("--out and --out-dir exclude each other: give one")
        }
        if let out, spec != "-", SameFile.check(out, spec) {
            throw ValidationError("--out \(out) is the spec file itself: writing there would destroy it")
        }
    }

    func run() throws {
        let input: Data
        if spec == "-" {
            input = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let data = FileManager.default.contents(atPath: spec) else {
                throw ValidationError("cannot read \(spec)")
            }
            input = data
        }
        let limits = SpecLimits.standard
        switch SpecDecoder.decodeDocument(bytes: [UInt8](input), limits: limits) {
        case .failure(let problems):
            var message =
                "\(spec): \(problems.problems.count == 1 ? "1 problem" : "\(problems.problems.count) problems")\n"
            for p in problems.problems { message += "  \(p.description)\n" }
            FileHandle.standardError.write(Data(message.utf8))
            throw ExitCode(65)
        case .success(let decoded):
            let compiled = reduceMotion ? ReduceMotion.apply(decoded) : decoded
            let format = OutputFormat(rawValue: format)!
            let document = try? JSONParser.parse([UInt8](input))
            let name = document.flatMap(SwiftExportName.of(document:))
            var options = TimelineOptions(
                fps: fps, includeFrames: frames, loop: loop, filmstripFrames: filmstripFrames,
                exportName: name, exportPreset: document.flatMap(SwiftExportPreset.of(document:)))
            options.exportInterruptible = interruptible
            if format == .swift, interruptible {
                let problems = SwiftInterruptible.problems(compiled)
                if !problems.isEmpty {
                    var message = "\(spec): \(problems.count == 1 ? "1 problem" : "\(problems.count) problems")\n"
                    for p in problems { message += "  \(p.description)\n" }
                    FileHandle.standardError.write(Data(message.utf8))
                    throw ExitCode(65)
                }
            }
            // The server's pricing and budget: refused before any work, or as soon as the
            // output passes the limit (the server's default response limit).
            let limit = WorkEstimate.defaultMaxOutputBytes
            let timeline: Timeline, bytes: [UInt8]
            switch BudgetedEncoding.encode(
                compiled, format: format, options: options, limits: limits, maxOutputBytes: limit)
            {
            case .success(let rendered): (timeline, bytes) = rendered
            case .failure(let refusal):
                FileHandle.standardError.write(Data("\(spec): \(refusal.commandLineMessage)\n".utf8))
                throw ExitCode(65)
            }
            // What UIKit cannot express exactly, for every format (docs/API.md, "Warnings").
            for warning in SpecWarnings.of(compiled) {
                FileHandle.standardError.write(Data("\(spec): not expressible in Swift: \(warning.description)\n".utf8))
            }
            if let outDir {
                let document = spec == "-" ? (try? JSONParser.parse([UInt8](input))) : nil
                let path = try Self.writeInFolder(
                    Data(bytes), folder: outDir,
                    name: OutputFileName.base(specPath: spec, document: document)
                        + OutputFileName.fileExtension(of: format),
                    spec: spec)
                FileHandle.standardOutput.write(Data((path + "\n").utf8))
            } else if let out {
                guard FileManager.default.createFile(atPath: out, contents: Data(bytes)) else {
                    throw ValidationError("cannot write \(out)")
                }
            } else {
                FileHandle.standardOutput.write(Data(bytes))
                FileHandle.standardOutput.write(Data("\n".utf8))
            }
        }
    }

    /// Writes `data` to `folder/name` (the folder created when missing) unless that is the
    /// spec file itself; returns the path written.
    static func writeInFolder(_ data: Data, folder: String, name: String, spec: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot create the folder \(folder): \(error.localizedDescription)")
        }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        if spec != "-", SameFile.check(path, spec) {
            throw ValidationError("--out-dir would write \(path), the spec file itself: give another folder")
        }
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw ValidationError("cannot write \(path)")
        }
        return path
    }
}
