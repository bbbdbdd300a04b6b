import AnimaticCore
import AnimaticRender
import CCairo

/// Draws a layer's look in its bounds coordinates (the current user space of `cr`), as
/// the SVG exports draw it (`SVGPainter`): the fill as a rounded rect, the gradient in
/// bounding-box units with evenly spaced stops (`CAGradientLayer` without `locations`),
/// the content (a picture or an image placeholder in its content mode, or a snapshot: the source
/// layer's initial look seen through the snapshot's rect, stretched to the bounds), the
/// label centred, and the border: a stroke centred on the bounds inset by half its width.
/// `clips` cuts the content (not the fill) to the bounds rectangle.
struct LookPainter {
    let cr: OpaquePointer
    let timeline: Timeline
    let font: LabelFont
    /// The render's pictures (`content.image` with an asset or data); nil draws placeholders.
    var images: ImagePainter? = nil

    /// Snapshots of snapshots are followed this deep (a loop would otherwise never end;
    /// the spec decoder rejects none of them).
    static let maxSnapshotDepth = 4

    /// Everything but the border; `drawFill: false` leaves the fill out (a projected
    /// layer's fill is its projected outline, drawn before), `drawGradient: false` the
    /// gradient (drawn by `ProjectedContent` under the projection itself) and
    /// `drawSnapshotFill: false` a snapshot's source fill (drawn as the projected outline
    /// when it covers the bounds: `FrameRasterizer.snapshotFill`).
    func body(
        _ spec: LayerSpec, index: Int, size: Size, radius: Double, fill: Color?, drawFill: Bool,
        drawGradient: Bool = true, drawSnapshotFill: Bool = true, depth: Int = 0
    ) {
        let w = size.width, h = size.height
        if drawFill, let fill, fill.alpha > 0 {
            roundedRect(width: w, height: h, radius: radius)
            setSource(fill)
            cairo_fill(cr)
        }
        if drawGradient, let gradient = spec.gradient, w > 0, h > 0 {
            roundedRect(width: w, height: h, radius: radius)
            let pattern = cairo_pattern_create_linear(
                gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)!
            for (k, c) in gradient.colors.enumerated() {
                let offset = gradient.colors.count > 1 ? Double(k) / Double(gradient.colors.count - 1) : 0
                cairo_pattern_add_color_stop_rgba(pattern, offset, c.red, c.green, c.blue, c.alpha)
            }
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            // Bounding-box units: the pattern's space is the unit square of the bounds.
            var unit = cairo_matrix_t()
            cairo_matrix_init_scale(&unit, 1 / w, 1 / h)
            cairo_pattern_set_matrix(pattern, &unit)
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
        if let content = spec.content {
            cairo_save(cr)
            if spec.clips {
                cairo_rectangle(cr, 0, 0, w, h)
                cairo_clip(cr)
            }
            switch content {
            case let .image(aspect, imageFill):
                let r = Self.imageRect(aspect: aspect, mode: spec.imageMode, width: w, height: h)
                // A picture covers the placeholder; its `fill`, when given, shows through
                // (as the SVG exports draw it).
                let picture = spec.imageSource.flatMap { source in
                    images?.pixels(source) != nil ? source : nil
                }
                if picture == nil || imageFill != nil {
                    cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
                    setSource(imageFill ?? SVGPainter.placeholderFill)
                    cairo_fill(cr)
                }
                if let picture { images?.paint(picture, in: r, on: cr) }
            case let .snapshot(of, rect):
                if depth < Self.maxSnapshotDepth, let source = timeline.layerIndex(of) {
                    let sourceSpec = timeline.layers[source].spec
                    let r = rect ?? Rect(origin: .zero, size: sourceSpec.size)
                    cairo_scale(cr, w / max(r.width, 1e-4), h / max(r.height, 1e-4))
                    cairo_translate(cr, -r.minX, -r.minY)
                    body(
                        sourceSpec, index: source, size: sourceSpec.size, radius: sourceSpec.cornerRadius,
                        fill: sourceSpec.fill, drawFill: drawSnapshotFill, depth: depth + 1)
                }
            }
            cairo_restore(cr)
        }
        if let label = spec.label, !label.isEmpty {
            let background = fill ?? spec.gradient?.colors.first ?? .white
            self.label(label, width: w, height: h, color: background.contrastingText)
        }
    }

    /// The border: a stroke of its width centred on the bounds inset by half of it, the
    /// corner radius reduced by the same half (as `SVGPainter` writes it).
    func border(size: Size, radius: Double, border: BorderSpec) {
        let bw = border.width
        cairo_save(cr)
        cairo_translate(cr, bw / 2, bw / 2)
        roundedRect(width: max(size.width - bw, 0), height: max(size.height - bw, 0), radius: max(radius - bw / 2, 0))
        cairo_restore(cr)
        cairo_set_line_width(cr, bw)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(cr, 4)  // SVG's default `stroke-miterlimit`
        setSource(border.color)
        cairo_stroke(cr)
    }

    /// A label centred in the bounds: its advance centred on x (SVG `text-anchor: middle`),
    /// its baseline below the centre by half the difference of the em box's ascent and
    /// descent (SVG `dominant-baseline: central`: halfway between the em box's top and
    /// bottom, CSS Inline Layout 3 §"central"), the font's ascent and descent scaled to
    /// add up to one em, as browsers place the em box when a font has no ideographic
    /// baselines (our reading; measured against Chromium in docs/FORMATS.md).
    func label(_ text: String, width: Double, height: Double, color: Color) {
        font.select(on: cr, size: SVGPainter.labelSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        var metrics = cairo_font_extents_t()
        cairo_font_extents(cr, &metrics)
        let em = SVGPainter.labelSize
        let central =
            metrics.ascent + metrics.descent > 0
            ? em * (metrics.ascent - metrics.descent) / (metrics.ascent + metrics.descent) / 2 : 0
        cairo_move_to(cr, width / 2 - extents.x_advance / 2, height / 2 + central)
        setSource(color)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }

    /// Where an image placeholder of `aspect` (width / height) lands in bounds of
    /// `width` × `height`: SVG's `preserveAspectRatio` `xMidYMid meet` (fit), `slice`
    /// (fill) or `none` (stretch), as `SVGPainter` writes it.
    static func imageRect(aspect: Double, mode: ImageContentMode, width w: Double, height h: Double) -> Rect {
        let a = max(aspect, 1e-6)
        switch mode {
        case .stretch:
            return Rect(x: 0, y: 0, width: w, height: h)
        case .fit, .fill:
            let s = mode == .fit ? min(w / a, h) : max(w / a, h)
            return Rect(x: (w - a * s) / 2, y: (h - s) / 2, width: a * s, height: s)
        }
    }

    /// The bounds' outline with corners of `radius`, clamped to half the shorter side.
    func roundedRect(width w: Double, height h: Double, radius: Double) {
        cairo_new_path(cr)
        let r = min(max(radius, 0), min(w, h) / 2)
        guard r > 0 else {
            cairo_rectangle(cr, 0, 0, w, h)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, w - r, r, r, -.pi / 2, 0)
        cairo_arc(cr, w - r, h - r, r, 0, .pi / 2)
        cairo_arc(cr, r, h - r, r, .pi / 2, .pi)
        cairo_arc(cr, r, r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    func setSource(_ c: Color) { cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha) }
}
