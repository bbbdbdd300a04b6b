import AnimaticHTTP

/// The player page: the files of `--public`, served for every path no route matches
/// (else a 404 problem that points at the API).
extension APIRoutes {
    func addStaticFiles(_ r: inout Router) {
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
    }
}
