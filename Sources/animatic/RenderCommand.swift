import AnimaticCore
import AnimaticRaster
import AnimaticRender
import AnimaticServer
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
              animatic render fold.json --format gif --loop --out fold.gif
              animatic render fold.json --format png --t 0.5 --scale 2 --out fold.png
              animatic render fold.json --format mp4 --fps 60 --max-width 720 --out fold.mp4
              animatic render screens.json --assets shots/ --format png --out screens.png

            Raster formats (docs/FORMATS.md): png (one frame: --t or --frame, default the \
            last), apng, gif, webp, webm, mp4; --fps defaults to 30 for them (GIF at most 50), \
            and --scale, --background, --max-width, --max-height, --hold, --dither take the \
            API's values.

            --out-dir names the file as the player page names its downloads: the spec file's \
            name without .json (from standard input: animatic-<preset or name>) and the \
            format's extension: .json, .svg, .filmstrip.svg, .lottie.json, .css, .swift, \
            .png, .apng.png, .gif, .webp, .webm, .mp4. \
            Neither --out nor --out-dir may name the spec file itself.

            Images (docs/SPEC.md, "Images"): a spec's data URIs are read from the spec; an \
            asset it names ("asset": "sha256-…", or a preset's fromImage/toImage) from the \
            --assets folder, a file named by the id (an extension allowed) whose bytes hash \
            to it. --images link writes assets as /v1/assets/<id> in SVG, CSS and Lottie.
            """
    )

    @Argument(help: "The spec file, or '-' for standard input.")
    var spec: String

    @Option(help: "Frames per second of the sampled frames (1…240; GIF 1…50). Default 60, or 30 for a raster format.")
    var fps: Int?

    @Flag(help: "Include the sampled frames (the state of every layer at each frame).")
    var frames = false

    @Option(help: "Output format: \(TimelineEncoding.availableFormats.map(\.rawValue).joined(separator: ", ")).")
    var format: String = "json"

    @Option(name: .customLong("t"), help: "PNG: the frame at this time in seconds (default: the last frame).")
    var time: Double?

    @Option(help: "PNG: frame number N at --fps, 0 being the start (instead of --t).")
    var frame: Int?

    @Option(help: "Raster formats: pixels per point, 1, 2 or 3 (@1x, @2x, @3x).")
    var scale: Int = 1

    @Option(
        help: "Raster formats: the colour behind everything: #rrggbb, #rrggbbaa or transparent (default: the spec's).")
    var background: String?

    @Option(help: "Raster formats: fit within this width in pixels, aspect kept (1…\(ImageOptions.maxSide)).")
    var maxWidth: Int?

    @Option(help: "Raster formats: fit within this height in pixels, aspect kept (1…\(ImageOptions.maxSide)).")
    var maxHeight: Int?

    @Option(
        help: "Animated raster formats: seconds to hold the last frame at the end (0…\(Int(ImageOptions.maxHold))).")
    var hold: Double = 0

    @Option(help: "GIF: none or ordered (a Bayer dither for gradients).")
    var dither: String = "none"

    @Flag(help: "SVG, CSS, APNG, GIF, WebP: repeat the animation forever instead of playing it once.")
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

    @Option(
        help:
            "Swift: container (geometry from containerView.bounds, the default) or points (the spec's numbers for its container size; docs/EXPORT.md)."
    )
    var geometry: String = SwiftExportGeometry.container.rawValue

    @Option(
        help: ArgumentHelp(
            "A folder of images named by their asset id (sha256-…, an extension allowed), for specs that name assets.",
            valueName: "dir"))
    var assets: String?

    @Option(
        help: "SVG, filmstrip, CSS, Lottie: embed images as data URIs, or link an asset as /v1/assets/<id>.")
    var images: String = "embed"

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    @Option(
        help:
            "Write to this folder (created if missing), the file named by the spec and the format; prints its path.")
    var outDir: String?

    func validate() throws {
        let chosen = OutputFormat(rawValue: format)
        let maxFPS = chosen?.maxFPS(.standard) ?? SpecLimits.standard.maxFPS
        if let fps, !(1...maxFPS).contains(fps) {
            throw ValidationError(
                chosen == .gif
                    ? "--fps must be from 1 to \(maxFPS) for gif: its delays are hundredths of a second and browsers stretch delays under 2 to 10"
                    : "--fps must be from 1 to \(maxFPS)")
        }
        guard ImageOptions.scaleRange.contains(scale) else {
            throw ValidationError("--scale must be 1, 2 or 3 (@1x, @2x, @3x)")
        }
        for (name, value) in [("--max-width", maxWidth), ("--max-height", maxHeight)] {
            if let value, !(1...ImageOptions.maxSide).contains(value) {
                throw ValidationError("\(name) must be from 1 to \(ImageOptions.maxSide) pixels")
            }
        }
        guard hold.isFinite, (0...ImageOptions.maxHold).contains(hold) else {
            throw ValidationError("--hold must be from 0 to \(Int(ImageOptions.maxHold)) seconds")
        }
        guard ImageOptions.Dither(rawValue: dither) != nil else {
            throw ValidationError("--dither must be none or ordered")
        }
        if let background, ImageOptions.parseBackground(background) == nil {
            throw ValidationError("--background must be #rrggbb, #rrggbbaa or transparent")
        }
        if let time, !(time.isFinite && time >= 0) {
            throw ValidationError("--t must be a time in seconds, 0 or more")
        }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more (frame 0 is the start)") }
        guard time == nil || frame == nil else { throw ValidationError("--t and --frame exclude each other: give one") }
        let range = TimelineOptions.filmstripFrameRange
        guard range.contains(filmstripFrames) else {
            throw ValidationError("--filmstrip-frames must be from \(range.lowerBound) to \(range.upperBound)")
        }
        guard let chosen, TimelineEncoding.isAvailable(chosen) else {
            let known = TimelineEncoding.availableFormats.map(\.rawValue).joined(separator: ", ")
            throw ValidationError(
                chosen != nil
                    ? "--format \(format) is left out of this build (docs/DEPLOY.md); one of: \(known)"
                    : "--format must be one of: \(known)")
        }
        guard SwiftExportGeometry(rawValue: geometry) != nil else {
            throw ValidationError("--geometry must be container or points")
        }
        guard images == "embed" || images == "link" else {
            throw ValidationError("--images must be embed (data URIs) or link (/v1/assets/<id>)")
        }
        if let assets {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--assets \(assets) is not a folder")
            }
        }
        guard out == nil || outDir == nil else {
            throw ValidationError("--out and --out-dir exclude each other: give one")
        }
        if let out, spec != "-", SameFile.check(out, spec) {
            throw ValidationError("--out \(out) is the spec file itself: writing there would destroy it")
        }
    }

    func run() throws {
        OneShotHeap.keepFreedBlocks()
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
        switch try Self.decodeSpec([UInt8](input), limits: limits, images: AssetFolder.resolver(assets)) {
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
                fps: fps ?? (format.isRaster ? ImageOptions.defaultFPS : 60), includeFrames: frames, loop: loop,
                filmstripFrames: filmstripFrames, exportName: name,
                exportPreset: document.flatMap(SwiftExportPreset.of(document:)))
            options.exportInterruptible = interruptible
            options.exportGeometry = SwiftExportGeometry(rawValue: geometry) ?? .container
            options.linkImages = images == "link"
            if format.isRaster { options.image = imageOptions }
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
            let bytes: [UInt8]
            switch TimelineEncoding.encode(
                compiled, format: format, options: options, limits: limits, maxOutputBytes: limit)
            {
            case .success(let rendered): bytes = rendered.bytes
            case .failure(.refused(let refusal)):
                FileHandle.standardError.write(Data("\(spec): \(refusal.commandLineMessage)\n".utf8))
                throw ExitCode(65)
            case .failure(.encoderFailed(let format, let reason)):
                FileHandle.standardError.write(Data("\(spec): the \(format.rawValue) encoder failed: \(reason)\n".utf8))
                throw ExitCode(70)
            }
            // What UIKit cannot express exactly, for every format (docs/API.md, "Warnings").
            for warning in SpecWarnings.of(compiled) {
                FileHandle.standardError.write(Data("\(spec): not expressible in Swift: \(warning.description)\n".utf8))
            }
            if let outDir {
                let document = spec == "-" ? (try? JSONParser.parse([UInt8](input))) : nil
                let path = try Self.writeInFolder(
                    bytes, folder: outDir,
                    name: OutputFileName.base(specPath: spec, document: document)
                        + OutputFileName.fileExtension(of: format),
                    spec: spec)
                FileHandle.standardOutput.write(Data((path + "\n").utf8))
            } else if let out {
                try OutputFile.writeOrExit(bytes, to: out)
            } else {
                FileHandle.standardOutput.write(Data(bytes))
                // Text ends with a newline on a terminal; a picture's bytes are left as they are.
                if !format.isRaster { FileHandle.standardOutput.write(Data("\n".utf8)) }
            }
        }
    }

    /// The document in either form, its images (data URIs, `--assets` files) resolved first.
    static func decodeSpec(_ bytes: [UInt8], limits: SpecLimits, images resolver: ImageResolver) throws -> Result<
        TransitionSpec, SpecProblems
    > {
        guard let document = try? JSONParser.parse(bytes) else {
            return SpecDecoder.decodeDocument(bytes: bytes, limits: limits)
        }
        return SpecDecoder.decodeDocument(document, limits: limits, images: try resolver.library(for: document))
    }

    /// The raster options as given (validated in `validate`).
    var imageOptions: ImageOptions {
        var image = ImageOptions(
            scale: scale, background: background.flatMap(ImageOptions.parseBackground), maxWidth: maxWidth,
            maxHeight: maxHeight, hold: hold, dither: ImageOptions.Dither(rawValue: dither) ?? .none)
        if let time { image.still = .time(time) } else if let frame { image.still = .frame(frame) }
        return image
    }

    /// Writes `bytes` to `folder/name` (the folder created when missing) unless that is the
    /// spec file itself; returns the path written.
    static func writeInFolder(_ bytes: [UInt8], folder: String, name: String, spec: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ValidationError("cannot create the folder \(folder): \(error.localizedDescription)")
        }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        if spec != "-", SameFile.check(path, spec) {
            throw ValidationError("--out-dir would write \(path), the spec file itself: give another folder")
        }
        try OutputFile.writeOrExit(bytes, to: path)
        return path
    }
}
