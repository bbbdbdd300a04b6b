import AnimaticCore
import AnimaticHTTP
import ArgumentParser
import Foundation

/// `animatic share spec.json [--server URL]` — makes a short link of a spec on a running
/// server (`POST /v1/links`, docs/API.md, "Links") and prints the link, its GIF and a
/// Markdown snippet to paste in a pull request. Plain HTTP through AnimaticHTTP's small
/// client (as `healthcheck`); a server behind TLS is reached through its plain-HTTP address
/// or a proxy. The write token comes from `ANIMATIC_WRITE_TOKEN` when the server needs one.
struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Make a short link of a spec on a running server; print the link, its GIF and Markdown.",
        discussion: """
            The spec is a file (inline spec or {"preset", "params"}) or - for standard input. \
            Its pictures must name assets already on the server (POST /v1/assets).

            Examples:
              animatic share examples/card-flip.json
              animatic share spec.json --server http://animatic.internal:8080
            """
    )

    @Argument(help: "The spec file (JSON), or - for standard input.")
    var spec: String

    @Option(help: "The server's base URL (http only).")
    var server: String = "http://127.0.0.1:8080"

    @Option(help: "Seconds allowed for the whole request (1…600).")
    var timeout: Double = 60

    func validate() throws {
        guard timeout >= 1, timeout <= 600 else { throw ValidationError("--timeout must be from 1 to 600 seconds") }
    }

    func run() throws {
        let bytes: [UInt8]
        if spec == "-" {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            guard let data = FileManager.default.contents(atPath: spec) else {
                throw ValidationError("cannot read \(spec)")
            }
            bytes = Array(data)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ValidationError("\(spec) is not JSON: \(error)")
        }
        var body = JSONWriter()
        body.value(.object([("spec", document)]))
        let target: HealthTarget
        do {
            target = try HealthTarget(url: server)
        } catch let failure as HealthcheckFailure {
            throw ValidationError(failure.message)
        }
        let base = "http://\(target.authority)"
        let token = ProcessInfo.processInfo.environment["ANIMATIC_WRITE_TOKEN"]
        let response: HTTPClientResponse
        do throws(HTTPClientError) {
            response = try Self.post(body.bytes, to: target, token: token, seconds: timeout)
        } catch {
            throw ShareFailure(message: "\(base)/v1/links: \(error)")
        }
        guard response.status.code == 200 || response.status.code == 201,
            let made = try? JSONParser.parse(response.body), case .string(let url)? = made["url"],
            case .string(let preview)? = made["preview"]
        else {
            let detail = (try? JSONParser.parse(response.body)).flatMap { problem -> String? in
                guard case .string(let d)? = problem["detail"] else { return nil }
                return d
            }
            throw ShareFailure(
                message: "\(base)/v1/links answered \(response.status.code): \(detail ?? response.text)")
        }
        let name: String
        if case .string(let n)? = document["name"] {
            name = n
        } else if case .string(let p)? = document["preset"] {
            name = p
        } else {
            name = "transition"
        }
        // Brackets in the name would end the Markdown link text early.
        let label = name.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
        print("link: \(base)\(url)")
        print("gif:  \(base)\(preview)")
        print("markdown: [![\(label)](\(base)\(preview))](\(base)\(url))")
    }
}

extension ShareCommand {
    /// `POST /v1/links` with `body`; the whole exchange within `seconds`.
    static func post(
        _ body: [UInt8], to target: HealthTarget, token: String?, seconds: Double
    ) throws(HTTPClientError) -> HTTPClientResponse {
        let step = Duration.milliseconds(Int(seconds * 1000))
        let connection = try HTTPClientConnection(
            host: target.host, port: target.port, stepTimeout: step, deadline: .now + step)
        var head =
            "POST /v1/links HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Type: application/json\r\n"
            + "Accept: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        if let token, !token.isEmpty { head += "Authorization: Bearer \(token)\r\n" }
        try connection.send(Array((head + "\r\n").utf8) + body)
        return try connection.readResponse()
    }
}

/// Why `share` failed, as one line.
struct ShareFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
