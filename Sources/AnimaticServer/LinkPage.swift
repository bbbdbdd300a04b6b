/// The player page (`public/index.html`) as a short link serves it (`/s/{id}`, `/embed/{id}`):
/// the state in `<script type="application/json" id="animatic-link">` for the page's loader
/// (public/js/links.js), the Open Graph (ogp.me) and Twitter card tags link previews read,
/// the oEmbed discovery link (oembed.com §4), and every relative `src`/`href` made absolute
/// from the root, since the page is served under `/s/` and not at `/`. Everything that comes
/// from the link or the request is escaped (`HTMLText`).
struct LinkPage {
    var id: String
    /// The transition's name: the spec's `name`, else its preset's, else "A transition".
    var title: String
    /// Scheme and host the absolute URLs start with ("https://animatic.example"), or "".
    var origin: String
    var stateJSON: [UInt8]
    var poster: (width: Int, height: Int)
    var preview: (width: Int, height: Int)
    var embed: Bool

    var pageURL: String { "\(origin)/s/\(id)" }
    var posterURL: String { "\(origin)/v1/links/\(id)/poster.png" }
    var previewURL: String { "\(origin)/v1/links/\(id)/preview.gif" }

    /// `template` with the link's head and state; the template's `<title>` is replaced.
    func html(template: String) -> String {
        var page = Self.rootRelative(template)
        let title = HTMLText.escape("\(self.title) — animatic")
        if let open = page.range(of: "<title>"), let close = page.range(of: "</title>"),
            open.upperBound <= close.lowerBound
        {
            page.replaceSubrange(open.upperBound..<close.lowerBound, with: title)
        }
        if let head = page.range(of: "</head>") { page.replaceSubrange(head, with: headTags + "</head>") }
        if embed, let body = page.range(of: "<body>") { page.replaceSubrange(body, with: "<body class=\"embed\">") }
        return page
    }

    var headTags: String {
        let e = HTMLText.escape
        let oembed = "\(origin)/oembed?url=\(Self.percentEncoded(pageURL))&format=json"
        var tags = [
            #"<meta name="animatic-api-base" content="/">"#,
            #"<link rel="canonical" href="\#(e(pageURL))">"#,
            #"<link rel="alternate" type="application/json+oembed" href="\#(e(oembed))" title="\#(e(title))">"#,
            #"<meta property="og:type" content="website">"#,
            #"<meta property="og:site_name" content="animatic">"#,
            #"<meta property="og:title" content="\#(e(title))">"#,
            #"<meta property="og:description" content="\#(e(description))">"#,
            #"<meta property="og:url" content="\#(e(pageURL))">"#,
            #"<meta property="og:image" content="\#(e(posterURL))">"#,
            #"<meta property="og:image:type" content="image/png">"#,
            #"<meta property="og:image:width" content="\#(poster.width)">"#,
            #"<meta property="og:image:height" content="\#(poster.height)">"#,
            #"<meta property="og:image:alt" content="\#(e("The middle frame of \(title)"))">"#,
            #"<meta property="og:image" content="\#(e(previewURL))">"#,
            #"<meta property="og:image:type" content="image/gif">"#,
            #"<meta property="og:image:width" content="\#(preview.width)">"#,
            #"<meta property="og:image:height" content="\#(preview.height)">"#,
            #"<meta name="twitter:card" content="summary_large_image">"#,
            #"<meta name="twitter:title" content="\#(e(title))">"#,
            #"<meta name="twitter:description" content="\#(e(description))">"#,
            #"<meta name="twitter:image" content="\#(e(posterURL))">"#,
        ]
        tags.append(
            #"<script type="application/json" id="animatic-link">"# + HTMLText.scriptJSON(stateJSON) + "</script>")
        return tags.joined(separator: "\n") + "\n"
    }

    var description: String { "\(title): an iOS view-controller transition, frame by frame, in animatic." }

    /// The HTML of the 404 page of an id no link has.
    static func notFound(_ id: String) -> String {
        let e = HTMLText.escape(id)
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>No such link — animatic</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><h1>No such link</h1>
            <p>This server has no link <code>\(e)</code>. It may have been mistyped, or made on another server.</p>
            <p><a href="/">Open the player</a></p></body></html>

            """
    }

    /// `src="x"` and `href="x"` made `"/x"` for every relative x (not `/…`, `#…` or with a scheme).
    static func rootRelative(_ html: String) -> String {
        var out = html
        for attribute in [" src=\"", " href=\""] {
            var result = ""
            var rest = Substring(out)
            while let found = rest.range(of: attribute) {
                result += rest[..<found.upperBound]
                rest = rest[found.upperBound...]
                let value = rest.prefix { $0 != "\"" }
                if !(value.hasPrefix("/") || value.hasPrefix("#") || value.contains(":")) { result += "/" }
            }
            result += rest
            out = result
        }
        return out
    }

    /// A URL as a query value (RFC 3986 unreserved characters kept, the rest %XX).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out += "%"
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }
}
