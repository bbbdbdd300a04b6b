import AnimaticCore
import AnimaticHTTP
import AnimaticRender
import Foundation

/// The public API on AnimaticHTTP: timelines, presets, validation, health, metrics, the
/// OpenAPI document and the player page. Documented in docs/API.md.
///
/// `@unchecked Sendable`: its one `var`, the router, is written only in `init`; the cache
/// and the metrics lock themselves.
///
/// Every route's response goes through one place (`finish`) that adds CORS headers and
/// records metrics; every error is a `Problem`. A spec can cause a 4xx, never a 5xx: all
/// checks (including the work limits) run before anything is computed.
public final class AnimaticAPI: @unchecked Sendable {
    public let configuration: APIConfiguration
    public let cache: ResponseCache
    public let metrics = Metrics()
    public let state: ServerState
    private let staticFiles: StaticFileHandler?
    private let gzip = GzipEncoder(level: 6)
    /// Bodies below this are not worth compressing (the server's own threshold).
    private let gzipMinimumSize = 1024
    /// Request key → content hash of the timeline requests already answered (see `requestKey`).
    private let requestHashes = RequestHashMemo(capacity: 4096)
    /// Set once, at the end of `init` (its handlers capture `self`); read-only after.
    private var router = Router()

    public init(configuration: APIConfiguration, state: ServerState = ServerState()) {
        self.configuration = configuration
        self.cache = ResponseCache(capacityBytes: configuration.cacheBytes)
        self.state = state
        self.staticFiles = configuration.publicDirectory.map { StaticFileHandler(root: $0) }
        var base = Router()
        base.options = { request, allowed in AnimaticAPI.preflight(request, allowed: allowed) }
        router = makeRouter(base)
    }

    /// The handler to give `HTTPServer`.
    public var handler: HTTPHandler {
        { [self] request in self.handle(request) }
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        router.handle(request)
    }

    // MARK: Routes

