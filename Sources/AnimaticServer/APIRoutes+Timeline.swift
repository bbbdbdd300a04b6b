import AnimaticCore
import AnimaticHTTP
import AnimaticRender
import Foundation

/// The routes that render: a preset's timeline, a posted spec's timeline, and validation
/// (docs/API.md, "Timeline"). A repeat is answered from the cache on the connection's
/// lane; everything else goes to the render lane, where `TimelineRendering` finishes it.
extension APIRoutes {
    func addTimelineRoutes(_ r: inout Router) {
        route(&r, .get, "/v1/presets/{name}/timeline") { [self] request, params in
            presetTimeline(request, name: params["name"] ?? "")
        }
        route(&r, .post, "/v1/timeline") { [self] request, _ in
            postTimeline(request)
        }
        route(&r, .post, "/v1/validate") { [self] request, _ in
            validate(request)
        }
    }

    private func postTimeline(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        return timelineRoute(
            request, cacheControl: "private, max-age=0, must-revalidate",
            exportName: { (try? JSONParser.parse(request.body)).flatMap(SwiftExportName.of(document:)) },
            exportPreset: { (try? JSONParser.parse(request.body)).flatMap(SwiftExportPreset.of(document:)) }
        ) {
            [self] _ in decodeBody(request)
        }
    }

    private func presetTimeline(_ request: HTTPRequest, name: String) -> HTTPResponse {
        // A GET of a preset is a pure function of its URL: shared caches may keep it.
        timelineRoute(
            request, cacheControl: "public, max-age=86400",
            exportName: { SwiftExportName.of(preset: name, params: try? PresetQuery.params(request).get()) },
            exportPreset: { SwiftExportPreset.of(preset: name, params: try? PresetQuery.params(request).get()) }
        ) {
            [self] format in expandPreset(request, name: name, rasterFormat: format.isRaster)
        }
    }

    /// The two timeline routes: read the options, answer a repeat straight from the cache
    /// (see `requestKey`) on the connection's lane, else — on the render lane — resolve the
    /// spec (decoding the body or expanding a preset) and compute its timeline.
    private func timelineRoute(
        _ request: HTTPRequest, cacheControl: String, exportName: () -> String?, exportPreset: () -> JSONValue?,
        spec resolve: @escaping @Sendable (OutputFormat) -> Result<TransitionSpec, Problem>
    ) -> HTTPResponse {
        var parsed: TimelineRequest
        switch TimelineRequest.parse(request, limits: configuration.limits) {
        case .failure(let problem): return problem.response
        case .success(let t): parsed = t
        }
        // The Swift export names its types after the preset or the spec's `name`.
        if parsed.format == .swift {
            parsed.options.exportName = exportName()
            parsed.options.exportPreset = exportPreset()
        }
        let requestKey = requestKey(request, parsed)
        if let hash = requestHashes.hash(requestKey),
            let response = cachedTimeline(hash: hash, parsed, cacheControl: cacheControl)
        {
            return response
        }
        let options = parsed
        return onRenderLane { [self] in
            let parsed = options
            switch resolve(parsed.format) {
            case .failure(let problem): return problem.response
            case .success(let spec):
                return timeline(for: spec, parsed, cacheControl: cacheControl, requestKey: requestKey)
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

    private func validate(_ request: HTTPRequest) -> HTTPResponse {
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        return onRenderLane { [self] in
            switch decodeBody(request) {
            case .failure(let problem): return problem.response
            case .success(let spec):
                // A valid spec may still ask for what UIKit cannot express (docs/API.md, "Warnings").
                let warnings = SpecWarnings.of(spec)
                guard !warnings.isEmpty else {
                    return HTTPResponse(
                        status: .ok, body: Array(#"{"valid":true}"#.utf8), contentType: "application/json")
                }
                var json = JSONWriter()
                json.raw(#"{"valid":true,"warnings":"#)
                SpecWarnings.write(warnings, into: &json)
                json.raw("}")
                var response = HTTPResponse(status: .ok, body: json.bytes, contentType: "application/json")
                for value in SpecWarnings.headerValues(warnings) { response.headers.add("Animatic-Warning", value) }
                return response
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

    /// The body as a spec: inline or `{"preset", "params"}`, its images resolved first.
    private func decodeBody(_ request: HTTPRequest) -> Result<TransitionSpec, Problem> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(request.body)
        } catch {
            return .failure(.malformedJSON(error))
        }
        let images: ImageLibrary
        switch resolveImages(json) {
        case .failure(let problem): return .failure(problem)
        case .success(let library): images = library
        }
        switch SpecDecoder.decodeDocument(json, limits: configuration.limits, images: images) {
        case .success(let spec): return .success(spec)
        case .failure(let problems): return .failure(.invalidSpec(problems.problems))
        }
    }
}
