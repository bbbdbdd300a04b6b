import AnimaticHTTP
import ArgumentParser
import Foundation
import Glibc

/// `animatic healthcheck` — asks a running server's `/healthz` whether it is alive.
///
/// Made for a container's HEALTHCHECK: the runtime image has no curl, and this command must
/// not need libcurl either, so it speaks HTTP/1.1 through AnimaticHTTP's small blocking client
/// (plain HTTP only; health checks run inside the container against the loopback address).
/// Everything it does — resolving, connecting, sending and reading the response — is bounded
/// by one deadline (`--timeout`, 2 s by default).
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the server's /healthz answers 200, else 1 with the reason on stderr.",
        discussion: """
            Without --url the address comes from the server's own environment: \
            http://HOST:PORT/healthz with PORT from ANIMATIC_PORT (8080) and HOST from ANIMATIC_HOST \
            (127.0.0.1 when it is unset or a wildcard such as 0.0.0.0; ::1 for ::).

            Only plain HTTP is spoken. When ANIMATIC_TLS_CERT is set and no --url is given, the \
            server answers TLS on that port, so the check falls back to whether the port accepts \
            TCP connections (see docs/DEPLOY.md).

            Examples:
              animatic healthcheck
              animatic healthcheck --url http://127.0.0.1:9000/healthz --timeout 1
            """
    )

    @Option(help: "The URL to ask (http only). Default: http://127.0.0.1:${ANIMATIC_PORT:-8080}/healthz.")
    var url: String?

    @Option(help: "Seconds allowed for the whole check (0.1…60).")
    var timeout: Double = 2

    func validate() throws {
        guard timeout >= 0.1, timeout <= 60 else {
            throw ValidationError("--timeout must be from 0.1 to 60 seconds")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        do {
            let target: HealthTarget
            let tcpOnly: Bool
            if let url {
                target = try HealthTarget(url: url)
                tcpOnly = false
            } else {
                target = try HealthTarget.fromEnvironment(environment)
                tcpOnly = !(environment["ANIMATIC_TLS_CERT"] ?? "").isEmpty
            }
            let probe = HealthProbe(target: target, seconds: timeout)
            if tcpOnly {
                try probe.checkAcceptsConnections()
            } else {
                try probe.checkStatus200()
            }
        } catch let failure as HealthcheckFailure {
            printToStandardError("healthcheck: \(failure.message)")
            throw ExitCode(1)
        }
    }
}

/// Why a health check failed, as one line for stderr.
struct HealthcheckFailure: Error {
    var message: String
}

/// Where to send the health request: a host, a port and a request target.
struct HealthTarget: Equatable {
    var host: String
    var port: Int
    var path: String

    /// `http://HOST[:PORT][/PATH]`; `https` and other schemes are refused with the reason.
    init(url: String) throws {
        guard let schemeEnd = url.range(of: "://") else {
            throw HealthcheckFailure(message: "\(url): not a URL (expected http://HOST:PORT/PATH)")
        }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" else {
            if scheme == "https" {
                throw HealthcheckFailure(
                    message:
                        "\(url): https is not supported; the health check speaks plain HTTP to the server inside the container (use http://127.0.0.1:PORT/healthz)"
                )
            }
            throw HealthcheckFailure(message: "\(url): unsupported scheme '\(scheme)' (only http)")
        }
        let rest = url[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var path = String(rest[authorityEnd...])
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if path.isEmpty { path = "/" } else if path.first == "?" { path = "/" + path }
        guard !authority.contains("@") else {
            throw HealthcheckFailure(message: "\(url): credentials in the URL are not supported")
        }

        var host: Substring
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else {
                throw HealthcheckFailure(message: "\(url): unterminated IPv6 address")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw HealthcheckFailure(message: "\(url): bad authority") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { throw HealthcheckFailure(message: "\(url): no host") }
        var port = 80
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else {
                throw HealthcheckFailure(message: "\(url): bad port '\(portText)'")
            }
            port = value
        }
        self.host = String(host)
        self.port = port
        self.path = path
    }

    init(host: String, port: Int, path: String) {
        self.host = host
        self.port = port
        self.path = path
    }

    /// The server's own address from `ANIMATIC_HOST` / `ANIMATIC_PORT`, seen from inside.
    static func fromEnvironment(_ environment: [String: String]) throws -> HealthTarget {
        var port = 8080
        if let text = environment["ANIMATIC_PORT"], !text.isEmpty {
            guard let value = Int(text), (1...65535).contains(value) else {
                throw HealthcheckFailure(message: "ANIMATIC_PORT='\(text)' is not a port number")
            }
            port = value
        }
        let configured = environment["ANIMATIC_HOST"] ?? ""
        let host: String
        switch configured {
        case "", "0.0.0.0", "*": host = "127.0.0.1"
        case "::", "[::]": host = "::1"
        default:
            host =
                configured.hasPrefix("[") && configured.hasSuffix("]")
                ? String(configured.dropFirst().dropLast()) : configured
        }
        return HealthTarget(host: host, port: port, path: "/healthz")
    }

    /// `host:port` as it goes in a URL or a Host header (IPv6 in brackets).
    var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// One health request, every step of it bounded by one deadline.
struct HealthProbe {
    var target: HealthTarget
    var deadline: ContinuousClock.Instant

    init(target: HealthTarget, seconds: Double) {
        self.target = target
        self.deadline = .now + .seconds(seconds)
    }

    private var url: String { "http://\(target.authority)\(target.path)" }

    /// Succeeds when the server answers `target.path` with status 200.
    func checkStatus200() throws {
        do {
            let connection = try connect()
            try connection.sendGet(
                target.path, host: target.authority,
                fields: [("User-Agent", "animatic-healthcheck"), ("Connection", "close")])
            let response = try connection.readResponse(headOnly: true)
            guard response.status == .ok else {
                throw HealthcheckFailure(message: "\(url): HTTP \(response.status.code) \(response.reasonPhrase)")
            }
        } catch let error as HTTPClientError {
            throw HealthcheckFailure(message: "\(url): \(error)")
        }
    }

    /// Succeeds when a TCP connection to the target is accepted (used when the server speaks TLS).
    func checkAcceptsConnections() throws {
        do {
            _ = try connect()
        } catch let error as HTTPClientError {
            throw HealthcheckFailure(message: "\(url): \(error)")
        }
    }

    private func connect() throws -> HTTPClientConnection {
        let whole = ContinuousClock.now.duration(to: deadline)
        return try HTTPClientConnection(host: target.host, port: target.port, stepTimeout: whole, deadline: deadline)
    }
}

private func printToStandardError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
