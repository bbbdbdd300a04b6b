import AnimaticCore
import AnimaticHTTP
import AnimaticServer
import ArgumentParser
import Foundation
import Logging

/// `animatic serve` — the HTTP API and the player page.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API and the player page.",
        discussion: """
        Every option can also come from the environment: ANIMATIC_HOST, ANIMATIC_PORT, ANIMATIC_PUBLIC, \
        ANIMATIC_TLS_CERT, ANIMATIC_TLS_KEY, ANIMATIC_MAX_BODY, ANIMATIC_CACHE_MB, ANIMATIC_LOG_LEVEL. \
        An option on the command line wins over the environment.

        SIGTERM or SIGINT stops accepting, lets requests in flight finish (up to 10 s), closes idle \
        connections and exits 0. See docs/API.md and docs/DEPLOY.md.
        """
    )

    static let environment = ProcessInfo.processInfo.environment

    @Option(help: "Address to listen on (IPv4 or IPv6; 0.0.0.0 or :: for every interface).")
    var host: String = environment["ANIMATIC_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one (the bound port is logged).")
    var port: Int = Int(environment["ANIMATIC_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("public"), help: "Folder of static files served at / (the player page).")
    var publicDirectory: String = environment["ANIMATIC_PUBLIC"] ?? "public"

    @Option(help: "PEM certificate chain: serve HTTPS (TLS 1.2 and 1.3) with --tls-key.")
    var tlsCert: String?

    @Option(help: "PEM private key for --tls-cert.")
    var tlsKey: String?

    /// Optional options cannot carry a default, so the environment fills them here.
    var certificate: String? { tlsCert ?? Self.environment["ANIMATIC_TLS_CERT"] }
    var key: String? { tlsKey ?? Self.environment["ANIMATIC_TLS_KEY"] }

    @Option(help: "Largest request body accepted, in bytes (larger ones get 413).")
    var maxBody: Int = Int(environment["ANIMATIC_MAX_BODY"] ?? "") ?? (1 << 20)

    @Option(help: "Memory for cached responses, in MiB (0 disables the cache).")
    var cacheMb: Int = Int(environment["ANIMATIC_CACHE_MB"] ?? "") ?? 64

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = environment["ANIMATIC_LOG_LEVEL"] ?? "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard maxBody > 0 else { throw ValidationError("--max-body must be > 0") }
        guard (0...65536).contains(cacheMb) else { throw ValidationError("--cache-mb must be from 0 to 65536") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of: trace, debug, info, notice, warning, error, critical")
        }
        guard (certificate == nil) == (key == nil) else {
            throw ValidationError("--tls-cert and --tls-key go together")
        }
    }

    func run() throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "animatic")

        var isDirectory: ObjCBool = false
        let hasPublic = FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory) && isDirectory.boolValue
        if !hasPublic {
            logger.warning("no static files: \(publicDirectory) is not a folder (set --public or ANIMATIC_PUBLIC)")
        }
        let state = ServerState()
        let api = AnimaticAPI(configuration: APIConfiguration(publicDirectory: hasPublic ? publicDirectory : nil,
                                                              cacheBytes: cacheMb << 20),
                              state: state)

        var configuration = HTTPServerConfiguration(host: host, port: port)
        configuration.maxBodySize = maxBody
        // The HTTP layer's own refusals are problem details too, like every API error.
        configuration.errorResponder = { status, reason in
            var response = Problem.protocolError(status: status, reason: reason).response
            response.headers.set("Access-Control-Allow-Origin", "*")
            return response
        }
        configuration.serverName = "animatic/\(AnimaticVersion.current)"
        if let certificate, let key {
            configuration.tls = TLSConfiguration(certificateChainPath: certificate, privateKeyPath: key)
        }
        let server: HTTPServer
        let bound: Int
        do {
            // Loads the certificate and key when TLS is on: a bad file fails here, with its reason.
            server = try HTTPServer(configuration: configuration, logger: logger, handler: api.handler)
            state.attach(server)
            bound = try server.start()
        } catch {
            logger.critical("cannot listen on \(host):\(port): \(error)")
            throw ExitCode(1)
        }
        let scheme = certificate == nil ? "http" : "https"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        logger.info("animatic listening on \(scheme)://\(shownHost):\(bound)/")
        let signals = ShutdownSignals.install(for: server) { signal in
            logger.info("signal \(signal): draining")
        }
        server.waitUntilStopped()
        signals.cancel()
        logger.info("stopped")
    }
}
