import AnimaticCore
import AnimaticHTTP
import AnimaticImport
import AnimaticRender

/// An RFC 9457 problem detail (`application/problem+json`): every error the API returns.
///
/// `type` names the kind of problem (a stable identifier documented in docs/API.md),
/// `errors` lists spec problems with their JSON pointers, `parameter` names a bad query
/// parameter or header.
public struct Problem: Error, Sendable {
    public var status: HTTPStatus
    public var type: String
    public var title: String
    public var detail: String
    public var errors: [SpecProblem] = []
    /// Extra members, e.g. `offset` of malformed JSON or `parameter`.
    public var extensions: [(String, JSONValue)] = []
    /// Extra response header fields (`Retry-After`, `Accept-Encoding`).
    public var headers = HTTPHeaders()

    public static let typeBase = "https://animatic.dev/problems/"

    public init(
        status: HTTPStatus, type: String, title: String, detail: String, errors: [SpecProblem] = [],
        extensions: [(String, JSONValue)] = []
    ) {
        self.status = status
        self.type = Problem.typeBase + type
        self.title = title
        self.detail = detail
        self.errors = errors
        self.extensions = extensions
    }

    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string(type)), ("title", .string(title)), ("status", .number(Double(status.code))),
            ("detail", .string(detail)),
        ]
        if !errors.isEmpty {
            members.append(
                (
                    "errors",
                    .array(
                        errors.map {
                            .object([("pointer", .string($0.pointer)), ("message", .string($0.message))])
                        })
                ))
        }
        for (key, value) in extensions { members.append((key, value)) }
        return .object(members)
    }

    public var response: HTTPResponse {
        var w = JSONWriter()
        w.value(json)
        var response = HTTPResponse(status: status, body: w.bytes, contentType: "application/problem+json")
        response.headers.set("Cache-Control", "no-store")
        for field in headers { response.headers.set(field.name, field.value) }
        return response
    }

    // MARK: The problems the API returns

    static func invalidSpec(_ problems: [SpecProblem]) -> Problem {
        let count = problems.count
        return Problem(
            status: .unprocessableContent, type: "invalid-spec", title: "The spec has problems",
            detail: count == 1
                ? "1 problem: \(problems[0].description)" : "\(count) problems, each with its JSON pointer in errors",
            errors: problems)
    }

    static func malformedJSON(_ error: JSONParseError) -> Problem {
        Problem(
            status: .badRequest, type: "malformed-json", title: "The body is not JSON", detail: error.description,
            errors: [SpecProblem(pointer: "", message: error.description)],
            extensions: [("offset", .number(Double(error.offset)))])
    }

    static func badParameter(_ name: String, _ detail: String) -> Problem {
        Problem(
            status: .badRequest, type: "bad-parameter", title: "A query parameter is not valid", detail: detail,
            extensions: [("parameter", .string(name))])
    }

    /// A request the HTTP layer refused before the API saw it (400, 408, 413, 414, 431).
    public static func protocolError(status: HTTPStatus, reason: String) -> Problem {
        let (type, title): (String, String)
        switch status {
        case .requestTimeout: (type, title) = ("request-timeout", "The request did not arrive in time")
        case .contentTooLarge: (type, title) = ("body-too-large", "The body is larger than this server accepts")
        case .uriTooLong: (type, title) = ("request-line-too-long", "The request line is too long")
        case .requestHeaderFieldsTooLarge: (type, title) = ("headers-too-large", "The header section is too large")
        default: (type, title) = ("bad-request", "The request is not valid HTTP/1.1")
        }
        return Problem(status: status, type: type, title: title, detail: reason)
    }

    static func notFound(_ detail: String) -> Problem {
        Problem(status: .notFound, type: "not-found", title: "Not found", detail: detail)
    }

    /// The render queue (or the upload queue, `work: "upload"`) is full: load shedding
    /// (docs/HTTP.md, "Lanes").
    static func overloaded(queue: Int, work: String = "render") -> Problem {
        var problem = Problem(
            status: .serviceUnavailable, type: "overloaded", title: "Every \(work) worker is busy",
            detail: "The \(work) queue is full (\(queue) waiting); retry after the delay in Retry-After.")
        problem.headers.set("Retry-After", "1")
        return problem
    }

    /// The render waited for a worker longer than the queue's deadline (`QueueAdmission`).
    static func queueWaitTooLong(_ deadline: Duration?, work: String = "render") -> Problem {
        let wait =
            deadline.map { d -> String in
                let seconds = d.inSeconds
                return seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
            } ?? "?"
        var problem = Problem(
            status: .serviceUnavailable, type: "overloaded", title: "Every \(work) worker is busy",
            detail:
                "The \(work) waited \(wait) s for a worker without getting one; retry after the delay in Retry-After.")
        problem.headers.set("Retry-After", "1")
        return problem
    }

    /// The render did not finish before its deadline (`--render-timeout`) and was cancelled.
    static func renderTimeout(_ timeout: Duration?) -> Problem {
        let seconds = timeout.map { "\($0.components.seconds)" } ?? "?"
        var problem = Problem(
            status: .serviceUnavailable, type: "render-timeout", title: "The render took too long",
            detail:
                "The render did not finish within \(seconds) s (queue wait included) and was cancelled; retry later or ask for less work (lower fps, fewer layers)."
        )
        problem.headers.set("Retry-After", "1")
        return problem
    }

    /// No spec came out of a Swift import: the first problem in the detail, all of them
    /// located in `problems` (`line`, `column`, `message`).
    static func importFailed(_ problems: [ImportProblem]) -> Problem {
        Problem(
            status: .unprocessableContent, type: "import-failed", title: "No spec came out of this Swift",
            detail: problems.first.map { "\($0.line):\($0.column): \($0.message)" } ?? "no animator in the source",
            extensions: [("problems", ImportResult.json(problems))])
    }

    /// The import's process could not be started or did not answer (docs/API.md, "Import"):
    /// the server's fault, never the source's.
    static func importUnavailable(_ reason: String) -> Problem {
        Problem(
            status: .internalServerError, type: "import-unavailable", title: "The import could not run",
            detail: "The import's process failed: \(reason). Please report it with the request.")
    }

    /// A C library failed while encoding a raster format: our fault, never the request's.
    static func encoderFailed(_ format: OutputFormat, _ reason: String) -> Problem {
        Problem(
            status: .internalServerError, type: "encoder-failed", title: "The encoder failed",
            detail: "The \(format.rawValue) encoder failed: \(reason). Please report it with the request.")
    }

    /// The work or the output a request asks for is over a limit, known before encoding.
    static func tooMuchWork(detail: String, pointer: String, parameter: String, limit: Int, estimate: Int) -> Problem {
        Problem(
            status: .unprocessableContent, type: "too-much-work", title: "The timeline would be too large",
            detail: detail,
            errors: [SpecProblem(pointer: pointer, message: detail)],
            extensions: [
                ("parameter", .string(parameter)), ("limit", .number(Double(limit))),
                ("estimate", .number(Double(estimate))),
            ])
    }
}
