import AnimaticCore
import AnimaticHTTP

/// `POST /v1/import/swift` run in a child process (docs/API.md, "Import"): the server's
/// `animatic` runs itself as `animatic import-worker`, writes it the request, and reads the
/// response back. Why a process: swift-syntax's parser takes time exponential in how deep
/// square brackets nest (`[[[[…1]]]]`: 0.5 s at 20 levels, 6 s at 24; `[() -> [() -> …`:
/// 14 s at 12), and at 5,000 levels it overflowed the stack and ended the whole server. The
/// parser cannot be stopped from outside, and no check of the source before it can know every
/// path of its lookahead; a process can be killed at the import's time bound, and its crash
/// is one request's 422.
///
/// What goes in: one line of JSON, `{"query": [[name, value], …]}` (the request's query items,
/// already checked by the server), then the source's bytes. What comes out: one line,
/// `<status> <content type>`, then the body. Both sides read the query with the same
/// `APIRoutes.importOptions`, and build the body with the same `ImportAnswer.response`, so
/// the answer is the in-process one, byte for byte.
public enum ImportWorker {
    /// The `animatic` subcommand that answers one import (hidden from the help).
    public static let subcommand = "import-worker"

    /// Status of a worker that read a request it could not understand (not the import's).
    public static let malformedRequestStatus: Int32 = 70

    /// The worker's side: the response's frame for one request, or nil when the request is
    /// not one the server writes.
    public static func answer(_ request: [UInt8]) -> [UInt8]? {
        guard let newline = request.firstIndex(of: UInt8(ascii: "\n")),
            let header = try? JSONParser.parse(Array(request[..<newline])),
            case .array(let pairs)? = header["query"]
        else { return nil }
        var items: [(name: String, value: String)] = []
        for pair in pairs {
            guard case .array(let two) = pair, two.count == 2, case .string(let name) = two[0],
                case .string(let value) = two[1]
            else { return nil }
            items.append((name, value))
        }
        // The server checked the container's size against its own limit; here only the form.
        guard case .success(let options) = APIRoutes.importOptions(items, maxContainerSide: .infinity) else {
            return nil
        }
        let source = String(decoding: request[(newline + 1)...], as: UTF8.self)
        return frame(ImportAnswer.response(source: source, options: options, renderTimeout: nil))
    }

    /// The server's side: what to write to the worker.
    static func request(query: [(name: String, value: String)], source: [UInt8]) -> [UInt8] {
        var w = JSONWriter()
        w.value(.object([("query", .array(query.map { .array([.string($0.name), .string($0.value)]) }))]))
        return w.bytes + [UInt8(ascii: "\n")] + source
    }

    /// The server's side: the worker's output as the response, or nil when it is not a frame.
    static func response(fromFrame output: [UInt8]) -> HTTPResponse? {
        guard let newline = output.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let head = String(decoding: output[..<newline], as: UTF8.self).split(separator: " ", maxSplits: 1)
        guard head.count == 2, let code = Int(head[0]), (200...599).contains(code) else { return nil }
        var response = HTTPResponse(
            status: HTTPStatus(code: code), body: Array(output[(newline + 1)...]), contentType: String(head[1]))
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    static func frame(_ response: HTTPResponse) -> [UInt8] {
        let contentType = response.headers["Content-Type"] ?? "application/octet-stream"
        return Array("\(response.status.code) \(contentType)\n".utf8) + response.body
    }
}
