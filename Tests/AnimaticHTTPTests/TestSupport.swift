import Foundation
import Logging
import Synchronization
import Testing
@testable import AnimaticHTTP
import Glibc
#endif

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A response as the raw test client read it.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

/// A blocking socket client with receive timeouts, reading responses byte-exactly.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(host: String = "127.0.0.1", port: Int, timeout: Double = 5, noDelay: Bool = true) throws {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var info: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &info) == 0, let info else { throw TestFailure("resolve \(host)") }
        defer { freeaddrinfo(info) }
        fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket errno \(errno)") }
        guard connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let e = errno
            Glibc.close(fd)
            throw TestFailure("connect \(host):\(port) errno \(e)")
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if noDelay {
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send errno \(errno)") }
            sent += n
        }
    }

    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Reads more bytes; false on EOF. Throws on timeout or error.
    @discardableResult
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.recv(fd, &chunk, chunk.count, 0)
        if n > 0 { buffer.append(contentsOf: chunk[0..<n]); return true }
        if n == 0 { return false }
        throw TestFailure("recv errno \(errno) (\(errno == EAGAIN ? "timeout" : "error"))")
    }

    private func readLine() throws -> String {
        while true {
            if let i = buffer.firstIndex(of: 0x0A) {
                let line = buffer[0..<i]
                buffer.removeSubrange(0...i)
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            guard try fill() else { throw TestFailure("EOF while reading a line; have \(buffer.count) bytes") }
        }
    }

    private func readExactly(_ n: Int) throws -> [UInt8] {
        while buffer.count < n {
            guard try fill() else { throw TestFailure("EOF after \(buffer.count) of \(n) body bytes") }
        }
        let out = Array(buffer[0..<n])
        buffer.removeSubrange(0..<n)
        return out
    }

    /// Reads one response (an interim 1xx is returned as its own response).
    func readResponse(head: Bool = false) throws -> RawResponse {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw TestFailure("bad status line \(statusLine.debugDescription)")
        }
        var headers: [(String, String)] = []
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw TestFailure("bad header \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var response = RawResponse(status: status, headers: headers, body: [])
        if head || (100..<200).contains(status) || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while true {
                let sizeLine = try readLine()
                guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else { throw TestFailure("bad chunk \(sizeLine)") }
                if size == 0 {
                    while try !readLine().isEmpty {}
                    break
                }
                response.body += try readExactly(size)
                _ = try readExactly(2)
            }
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.body = try readExactly(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// Whether the server closed the connection (EOF) within the receive timeout,
    /// with no more bytes before it.
    func readsEOF() -> Bool {
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let n = Glibc.recv(fd, &byte, 1, 0)
        return n == 0 || (n < 0 && errno == ECONNRESET)
    }
}

/// Log lines captured for assertions.
final class CapturedLogs: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }
    let entries = Mutex<[Entry]>([])

    var all: [Entry] { entries.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in CapturingHandler(sink: self) }
    }

    struct CapturingHandler: LogHandler {
        let sink: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            var flat: [String: String] = [:]
            for (k, v) in event.metadata ?? [:] { flat[k] = "\(v)" }
            let entry = Entry(level: event.level, message: "\(event.message)", metadata: flat)
            sink.entries.withLock { $0.append(entry) }
        }
    }
}

let quietLogger = Logger(label: "test.quiet") { _ in SwiftLogNoOpLogHandler() }

/// Starts a server on a free port, runs `body`, then shuts it down and waits.
func withServer<R>(
    host: String = "127.0.0.1",
    logger: Logger = quietLogger,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPHandler = echoHandler,
    _ body: (HTTPServer, Int) throws -> R
) throws -> R {
    var configuration = HTTPServerConfiguration(host: host, port: 0)
    configuration.shutdownGracePeriod = .seconds(2)
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, logger: logger, handler: handler)
    let port = try server.start()
    defer {
        server.shutdown()
        server.waitUntilStopped()
    }
    return try body(server, port)
}

/// Answers with what it received: "METHOD path query body".
let echoHandler: HTTPHandler = { request in
    var response = HTTPResponse(text: "\(request.method) \(request.path) \(request.query ?? "-") \(String(decoding: request.body, as: UTF8.self))")
    response.headers.add("X-Body-Length", String(request.body.count))
    for (name, value) in request.trailers { response.headers.add("X-Trailer-\(name)", value) }
    return response
}

func get(_ path: String, host: String = "localhost", extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\(extra)\r\n"
}

/// Runs a command; returns exit status, stdout and stderr.
@discardableResult
func run(_ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, timeout: Double = 20) throws -> (status: Int32, stdout: [UInt8], stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin)) }
    try? input.fileHandleForWriting.close()
    let outData = Mutex<Data>(Data()), errData = Mutex<Data>(Data())
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async { let d = out.fileHandleForReading.readDataToEndOfFile(); outData.withLock { $0 = d }; group.leave() }
    group.enter()
    DispatchQueue.global().async { let d = err.fileHandleForReading.readDataToEndOfFile(); errData.withLock { $0 = d }; group.leave() }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw TestFailure("\(executable) timed out")
    }
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](outData.withLock { $0 }), String(decoding: errData.withLock { $0 }, as: UTF8.self))
}

func which(_ tool: String) -> String? {
    for dir in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
        return "\(dir)/\(tool)"
    }
    return nil
}

func hasIPv6Loopback() -> Bool {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { Glibc.close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
    } == 0
}

func makeTempDir() throws -> String {
    var template = Array("/tmp/animatic-http-XXXXXX".utf8CString)
    guard let p = mkdtemp(&template) else { throw TestFailure("mkdtemp") }
    return String(cString: p)
}

/// Every test that opens sockets runs under this serialized parent, so timing checks
/// do not compete with each other.
@Suite(.serialized) struct ServerSuites {}