    private func makeRouter(_ base: Router) -> Router {
        var r = base
        route(&r, .get, "/healthz") { _, _ in
            HTTPResponse(status: .ok, body: Array(#"{"status":"ok"}"#.utf8), contentType: "application/json")
        }
        route(&r, .get, "/readyz") { [self] _, _ in
            let draining = state.isDraining
            return HTTPResponse(status: draining ? .serviceUnavailable : .ok,
                                body: Array((draining ? #"{"status":"draining"}"# : #"{"status":"ready"}"#).utf8),
                                contentType: "application/json")
        }
        route(&r, .get, "/metrics") { [self] _, _ in
            let text = metrics.exposition(gauges: [
                ("animatic_open_connections", "Client connections open now.", Double(state.openConnections)),
                ("animatic_cache_bytes", "Bytes of encoded bodies held by the response cache.", Double(cache.bytesUsed)),
                ("animatic_cache_entries", "Responses held by the response cache.", Double(cache.count)),
                ("animatic_draining", "1 while the server drains before exiting.", state.isDraining ? 1 : 0),
            ])
            return HTTPResponse(status: .ok, body: Array(text.utf8), contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
        route(&r, .get, "/openapi.json") { _, _ in
            var response = HTTPResponse(status: .ok, body: Array(OpenAPIDocument.json.utf8), contentType: "application/json")
            response.headers.set("Cache-Control", "public, max-age=3600")
            return response
        }
        route(&r, .get, "/v1/presets") { _, _ in
            var w = JSONWriter()
            w.value(.object([("presets", .array(PresetCatalog.all.map(\.jsonDescription)))]))
            return HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
        }
        route(&r, .get, "/v1/presets/{name}") { [self] request, params in
            presetSpec(request, name: params["name"] ?? "")
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
            if request.method == .get || request.method == .head, let files = staticFiles,
               let file = files.response(for: request) {
                response = file
            } else {
                response = Problem.notFound("No resource at \(request.path). The API is under /v1; see /openapi.json.").response
            }
            finish(&response, request: request, route: response.status == .notFound ? "unmatched" : "static", started: started)
            return response
        }
        return r
    }

    /// Registers a route whose responses get CORS headers and are counted under `pattern`.
    private func route(_ router: inout Router, _ method: HTTPMethod, _ pattern: String,
                       _ body: @escaping @Sendable (HTTPRequest, [String: String]) -> HTTPResponse) {
        router.add(method, pattern) { [self] request, params in
            let started = ContinuousClock.now
            var response = body(request, params)
            finish(&response, request: request, route: pattern, started: started)
            return response
        }
    }

    private func finish(_ response: inout HTTPResponse, request: HTTPRequest, route: String, started: ContinuousClock.Instant) {
        response.headers.set("Access-Control-Allow-Origin", "*")
        response.headers.set("Access-Control-Expose-Headers", "ETag, Content-Length, Content-Encoding")
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        metrics.record(route: route, method: request.method, status: response.status, seconds: seconds)
    }

    /// CORS preflight: any origin may call GET, HEAD and POST with the headers the API reads.
    static func preflight(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResponse {
        var methods = allowed
        if !methods.contains(.options) { methods.append(.options) }
        return HTTPResponse(status: .noContent, headers: [
            "Allow": Router.allowValue(methods),
            "Access-Control-Allow-Origin": "*",
            "Access-Control-Allow-Methods": Router.allowValue(methods),
            "Access-Control-Allow-Headers": "Content-Type, Accept, If-None-Match",
            "Access-Control-Max-Age": "86400",
        ])
    }

    // MARK: Handlers

    private func postTimeline(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        return timelineRoute(request, cacheControl: "private, max-age=0, must-revalidate") { decodeBody(request) }
    }

    private func presetTimeline(_ request: HTTPRequest, name: String) -> HTTPResponse {
        // A GET of a preset is a pure function of its URL: shared caches may keep it.
        timelineRoute(request, cacheControl: "public, max-age=86400") { expandPreset(request, name: name) }
    }

    /// The two timeline routes: read the options, answer a repeat straight from the cache
    /// (see `requestKey`), else resolve the spec — decoding the body or expanding a preset —
    /// and compute or fetch its timeline.
    private func timelineRoute(_ request: HTTPRequest, cacheControl: String,
                               spec resolve: () -> Result<TransitionSpec, Problem>) -> HTTPResponse {
        let parsed: TimelineRequest
        switch TimelineRequest.parse(request, limits: configuration.limits) {
        case .failure(let problem): return problem.response
        case .success(let t): parsed = t
        }
        let requestKey = requestKey(request, parsed)
        if let hash = requestHashes.hash(requestKey),
           let response = timeline(hash: hash, spec: nil, parsed, request: request, cacheControl: cacheControl) {
            return response
        }
        switch resolve() {
        case .failure(let problem): return problem.response
        case .success(let spec):
            return timeline(for: spec, parsed, request: request, cacheControl: cacheControl, requestKey: requestKey)
        }
    }

    /// What identifies a timeline request's response before its spec is decoded: the
    /// route's inputs (path, query, body) and the options that shape the bytes. Equal
    /// keys mean equal specs, so a repeat can go to the cache without decoding,
    /// expanding and re-encoding the spec again (most of a cache hit's cost).
    private func requestKey(_ request: HTTPRequest, _ parsed: TimelineRequest) -> String {
        ContentHash.sha256Hex([Array(request.method.rawValue.utf8), Array(request.path.utf8),
                               Array((request.query ?? "").utf8), parsed.hashKey, request.body])
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

    private func validate(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        switch decodeBody(request) {
        case .failure(let problem): return problem.response
        case .success:
            return HTTPResponse(status: .ok, body: Array(#"{"valid":true}"#.utf8), contentType: "application/json")
        }
    }

    /// A request body must be JSON: `application/json` or any `+json` type. No
    /// Content-Type at all is read as JSON too (a bare `curl --data-binary`).
    static func checkJSONContentType(_ request: HTTPRequest) -> Problem? {
        guard let contentType = request.headers["Content-Type"] else { return nil }
        let type = contentType.split(separator: ";")[0].trimmingCharacters(in: " \t").lowercased()
        if type == "application/json" || type.hasSuffix("+json") { return nil }
        return Problem(status: .unsupportedMediaType, type: "unsupported-media-type", title: "The body must be JSON",
                       detail: "Content-Type is \(type); send the spec as application/json (curl: -H 'Content-Type: application/json' or --json).",
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
            return .failure(.notFound("No preset named \"\(name)\". Presets: \(PresetCatalog.names.joined(separator: ", "))."))
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
    /// ETag per representation (identity or gzip), `304` on a matching `If-None-Match`.
    private func timeline(for spec: TransitionSpec, _ parsed: TimelineRequest, request: HTTPRequest,
                          cacheControl: String, requestKey: String) -> HTTPResponse {
        var canonical = JSONWriter()
        canonical.value(SpecEncoder.encode(spec))
        let hash = ContentHash.sha256Hex([Array(configuration.version.utf8), parsed.hashKey, canonical.bytes])
        requestHashes.store(requestKey, hash)
        // `spec` is given, so this always answers.
        return timeline(hash: hash, spec: spec, parsed, request: request, cacheControl: cacheControl)!
    }

    /// The response for the spec whose content hash is `hash`: from the cache, or computed
    /// from `spec`; nil when `spec` is nil and the cache no longer holds the body.
    private func timeline(hash: String, spec: TransitionSpec?, _ parsed: TimelineRequest, request: HTTPRequest,
                          cacheControl: String) -> HTTPResponse? {
        let etag = "\"\(hash)\"", gzipETag = "\"\(hash)-gz\""

        let preferences = ContentCoding.preferences(request.headers)
        var headers = HTTPHeaders()
        headers.set("Cache-Control", cacheControl)
        headers.set("Vary", "Accept, Accept-Encoding")
        headers.set("Content-Type", parsed.format.mediaType)

        if request.ifNoneMatchMatches(etag) || request.ifNoneMatchMatches(gzipETag) {
            let gz = preferences.gzip > 0 && (preferences.gzip >= preferences.identity || preferences.identity == 0)
            headers.set("ETag", gz ? gzipETag : etag)
            headers.remove("Content-Type")
            return HTTPResponse(status: .notModified, headers: headers)
        }

        var entry: ResponseCache.Entry
        if let cached = cache.entry(hash) {
            metrics.recordCache(hit: true)
            entry = cached
        } else {
            guard let spec else { return nil }
            let timeline = TimelineCompiler.compile(parsed.reduceMotion ? ReduceMotion.apply(spec) : spec)
            let samples = parsed.frameSamples(timeline)
            if parsed.options.includeFrames || [.svg, .lottie, .css].contains(parsed.format),
               samples > configuration.limits.maxFrameSamples {
                return Problem(status: .unprocessableContent, type: "too-much-work", title: "The timeline would be too large",
                               detail: "\(samples) frame samples (frames × layers) at \(parsed.options.fps) fps, more than the limit of \(configuration.limits.maxFrameSamples); lower fps.",
                               errors: [SpecProblem(pointer: "", message: "\(samples) frame samples, more than \(configuration.limits.maxFrameSamples)")],
                               extensions: [("parameter", .string("fps"))]).response
            }
            metrics.recordCache(hit: false)
            entry = ResponseCache.Entry(body: parsed.format.encode(timeline, options: parsed.options), gzipped: nil)
            cache.store(hash, entry)
        }

        let compressible = ContentCoding.isCompressible(contentType: parsed.format.mediaType)
        let wantsGzip = preferences.gzip > 0 && compressible
            && ((preferences.gzip >= preferences.identity && entry.body.count >= gzipMinimumSize) || preferences.identity == 0)
        if wantsGzip {
            if entry.gzipped == nil, let encoded = gzip.encode(entry.body) {
                entry.gzipped = encoded
                cache.store(hash, entry)
            }
            if let gzipped = entry.gzipped {
                headers.set("Content-Encoding", "gzip")
                headers.set("ETag", gzipETag)
                return HTTPResponse(status: .ok, headers: headers, body: gzipped)
            }
        }
        headers.set("ETag", etag)
        return HTTPResponse(status: .ok, headers: headers, body: entry.body)
    }
}

/// A bounded map from request keys to content hashes, emptied when full (entries are
/// small and equally cheap to recompute). Thread-safe.
final class RequestHashMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var hashes: [String: String] = [:]
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func hash(_ key: String) -> String? {
        lock.lock(); defer { lock.unlock() }
        return hashes[key]
    }

    func store(_ key: String, _ hash: String) {
        lock.lock(); defer { lock.unlock() }
        if hashes.count >= capacity { hashes.removeAll(keepingCapacity: true) }
        hashes[key] = hash
    }
}
