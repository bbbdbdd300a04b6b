import AnimaticCore
import AnimaticHTTP
import Foundation

/// `/s/{id}`, `/embed/{id}` and `/oembed`: a link as a page, as an embed and as oEmbed JSON
/// (docs/API.md, "Links"). On the render lane: each decodes the link's spec for its name and
/// its pictures' sizes.
extension APIRoutes {
    /// The page (or, `embed`, the player alone) opened in the link's state; an unknown id is
    /// a 404 page that says so.
    func linkPage(_ request: HTTPRequest, _ id: String, embed: Bool) -> HTTPResponse {
        onRenderLane { [self] in
            guard let template = pageTemplate() else {
                return Problem.notFound("this server has no player page (--public)").response
            }
            let state: LinkState
            switch storedLink(id) {
            case .failure(let problem) where problem.status == .notFound:
                var response = HTTPResponse(
                    status: .notFound, body: Array(LinkPage.notFound(id).utf8), contentType: "text/html; charset=utf-8")
                response.headers.set("Cache-Control", "no-store")
                pageHeaders(&response, embed: false)
                return response
            case .failure(let problem): return problem.response
            case .success(let found): state = found
            }
            let spec: TransitionSpec
            switch checkedSpecs(state) {
            case .failure(let problem): return problem.response
            case .success(let decoded): spec = decoded
            }
            let page = LinkPage(
                id: id, title: Self.linkTitle(state), origin: Self.origin(request), stateJSON: state.canonicalBytes,
                poster: LinkPicture.poster.size(spec), preview: LinkPicture.preview.size(spec), embed: embed)
            var response = HTTPResponse(
                status: .ok, body: Array(page.html(template: template).utf8), contentType: "text/html; charset=utf-8")
            // The link never changes; the page around it does with a new release.
            response.headers.set("Cache-Control", "public, max-age=300")
            pageHeaders(&response, embed: embed)
            return response
        }
    }

    /// The page's security headers; the embed may be framed by any page (`frame-ancestors *`).
    private func pageHeaders(_ response: inout HTTPResponse, embed: Bool) {
        var policy = Representation.contentSecurityPolicy
        if embed { policy = policy.replacingOccurrences(of: "frame-ancestors 'none'", with: "frame-ancestors *") }
        response.headers.set("Content-Security-Policy", policy)
        response.headers.set("Referrer-Policy", "no-referrer")
    }

    /// `index.html` of `--public`, read per request (a few KB; a deploy may replace it).
    private func pageTemplate() -> String? {
        guard let folder = configuration.publicDirectory,
            let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent("index.html"))
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The spec's `name`, else its preset's name, else "A transition" (never empty).
    static func linkTitle(_ state: LinkState) -> String {
        for key in ["name", "preset"] {
            if case .string(let s)? = state.spec[key], !s.isEmpty { return String(s.prefix(120)) }
        }
        return "A transition"
    }

    /// "scheme://host" of the request, for the absolute URLs previews need; "" (URLs from
    /// the root) when `Host` is missing or not a plain host[:port]. The scheme is https over
    /// TLS or behind a proxy that says `X-Forwarded-Proto: https`.
    static func origin(_ request: HTTPRequest) -> String {
        guard let host = request.headers["Host"], !host.isEmpty, host.utf8.count <= 255,
            host.utf8.allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                    || [UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]")]
                        .contains($0)
            })
        else { return "" }
        let https = request.isSecure || request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
        return "\(https ? "https" : "http")://\(host)"
    }

    // MARK: oEmbed

    /// The width of the embed a consumer gets without `maxwidth`, in CSS pixels, and the
    /// height the player's controls take under the stage: our choices (a phone-sized player).
    static let embedWidth = 360
    static let embedControlsHeight = 96

    /// oEmbed 1.0 (oembed.com §2.2–2.3): `url` is a link's `/s/{id}` or `/embed/{id}` on this
    /// server; the answer is a `video` with the `<iframe>` of `/embed/{id}`. Only JSON (`format`
    /// other than json: 501, §2.3.4); `maxwidth`/`maxheight` shrink the iframe, aspect kept.
    func oembed(_ request: HTTPRequest) -> HTTPResponse {
        var target: String?
        var maxWidth: Int?
        var maxHeight: Int?
        for (name, value) in request.queryItems {
            switch name {
            case "url": target = value
            case "format" where value != "json":
                return Problem(
                    status: HTTPStatus(code: 501), type: "unsupported-format", title: "Only JSON",
                    detail: "this server answers oEmbed in JSON only (format=json)",
                    extensions: [("parameter", .string("format"))]
                ).response
            case "maxwidth", "maxheight":
                guard let n = Int(value), n > 0 else {
                    return Problem.badParameter(name, "\(name) must be a whole number of pixels, 1 or more").response
                }
                if name == "maxwidth" { maxWidth = n } else { maxHeight = n }
            default: break
            }
        }
        guard let target else { return Problem.badParameter("url", "url is required: a link's /s/{id} URL").response }
        guard let id = Self.linkID(inURL: target) else {
            return Problem.notFound("\(target) is not a link of this server (/s/{id} or /embed/{id})").response
        }
        let bounds = (width: maxWidth, height: maxHeight)
        return onRenderLane { [self] in
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
            let origin = Self.origin(request)
            let title = Self.linkTitle(state)
            let size = spec.container.size
            var width = Double(Self.embedWidth)
            var height = (width * size.height / max(size.width, 1)).rounded() + Double(Self.embedControlsHeight)
            let shrink = min(1, Double(bounds.width ?? Int.max) / width, Double(bounds.height ?? Int.max) / height)
            width = (width * shrink).rounded(.down)
            height = (height * shrink).rounded(.down)
            let e = HTMLText.escape
            let iframe =
                #"<iframe src="\#(e("\(origin)/embed/\(id)"))" width="\#(Int(width))" height="\#(Int(height))" "#
                + #"style="border:0" allow="fullscreen" loading="lazy" title="\#(e(title))"></iframe>"#
            let poster = LinkPicture.poster.size(spec)
            var w = JSONWriter()
            w.value(
                .object([
                    ("version", .string("1.0")), ("type", .string("video")), ("title", .string(title)),
                    ("provider_name", .string("animatic")), ("provider_url", .string(origin + "/")),
                    ("width", .number(width)), ("height", .number(height)), ("html", .string(iframe)),
                    ("thumbnail_url", .string("\(origin)/v1/links/\(id)/poster.png")),
                    ("thumbnail_width", .number(Double(poster.width))),
                    ("thumbnail_height", .number(Double(poster.height))),
                    ("cache_age", .number(86400)),
                ]))
            var response = HTTPResponse(status: .ok, body: w.bytes, contentType: "application/json")
            response.headers.set("Cache-Control", "public, max-age=86400")
            return response
        }
    }

    /// The id in a link URL: the last segment after `/s/` or `/embed/` of its path (scheme
    /// and host are not checked: the server may be reached under several names).
    static func linkID(inURL url: String) -> String? {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") {
            rest = rest[scheme.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            rest = rest[slash...]
        }
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        for prefix in ["/s/", "/embed/"] where path.hasPrefix(prefix) {
            let id = path.dropFirst(prefix.count)
            return LinkID.isWellFormed(id) ? String(id) : nil
        }
        return nil
    }
}
