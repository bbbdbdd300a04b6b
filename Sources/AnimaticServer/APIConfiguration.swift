import AnimaticCore
import AnimaticHTTP
import AnimaticImages
import AnimaticStore
import Foundation

/// What the API needs to know beyond each request.
public struct APIConfiguration: Sendable {
    /// Folder of static files served at `/` (the player page); nil serves none.
    public var publicDirectory: String?
    /// Bound on the response cache, in bytes of encoded bodies (identity + gzip).
    public var cacheBytes: Int
    /// Limits on the work one spec may ask for.
    public var limits: SpecLimits
    /// Mixed into every ETag, so a new release never revalidates an old body.
    public var version: String
    /// Threads of the render pool (`--workers`).
    public var workers: Int
    /// Renders that may wait for a worker before new ones get 503 at once (`--max-queue`):
    /// a bound on memory, not the load policy — by default as many as the connections the
    /// server holds (`HTTPServerConfiguration.maxConnections`), since each has at most one
    /// render in flight. Load is shed by wait time (`admission`).
    public var maxQueue: Int
    /// How long a render may wait for a worker before it is answered 503, and when the queue
    /// serves newest first (docs/HTTP.md, "Admission"); nil: no bound but `maxQueue`.
    public var admission: QueueAdmission?
    /// Deadline of a render, queue wait included (`--render-timeout`); nil: none.
    public var renderTimeout: Duration?
    /// Largest response body a render may produce (`--max-response-mb`).
    public var maxResponseBytes: Int
    /// Where uploaded images live (`--data-dir`, `--store`); nil: no asset routes.
    public var assetStore: (any AssetStore)? = nil
    /// Where short links live (the same store as the assets); nil: no link routes.
    public var linkStore: (any LinkStore)? = nil
    /// The byte, pixel and frame limits of an uploaded image (`--max-image-mb`, `--max-image-pixels`).
    public var imageLimits: ImageLimits = .standard
    /// When set, `POST /v1/assets` and `POST /v1/links` need `Authorization: Bearer <token>` (`--write-token`).
    public var writeToken: String? = nil

    /// The executable that answers `animatic import-worker`: when set, `POST /v1/import/swift`
    /// runs each import in a child process of it, stopped at `importProcessorSeconds`
    /// (`animatic serve` sets its own executable); nil runs the import in this process,
    /// bounded only by its interpreted steps and the render deadline (docs/API.md, "Import").
    public var importWorker: String? = nil
    /// Processor time an import may take in its child process, whole seconds (the kernel's
    /// `RLIMIT_CPU`; our choice, docs/API.md, "Import").
    public var importProcessorSeconds = 5

    /// Default render workers: one per core available to the process (Foundation reads
    /// the cgroup CPU quota on Linux, so a container limited to 2 CPUs gets 2).
    public static var defaultWorkers: Int { max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    public init(
        publicDirectory: String? = nil, cacheBytes: Int = 64 << 20, limits: SpecLimits = .standard,
        version: String = AnimaticVersion.current, workers: Int = APIConfiguration.defaultWorkers,
        maxQueue: Int = 4096, admission: QueueAdmission? = .standard, renderTimeout: Duration? = .seconds(30),
        maxResponseBytes: Int = 64 << 20
    ) {
        self.publicDirectory = publicDirectory
        self.cacheBytes = cacheBytes
        self.limits = limits
        self.version = version
        self.workers = workers
        self.maxQueue = maxQueue
        self.admission = admission
        self.renderTimeout = renderTimeout
        self.maxResponseBytes = maxResponseBytes
    }
}

/// The service's version, reported by `animatic --version`, in `Server` and in ETags.
public enum AnimaticVersion {
    public static let current = "0.1.0"
}
