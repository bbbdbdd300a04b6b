import Foundation
import Logging
import Synchronization
import Testing
@testable import AnimaticHTTP
import Glibc

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
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
    var response = HTTPResponse(
        text:
            "\(request.method) \(request.path) \(request.query ?? "-") \(String(decoding: request.body, as: UTF8.self))"
    )
    response.headers.add("X-Body-Length", String(request.body.count))
    for (name, value) in request.trailers { response.headers.add("X-Trailer-\(name)", value) }
    return response
}

func get(_ path: String, host: String = "localhost", extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\(extra)\r\n"
}

/// Runs a command; returns exit status, stdout and stderr.
@discardableResult
func run(_ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, timeout: Double = 20) throws -> (
    status: Int32, stdout: [UInt8], stderr: String
) {
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
    DispatchQueue.global().async {
        let d = out.fileHandleForReading.readDataToEndOfFile(); outData.withLock { $0 = d }; group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
        let d = err.fileHandleForReading.readDataToEndOfFile(); errData.withLock { $0 = d }; group.leave()
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw TestFailure("\(executable) timed out")
    }
    process.waitUntilExit()
    return (
        process.terminationStatus, [UInt8](outData.withLock { $0 }),
        String(decoding: errData.withLock { $0 }, as: UTF8.self)
    )
}

func which(_ tool: String) -> String? {
    for dir in ["/usr/bin", "/usr/local/bin", "/bin"]
    where FileManager.default.isExecutableFile(atPath: "\(dir)/\(tool)") {
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
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
    } == 0
}

func makeTempDir() throws -> String {
    var template = Array("/tmp/animatic-http-XXXXXX".utf8CString)
    guard let p = mkdtemp(&template) else { throw TestFailure("mkdtemp") }
    return String(cString: p)
}

/// Every test that opens sockets runs under this serialized parent, so timing checks
/// do not compete with each other; each has a time limit, so a server that stops
/// answering fails its test rather than hanging the run.
@Suite(.serialized, .timeLimit(.minutes(1))) struct ServerSuites {}

/// Polls `condition` every millisecond until it holds or `seconds` pass; whether it held.
/// For state the server reaches on its own queues (a connection admitted or closed).
func waitUntil(seconds: Double = 5, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        usleep(1000)
    }
    return condition()
}
