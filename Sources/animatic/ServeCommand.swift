import AnimaticCore
import AnimaticHTTP
import AnimaticImages
import AnimaticServer
import AnimaticStore
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
            ANIMATIC_TLS_CERT, ANIMATIC_TLS_KEY, ANIMATIC_MAX_BODY, ANIMATIC_CACHE_MB, ANIMATIC_LOG_LEVEL, \
            ANIMATIC_WORKERS, ANIMATIC_MAX_QUEUE, ANIMATIC_QUEUE_DEADLINE, ANIMATIC_RENDER_TIMEOUT, ANIMATIC_MAX_RESPONSE_MB, \
            ANIMATIC_MAX_CONNECTIONS_PER_CLIENT, ANIMATIC_MAX_BUFFERED_BODY_MB, ANIMATIC_SHUTDOWN_GRACE, \
            ANIMATIC_DATA_DIR, ANIMATIC_STORE, ANIMATIC_STORE_MAX_MB, ANIMATIC_WRITE_TOKEN, ANIMATIC_MAX_IMAGE_MB, \
            ANIMATIC_MAX_IMAGE_PIXELS. \
            An option on the command line wins over the environment.

            Renders run on a pool of --workers threads behind a queue: a render that waits 2 s for a \
            worker (--queue-deadline), or finds --max-queue waiting, gets 503 with Retry-After; health, metrics, files and cache hits never wait for them. SIGTERM or SIGINT \
            stops accepting, lets requests in flight finish (up to --shutdown-grace), cancels what is \
            left and exits 0. See docs/HTTP.md and docs/DEPLOY.md.
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

    @Option(
        help: "Memory for request bodies of all connections together, in MiB (new uploads past it get 503).")
    var maxBufferedBodyMb: Int = Int(environment["ANIMATIC_MAX_BUFFERED_BODY_MB"] ?? "") ?? 256

    @Option(help: "Memory for cached responses, in MiB (0 disables the cache).")
    var cacheMb: Int = Int(environment["ANIMATIC_CACHE_MB"] ?? "") ?? 64

    // The default is the machine's: said in words once, not also as this machine's number.
    @Option(
        name: .customLong("workers"),
        help: "Render threads. (default: the cores available, \(APIConfiguration.defaultWorkers) here)")
    var workersOption: Int?

    var workers: Int {
        workersOption ?? Int(Self.environment["ANIMATIC_WORKERS"] ?? "") ?? APIConfiguration.defaultWorkers
    }

    @Option(help: "Renders that may wait for a worker; more get 503 with Retry-After at once.")
    var maxQueue: Int = Int(environment["ANIMATIC_MAX_QUEUE"] ?? "") ?? 4096

    @Option(
        help: ArgumentHelp(
            "Seconds a render may wait for a worker before it is shed (503); one expected to wait over half of it is held aside and shed then.",
            valueName: "seconds"))
    var queueDeadline: Double =
        Double(environment["ANIMATIC_QUEUE_DEADLINE"] ?? "") ?? QueueAdmission.standard.deadline.inSeconds

    @Option(help: "Seconds a render may take, queue wait included, before it is cancelled (503).")
    var renderTimeout: Double = Double(environment["ANIMATIC_RENDER_TIMEOUT"] ?? "") ?? 30

    @Option(help: "Processor seconds a Swift import may take, in its own process, before it is stopped (422).")
    var importCpuSeconds: Int = Int(environment["ANIMATIC_IMPORT_CPU_SECONDS"] ?? "") ?? 5

    @Option(help: "Largest response a render may produce, in MiB (larger ones get 422).")
    var maxResponseMb: Int = Int(environment["ANIMATIC_MAX_RESPONSE_MB"] ?? "") ?? 64

    @Option(help: "Connections one client address may hold (more get 429).")
    var maxConnectionsPerClient: Int = Int(environment["ANIMATIC_MAX_CONNECTIONS_PER_CLIENT"] ?? "") ?? 256

    @Option(help: "Seconds SIGTERM lets requests in flight finish before cancelling them.")
    var shutdownGrace: Double = Double(environment["ANIMATIC_SHUTDOWN_GRACE"] ?? "") ?? 10

    @Option(help: "Folder of the asset store (the SQLite file animatic.sqlite); created if missing.")
    var dataDir: String = environment["ANIMATIC_DATA_DIR"] ?? "data"

    @Option(
        help: ArgumentHelp(
            "Where assets are kept: sqlite (a file under --data-dir) or a postgres:// URI shared by replicas.",
            valueName: "sqlite|postgres://…"))
    var store: String = environment["ANIMATIC_STORE"] ?? "sqlite"

    @Option(help: "Total size of stored images, in MiB; past it the least recently used are evicted.")
    var storeMaxMb: Int = Int(environment["ANIMATIC_STORE_MAX_MB"] ?? "") ?? 1024

    @Option(help: "Memory for uploaded images read by renders, in MiB (0: every read goes to the store).")
    var assetCacheMb: Int = Int(environment["ANIMATIC_ASSET_CACHE_MB"] ?? "") ?? 64

    @Option(help: "Bearer token that uploads (POST /v1/assets) must carry; none: anyone may upload.")
    var writeToken: String?

    var token: String? { writeToken ?? Self.environment["ANIMATIC_WRITE_TOKEN"] }

    @Option(help: "Largest image upload, in MiB (larger ones get 413).")
    var maxImageMb: Int = Int(environment["ANIMATIC_MAX_IMAGE_MB"] ?? "") ?? 10

    @Option(help: "Largest image width × height, read from its header (larger ones get 422).")
    var maxImagePixels: Int = Int(environment["ANIMATIC_MAX_IMAGE_PIXELS"] ?? "") ?? 25_000_000

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = environment["ANIMATIC_LOG_LEVEL"] ?? "info"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard maxBody > 0 else { throw ValidationError("--max-body must be > 0") }
        guard (1...65536).contains(maxBufferedBodyMb) else {
            throw ValidationError("--max-buffered-body-mb must be from 1 to 65536")
        }
        guard maxBufferedBodyMb << 20 >= maxBody else {
            throw ValidationError("--max-buffered-body-mb must hold at least one body of --max-body")
        }
        guard (0...65536).contains(cacheMb) else { throw ValidationError("--cache-mb must be from 0 to 65536") }
        guard (0...65536).contains(assetCacheMb) else {
            throw ValidationError("--asset-cache-mb must be from 0 to 65536")
        }
        guard (1...1024).contains(workers) else { throw ValidationError("--workers must be from 1 to 1024") }
        guard (0...100_000).contains(maxQueue) else { throw ValidationError("--max-queue must be from 0 to 100000") }
        guard queueDeadline >= 0.05, queueDeadline <= 60 else {
            throw ValidationError("--queue-deadline must be from 0.05 to 60 s")
        }
        guard renderTimeout > 0, renderTimeout <= 3600 else {
            throw ValidationError("--render-timeout must be > 0 and ≤ 3600 s")
        }
        guard (1...600).contains(importCpuSeconds) else {
            throw ValidationError("--import-cpu-seconds must be from 1 to 600")
        }
        guard (1...4096).contains(maxResponseMb) else {
            throw ValidationError("--max-response-mb must be from 1 to 4096")
        }
        guard maxConnectionsPerClient >= 1 else { throw ValidationError("--max-connections-per-client must be ≥ 1") }
        guard shutdownGrace >= 0, shutdownGrace <= 3600 else {
            throw ValidationError("--shutdown-grace must be from 0 to 3600 s")
        }
        guard (1...1024).contains(maxImageMb) else { throw ValidationError("--max-image-mb must be from 1 to 1024") }
        guard (1...1_000_000_000).contains(maxImagePixels) else {
            throw ValidationError("--max-image-pixels must be from 1 to 1000000000")
        }
        guard store == "sqlite" || store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") else {
            throw ValidationError("--store must be sqlite or a postgres:// URI")
        }
        guard storeMaxMb >= maxImageMb else {
            throw ValidationError("--store-max-mb must hold at least one image of --max-image-mb")
        }
        if let token, token.isEmpty || token.contains(where: { $0.isWhitespace }) {
            throw ValidationError("--write-token must be non-empty, without spaces")
        }
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
        let hasPublic =
            FileManager.default.fileExists(atPath: publicDirectory, isDirectory: &isDirectory) && isDirectory.boolValue
        if !hasPublic {
            logger.warning("no static files: \(publicDirectory) is not a folder (set --public or ANIMATIC_PUBLIC)")
        }
        var apiConfiguration = APIConfiguration(
            publicDirectory: hasPublic ? publicDirectory : nil, cacheBytes: cacheMb << 20, workers: workers,
            maxQueue: maxQueue, admission: .deadline(.milliseconds(Int(queueDeadline * 1000))),
            renderTimeout: .milliseconds(Int(renderTimeout * 1000)),
            maxResponseBytes: maxResponseMb << 20)
        apiConfiguration.imageLimits = ImageLimits(maxBytes: maxImageMb << 20, maxPixels: maxImagePixels)
        apiConfiguration.writeToken = token
        apiConfiguration.importWorker = ImportWorkerCommand.executablePath
        if apiConfiguration.importWorker == nil {
            logger.warning(
                "no /proc/self/exe: Swift imports run in this process, without --import-cpu-seconds (docs/API.md, \"Import\")"
            )
        }
        apiConfiguration.importProcessorSeconds = importCpuSeconds
        do {
            let store = try openStore()
            apiConfiguration.assetStore =
                assetCacheMb > 0 ? AssetMemoryCache(base: store, capacityBytes: assetCacheMb << 20) : store
            apiConfiguration.linkStore = store as? any LinkStore
        } catch {
            logger.critical("cannot open the asset store: \(error)")
            throw ExitCode(1)
        }
        logger.info(
            "asset store: \(apiConfiguration.assetStore?.location ?? "none"); uploads \(token == nil ? "open to anyone (set --write-token on a shared server)" : "need the write token")"
        )
        var configuration = HTTPServerConfiguration(host: host, port: port)
        configuration.maxBodySize = maxBody
        configuration.maxBufferedBodyBytes = maxBufferedBodyMb << 20
        configuration.maxConnectionsPerClient = maxConnectionsPerClient
        configuration.maxSilentConnectionsPerClient = max(32, maxConnectionsPerClient / 8)
        configuration.shutdownGracePeriod = .milliseconds(Int(shutdownGrace * 1000))
        if let certificate, let key {
            configuration.tls = TLSConfiguration(certificateChainPath: certificate, privateKeyPath: key)
        }
        let service: AnimaticService
        let bound: Int
        do {
            // Loads the certificate and key when TLS is on: a bad file fails here, with its reason.
            service = try makeServer(api: apiConfiguration, http: configuration, logger: logger)
            bound = try service.server.start()
        } catch {
            logger.critical("cannot listen on \(host):\(port): \(error)")
            throw ExitCode(1)
        }
        let server = service.server
        let scheme = certificate == nil ? "http" : "https"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        logger.info("animatic listening on \(scheme)://\(shownHost):\(bound)/")
        let signals = ShutdownSignals.install(for: server) { signal in
            logger.info("signal \(signal): draining")
        }
        server.waitUntilStopped()
        service.api.stopLanes()
        signals.cancel()
        logger.info("stopped")
    }

    /// PostgreSQL for a postgres:// URI; otherwise the SQLite store under `--data-dir`, the
    /// folder created if missing.
    func openStore() throws -> any AssetStore {
        if store.hasPrefix("postgres://") || store.hasPrefix("postgresql://") {
            // A connection for each worker of the render and upload lanes, so none waits for one.
            return try PostgresAssetStore(uri: store, capacityBytes: storeMaxMb << 20, connections: 2 * workers)
        }
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        let path = (dataDir as NSString).appendingPathComponent(SQLiteAssetStore.fileName)
        return try SQLiteAssetStore(path: path, capacityBytes: storeMaxMb << 20)
    }
}
