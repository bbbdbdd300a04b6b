import AnimaticCore
import AnimaticHTTP
import AnimaticImport

/// The answer to one import, built the same way in the server's process and in the
/// import's worker process (`ImportWorker`): the spec, its problems and parameters, and both
/// operations when the code reads `isPresenting`; or 422 `import-failed` with the located
/// problems.
enum ImportAnswer {
    /// `renderTimeout` names the deadline in the answer when the interpreter stopped on it
    /// (`RenderCancellation`); the worker, killed at its deadline instead, never sees one.
    static func response(source: String, options: ImportOptions, renderTimeout: Duration?) -> HTTPResponse {
        let result = SwiftImporter.importSource(source, options: options)
        // Stopped by the deadline (the interpreter looks at `RenderCancellation`): the
        // render paths' answer, not the source's problems.
        if RenderCancellation.isRequested { return Problem.renderTimeout(renderTimeout).response }
        guard result.spec != nil else {
            return Problem.importFailed(result.problems).response
        }
        var document = result.json
        // `if isPresenting`: both operations, each with its own spec and problems.
        if result.readsOperation, case .object(var members) = document {
            var other = options
            other.presenting.toggle()
            let second = SwiftImporter.importSource(source, options: other)
            if RenderCancellation.isRequested {
                return Problem.renderTimeout(renderTimeout).response
            }
            func entry(_ r: ImportResult) -> JSONValue {
                .object([
                    ("spec", r.spec.map(SpecEncoder.encode) ?? .null), ("problems", ImportResult.json(r.problems)),
                ])
            }
            let (present, dismiss) = options.presenting ? (result, second) : (second, result)
            members.append(("operations", .object([("present", entry(present)), ("dismiss", entry(dismiss))])))
            document = .object(members)
        }
        var w = JSONWriter(fractionDigits: 9)
        w.value(document)
        var response = HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
        response.headers.set("Cache-Control", "no-store")
        return response
    }
}
