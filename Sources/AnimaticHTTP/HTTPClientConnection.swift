import Glibc

/// One blocking HTTP/1.1 client connection over TCP, every step bounded in time.
///
/// Small on purpose: it is what `animatic healthcheck` and the tests speak, not a general
/// client. It sends bytes exactly as given (so tests can send malformed, partial or
/// pipelined requests) and reads responses byte-exactly: `Content-Length`, chunked and
/// close-delimited bodies, interim 1xx responses as responses of their own. No TLS, no
/// redirects, no pooling.
///
/// Each step (connecting, one send, one read) may take at most `stepTimeout`; when a
/// `deadline` is given, no step runs past it either, so a caller can bound the whole
/// exchange with one limit (the health check does).
public final class HTTPClientConnection {
    /// The longest a response head may be before it is refused (the server's own limit is 8 KiB
    /// a line; 64 KiB keeps a misbehaving peer from growing the buffer without end).
    static let maximumHeadSize = 65_536

    /// The socket (internal: a test that trickles bytes from another thread writes to it).
    let fd: Int32
    private let stepTimeout: Duration
    private let deadline: ContinuousClock.Instant?
    private var buffer: [UInt8] = []

    /// Resolves `host` (a name or a numeric IPv4/IPv6 address), connects to the first address
    /// that accepts, and sets `TCP_NODELAY`.
    public init(
        host: String, port: Int, stepTimeout: Duration = .seconds(5),
        deadline: ContinuousClock.Instant? = nil
    ) throws(HTTPClientError) {
        self.stepTimeout = stepTimeout
        self.deadline = deadline
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw .cannotResolve(host: host, reason: String(cString: gai_strerror(rc)))
        }
        defer { freeaddrinfo(first) }

