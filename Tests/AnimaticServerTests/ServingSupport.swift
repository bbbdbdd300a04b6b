import AnimaticHTTP
import Foundation

@testable import AnimaticServer

/// Serves `handler` on a free port of 127.0.0.1 for the length of `body`, then shuts the server
/// down and waits for it: how the socket tests of this target stand an API up.
func serving<R>(
    _ handler: @escaping HTTPHandler,
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer, Int) throws -> R
) throws -> R {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    configure(&configuration)
    let server = try HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    defer {
        server.shutdown()
        server.waitUntilStopped()
    }
    return try body(server, port)
}

/// Polls `condition` every 5 ms for up to 10 s; whether it held.
func waitFor(_ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(5000)
    }
    return condition()
}

/// One sample of the API's `/metrics` by name, nil when absent.
func metric(_ api: AnimaticAPI, _ name: String) -> Double? {
    let text = String(decoding: api.handle(HTTPRequest(method: .get, target: "/metrics")).body, as: UTF8.self)
    return text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        .flatMap { Double($0.split(separator: " ")[1]) }
}

/// A POST of `body` as `type` on a fresh connection to 127.0.0.1:`port`, and its response.
func post(_ port: Int, _ path: String, _ body: [UInt8], type: String) throws -> HTTPClientResponse {
    let client = try HTTPClientConnection(host: "127.0.0.1", port: port)
    try client.send(
        Array("POST \(path) HTTP/1.1\r\nHost: t\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            + body)
    return try client.readResponse()
}
