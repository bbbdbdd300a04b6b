import AnimaticCore
import AnimaticHTTP
import AnimaticRender
import AnimaticStore

/// Short links (docs/API.md, "Links"): `POST /v1/links` keeps the page's state in the store
/// under an id derived from its hash (`LinkID`); `GET /v1/links/{id}` returns it; its
/// pictures (`poster.png`, the middle frame; `preview.gif`) are rendered like any timeline;
/// `/s/{id}` is the page opened in that state, with the tags link previews read
/// (`LinkPage`); `/embed/{id}` the player alone for an `<iframe>`; `/oembed` describes an
/// embed for tools that read oEmbed 1.0 (oembed.com).
///
/// A link's state is checked like any spec before it is stored, and a stored state is
/// never changed, so each of these routes is a function of the id. Making a link runs on the
/// upload lane with the uploads (its store write); its pictures on the render lane.
extension APIRoutes {
    func addLinkRoutes(_ r: inout Router) {
        guard configuration.linkStore != nil else { return }
        route(&r, .post, "/v1/links") { [self] request, _ in createLink(request) }
        route(&r, .get, "/v1/links/{id}") { [self] _, params in getLink(params["id"] ?? "") }
        route(&r, .get, "/v1/links/{id}/poster.png") { [self] _, params in
            linkPicture(params["id"] ?? "", .poster)
        }
        route(&r, .get, "/v1/links/{id}/preview.gif") { [self] _, params in
            linkPicture(params["id"] ?? "", .preview)
        }
        route(&r, .get, "/s/{id}") { [self] request, params in linkPage(request, params["id"] ?? "", embed: false) }
        route(&r, .get, "/embed/{id}") { [self] request, params in
            linkPage(request, params["id"] ?? "", embed: true)
        }
        route(&r, .get, "/oembed") { [self] request, _ in oembed(request) }
    }

    // MARK: The state

    private func createLink(_ request: HTTPRequest) -> HTTPResponse {
        guard let store = configuration.linkStore else { return Problem.notFound("no link store").response }
        // Making a link writes to the store, as an upload does: the same token guards both.
        if let token = configuration.writeToken, let problem = Self.checkBearer(request, token: token) {
            return problem.response
        }
        if let problem = Self.checkJSONContentType(request) { return problem.response }
        let body = request.body
        // A store write, as an upload is: on the upload lane (docs/HTTP.md, "Lanes"), so a
        // commit waiting for the disk or PostgreSQL never holds a render worker.
        return on(uploadLane ?? renderLane) { [self] in
            let json: JSONValue
            do throws(JSONParseError) {
                json = try JSONParser.parse(body)
            } catch {
                return Problem.malformedJSON(error).response
            }
            let state: LinkState
            switch LinkState.read(json) {
            case .failure(let problems): return Problem.invalidSpec(problems.problems).response
            case .success(let s): state = s
            }
            guard state.canonicalBytes.count <= LinkState.maxBytes else {
                return Problem.linkTooLarge(state.canonicalBytes.count).response
            }
            if case .failure(let problem) = checkedSpecs(state) { return problem.response }
            let text = String(decoding: state.canonicalBytes, as: UTF8.self)
            let digits = LinkID.digits(of: state.canonicalBytes)
            // The shortest free prefix of the hash, or the one that holds this state already.
            for length in LinkID.standardLength...LinkID.maxLength {
                let id = String(decoding: digits.prefix(length), as: UTF8.self)
                let found: LinkInsertion
                do throws(AssetStoreError) {
                    found = try store.insertLink(id: id, state: text)
                } catch {
                    assetMetrics.recordStoreFailure()
                    return Problem.storeUnavailable(error).response
                }
                if found == .taken { continue }
                var w = JSONWriter()
                w.value(
                    .object([
                        ("id", .string(id)), ("url", .string("/s/\(id)")), ("embed", .string("/embed/\(id)")),
                        ("poster", .string("/v1/links/\(id)/poster.png")),
                        ("preview", .string("/v1/links/\(id)/preview.gif")),
                    ]))
                var response = HTTPResponse(
                    status: found == .created ? .created : .ok, body: w.bytes, contentType: "application/json")
                response.headers.set("Location", "/v1/links/\(id)")
                response.headers.set("Cache-Control", "no-store")
                return response
            }
            // Every digit of the hash is taken by other states: SHA-256 itself collided.
            return Problem(
                status: .internalServerError, type: "link-collision", title: "No id is free for this state",
                detail: "every prefix of this state's hash names another link; please report it"
            ).response
        }
    }

    private func getLink(_ text: String) -> HTTPResponse {
        let state: LinkState
        switch storedLink(text) {
        case .failure(let problem): return problem.response
        case .success(let found): state = found
        }
        var response = HTTPResponse(status: .ok, body: state.canonicalBytes, contentType: "application/json")
        // A link never changes: a strong tag and a year with `immutable` (RFC 8246).
        response.headers.set("ETag", "\"\(text)\"")
        response.headers.set("Cache-Control", "public, max-age=31536000, immutable")
        return response
    }

