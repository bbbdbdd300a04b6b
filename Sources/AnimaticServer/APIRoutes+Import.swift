import AnimaticCore
import AnimaticHTTP
import AnimaticImport

/// `POST /v1/import/swift`: a UIKit animator's Swift source read into a spec (docs/API.md,
/// "Import"; docs/EXPORT.md, "Import"). The import runs on the render lane with its own work
/// bound (`ImportOptions.maxSteps`: interpreted steps and unrolled iterations), so a source
/// with a loop of a billion iterations is refused at once rather than run.
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
        var options = ImportOptions()
        for (name, value) in request.queryItems {
            switch name {
            case "operation":
                guard value == "present" || value == "dismiss" else {
                    return Problem.badParameter("operation", "operation must be present or dismiss").response
                }
                options.presenting = value == "present"
            case "width", "height":
                guard let n = Double(value), n > 0, n <= configuration.limits.maxContainerSide else {
                    return Problem.badParameter(
                        name, "\(name) must be a number of points in (0, \(Int(configuration.limits.maxContainerSide))]"
                    ).response
                }
                if name == "width" { options.containerSize.width = n } else { options.containerSize.height = n }
            default:
                let parsed = (try? JSONParser.parse(value)) ?? .string(value)
                guard let p = Self.importParameter(parsed) else {
                    return Problem.badParameter(
                        name, "\(name): an app parameter is a number, true/false, or [x, y, width, height]"
                    ).response
                }
                options.parameters[name] = p
            }
        }
        let source = String(decoding: request.body, as: UTF8.self)
        let importOptions = options
        return onRenderLane { [self] in
            let result = SwiftImporter.importSource(source, options: importOptions)
            // Stopped by the deadline (the interpreter looks at `RenderCancellation`): the
            // render paths' answer, not the source's problems.
            if RenderCancellation.isRequested { return Problem.renderTimeout(configuration.renderTimeout).response }
            guard result.spec != nil else {
                return Problem(
                    status: .unprocessableContent, type: "import-failed", title: "No spec came out of this Swift",
                    detail: result.problems.first.map { "\($0.line):\($0.column): \($0.message)" }
                        ?? "no animator in the source",
                    extensions: [("problems", ImportResult.json(result.problems))]
                ).response
            }
            var document = result.json
            // `if isPresenting`: both operations, each with its own spec and problems.
            if result.readsOperation, case .object(var members) = document {
                var other = importOptions
                other.presenting.toggle()
                let second = SwiftImporter.importSource(source, options: other)
                if RenderCancellation.isRequested {
                    return Problem.renderTimeout(configuration.renderTimeout).response
                }
                func entry(_ r: ImportResult) -> JSONValue {
                    .object([
                        ("spec", r.spec.map(SpecEncoder.encode) ?? .null), ("problems", ImportResult.json(r.problems)),
                    ])
                }
                let (present, dismiss) = importOptions.presenting ? (result, second) : (second, result)
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
