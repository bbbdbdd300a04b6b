import ArgumentParser
import Foundation
import Glibc

/// `animatic healthcheck` — asks a running server's `/healthz` whether it is alive.
///
/// Made for a container's HEALTHCHECK: the runtime image has no curl, and this command must
/// not need libcurl either, so it speaks HTTP/1.1 itself over POSIX sockets (plain HTTP only;
/// health checks run inside the container against the loopback address). Everything it
/// does — resolving, connecting, sending and reading the status line — is bounded by one
/// deadline (`--timeout`, 2 s by default).
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
            let probe = HealthProbe(target: target, deadline: Deadline(seconds: timeout))
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
                throw HealthcheckFailure(message: "\(url): https is not supported; the health check speaks plain HTTP to the server inside the container (use http://127.0.0.1:PORT/healthz)")
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
        default: host = configured.hasPrefix("[") && configured.hasSuffix("]")
            ? String(configured.dropFirst().dropLast()) : configured
        }
        return HealthTarget(host: host, port: port, path: "/healthz")
    }

    /// `host:port` as it goes in a URL or a Host header (IPv6 in brackets).
    var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// A point in time on the monotonic clock, and what is left until it.
struct Deadline {
    private let end: Double

    init(seconds: Double) {
        end = Deadline.now() + seconds
    }

    var remaining: Double { end - Deadline.now() }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// One health request over a blocking socket whose every step is bounded by `deadline`.
struct HealthProbe {
    var target: HealthTarget
    var deadline: Deadline

    private var url: String { "http://\(target.authority)\(target.path)" }

    /// Succeeds when the server answers `target.path` with status 200.
    func checkStatus200() throws {
        let fd = try openConnection()
        defer { close(fd) }
        let request = "GET \(target.path) HTTP/1.1\r\nHost: \(target.authority)\r\n"
            + "User-Agent: animatic-healthcheck\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try sendAll(Array(request.utf8), on: fd)
        let statusLine = try readStatusLine(from: fd)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw HealthcheckFailure(message: "\(url): not an HTTP response: \(statusLine.prefix(80))")
        }
        guard status == 200 else {
            throw HealthcheckFailure(message: "\(url): HTTP \(statusLine.split(separator: " ", maxSplits: 1).dropFirst().first ?? "")")
        }
    }

    /// Succeeds when a TCP connection to the target is accepted (used when the server speaks TLS).
    func checkAcceptsConnections() throws {
        let fd = try openConnection()
        close(fd)
    }

    // MARK: Steps

    private func openConnection() throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(target.host, String(target.port), &hints, &list)
        guard rc == 0, let first = list else {
            throw HealthcheckFailure(message: "\(url): cannot resolve \(target.host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(first) }

        var lastError = "no address"
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            guard deadline.remaining > 0 else { break }
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = "socket: \(describeErrno(errno))"
                continue
            }
            do {
                try connectSocket(fd, to: info.pointee.ai_addr, length: info.pointee.ai_addrlen)
                return fd
            } catch let failure as HealthcheckFailure {
                lastError = failure.message
                close(fd)
            }
        }
        if deadline.remaining <= 0 { lastError = "timed out connecting" }
        throw HealthcheckFailure(message: "\(url): \(lastError)")
    }

    /// A non-blocking connect waited for with poll, then the socket back in blocking mode with
    /// send and receive timeouts set to what is left of the deadline.
    private func connectSocket(_ fd: Int32, to address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) throws {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if connect(fd, address, length) != 0 {
            guard errno == EINPROGRESS else {
                throw HealthcheckFailure(message: "connect: \(describeErrno(errno))")
            }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, milliseconds(deadline.remaining))
            guard ready > 0 else {
                throw HealthcheckFailure(message: ready == 0 ? "timed out connecting" : "poll: \(describeErrno(errno))")
            }
            var socketError: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &size)
            guard socketError == 0 else {
                throw HealthcheckFailure(message: "connect: \(describeErrno(socketError))")
            }
        }
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
        try setTimeouts(fd)
    }

    private func setTimeouts(_ fd: Int32) throws {
        let left = max(deadline.remaining, 0.001)
        var value = timeval(tv_sec: Int(left), tv_usec: Int((left - Double(Int(left))) * 1e6))
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size) == 0,
              setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size) == 0 else {
            throw HealthcheckFailure(message: "\(url): setsockopt: \(describeErrno(errno))")
        }
    }

    private func sendAll(_ bytes: [UInt8], on fd: Int32) throws {
        var sent = 0
        while sent < bytes.count {
            guard deadline.remaining > 0 else { throw HealthcheckFailure(message: "\(url): timed out sending") }
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errno == EAGAIN || errno == EWOULDBLOCK ? "timed out sending" : "send: \(describeErrno(errno))"
                throw HealthcheckFailure(message: "\(url): \(reason)")
            }
            sent += n
        }
    }

    /// Reads until the first CRLF (at most 8 KiB) and returns the line before it.
    private func readStatusLine(from fd: Int32) throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while received.count < 8192 {
            if let lineEnd = firstCRLF(in: received) {
                return String(decoding: received[..<lineEnd], as: UTF8.self)
            }
            guard deadline.remaining > 0 else { throw HealthcheckFailure(message: "\(url): timed out waiting for the response") }
            try setTimeouts(fd)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 {
                throw HealthcheckFailure(message: "\(url): connection closed before a response")
            }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errno == EAGAIN || errno == EWOULDBLOCK
                    ? "timed out waiting for the response" : "recv: \(describeErrno(errno))"
                throw HealthcheckFailure(message: "\(url): \(reason)")
            }
            received.append(contentsOf: buffer[..<n])
        }
        throw HealthcheckFailure(message: "\(url): status line longer than 8 KiB")
    }

    private func firstCRLF(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 13 && bytes[index + 1] == 10 {
            return index
        }
        return nil
    }

    private func milliseconds(_ seconds: Double) -> Int32 {
        Int32(max(1, min(seconds * 1000, Double(Int32.max))).rounded(.up))
    }

    private func describeErrno(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

private func printToStandardError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
