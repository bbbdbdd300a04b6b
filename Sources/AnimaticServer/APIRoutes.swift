import AnimaticCore
import AnimaticHTTP
import AnimaticRender
import Foundation
import Synchronization

/// The routes of `AnimaticAPI` and the state they share: timelines, presets, validation,
/// health, metrics, the OpenAPI document and the player page. Documented in docs/API.md.
///
/// Two lanes (docs/HTTP.md): cheap routes answer on the connection's queue; rendering
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
    let state: ServerState
    /// The render lane.
    let pool: WorkPool
    /// Rendered bodies larger than this are streamed from a temporary file (docs/HTTP.md).
    static let spoolThreshold = 1 << 20
    private let staticFiles: StaticFileHandler?
    private let representation = Representation(gzip: GzipEncoder(level: 6), gzipMinimumSize: 1024)
    /// Request key → content hash of the timeline requests already answered (see `requestKey`).
    private let requestHashes = RequestHashMemo(capacity: 4096)

    init(configuration: APIConfiguration, state: ServerState) {
        self.configuration = configuration
        self.cache = ResponseCache(capacityBytes: configuration.cacheBytes)
        self.state = state
        self.pool = WorkPool(workers: configuration.workers, maxQueue: configuration.maxQueue)
        self.staticFiles = configuration.publicDirectory.map { StaticFileHandler(root: $0) }
    }

    /// Every route, each capturing `self`.
    func makeRouter() -> Router {
        var base = Router()
        base.options = { request, allowed in APIRoutes.preflight(request, allowed: allowed) }
        return makeRouter(base)
    }

    // MARK: Routes

    private func makeRouter(_ base: Router) -> Router {
        var r = base
        route(&r, .get, "/healthz") { _, _ in
            HTTPResponse(status: .ok, body: Array(#"{"status":"ok"}"#.utf8), contentType: "application/json")
        }
        route(&r, .get, "/readyz") { [self] _, _ in
            let draining = state.isDraining
            return HTTPResponse(
                status: draining ? .serviceUnavailable : .ok,
                body: Array((draining ? #"{"status":"draining"}"# : #"{"status":"ready"}"#).utf8),
                contentType: "application/json")
        }
        route(&r, .get, "/metrics") { [self] _, _ in
            let text = metrics.exposition(
                gauges: [
                    ("animatic_open_connections", "Client connections open now.", Double(state.openConnections)),
                    (
                        "animatic_cache_bytes", "Bytes of encoded bodies held by the response cache.",
                        Double(cache.bytesUsed)
                    ),
                    ("animatic_cache_entries", "Responses held by the response cache.", Double(cache.count)),
                    ("animatic_draining", "1 while the server drains before exiting.", state.isDraining ? 1 : 0),
                    ("animatic_render_workers", "Threads of the render pool.", Double(pool.workers)),
                    ("animatic_render_busy", "Render workers running a job now.", Double(pool.busy)),
                    ("animatic_render_queued", "Render jobs waiting for a worker.", Double(pool.queued)),
                    (
                        "animatic_request_body_bytes", "Request-body bytes held in memory by all connections now.",
                        Double(state.bufferedBodyBytes)
                    ),
                ],
                counters: [
                    (
                        "animatic_render_shed_total",
                        "Render requests refused with 503 because the render queue was full.",
                        Double(pool.shedCount)
                    ),
                    (
                        "animatic_render_cancelled_total",
                        "Renders abandoned: client gone, deadline passed or shutdown.",
                        Double(metrics.cancelledCount)
                    ),
                    (
                        "animatic_body_budget_shed_total",
                        "Uploads answered 503 because request bodies held in memory were over their budget.",
                        Double(state.bodyBudgetRefusals)
                    ),
                ])
            return HTTPResponse(
                status: .ok, body: Array(text.utf8), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        route(&r, .get, "/openapi.json") { _, _ in
            var response = HTTPResponse(
                status: .ok, body: Array(OpenAPIDocument.json.utf8), contentType: "application/json")
            response.headers.set("Cache-Control", "public, max-age=3600")
            return response
        }
        route(&r, .get, "/v1/presets") { _, _ in
            var w = JSONWriter()
            w.value(.object([("presets", .array(PresetCatalog.jsonDescriptions))]))
            return HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
        }
        route(&r, .get, "/v1/presets/{name}") { [self] request, params in
            presetSpec(request, name: params["name"] ?? "")
        }
        route(&r, .get, "/v1/presets/{name}/interaction") { request, params in
            Self.presetInteraction(request, name: params["name"] ?? "")
        }
        route(&r, .get, "/v1/presets/{name}/timeline") { [self] request, params in
            presetTimeline(request, name: params["name"] ?? "")
        }
        route(&r, .post, "/v1/timeline") { [self] request, _ in
            postTimeline(request)
        }
        route(&r, .post, "/v1/validate") { [self] request, _ in
            validate(request)
        }
        r.notFound = { [self] request in
            let started = ContinuousClock.now
            var response: HTTPResponse
            // The file handler answers 200 only: `Representation` decides 304 for every route.
            var unconditional = request
            unconditional.headers.remove("If-None-Match")
            if request.method == .get || request.method == .head, let files = staticFiles,
                let file = files.response(for: unconditional)
            {
                response = file
            } else {
                response =
                    Problem.notFound("No resource at \(request.path). The API is under /v1; see /openapi.json.")
                    .response
            }
            let route = response.status == .notFound ? "unmatched" : "static"
            finish(&response, request: request, route: route, started: started, isPage: route == "static")
            return response
        }
        return r
    }

    /// Registers a route whose responses go through `finish` and are counted under `pattern`.
    /// A deferred response is finished when its work is done, on the render lane.
    private func route(
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

    /// The render lane's work, and its refusals (queue full, deadline), finished like any response.
    private func deferredFinishing(
        _ deferred: DeferredWork, request: HTTPRequest, route: String,
        started: ContinuousClock.Instant
    ) -> DeferredWork {
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
            var response = Problem.overloaded(queue: pool.maxQueue).response
            finish(&response, request: request, route: route, started: started)
            return response
        }
        wrapped.timedOut = { [self] in
            var response = Problem.renderTimeout(configuration.renderTimeout).response
            finish(&response, request: request, route: route, started: started)
            return response
        }
        return wrapped
    }

    /// Hands `work` to the render lane with the configured deadline. The work runs with
    /// `RenderCancellation` bound to its flag, so the sampler and encoders stop early.
    private func onRenderLane(_ work: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        HTTPResponse(
            deferred: DeferredWork(pool: pool, timeout: configuration.renderTimeout) { flag in
                RenderCancellation.withCheck({ flag.isRaised }) { work() }
            })
    }

    private func finish(
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

    /// CORS preflight: any origin may call GET, HEAD and POST with the headers the API reads.
    static func preflight(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResponse {
        var methods = allowed
        if !methods.contains(.options) { methods.append(.options) }
        return HTTPResponse(
            status: .noContent,
            headers: [
                "Allow": Router.allowValue(methods),
                "Access-Control-Allow-Origin": "*",
                "Access-Control-Allow-Methods": Router.allowValue(methods),
                "Access-Control-Allow-Headers": "Content-Type, Accept, If-None-Match",
                "X-Content-Type-Options": "nosniff",
                "Access-Control-Max-Age": "86400",
            ])
    }

    // MARK: Handlers

    private func postTimeline(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        return timelineRoute(
            request, cacheControl: "private, max-age=0, must-revalidate",
            exportName: { (try? JSONParser.parse(request.body)).flatMap(SwiftExportName.of(document:)) }
        ) {
            [self] in decodeBody(request)
        }
    }

    private func presetTimeline(_ request: HTTPRequest, name: String) -> HTTPResponse {
        // A GET of a preset is a pure function of its URL: shared caches may keep it.
        timelineRoute(
            request, cacheControl: "public, max-age=86400",
            exportName: { SwiftExportName.of(preset: name, params: try? PresetQuery.params(request).get()) }
        ) {
            [self] in expandPreset(request, name: name)
        }
    }

    /// The two timeline routes: read the options, answer a repeat straight from the cache
    /// (see `requestKey`) on the connection's lane, else — on the render lane — resolve the
    /// spec (decoding the body or expanding a preset) and compute its timeline.
    private func timelineRoute(
        _ request: HTTPRequest, cacheControl: String, exportName: () -> String?,
        spec resolve: @escaping @Sendable () -> Result<TransitionSpec, Problem>
    ) -> HTTPResponse {
        var parsed: TimelineRequest
        switch TimelineRequest.parse(request, limits: configuration.limits) {
        case .failure(let problem): return problem.response
        case .success(let t): parsed = t
        }
        // The Swift export names its types after the preset or the spec's `name`.
        if parsed.format == .swift { parsed.options.exportName = exportName() }
        let requestKey = requestKey(request, parsed)
        if let hash = requestHashes.hash(requestKey),
            let response = timeline(hash: hash, spec: nil, parsed, request: request, cacheControl: cacheControl)
        {
            return response
        }
        let options = parsed
        return onRenderLane { [self] in
            let parsed = options
            switch resolve() {
            case .failure(let problem): return problem.response
            case .success(let spec):
                return timeline(for: spec, parsed, request: request, cacheControl: cacheControl, requestKey: requestKey)
            }
        }
    }

    /// What identifies a timeline request's response before its spec is decoded: the
    /// route's inputs (path, query, body) and the options that shape the bytes. Equal
    /// keys mean equal specs, so a repeat can go to the cache without decoding,
    /// expanding and re-encoding the spec again (most of a cache hit's cost).
    private func requestKey(_ request: HTTPRequest, _ parsed: TimelineRequest) -> String {
        ContentHash.sha256Hex([
            Array(request.method.rawValue.utf8), Array(request.path.utf8),
            Array((request.query ?? "").utf8), parsed.hashKey, request.body,
        ])
    }

    private func presetSpec(_ request: HTTPRequest, name: String) -> HTTPResponse {
        switch expandPreset(request, name: name) {
        case .failure(let problem): return problem.response
        case .success(let spec):
            var w = JSONWriter()
            w.value(SpecEncoder.encode(spec))
            var response = HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
            response.headers.set("Cache-Control", "public, max-age=86400")
            return response
        }
    }

    /// The preset's interaction rule for the parameters in the query (they change it: the tab
    /// slide's distance is the container width, its direction depends on from and to).
    private static func presetInteraction(_ request: HTTPRequest, name: String) -> HTTPResponse {
        guard let preset = PresetCatalog.named(name) else {
            return Problem.notFound(
                "No preset named \"\(name)\". Presets: \(PresetCatalog.names.joined(separator: ", "))."
            ).response
        }
        let params: JSONValue?
        switch PresetQuery.params(request) {
        case .failure(let problem): return problem.response
        case .success(let p): params = p
        }
        if case .failure(let problems) = preset.spec(params: params) {
            return Problem.invalidSpec(problems.problems).response
        }
        var w = JSONWriter()
        w.value(
            .object([
                ("preset", .string(name)),
                ("interaction", preset.interactionRule(params: params)?.jsonDescription ?? .null),
            ]))
        var response = HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
        response.headers.set("Cache-Control", "public, max-age=86400")
        return response
    }

    private func validate(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        return onRenderLane { [self] in
            switch decodeBody(request) {
            case .failure(let problem): return problem.response
            case .success:
                return HTTPResponse(status: .ok, body: Array(#"{"valid":true}"#.utf8), contentType: "application/json")
            }
        }
    }

    /// A request body must be JSON: `application/json` or any `+json` type. No
    /// Content-Type at all is read as JSON too (a bare `curl --data-binary`).
    static func checkJSONContentType(_ request: HTTPRequest) -> Problem? {
        // A coded body (gzip…) is not JSON as it stands; the API reads identity only
        // (RFC 9110 §15.5.16: 415, with Accept-Encoding saying what is accepted).
        if let coding = request.headers["Content-Encoding"], !coding.isEmpty,
            coding.split(separator: ",").contains(where: { $0.trimmingCharacters(in: " \t").lowercased() != "identity" }
            )
        {
            var problem = Problem(
                status: .unsupportedMediaType, type: "unsupported-media-type",
                title: "The body must not be content-coded",
                detail: "Content-Encoding is \(coding); send the spec uncompressed.",
                extensions: [("parameter", .string("Content-Encoding"))])
            problem.headers.set("Accept-Encoding", "identity")
            return problem
        }
        guard let contentType = request.headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";")[0].trimmingCharacters(in: " \t").lowercased()
        if type == "application/json" || type.hasSuffix("+json") { return nil }
        return Problem(
            status: .unsupportedMediaType, type: "unsupported-media-type", title: "The body must be JSON",
            detail:
                "Content-Type is \(type); send the spec as application/json (curl: -H 'Content-Type: application/json' or --json).",
            extensions: [("parameter", .string("Content-Type"))])
    }

    /// The body as a spec: inline or `{"preset", "params"}`.
    private func decodeBody(_ request: HTTPRequest) -> Result<TransitionSpec, Problem> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(request.body)
        } catch {
            return .failure(.malformedJSON(error))
        }
        switch SpecDecoder.decodeDocument(json, limits: configuration.limits) {
        case .success(let spec): return .success(spec)
        case .failure(let problems): return .failure(.invalidSpec(problems.problems))
        }
    }

    private func expandPreset(_ request: HTTPRequest, name: String) -> Result<TransitionSpec, Problem> {
        guard let preset = PresetCatalog.named(name) else {
            return .failure(
                .notFound("No preset named \"\(name)\". Presets: \(PresetCatalog.names.joined(separator: ", "))."))
        }
        let params: JSONValue?
        switch PresetQuery.params(request) {
        case .failure(let problem): return .failure(problem)
        case .success(let p): params = p
        }
        switch preset.spec(params: params, limits: configuration.limits) {
        case .success(let spec): return .success(spec)
        case .failure(let problems): return .failure(.invalidSpec(problems.problems))
        }
    }

    /// The encoded timeline of a valid spec, from the cache when it is there, with a strong
    /// ETag (`Representation` derives the gzip tag and answers `If-None-Match`).
    private func timeline(
        for spec: TransitionSpec, _ parsed: TimelineRequest, request: HTTPRequest,
        cacheControl: String, requestKey: String
    ) -> HTTPResponse {
        var canonical = JSONWriter()
        canonical.value(SpecEncoder.encode(spec))
        let hash = ContentHash.sha256Hex([Array(configuration.version.utf8), parsed.hashKey, canonical.bytes])
        requestHashes.store(requestKey, hash)
        // `spec` is given, so this always answers.
        return timeline(hash: hash, spec: spec, parsed, request: request, cacheControl: cacheControl)!
    }

    /// The response for the spec whose content hash is `hash`: from the cache, or computed
    /// from `spec`; nil when `spec` is nil and the cache no longer holds the body.
    private func timeline(
        hash: String, spec: TransitionSpec?, _ parsed: TimelineRequest, request: HTTPRequest,
        cacheControl: String
    ) -> HTTPResponse? {
        var headers = HTTPHeaders()
        headers.set("Cache-Control", cacheControl)
        headers.set("Vary", "Accept, Accept-Encoding")
        headers.set("Content-Type", parsed.format.mediaType)
        headers.set("ETag", "\"\(hash)\"")

        let body: [UInt8]
        if let cached = cache.entry(hash) {
            metrics.recordCache(hit: true)
            body = cached.body
        } else {
            guard let spec else { return nil }
            let compiled = parsed.reduceMotion ? ReduceMotion.apply(spec) : spec
            // Priced, then encoded within the response limit (BudgetedRender).
            let rendered = BudgetedRender.encode(
                compiled, format: parsed.format, options: parsed.options, limits: configuration.limits,
                maxResponseBytes: configuration.maxResponseBytes)
            // Cancelled mid-way: the bytes are incomplete; the connection sends nothing.
            if RenderCancellation.isRequested { return Problem.renderTimeout(configuration.renderTimeout).response }
            let encoded: [UInt8]
            switch rendered {
            case .success(let bytes): encoded = bytes
            case .failure(let refusal): return refusal.problem.response
            }
            metrics.recordCache(hit: false)
            // One entry may take an eighth of the cache at most, so a few huge bodies
            // cannot push out every other entry (or pin memory the spool would free).
            if encoded.count <= configuration.cacheBytes / 8 {
                cache.store(hash, ResponseCache.Entry(body: encoded, gzipped: nil))
            }
            body = encoded
        }
        if parsed.format == .swift {
            // What the Swift file cannot express, as its header comment lists it (docs/EXPORT.md).
            for warning in SwiftExportWarning.parse(fromSource: body) {
                headers.add(
                    "Animatic-Warning",
                    String(warning.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" }))
            }
        }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}

/// A bounded map from request keys to content hashes, emptied when full (entries are
/// small and equally cheap to recompute). Thread-safe.
final class RequestHashMemo: Sendable {
    private let hashes = Mutex<[String: String]>([:])
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func hash(_ key: String) -> String? {
        hashes.withLock { $0[key] }
    }

    func store(_ key: String, _ hash: String) {
        hashes.withLock { hashes in
            if hashes.count >= capacity { hashes.removeAll(keepingCapacity: true) }
            hashes[key] = hash
        }
    }
}
