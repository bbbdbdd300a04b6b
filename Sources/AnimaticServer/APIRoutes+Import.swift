import AnimaticCore
import AnimaticHTTP
import AnimaticImport
import Glibc

/// `POST /v1/import/swift`: a UIKit animator's Swift source read into a spec (docs/API.md,
/// "Import"; docs/EXPORT.md, "Import"). The import runs on the render lane with its own work
/// bound (`ImportOptions.maxSteps`: interpreted steps and unrolled iterations), so a source
/// with a loop of a billion iterations is refused at once rather than run; and, as
/// `animatic serve` runs it, in a child process stopped at its processor-time bound
/// (`ImportWorker`), since the parser before the interpreter has no bound of its own.
extension APIRoutes {
    func addImportRoutes(_ r: inout Router) {
        route(&r, .post, "/v1/import/swift") { [self] request, _ in
            importSwift(request)
        }
    }

    private func importSwift(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkSwiftContentType(request) { return problem.response }
        guard request.body.count <= SwiftImporter.maxSourceBytes else {
            return Problem(
                status: .contentTooLarge, type: "body-too-large", title: "The Swift source is too large",
                detail: "\(request.body.count) bytes; the import reads at most \(SwiftImporter.maxSourceBytes).",
                extensions: [("limit", .number(Double(SwiftImporter.maxSourceBytes)))]
            ).response
        }
        let query = request.queryItems
        let options: ImportOptions
        switch Self.importOptions(query, maxContainerSide: configuration.limits.maxContainerSide) {
        case .success(let read): options = read
        case .failure(let problem): return problem.response
        }
        if let worker = configuration.importWorker {
            let input = ImportWorker.request(query: query, source: request.body)
            return onRenderLane { [self] in importInWorker(worker, input: input) }
        }
        let source = String(decoding: request.body, as: UTF8.self)
        return onRenderLane { [self] in
            ImportAnswer.response(source: source, options: options, renderTimeout: configuration.renderTimeout)
        }
    }

    /// The import in a child process (`ImportWorker`), stopped by the kernel at its processor
    /// time bound (`RLIMIT_CPU`, which a loaded machine does not stretch as it does the wall
    /// clock), or killed at the render's deadline, when the client leaves, or at ten times the
    /// bound in wall time (a backstop: the worker computes from start to end, our choice).
    private func importInWorker(_ executable: String, input: [UInt8]) -> HTTPResponse {
        let seconds = configuration.importProcessorSeconds
        let child = ChildProcess(
            executable: executable, arguments: [ImportWorker.subcommand, "--cpu-seconds", "\(seconds)"],
            environment: ["SWIFT_BACKTRACE=enable=no"], maxOutputBytes: configuration.maxResponseBytes)
        let outcome: ChildProcess.Outcome
        do {
            outcome = try child.run(input: input, deadline: .now + .seconds(10 * seconds)) {
                RenderCancellation.isRequested
            }
        } catch {
            return Problem.importUnavailable("\(error)").response
        }
        switch outcome {
        case .exited(status: 0, let output, _):
            return ImportWorker.response(fromFrame: output)
                ?? Problem.importUnavailable("the import's process answered no response").response
        case .cancelled:
            return Problem.renderTimeout(configuration.renderTimeout).response
        case .timedOut, .signalled(SIGXCPU, _), .signalled(SIGKILL, _):
            return Problem.importFailed([
                ImportProblem(
                    line: 1, column: 1,
                    message:
                        "the import took more than \(seconds) s of processor time (its bound) and was stopped: the Swift parser is slow on square brackets nested deep ([[[…]]])"
                )
            ]).response
        case .signalled(let signal, _):
            return Problem.importFailed([
                ImportProblem(
                    line: 1, column: 1,
                    message:
                        "the import stopped on this source (signal \(signal)), e.g. brackets nested too deep for the Swift parser; the server is unharmed"
                )
            ]).response
        case .exited(let status, _, _):
            return Problem.importUnavailable("the import's process exited with status \(status)").response
        case .outputTooLarge:
            return Problem.importUnavailable(
                "the import's answer is larger than \(configuration.maxResponseBytes) bytes (--max-response-mb)"
            ).response
        }
    }

    /// The query of an import: `operation`, `width`, `height`, and the app parameters.
    static func importOptions(
        _ query: [(name: String, value: String)], maxContainerSide: Double
    ) -> Result<ImportOptions, Problem> {
        var options = ImportOptions()
        for (name, value) in query {
            switch name {
            case "operation":
                guard value == "present" || value == "dismiss" else {
                    return .failure(Problem.badParameter("operation", "operation must be present or dismiss"))
                }
                options.presenting = value == "present"
            case "width", "height":
                guard let n = Double(value), n > 0, n <= maxContainerSide else {
                    let bound = maxContainerSide.isFinite ? "\(Int(maxContainerSide))" : "∞"
                    return .failure(
                        Problem.badParameter(name, "\(name) must be a number of points in (0, \(bound)]"))
                }
                if name == "width" { options.containerSize.width = n } else { options.containerSize.height = n }
            default:
                let parsed = (try? JSONParser.parse(value)) ?? .string(value)
                guard let p = Self.importParameter(parsed) else {
                    return .failure(
                        Problem.badParameter(
                            name, "\(name): an app parameter is a number, true/false, or [x, y, width, height]"))
                }
                options.parameters[name] = p
            }
        }
        return .success(options)
    }

    static func importParameter(_ v: JSONValue) -> ImportParameterValue? {
        switch v {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .string(let n): return .name(n)
        case .array(let items):
            let n = items.compactMap { if case .number(let x) = $0 { return x } else { return nil } }
            guard n.count == items.count else { return nil }
            if n.count == 2 { return .size(Size(width: n[0], height: n[1])) }
            if n.count == 4 { return .rect(Rect(x: n[0], y: n[1], width: n[2], height: n[3])) }
            return nil
        default: return nil
        }
    }

    /// The body is Swift source: `text/x-swift`, `text/plain` or none at all.
    static func checkSwiftContentType(_ request: HTTPRequest) -> Problem? {
        guard let contentType = request.headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";").first.map { String($0).lowercased() } ?? ""
        let trimmed = String(type.drop { $0 == " " || $0 == "\t" })
        if ["text/x-swift", "text/plain", "application/octet-stream"].contains(trimmed.filter { $0 != " " }) {
            return nil
        }
        return Problem(
            status: .unsupportedMediaType, type: "unsupported-media-type", title: "The body must be Swift source",
            detail: "Content-Type is \(trimmed); send the Swift file as text/x-swift (or text/plain).",
            extensions: [("parameter", .string("Content-Type"))])
    }
}
