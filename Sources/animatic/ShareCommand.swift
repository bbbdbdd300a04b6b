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
            --image NAME=FILE uploads FILE (POST /v1/assets) and sets the preset's picture \
            parameter: from → fromImage, to → toImage. An inline spec names its assets itself.

            Examples:
              animatic share examples/card-flip.json
              animatic share spec.json --server http://animatic.internal:8080
              animatic share pop.json --image from=list.png --image to=detail.png
            """
    )

    @Argument(help: "The spec file (JSON), or - for standard input.")
    var spec: String

    @Option(help: "The server's base URL (http only).")
    var server: String = "http://127.0.0.1:8080"

    @Option(help: "Seconds allowed for each request (1…600).")
    var timeout: Double = 60

    @Option(
        name: .customLong("image"),
        help: "NAME=FILE: upload FILE and set the preset's picture parameter NAME (from, to, image or fromImage…).")
    var images: [String] = []

    func validate() throws {
        guard timeout >= 1, timeout <= 600 else { throw ValidationError("--timeout must be from 1 to 600 seconds") }
        for image in images where !image.contains("=") {
            throw ValidationError("--image \(image): expected NAME=FILE, e.g. --image from=a.png")
        }
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
        var document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ValidationError("\(spec) is not JSON: \(error)")
        }
        let target: HealthTarget
        do {
            target = try HealthTarget(url: server)
        } catch let failure as HealthcheckFailure {
            throw ValidationError(failure.message)
        }
        let base = "http://\(target.authority)"
        if !images.isEmpty {
            document = try withUploadedImages(document, target: target, base: base)
        }
        var body = JSONWriter()
        body.value(.object([("spec", document)]))
        let response = try exchange(
            target, base: base, path: "/v1/links", body: body.bytes, contentType: "application/json")
        guard let made = try? JSONParser.parse(response.body), case .string(let url)? = made["url"],
            case .string(let preview)? = made["preview"]
        else { throw ShareFailure(message: "\(base)/v1/links answered without a link: \(response.text)") }
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
    /// `document` (a preset reference) with each `--image NAME=FILE` uploaded
    /// (`POST /v1/assets`) and its asset id set as the parameter `NAME` (`from` → `fromImage`).
    func withUploadedImages(_ document: JSONValue, target: HealthTarget, base: String) throws -> JSONValue {
        guard case .object(var members) = document, document["preset"] != nil else {
            throw ValidationError(
                "--image needs a preset reference ({\"preset\", \"params\"}); an inline spec names its assets itself")
        }
        var params: [(key: String, value: JSONValue)] = []
        if case .object(let given)? = document["params"] { params = given }
        for image in images {
            let parts = image.split(separator: "=", maxSplits: 1)
            let name = String(parts[0])
            let parameter = name == "image" || name.hasSuffix("Image") ? name : name + "Image"
            let path = parts.count > 1 ? String(parts[1]) : ""
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--image \(image): cannot read \(path)")
            }
            let answer = try exchange(
                target, base: base, path: "/v1/assets", body: Array(data), contentType: "application/octet-stream")
            guard case .string(let id)? = (try? JSONParser.parse(answer.body))?["id"] else {
                throw ShareFailure(message: "\(base)/v1/assets answered without an id: \(answer.text)")
            }
            params.removeAll { $0.key == parameter }
            params.append((parameter, .string(id)))
        }
        members.removeAll { $0.key == "params" }
        members.append(("params", .object(params)))
        return .object(members)
    }

    /// POSTs `body` to `path`; a 200 or 201 response, else a `ShareFailure` with the
    /// server's `detail`.
    func exchange(
        _ target: HealthTarget, base: String, path: String, body: [UInt8], contentType: String
    ) throws -> HTTPClientResponse {
        let token = ProcessInfo.processInfo.environment["ANIMATIC_WRITE_TOKEN"]
        let response: HTTPClientResponse
        do throws(HTTPClientError) {
            response = try Self.post(
                body, path: path, contentType: contentType, to: target, token: token, seconds: timeout)
        } catch {
            throw ShareFailure(message: "\(base)\(path): \(error)")
        }
        guard response.status.code == 200 || response.status.code == 201 else {
            let detail = (try? JSONParser.parse(response.body)).flatMap { problem -> String? in
                guard case .string(let d)? = problem["detail"] else { return nil }
                return d
            }
            throw ShareFailure(
                message: "\(base)\(path) answered \(response.status.code): \(detail ?? response.text)")
        }
        return response
    }

    /// `POST path` with `body`; the whole exchange within `seconds`.
    static func post(
        _ body: [UInt8], path: String, contentType: String, to target: HealthTarget, token: String?,
        seconds: Double
    ) throws(HTTPClientError) -> HTTPClientResponse {
        let step = Duration.milliseconds(Int(seconds * 1000))
        let connection = try HTTPClientConnection(
            host: target.host, port: target.port, stepTimeout: step, deadline: .now + step)
        var head =
            "POST \(path) HTTP/1.1\r\nHost: \(target.authority)\r\nContent-Type: \(contentType)\r\n"
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
