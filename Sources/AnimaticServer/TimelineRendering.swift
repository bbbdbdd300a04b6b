import AnimaticCore
import AnimaticHTTP
import AnimaticRaster
import AnimaticRender

/// The finishing step of the timeline routes: a valid spec's encoded timeline, from the
/// cache when it is there, else priced, compiled, encoded and kept; answered with a strong
/// ETag (`Representation` derives the gzip tag and answers `If-None-Match`).
extension APIRoutes {
    /// The response for a valid spec on the render lane: its content hash is computed and
    /// remembered under `requestKey`, so the next identical request skips the decoding.
    func timeline(
        for spec: TransitionSpec, _ parsed: TimelineRequest, cacheControl: String, requestKey: String
    ) -> HTTPResponse {
        var canonical = JSONWriter()
        canonical.value(SpecEncoder.encode(spec))
        let hash = ContentHash.sha256Hex([Array(configuration.version.utf8), parsed.hashKey, canonical.bytes])
        requestHashes.store(requestKey, hash)
        if let cached = cachedTimeline(hash: hash, parsed, cacheControl: cacheControl) { return cached }
        let compiled = parsed.reduceMotion ? ReduceMotion.apply(spec) : spec
        // What UIKit cannot express exactly, for every format (docs/API.md, "Warnings"):
        // found once, for the headers and for the JSON body's `warnings` member, and only
        // for a render that is not refused.
        let found = SpecWarnings.Found(compiled)
        let body: [UInt8]
        switch SpecWarnings.reusing(found, { render(compiled, parsed) }) {
        case .failure(let problem): return problem.response
        case .success(let encoded): body = encoded
        }
        let warnings = SpecWarnings.headerValues(found.warnings)
        // One entry may take an eighth of the cache at most, so a few huge bodies
        // cannot push out every other entry (or pin memory the spool would free).
        if body.count <= configuration.cacheBytes / 8 {
            cache.store(hash, ResponseCache.Entry(body: body, gzipped: nil, warnings: warnings))
        }
        return timelineResponse(body, hash: hash, warnings: warnings, parsed, cacheControl: cacheControl)
    }

    /// The cached response for the content hash `hash`; nil when the cache does not hold it.
    func cachedTimeline(hash: String, _ parsed: TimelineRequest, cacheControl: String) -> HTTPResponse? {
        guard let cached = cache.entry(hash) else { return nil }
        metrics.recordCache(hit: true)
        return timelineResponse(cached.body, hash: hash, warnings: cached.warnings, parsed, cacheControl: cacheControl)
    }

    /// Prices, compiles and encodes `compiled` (the spec after `reduceMotion`): the encoded bytes, or the problem that refused
    /// them (over a work or size limit, or cancelled).
    private func render(_ compiled: TransitionSpec, _ parsed: TimelineRequest) -> Result<[UInt8], Problem> {
        // The interruptible export needs one timing that ends with the transition (docs/EXPORT.md).
        if parsed.format == .swift, parsed.options.exportInterruptible {
            let problems = SwiftInterruptible.problems(compiled)
            if !problems.isEmpty { return .failure(Problem.invalidSpec(problems)) }
        }
        // Priced, then encoded within the response limit (BudgetedRender).
        let rendered = BudgetedRender.encode(
            compiled, format: parsed.format, options: parsed.options, limits: configuration.limits,
            maxResponseBytes: configuration.maxResponseBytes)
        // Cancelled mid-way: the bytes are incomplete; the connection sends nothing.
        if RenderCancellation.isRequested { return .failure(Problem.renderTimeout(configuration.renderTimeout)) }
        let encoded: [UInt8]
        switch rendered {
        case .success(let bytes): encoded = bytes
        case .failure(.refused(let refusal)): return .failure(refusal.problem)
        case .failure(.encoderFailed(let format, let reason)): return .failure(.encoderFailed(format, reason))
        }
        metrics.recordCache(hit: false)
        return .success(encoded)
    }

    /// A timeline body as the 200 response of its route, before `Representation`.
    private func timelineResponse(
        _ body: [UInt8], hash: String, warnings: [String], _ parsed: TimelineRequest, cacheControl: String
    ) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Cache-Control", cacheControl)
        headers.set("Vary", "Accept, Accept-Encoding")
        headers.set("Content-Type", parsed.format.mediaType)
        headers.set("ETag", "\"\(hash)\"")
        // One field line per warning, in spec order (docs/API.md, "Warnings").
        for warning in warnings { headers.add("Animatic-Warning", warning) }
        return HTTPResponse(status: .ok, headers: headers, body: body)
    }
}
