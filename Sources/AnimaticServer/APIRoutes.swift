import AnimaticCore
import AnimaticHTTP
import AnimaticRender
import Foundation

/// The routes of `AnimaticAPI` and the state they share: timelines, presets, validation,
/// health, metrics, the OpenAPI document and the player page. Documented in docs/API.md.
///
/// Lanes (docs/HTTP.md): cheap routes answer on the connection's queue; rendering
/// (a timeline on a cache miss, validation) is handed to `pool`, a bounded render pool,
/// with a deadline and a cancellation flag. Every route's response goes through one
/// place (`finish`: `Representation` decides gzip, ETag, 304, Vary, CORS and security
/// headers, then metrics); every error is a `Problem`. A spec can cause a 4xx, never a
/// 5xx: all checks (including the work and size limits) run before anything is encoded.
///
/// Every stored property is a `let` of a `Sendable` type (the cache, the metrics and the
/// memo lock themselves), so the class is checked `Sendable`; the router that captures it
/// lives in `AnimaticAPI`.
final class APIRoutes: Sendable {
    let configuration: APIConfiguration
    let cache: ResponseCache
    let metrics = Metrics()
    let assetMetrics = AssetMetrics()
    let state: ServerState
    /// The render lane.
    let renderLane: WorkLane
    var pool: WorkPool { renderLane.pool }
    /// The upload lane, with an asset or link store: `POST /v1/assets`, `POST /v1/links`
    /// (`WorkLane`).
    let uploadLane: WorkLane?
    /// Rendered bodies larger than this are streamed from a temporary file (docs/HTTP.md).
    static let spoolThreshold = 1 << 20
    let staticFiles: StaticFileHandler?
    let representation: Representation
    /// Request key → content hash of the timeline requests already answered (see `requestKey`).
    let requestHashes = RequestHashMemo(capacity: 4096)

    /// - Parameter contentCoding: the gzip level and threshold, from the HTTP server's
    ///   configuration (`HTTPServerConfiguration.contentNegotiator`).
    init(configuration: APIConfiguration, state: ServerState, contentCoding: ContentNegotiator) {
        self.configuration = configuration
        self.representation = Representation(negotiator: contentCoding)
        self.cache = ResponseCache(capacityBytes: configuration.cacheBytes)
        self.state = state
        self.renderLane = WorkLane(
            work: "render", workers: configuration.workers, configuration: configuration,
            representation: representation)
        self.uploadLane =
            configuration.assetStore == nil && configuration.linkStore == nil
            ? nil
            : WorkLane(
                work: "upload", workers: max(1, configuration.workers / 2), nice: WorkLane.uploadNice,
                admission: configuration.admission == nil ? nil : .uploads, configuration: configuration,
                representation: representation)
        self.staticFiles = configuration.publicDirectory.map { StaticFileHandler(root: $0) }
    }

    /// Every route, each capturing `self`: the route groups in their own files
    /// (`APIRoutes+Operations`, `+Presets`, `+Timeline`), then the player page's files.
    func makeRouter() -> Router {
        var router = Router()
        router.options = { request, allowed in APIRoutes.preflight(request, allowed: allowed) }
        addOperationRoutes(&router)
        addPresetRoutes(&router)
        addTimelineRoutes(&router)
        addImportRoutes(&router)
        addAssetRoutes(&router)
        addLinkRoutes(&router)
        addStaticFiles(&router)
        return router
    }

    /// Registers a route whose responses go through `finish` and are counted under `pattern`.
    /// A deferred response is finished when its work is done, on its lane.
    func route(
        _ router: inout Router, _ method: HTTPMethod, _ pattern: String,
        _ body: @escaping @Sendable (HTTPRequest, [String: String]) -> HTTPResponse
    ) {
        router.add(method, pattern) { [self] request, params in
            let started = ContinuousClock.now
            var response = body(request, params)
            if let deferred = response.deferred {
                response.deferred = deferredFinishing(deferred, request: request, route: pattern, started: started)
                return response
            }
            finish(&response, request: request, route: pattern, started: started)
            return response
        }
    }