        var lastError = HTTPClientError.connectFailed(reason: "no address")
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(
                info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue),
                info.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = .system(call: "socket", code: errno)
                continue
            }
            do throws(HTTPClientError) {
                let limit = Self.remaining(stepTimeout, deadline)
                try Self.connect(fd, to: info.pointee.ai_addr, length: info.pointee.ai_addrlen, within: limit)
                self.fd = fd
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                return
            } catch {
                lastError = error
                close(fd)
                if case .timedOut = error { break }
            }
        }
        throw lastError
    }

    deinit { close(fd) }

    // MARK: Sending

    public func send(_ text: String) throws(HTTPClientError) { try send(Array(text.utf8)) }

    /// Sends every byte, or throws (`timedOut("sending")` when the peer stops reading).
    public func send(_ bytes: [UInt8]) throws(HTTPClientError) {
        var sent = 0
        while sent < bytes.count {
            try armTimeouts()
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw errno == EAGAIN ? .timedOut(step: "sending") : .system(call: "send", code: errno)
            }
            sent += n
        }
    }

    /// Sends `GET path` with `Host`, `Accept: */*` and the given extra fields.
    public func sendGet(_ path: String, host: String, fields: [(String, String)] = []) throws(HTTPClientError) {
        var request = "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nAccept: */*\r\n"
        for (name, value) in fields { request += "\(name): \(value)\r\n" }
        try send(request + "\r\n")
    }

    /// Half-closes the connection: the peer reads EOF after what was sent.
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    // MARK: Reading

    /// Reads one response. An interim 1xx response is returned as its own response; the
    /// final one follows on the next call. With `headOnly` the body is not read: for a
    /// response to `HEAD`, which announces a body it does not carry (RFC 9110 §9.3.2), or
    /// when only the status matters.
    public func readResponse(headOnly: Bool = false) throws(HTTPClientError) -> HTTPClientResponse {
        let statusLine = try readLine(step: "waiting for the response")
        // status-line = HTTP-version SP status-code SP [ reason-phrase ] (RFC 9112 §4)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3,
            let code = Int(parts[1])
        else {
            throw .malformedResponse("not an HTTP/1.x status line: \(statusLine.prefix(80).debugDescription)")
        }
        var response = HTTPClientResponse(
            status: HTTPStatus(code: code),
            reasonPhrase: parts.count == 3 ? String(parts[2]) : "")
        while true {
            let line = try readLine(step: "reading the response head")
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else {
                throw .malformedResponse("header without a colon: \(line)")
            }
            response.headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].trimmingOWS()))
        }
        if headOnly || response.status.forbidsContent { return response }
        if response.headers.containsToken("chunked", in: "Transfer-Encoding") {
            response.body = try readChunkedBody()
        } else if let text = response.headers["Content-Length"] {
            guard let length = HTTPSyntax.parseContentLength(text) else {
                throw .malformedResponse("bad Content-Length \(text.debugDescription)")
            }
            response.body = try readExactly(length)
        } else {
            while try fill(step: "reading a close-delimited body") {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// Whether the peer closed the connection (EOF or reset) with no more bytes before it,
    /// within one step's time.
    public func readsEOF() -> Bool {
        guard buffer.isEmpty, (try? armTimeouts()) != nil else { return false }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }

    private func readChunkedBody() throws(HTTPClientError) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let sizeLine = try readLine(step: "reading a chunk")
            let sizeText = sizeLine.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
            guard let size = Int(sizeText.trimmingOWS(), radix: 16), size >= 0 else {
                throw .malformedResponse("bad chunk size \(sizeLine.debugDescription)")
            }
            if size == 0 {
                while try !readLine(step: "reading trailers").isEmpty {}
                return body
            }
            body += try readExactly(size)
            guard try readExactly(2) == [0x0D, 0x0A] else { throw .malformedResponse("chunk not followed by CRLF") }
        }
    }

    /// The next line without its CRLF (a bare LF is accepted, as RFC 9112 §2.2 allows).
    private func readLine(step: String) throws(HTTPClientError) -> String {
        var searched = 0
        while true {
            if let end = buffer[searched...].firstIndex(of: 0x0A) {
                let line = buffer[..<end]
                defer { buffer.removeSubrange(...end) }
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            searched = buffer.count
            guard buffer.count < Self.maximumHeadSize else { throw .malformedResponse("a line longer than 64 KiB") }
            guard try fill(step: step) else { throw .closed(step: step) }
        }
    }

    private func readExactly(_ count: Int) throws(HTTPClientError) -> [UInt8] {
        while buffer.count < count {
            guard try fill(step: "reading the body") else {
                throw .closed(step: "reading the body (\(buffer.count) of \(count) bytes)")
            }
        }
        defer { buffer.removeSubrange(..<count) }
        return Array(buffer[..<count])
    }

    /// Reads what has arrived; false on EOF.
    private func fill(step: String) throws(HTTPClientError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            try armTimeouts(step: step)
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
                return true
            }
            if n == 0 { return false }
            if errno == EINTR { continue }
            throw errno == EAGAIN ? .timedOut(step: step) : .system(call: "recv", code: errno)
        }
    }

    // MARK: Time limits

    /// Sets the socket's send and receive timeouts to what this step may still take.
    private func armTimeouts(step: String = "sending") throws(HTTPClientError) {
        let limit = Self.remaining(stepTimeout, deadline)
        guard limit > .zero else { throw .timedOut(step: step) }
        var value = Self.timeval(limit)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, size)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, size)
    }

    private static func remaining(_ stepTimeout: Duration, _ deadline: ContinuousClock.Instant?) -> Duration {
        guard let deadline else { return stepTimeout }
        return min(stepTimeout, ContinuousClock.now.duration(to: deadline))
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        // A zero timeval means "no timeout" to the kernel, so the shortest limit is 1 µs.
        return Glibc.timeval(
            tv_sec: Int(seconds), tv_usec: max(Int(attoseconds / 1_000_000_000_000), seconds == 0 ? 1 : 0))
    }

    /// A non-blocking connect waited for with `poll`, then the socket back in blocking mode.
    private static func connect(
        _ fd: Int32, to address: UnsafeMutablePointer<sockaddr>?, length: socklen_t,
        within limit: Duration
    ) throws(HTTPClientError) {
        guard limit > .zero else { throw .timedOut(step: "connecting") }
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        if Glibc.connect(fd, address, length) != 0 {
            guard errno == EINPROGRESS else { throw .connectFailed(reason: String(cString: strerror(errno))) }
            var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&entry, 1, limit.pollMilliseconds)
            guard ready > 0 else {
                throw ready == 0 ? .timedOut(step: "connecting") : .system(call: "poll", code: errno)
            }
            var socketError: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &socketError, &size)
            guard socketError == 0 else { throw .connectFailed(reason: String(cString: strerror(socketError))) }
        }
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }
}

/// A response as `HTTPClientConnection` read it.
public struct HTTPClientResponse: Sendable {
    public var status: HTTPStatus
    /// The reason phrase as the server sent it (informational, RFC 9112 §4).
    public var reasonPhrase: String
    public var headers = HTTPHeaders()
    public var body: [UInt8] = []

    public init(status: HTTPStatus, reasonPhrase: String) {
        self.status = status
        self.reasonPhrase = reasonPhrase
    }

    /// The body decoded as UTF-8.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The field's values joined with ", " (RFC 9110 §5.3), or nil when absent.
    public func header(_ name: String) -> String? {
        let values = headers.values(name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// Why a client exchange failed, in words fit for one line of stderr.
public enum HTTPClientError: Error, CustomStringConvertible, Sendable {
    case cannotResolve(host: String, reason: String)
    case connectFailed(reason: String)
    /// The step named did not finish within its time.
    case timedOut(step: String)
    /// The peer closed the connection during the step named.
    case closed(step: String)
    case malformedResponse(String)
    case system(call: String, code: Int32)

    public var description: String {
        switch self {
        case .cannotResolve(let host, let reason): "cannot resolve \(host): \(reason)"
        case .connectFailed(let reason): "connect: \(reason)"
        case .timedOut(let step): "timed out \(step)"
        case .closed(let step): "connection closed \(step)"
        case .malformedResponse(let what): "malformed response: \(what)"
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        }
    }
}
