import Foundation
import Testing
@testable import AnimaticHTTP
import Glibc

extension ServerSuites {
    @Suite struct TLS {
        /// A self-signed certificate for localhost / 127.0.0.1, made in a temp dir.
        static func makeCertificate() throws -> (dir: String, cert: String, key: String) {
            guard let openssl = which("openssl") else { throw TestFailure("openssl not installed") }
            let dir = try makeTempDir()
            let result = try run(
                openssl,
                [
                    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", dir + "/key.pem", "-out", dir + "/cert.pem",
                ])
            guard result.status == 0 else { throw TestFailure("openssl req failed: \(result.stderr)") }
            return (dir, dir + "/cert.pem", dir + "/key.pem")
        }

        func withTLSServer(_ body: (Int, String) throws -> Void) throws {
            let cert = try Self.makeCertificate()
            try withServer(
                configure: {
                    $0.tls = TLSConfiguration(certificateChainPath: cert.cert, privateKeyPath: cert.key)
                },
                handler: { request in
                    HTTPResponse(text: "secure=\(request.isSecure) \(request.method) \(request.path)")
                }
            ) { _, port in try body(port, cert.cert) }
        }

        func sClient(_ port: Int, _ flags: [String], request: String? = nil) throws -> String {
            let input = request ?? "GET /s HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            let out = try run(
                which("openssl")!,
                [
                    "s_client", "-connect", "127.0.0.1:\(port)", "-servername", "localhost",
                    "-alpn", "http/1.1", "-ign_eof",
                ] + flags, stdin: Array(input.utf8))
            return String(decoding: out.stdout, as: UTF8.self) + out.stderr
        }

        @Test func curlOverTLSWithALPNAndKeepAlive() throws {
            guard let curl = which("curl") else { Issue.record("curl not installed"); return }
            try withTLSServer { port, cacert in
                let out = try run(
                    curl, ["-sv", "--cacert", cacert, "https://localhost:\(port)/a", "https://localhost:\(port)/b"])
                #expect(out.status == 0, "\(out.stderr)")
                #expect(String(decoding: out.stdout, as: UTF8.self) == "secure=true GET /asecure=true GET /b")
                #expect(
                    out.stderr.contains("ALPN: server accepted http/1.1")
                        || out.stderr.contains("ALPN, server accepted to use http/1.1"))
                #expect(
                    out.stderr.contains("Re-using existing connection")
                        || out.stderr.contains("Reusing existing connection"))
            }
        }

        @Test func tls12And13AreAcceptedAndTLS11IsRefused() throws {
            guard which("openssl") != nil else { Issue.record("openssl not installed"); return }
            try withTLSServer { port, _ in
                let v12 = try sClient(port, ["-tls1_2"])
                #expect(v12.contains("TLSv1.2") && v12.contains("secure=true GET /s"))
                #expect(v12.contains("ECDHE"))
                let v13 = try sClient(port, ["-tls1_3"])
                #expect(v13.contains("TLSv1.3") && v13.contains("secure=true GET /s"))
                #expect(v13.contains("ALPN protocol: http/1.1"))
                // Let the client offer TLS 1.1 (its own security level would refuse it first).
                let v11 = try sClient(port, ["-tls1_1", "-cipher", "DEFAULT@SECLEVEL=0"])
                #expect(!v11.contains("secure=true"))
                // The server answers the ClientHello with a protocol_version alert (70).
                #expect(v11.contains("Cipher is (NONE)"))
                #expect(v11.contains("alert protocol version"))
            }
        }

        @Test func badHandshakesDoNotDisturbOthers() throws {
            guard let curl = which("curl") else { Issue.record("curl not installed"); return }
            try withTLSServer { port, cacert in
                let garbage = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try garbage.send(Array("GET / HTTP/1.1\r\nHost: plain-text-to-a-TLS-port\r\n\r\n".utf8))
                let stalled = try HTTPClientConnection(host: "127.0.0.1", port: port)
                try stalled.send([0x16, 0x03, 0x01])  // a ClientHello that never finishes
                let out = try run(curl, ["-s", "--cacert", cacert, "https://localhost:\(port)/ok"])
                #expect(String(decoding: out.stdout, as: UTF8.self) == "secure=true GET /ok")
                // the garbage connection was closed (possibly after a TLS alert)
                var sawEOF = false
                for _ in 0..<10 where !sawEOF {
                    var byte = [UInt8](repeating: 0, count: 512)
                    let n = recv(garbage.fd, &byte, byte.count, 0)
                    if n <= 0 { sawEOF = true }
                }
                #expect(sawEOF)
            }
        }

        @Test func missingCertificateIsAnError() {
            #expect(throws: TLSError.self) {
                _ = try HTTPServer(
                    configuration: HTTPServerConfiguration(
                        host: "127.0.0.1", port: 0,
                        tls: TLSConfiguration(
                            certificateChainPath: "/nonexistent.pem", privateKeyPath: "/nonexistent.key")),
                    logger: quietLogger, handler: echoHandler)
            }
        }
    }
}