    /// The state stored under `text`: 404 for an id that is not well formed or not stored,
    /// 503 when the store does not answer.
    func storedLink(_ text: String) -> Result<LinkState, Problem> {
        guard let store = configuration.linkStore else { return .failure(.notFound("no link store")) }
        guard LinkID.isWellFormed(text) else {
            return .failure(
                .notFound(
                    "\(text) is not a link id: \(LinkID.standardLength) to \(LinkID.maxLength) letters and digits"))
        }
        let stored: String?
        do throws(AssetStoreError) {
            stored = try store.link(text)
        } catch {
            assetMetrics.recordStoreFailure()
            return .failure(.storeUnavailable(error))
        }
        guard let stored, let json = try? JSONParser.parse(stored), case .success(let state) = LinkState.read(json)
        else {
            return .failure(.notFound("no link \(text) on this server"))
        }
        return .success(state)
    }

    /// A and B decoded like any posted spec (images resolved from the store), their
    /// problems at pointers under `/spec` and `/compare/spec`; `t` past the end is a
    /// problem at `/t` — the end of A, or of the longer of A and B in compare mode, where
    /// the page's one clock runs to the longer of the two.
    func checkedSpecs(_ state: LinkState) -> Result<TransitionSpec, Problem> {
        var problems: [SpecProblem] = []
        var decodedA: TransitionSpec?
        var end = 0.0
        for (document, prefix) in [(state.spec, "/spec"), (state.compareSpec, "/compare/spec")] {
            guard let document else { continue }
            let images: ImageLibrary
            switch resolveImages(document) {
            case .failure(let problem): return .failure(problem)
            case .success(let library): images = library
            }
            switch SpecDecoder.decodeDocument(document, limits: configuration.limits, images: images) {
            case .success(let spec):
                if prefix == "/spec" { decodedA = spec }
                end = max(end, spec.timelineDuration)
            case .failure(let found):
                problems += found.problems.map { SpecProblem(pointer: prefix + $0.pointer, message: $0.message) }
            }
        }
        if decodedA != nil, let t = state.t, t > end + 1e-9 {
            let what = state.compareSpec == nil ? "the transition" : "the longer of A and B"
            problems.append(SpecProblem(pointer: "/t", message: "t is past the end of \(what) (\(end) s)"))
        }
        guard problems.isEmpty, let spec = decodedA else { return .failure(.invalidSpec(problems)) }
        return .success(spec)
    }

    // MARK: Pictures

    /// The two pictures of a link: what previews show.
    enum LinkPicture {
        /// The middle frame, PNG at @2x within 1200 × 1200 (what unfurlers show large;
        /// Open Graph's own examples are of this order: ogp.me). Our choice of size.
        case poster
        /// The whole transition, GIF at @1x within 360 × 640: animated in Slack and
        /// Discord, small enough to load at once. Our choice of size.
        case preview

        var format: OutputFormat { self == .poster ? .png : .gif }

        var options: ImageOptions {
            self == .poster
                ? ImageOptions(scale: 2, maxWidth: 1200, maxHeight: 1200)
                : ImageOptions(scale: 1, maxWidth: 360, maxHeight: 640)
        }

        /// The timeline route's query that renders it (the poster at `duration` / 2), as Reduce
        /// Motion plays it when the link keeps that (`reduceMotion`: the page shows it so).
        func query(duration: Double, reduceMotion: Bool = false) -> String {
            let o = options
            var q =
                "format=\(format.rawValue)&scale=\(o.scale)&maxWidth=\(o.maxWidth ?? 0)&maxHeight=\(o.maxHeight ?? 0)"
            if self == .poster { q += "&t=\(duration / 2)" }
            if reduceMotion { q += "&reduceMotion=true" }
            return q
        }

        /// Its size in pixels for `spec`.
        func size(_ spec: TransitionSpec) -> (width: Int, height: Int) {
            options.pixelSize(container: spec.container.size)
        }
    }

    private func linkPicture(_ id: String, _ picture: LinkPicture) -> HTTPResponse {
        onRenderLane { [self] in
            let state: LinkState
            switch storedLink(id) {
            case .failure(let problem): return problem.response
            case .success(let found): state = found
            }
            let spec: TransitionSpec
            switch checkedSpecs(state) {
            case .failure(let problem): return problem.response
            case .success(let decoded): spec = decoded
            }
            let reduceMotion = state.canonical["reduceMotion"] == .bool(true)
            let duration = (reduceMotion ? ReduceMotion.apply(spec) : spec).timelineDuration
            let synthetic = HTTPRequest(
                method: .post,
                target: "/v1/timeline?" + picture.query(duration: duration, reduceMotion: reduceMotion))
            let parsed: TimelineRequest
            switch TimelineRequest.parse(synthetic, limits: configuration.limits) {
            case .failure(let problem): return problem.response
            case .success(let p): parsed = p
            }
            let key = ContentHash.sha256Hex([Array("link".utf8), Array(id.utf8), Array(synthetic.target.utf8)])
            return timeline(for: spec, parsed, cacheControl: "public, max-age=86400", requestKey: key)
        }
    }
}

extension Problem {
    /// A link's state larger than `LinkState.maxBytes` once canonical.
    static func linkTooLarge(_ count: Int) -> Problem {
        Problem(
            status: .contentTooLarge, type: "link-too-large", title: "The state is larger than a link keeps",
            detail: "the state is \(count) bytes as canonical JSON; a link keeps at most \(LinkState.maxBytes)",
            extensions: [("parameter", .string("body")), ("limit", .number(Double(LinkState.maxBytes)))])
    }
}
