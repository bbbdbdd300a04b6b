import AnimaticHTTP
import Testing
@testable import AnimaticServer

/// `/readyz` turns 503 as soon as the server drains, while a request is still in flight.
@Suite(.timeLimit(.minutes(1))) struct ReadinessTests {
    @Test func readinessFailsWhileDrainingAndLivenessDoesNot() throws {
        let state = ServerState()
        let api = AnimaticAPI(configuration: APIConfiguration(), state: state)
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.shutdownGracePeriod = .seconds(5)
        let server = try HTTPServer(configuration: configuration, handler: api.handler)
        state.attach(server)
        let port = try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }

        func status(_ path: String) -> HTTPStatus { api.handle(HTTPRequest(method: .get, target: path)).status }
        #expect(status("/readyz") == .ok)

        // A request whose body is still arriving keeps the server draining. The interim
        // 100 Continue shows the server has parsed its head before shutdown begins.
        var client: HTTPClientConnection? = try HTTPClientConnection(host: "127.0.0.1", port: port)
        try client?.send("POST /v1/validate HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 40\r\n\r\n")
        #expect(try client?.readResponse().status == .continue)
        try client?.send(#"{"layers""#)
        server.shutdown()
        #expect(state.isDraining)
        #expect(status("/readyz") == .serviceUnavailable)
        #expect(status("/healthz") == .ok)
        let body = String(decoding: api.handle(HTTPRequest(method: .get, target: "/readyz")).body, as: UTF8.self)
        #expect(body == #"{"status":"draining"}"#)
        let metrics = String(decoding: api.handle(HTTPRequest(method: .get, target: "/metrics")).body, as: UTF8.self)
        #expect(metrics.contains("animatic_draining 1"))
        client = nil  // the straggler leaves, so the server stops without waiting out its grace
    }
}