    /// A lane's work, and its lane's refusals (queue full, deadline; set by `on(_:_:)`), finished
    /// like any response.
    private func deferredFinishing(
        _ deferred: DeferredWork, request: HTTPRequest, route: String,
        started: ContinuousClock.Instant
    ) -> DeferredWork {
        let overloaded = deferred.overloaded
        let shed = deferred.shed
        var wrapped = deferred
        wrapped.work = { [self] flag in
            var response = deferred.work(flag)
            if flag.isRaised { metrics.recordCancelled() }
            finish(&response, request: request, route: route, started: started)
            if response.body.count > Self.spoolThreshold {
                // A large fresh body leaves memory for a file, and the heap gives back its peak.
                response = SpooledBody.spool(response)
                MemoryTrim.releaseFreeMemory()
            }
            return response
        }
        wrapped.overloaded = { [self] in
            refusal(overloaded(), request: request, route: route, started: started)
        }
        wrapped.shed = { [self] in
            refusal(shed(), request: request, route: route, started: started)
        }
        wrapped.timedOut = { [self] in
            var response = Problem.renderTimeout(configuration.renderTimeout).response
            finish(&response, request: request, route: route, started: started)
            return response
        }
        return wrapped
    }

    /// A precomputed refusal, counted like any response (its headers are already those
    /// `finish` would set: a 503 has no coding, no ETag).
    private func refusal(
        _ response: HTTPResponse, request: HTTPRequest, route: String, started: ContinuousClock.Instant
    ) -> HTTPResponse {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(route: route, method: request.method, status: response.status, seconds: seconds)
        return response
    }

    /// Hands `work` to the render lane with the configured deadline. The work runs with
    /// `RenderCancellation` bound to its flag, so the sampler and encoders stop early.
    func onRenderLane(_ work: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        on(renderLane, work)
    }

    /// Hands `work` to `lane`, with the lane's own refusals (the upload lane's work checks the
    /// same flag while it decodes).
    func on(_ lane: WorkLane, _ work: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        let queueFull = lane.queueFull
        let shed = lane.shed
        return HTTPResponse(
            deferred: DeferredWork(
                pool: lane.pool, timeout: configuration.renderTimeout, overloaded: { queueFull }, shed: { shed }
            ) { flag in
                RenderCancellation.withCheck({ flag.isRaised }) { work() }
            })
    }

    /// Stops every lane's threads (after the server has stopped).
    func stopLanes() {
        renderLane.pool.stop()
        uploadLane?.pool.stop()
    }

    func finish(
        _ response: inout HTTPResponse, request: HTTPRequest, route: String,
        started: ContinuousClock.Instant, isPage: Bool = false,
        compress: (([UInt8]) -> [UInt8]?)? = nil
    ) {
        representation.apply(&response, request: request, isPage: isPage, compress: compress ?? cachedGzip(response))
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(route: route, method: request.method, status: response.status, seconds: seconds)
    }

    /// For a timeline body (its ETag is a cache key): the gzipped bytes from the cache,
    /// computed and kept there on first use.
    private func cachedGzip(_ response: HTTPResponse) -> (([UInt8]) -> [UInt8]?)? {
        guard let etag = response.headers["ETag"], etag.hasPrefix("\""), etag.count > 2 else { return nil }
        let hash = String(etag.dropFirst().dropLast())
        return { [self] body in
            guard var entry = cache.entry(hash), entry.body.count == body.count else {
                return representation.gzip.encode(body)
            }
            if let gzipped = entry.gzipped { return gzipped }
            let gzipped = representation.gzip.encode(body)
            entry.gzipped = gzipped
            cache.store(hash, entry)
            return gzipped
        }
    }

    /// CORS preflight: the API's one policy (`CORSPolicy`).
    static func preflight(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResponse {
        CORSPolicy.api.preflight(allowed: allowed)
    }
}
