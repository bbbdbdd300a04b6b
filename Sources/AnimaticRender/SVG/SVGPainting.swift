import AnimaticCore

/// Draws a layer's static look in SVG, shared by the animated SVG and the filmstrip.
///
/// The look is drawn in bounds coordinates: the fill as a rounded rect, the gradient (`linearGradient` in bounding-box units, stops evenly spaced
/// as `CAGradientLayer` without locations), the content (an image placeholder drawn
/// aspect-fit, or a snapshot: the source layer's look seen through a `viewBox` on the
/// snapshot's rect, stretched to the bounds), then the label centred. `clips` cuts the
/// content to the bounds rectangle (`overflow` of the content's nested `<svg>`).
package enum SVGPainter {
    /// SMIL children to put inside the look's elements (already written).
    struct Dynamics {
        /// `width` and `height` of the bounds rects.
        var size = MarkupWriter()
        var radius = MarkupWriter()
        var fill = MarkupWriter()
        /// `x`, `y` of the label (the bounds' centre).
        var labelPosition = MarkupWriter()
        /// A `scale` transform of the content from its initial size to the current one.
        var contentScale = MarkupWriter()
        /// `x`, `y`, `width`, `height`, `rx`, `stroke`, `stroke-opacity`, `stroke-width` of the border rect.
        var border = MarkupWriter()
    }

    /// Which parts of a layer's look to draw.
    enum Part {
        /// Fill, gradient, content and label (the border comes later, above sublayers).
        case body
        /// Everything, the border last.
        case bodyAndBorder
        /// Only the border.
        case border
    }

    /// A border as drawn at the first frame: stroke centred on a rect inset by half its width.
    struct BorderLook {
        var width: Double
        var color: Color
    }

    static let fontFamily = "-apple-system, system-ui, &quot;Helvetica Neue&quot;, Helvetica, Arial, sans-serif"
    package static let labelSize = 17.0
    package static let placeholderFill = Color(red: 0.78, green: 0.78, blue: 0.8)

    /// `<defs>` entries every document needs: gradients (`g<i>`) and the looks of snapshot
    /// sources (`look<i>`, at their initial state).
    static func defs(_ timeline: Timeline, linkImages: Bool = false, into w: inout MarkupWriter) {
        let layers = timeline.layers
        var sources = Set<Int>()
        for layer in layers {
            if case let .snapshot(of, _)? = layer.spec.content, let s = timeline.layerIndex(of) { sources.insert(s) }
        }
        let hasGradient = layers.contains { $0.spec.gradient != nil }
        let hasImages = LayerImages.any(in: timeline)
        guard hasGradient || !sources.isEmpty || hasImages else { return }
        w.raw("<defs>\n")
        // Each picture once (`img<i>`, i the first layer showing it), `aspect` × 1 like
        // the placeholder it covers; every layer and snapshot showing it uses it.
        for (i, layer) in layers.enumerated() {
            guard let source = layer.spec.imageSource, LayerImages.definingLayer(of: source, in: timeline) == i,
                case let .image(aspect, _)? = layer.spec.content,
                let href = LayerImages.href(source, in: timeline, link: linkImages)
            else { continue }
            w.raw("<image id=\"img"); w.integer(i); w.raw("\" width=\""); w.number(aspect, digits: 6)
            w.raw("\" height=\"1\" preserveAspectRatio=\"none\" href=\""); w.xml(href); w.raw("\"/>\n")
        }
        for (i, layer) in layers.enumerated() {
            guard let g = layer.spec.gradient else { continue }
            w.raw("<linearGradient id=\"g"); w.integer(i); w.raw("\" x1=\""); w.number(g.start.x, digits: 4)
            w.raw("\" y1=\""); w.number(g.start.y, digits: 4); w.raw("\" x2=\""); w.number(g.end.x, digits: 4)
            w.raw("\" y2=\""); w.number(g.end.y, digits: 4); w.raw("\">")
            for (k, c) in g.colors.enumerated() {
                let offset = g.colors.count > 1 ? Double(k) / Double(g.colors.count - 1) : 0
                w.raw("<stop offset=\""); w.number(offset, digits: 4); w.raw("\" stop-color=\""); w.rgb(c); w.raw("\"")
                if c.alpha < 1 { w.raw(" stop-opacity=\""); w.number(c.alpha, digits: 4); w.raw("\"") }
                w.raw("/>")
            }
            w.raw("</linearGradient>\n")
        }
        for i in sources.sorted() {
            let spec = layers[i].spec
            sourceLook(spec, index: i, timeline: timeline, into: &w)
            w.raw("\n")
        }
        w.raw("</defs>\n")
    }

    /// The look in bounds coordinates (origin at the bounds' top-left): a bounds rect
    /// (the fill, or unfilled) carrying `attributes`, the gradient, the content in a
    /// nested `<svg>` of the initial size (scaled to the current size by
    /// `dynamics.contentScale`), then the label. Animations never sit inside a nested
    /// `<svg>`: browsers give each one its own SMIL clock, which the root's
    /// `setCurrentTime` does not seek.
    static func look(
        _ spec: LayerSpec, index: Int, timeline: Timeline, size: Size, radius: Double, fill: Color?,
        drawFill: Bool, attributes: String = "", dynamics: Dynamics = Dynamics(), part: Part = .bodyAndBorder,
        border: BorderLook? = nil, into w: inout MarkupWriter
    ) {
        if part != .border {
            body(
                spec, index: index, timeline: timeline, size: size, radius: radius, fill: fill, drawFill: drawFill,
                attributes: attributes, dynamics: dynamics, into: &w)
        }
        if part != .body, let border {
            let bw = border.width
            w.raw("<rect x=\""); w.number(bw / 2, digits: 4); w.raw("\" y=\""); w.number(bw / 2, digits: 4)
            w.raw("\" width=\""); w.number(max(size.width - bw, 0), digits: 4)
            w.raw("\" height=\""); w.number(max(size.height - bw, 0), digits: 4); w.raw("\"")
            cornerRadius(max(radius - bw / 2, 0), into: &w)
            w.raw(" fill=\"none\" stroke=\""); w.rgb(border.color); w.raw("\" stroke-opacity=\"")
            w.number(border.color.alpha, digits: 4); w.raw("\" stroke-width=\""); w.number(bw, digits: 4); w.raw("\">")
            w.append(dynamics.border)
            w.raw("</rect>")
        }
    }

    /// The look without its border.
    private static func body(
        _ spec: LayerSpec, index: Int, timeline: Timeline, size: Size, radius: Double, fill: Color?,
        drawFill: Bool, attributes: String, dynamics: Dynamics, into w: inout MarkupWriter
    ) {
        func bounds(_ paint: (inout MarkupWriter) -> Void, animations: [MarkupWriter], extra: String = "") {
            w.raw("<rect"); w.raw(extra); w.raw(" width=\""); w.number(size.width, digits: 4)
            w.raw("\" height=\""); w.number(size.height, digits: 4); w.raw("\"")
            cornerRadius(radius, into: &w)
            paint(&w)
            w.raw(">")
            w.append(dynamics.size); w.append(dynamics.radius)
            for a in animations { w.append(a) }
            w.raw("</rect>")
        }
        if drawFill, let fill {
            bounds(
                { w in
                    w.raw(" fill=\""); w.rgb(fill); w.raw("\"")
                    if fill.alpha < 1 || !dynamics.fill.isEmpty {
                        w.raw(" fill-opacity=\""); w.number(fill.alpha, digits: 4); w.raw("\"")
                    }
                }, animations: [dynamics.fill], extra: attributes)
        } else {
            bounds({ w in w.raw(" fill=\"none\"") }, animations: [], extra: attributes)
        }
        if spec.gradient != nil {
            bounds(
                { w in
                    w.raw(" fill=\"url(#g"); w.integer(index); w.raw(")\"")
                }, animations: [])
        }
        if let content = spec.content {
            let scaled = !dynamics.contentScale.isEmpty
            if scaled { w.raw("<g>"); w.append(dynamics.contentScale) }
            w.raw("<svg x=\"0\" y=\"0\" width=\""); w.number(size.width, digits: 4)
            w.raw("\" height=\""); w.number(size.height, digits: 4)
            w.raw(spec.clips ? "\" overflow=\"hidden\"" : "\" overflow=\"visible\"")
            switch content {
            case let .image(aspect, imageFill):
                w.raw(" viewBox=\"0 0 "); w.number(aspect, digits: 6)
                w.raw(" 1\" preserveAspectRatio=\""); w.raw(preserveAspectRatio(spec.imageMode)); w.raw("\">")
                // A picture covers the placeholder; its `fill`, when given, shows through.
                let picture = spec.imageSource.flatMap { LayerImages.definingLayer(of: $0, in: timeline) }
                if picture == nil || imageFill != nil {
                    w.raw("<rect width=\""); w.number(aspect, digits: 6)
                    w.raw("\" height=\"1\" fill=\""); w.rgb(imageFill ?? placeholderFill); w.raw("\"/>")
                }
                if let k = picture, timeline.spec.images[spec.imageSource!] != nil {
                    w.raw("<use href=\"#img"); w.integer(k); w.raw("\"/>")
                }
            case let .snapshot(of, rect):
                if let source = timeline.layerIndex(of) {
                    let r = rect ?? Rect(origin: .zero, size: timeline.layers[source].spec.size)
                    w.raw(" viewBox=\"")
                    w.number(r.minX, digits: 4); w.raw(" "); w.number(r.minY, digits: 4); w.raw(" ")
                    w.number(max(r.width, 1e-4), digits: 4); w.raw(" "); w.number(max(r.height, 1e-4), digits: 4)
                    w.raw("\" preserveAspectRatio=\"none\"><use href=\"#look"); w.integer(source); w.raw("\"/>")
                } else {
                    w.raw(">")
                }
            }
            w.raw("</svg>")
            if scaled { w.raw("</g>") }
        }
        if let label = spec.label, !label.isEmpty {
            let background = fill ?? spec.gradient?.colors.first ?? .white
            w.raw("<text x=\""); w.number(size.width / 2, digits: 4); w.raw("\" y=\"");
            w.number(size.height / 2, digits: 4)
            w.raw("\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"")
            w.raw(fontFamily); w.raw("\" font-size=\""); w.number(labelSize, digits: 2); w.raw("\" fill=\"")
            w.rgb(background.contrastingText); w.raw("\">"); w.append(dynamics.labelPosition); w.xml(label);
            w.raw("</text>")
        }
    }

    /// SVG's `preserveAspectRatio` for an image mode: `slice` covers (aspect-fill; the
    /// nested `<svg>` cuts it only when the layer clips), `meet` fits, `none` stretches.
    static func preserveAspectRatio(_ mode: ImageContentMode) -> StaticString {
        switch mode {
        case .fill: return "xMidYMid slice"
        case .fit: return "xMidYMid meet"
        case .stretch: return "none"
        }
    }

    /// A snapshot source's look for `<defs>`: a `<g id>` at its initial state.
    static func sourceLook(_ spec: LayerSpec, index: Int, timeline: Timeline, into w: inout MarkupWriter) {
        w.raw("<g id=\"look"); w.integer(index); w.raw("\">")
        look(
            spec, index: index, timeline: timeline, size: spec.size, radius: spec.cornerRadius, fill: spec.fill,
            drawFill: true, into: &w)
        w.raw("</g>")
    }

    static func cornerRadius(_ r: Double, into w: inout MarkupWriter) {
        if r > 0 { w.raw(" rx=\""); w.number(r, digits: 4); w.raw("\"") }
    }

    static func matrixAttribute(_ m: Affine2D, into w: inout MarkupWriter) {
        w.raw(" transform=\"matrix(")
        w.number(m.a, digits: 6); w.raw(" "); w.number(m.b, digits: 6); w.raw(" ")
        w.number(m.c, digits: 6); w.raw(" "); w.number(m.d, digits: 6); w.raw(" ")
        w.number(m.e, digits: 4); w.raw(" "); w.number(m.f, digits: 4); w.raw(")\"")
    }

    static func points(_ q: [Point], into w: inout MarkupWriter) {
        for (k, p) in q.enumerated() {
            if k > 0 { w.raw(" ") }
            w.number(p.x, digits: 4); w.raw(","); w.number(p.y, digits: 4)
        }
    }

    static func header(width: Double, height: Double, title: String?, into w: inout MarkupWriter) {
        w.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        w.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""); w.number(width, digits: 4)
        w.raw("\" height=\""); w.number(height, digits: 4); w.raw("\" viewBox=\"0 0 ")
        w.number(width, digits: 4); w.raw(" "); w.number(height, digits: 4); w.raw("\">\n")
        if let title, !title.isEmpty { w.raw("<title>"); w.xml(title); w.raw("</title>\n") }
    }
}
