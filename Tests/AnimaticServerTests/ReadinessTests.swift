import AnimaticHTTP
import Foundation
import Testing
@testable import AnimaticServer

/// `/readyz` turns 503 as soon as the server drains, while a request is still in flight.
@Suite struct ReadinessTests {
    /// A TCP connection to 127.0.0.1:`port` that sends `bytes` and stays open.
    func openConnection(port: Int, sending bytes: String) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        _ = bytes.withCString { send(fd, $0, strlen($0), 0) }
        return fd
    }

    @Test func readinessFailsWhileDrainingAndLivenessDoesNot() throws {
        let state = ServerState()
        let api = AnimaticAPI(configuration: APIConfiguration(), state: state)
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(5)
        let server = try HTTPServer(configuration: configuration, handler: api.handler)
        state.attach(server)
        let port = try server.start()

        func status(_ path: String) -> Int { api.handle(HTTPRequest(method: "GET", target: path)).status }
        #expect(status("/readyz") == 200)

        // A request whose body is still arriving keeps the server draining.
        let fd = try openConnection(port: port, sending: "POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{\"layers\"")
        defer { close(fd) }
        Thread.sleep(forTimeInterval: 0.1)
        server.shutdown()
        #expect(state.isDraining)
        #expect(status("/readyz") == 503)
        #expect(status("/healthz") == 200)
        let body = String(decoding: api.handle(HTTPRequest(method: "GET", target: "/readyz")).body, as: UTF8.self)
        #expect(body == #"{"status":"draining"}"#)
        let metrics = String(decoding: api.handle(HTTPRequest(method: "GET", target: "/metrics")).body, as: UTF8.self)
        #expect(metrics.contains("animatic_draining 1"))
        close(fd)
        server.waitUntilStopped()
    }
}
