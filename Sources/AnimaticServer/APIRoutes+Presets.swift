import AnimaticCore
import AnimaticHTTP
import AnimaticRender

/// The preset catalog's routes: the list, one preset's spec and its interaction rule
/// (docs/API.md, "Presets"). A preset's timeline is a timeline route (`APIRoutes+Timeline`).
extension APIRoutes {
    func addPresetRoutes(_ r: inout Router) {
        route(&r, .get, "/v1/presets") { _, _ in
            var w = JSONWriter()
            w.value(.object([("presets", .array(PresetCatalog.jsonDescriptions))]))
            return HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
        }
        route(&r, .get, "/v1/presets/{name}") { [self] request, params in
            presetSpec(request, name: params["name"] ?? "")
        }
        route(&r, .get, "/v1/presets/{name}/interaction") { [self] request, params in
            presetInteraction(request, name: params["name"] ?? "")
        }
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
    private func presetInteraction(_ request: HTTPRequest, name: String) -> HTTPResponse {
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
        let images: ImageLibrary
        switch resolveImages(preset: name, params: params) {
        case .failure(let problem): return problem.response
        case .success(let library): images = library
        }
        if case .failure(let problems) = preset.spec(params: params, images: images) {
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

    /// The named preset's spec for the parameters in the query, its images resolved first.
    /// `rasterFormat`: `scale` is the picture's option, not a preset parameter (`PresetQuery`).
    func expandPreset(_ request: HTTPRequest, name: String, rasterFormat: Bool = false) -> Result<
        TransitionSpec, Problem
    > {
        guard let preset = PresetCatalog.named(name) else {
            return .failure(
                .notFound("No preset named \"\(name)\". Presets: \(PresetCatalog.names.joined(separator: ", "))."))
        }
        let params: JSONValue?
        switch PresetQuery.params(request, rasterFormat: rasterFormat) {
        case .failure(let problem): return .failure(problem)
        case .success(let p): params = p
        }
        let images: ImageLibrary
        switch resolveImages(preset: name, params: params) {
        case .failure(let problem): return .failure(problem)
        case .success(let library): images = library
        }
        switch preset.spec(params: params, limits: configuration.limits, images: images) {
        case .success(let spec): return .success(spec)
        case .failure(let problems): return .failure(.invalidSpec(problems.problems))
        }
    }
}
