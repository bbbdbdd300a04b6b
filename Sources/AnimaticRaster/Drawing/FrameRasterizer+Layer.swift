import AnimaticCore
import AnimaticRender
import CCairo
import Foundation

extension FrameRasterizer {
    /// One drawing step of one layer: cut to its ancestors' clip polygon, its parts
    /// composited together at `alpha` (as the SVG's `<g opacity>` composites them), with its
    /// shadow below them.
    func drawLayer(_ i: Int, state s: LayerState, part: LookPart, alpha: Double) {
        if part == .border && s.border == nil { return }
        let spec = timeline.layers[i].spec
        let cr = canvas.context
        let projective = s.isProjective
        guard let extents = deviceExtents(spec, state: s, projective: projective) else { return }
        let shadow = part == .border ? nil : s.shadow.map { deviceShadow($0, state: s, projective: projective) }
        let hasContent = spec.gradient != nil || spec.content != nil || !(spec.label ?? "").isEmpty
        let pixman = projective && (hasContent || (part != .body && s.border != nil))
        // pixman draws onto the group's surface past Cairo's clip: a group is needed only
        // to cut its drawing to a clip polygon (the rest of the clip, the box below, holds
        // the layer's quad whole).
        let pixmanGroup = pixman && s.clip != nil

        cairo_save(cr)
        clip(to: s.clip)
        // Groups are as large as the clip: cut it to what the step can touch.
        var box = extents
        if projective && shadow != nil {
            box = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        } else if let shadow {
            let reach = 3 * shadow.sigma + 2
            box = box.union(box.offsetBy(dx: shadow.dx, dy: shadow.dy).insetBy(dx: -reach, dy: -reach))
        }
        cairo_rectangle(
            cr, box.minX.rounded(.down), box.minY.rounded(.down),
            box.width.rounded(.up) + 2, box.height.rounded(.up) + 2)
        cairo_clip(cr)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        guard x1 > x0, y1 > y0 else {
            cairo_restore(cr)
            return
        }
        // A faded layer whose one drawing is its projected gradient is faded in that drawing
        // (`ProjectedContent.draw`'s `alpha`): what the group would hold, to the byte,
        // without a group surface the size of the layer cleared and composited each frame.
        let parts = projective ? projectedParts(spec, state: s, part: part) : nil
        let fadedInDrawing = alpha < 1 && shadow == nil && !pixmanGroup && parts?.isGradientAlone == true
        let faded = alpha < 1 && !fadedInDrawing
        if faded { cairo_push_group(cr) }
        if let shadow { drawShadow(shadow, state: s, projective: projective) }
        if pixmanGroup { cairo_push_group(cr) }

        if let parts {
            drawProjected(spec, index: i, state: s, parts: parts, usePixman: pixman, alpha: fadedInDrawing ? alpha : 1)
        } else if let affine = s.affine {
            cairo_save(cr)
            var m = cairo_matrix_t(
                xx: affine.a * pixelsPerPoint, yx: affine.b * pixelsPerPoint, xy: affine.c * pixelsPerPoint,
                yy: affine.d * pixelsPerPoint, x0: affine.e * pixelsPerPoint, y0: affine.f * pixelsPerPoint)
            cairo_transform(cr, &m)
            if part != .border {
                painter.body(spec, index: i, size: s.size, radius: s.cornerRadius, fill: s.fill, drawFill: true)
            }
            if part != .body, let border = s.border {
                painter.border(size: s.size, radius: s.cornerRadius, border: border)
            }
            cairo_restore(cr)
        }

        if pixmanGroup {
            cairo_pop_group_to_source(cr)
            cairo_paint(cr)
        }
        if faded {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// A projected layer: its rounded outline flattened in its plane and projected (the
    /// fill, exact), then the rest of its look drawn flat and mapped through the plane's
    /// homography by pixman into the current group, cut to the same outline.
    func drawProjected(
        _ spec: LayerSpec, index i: Int, state s: LayerState, parts: ProjectedParts, usePixman: Bool, alpha: Double
    ) {
        let cr = canvas.context
        let plane = PlaneHomography(s.matrix)
        let unit = PlaneOutline.pixelsPerUnit(s, pixelsPerPoint: pixelsPerPoint)
        let radius = min(max(s.cornerRadius, 0), min(s.size.width, s.size.height) / 2)
        let outline = PlaneOutline.project(
            PlaneOutline.rounded(
                size: s.size, radius: radius, segments: PlaneOutline.segments(radiusInPixels: radius * unit)),
            through: plane, pixelsPerPoint: pixelsPerPoint)
        guard outline.count >= 3 else { return }
        func fillOutline(_ color: Color) {
            cairo_new_path(cr)
            for (n, p) in outline.enumerated() {
                if n == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            cairo_close_path(cr)
            painter.setSource(color)
            cairo_fill(cr)
        }
        if let fill = parts.fill { fillOutline(fill) }
        guard usePixman, let target = cairo_get_group_target(cr) else { return }
        // A snapshot's flat source fill is drawn as the outline too.
        let (gradient, body, border) = (parts.gradient, parts.body, parts.border)
        let sourceFill =
            parts.part == .border || spec.gradient != nil ? nil : snapshotFill(spec, size: s.size, radius: radius)
        if let sourceFill { fillOutline(sourceFill) }
        let flat: ((OpaquePointer) -> Void)? =
            !body && border == nil
            ? nil
            : { content in
                let look = LookPainter(
                    cr: content, timeline: self.timeline, font: self.painter.font, images: self.painter.images)
                if body {
                    look.body(
                        spec, index: i, size: s.size, radius: s.cornerRadius, fill: s.fill, drawFill: false,
                        drawGradient: gradient == nil, drawSnapshotFill: sourceFill == nil)
                }
                if let border { look.border(size: s.size, radius: s.cornerRadius, border: border) }
            }
        projector.draw(
            size: s.size, plane: plane, pixelsPerPoint: pixelsPerPoint, pixelsPerUnit: unit, outline: outline,
            onto: target, gradient: gradient, paint: flat, alpha: alpha)
    }

    /// What one drawing step of a projected layer draws, and how: the parts drawn under the
    /// projection itself — the fill (the outline, exact) and the gradient (by pixman) — and
    /// those drawn flat and resampled (the rest of the body, the border).
    struct ProjectedParts {
        var part: LookPart
        var fill: Color?
        /// The gradient when pixman draws it (`ProjectedContent.drawsDirectly`).
        var gradient: GradientSpec?
        /// Whether content, a label or a gradient pixman does not draw is drawn flat.
        var body: Bool
        var border: BorderSpec?

        /// Whether the gradient is all the step draws (a snapshot's source fill is drawn
        /// only for a layer without a gradient).
        var isGradientAlone: Bool { gradient != nil && fill == nil && !body && border == nil }
    }

    func projectedParts(_ spec: LayerSpec, state s: LayerState, part: LookPart) -> ProjectedParts {
        let gradient = part == .border ? nil : spec.gradient.flatMap { ProjectedContent.drawsDirectly($0) ? $0 : nil }
        return ProjectedParts(
            part: part,
            fill: part == .border ? nil : s.fill.flatMap { $0.alpha > 0 ? $0 : nil },
            gradient: gradient,
            body: part != .border
                && (spec.content != nil || !(spec.label ?? "").isEmpty || spec.gradient != nil && gradient == nil),
            border: part != .body ? s.border : nil)
    }

    /// The fill of a snapshot's source when, seen through the snapshot's rect, it covers the
    /// whole of the layer's bounds (the rect inside the source's rounded bounds): then it is
    /// exactly the layer's outline filled with that colour, drawn so rather than resampled.
    func snapshotFill(_ spec: LayerSpec, size: Size, radius: Double) -> Color? {
        guard case let .snapshot(of, rect) = spec.content, let source = timeline.layerIndex(of) else { return nil }
        let sourceSpec = timeline.layers[source].spec
        guard let fill = sourceSpec.fill, fill.alpha > 0 else { return nil }
        let w = sourceSpec.size.width, h = sourceSpec.size.height
        let r = rect ?? Rect(origin: .zero, size: sourceSpec.size)
        guard r.width > 0, r.height > 0, w > 0, h > 0 else { return nil }
        let cr = min(max(sourceSpec.cornerRadius, 0), min(w, h) / 2)
        // Every corner of the rect inside the rounded bounds (convex: then all of the rect).
        for p in [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)] {
            guard p.0 >= 0, p.0 <= w, p.1 >= 0, p.1 <= h else { return nil }
            let cx = min(max(p.0, cr), w - cr), cy = min(max(p.1, cr), h - cr)
            guard (p.0 - cx) * (p.0 - cx) + (p.1 - cy) * (p.1 - cy) <= cr * cr else { return nil }
        }
        return fill
    }

    /// A shadow in device pixels: its offset, the standard deviation of its blur, its colour.
    struct DeviceShadow {
        var dx, dy, sigma: Double
        var color: Color
        var opacity: Double
    }

    /// The SVG exports' `feDropShadow`: in the layer's own coordinates for a 2-D layer
    /// (offset through its linear map; the blur's σ = shadowRadius scaled by the square
    /// root of the map's determinant, exact for rotation and uniform scale), in container
    /// coordinates for a projected one.
    func deviceShadow(_ shadow: ShadowSpec, state s: LayerState, projective: Bool) -> DeviceShadow {
        let k = pixelsPerPoint
        var dx = shadow.offset.x * k, dy = shadow.offset.y * k, sigma = shadow.radius * k
        if !projective, let a = s.affine {
            dx = (a.a * shadow.offset.x + a.c * shadow.offset.y) * k
            dy = (a.b * shadow.offset.x + a.d * shadow.offset.y) * k
            sigma = shadow.radius * abs(a.a * a.d - a.b * a.c).squareRoot() * k
        }
        return DeviceShadow(dx: dx, dy: dy, sigma: sigma, color: shadow.color, opacity: shadow.opacity)
    }

    /// Draws the shadow under the layer: its rounded bounds (docs/SPEC.md, "Shadows and
    /// borders": cast by the rounded bounds, as with a `shadowPath` of them), moved by the
    /// offset in the layer's own coordinates, rasterised with antialiasing, blurred
    /// (`ShadowBlur`), painted in the shadow's colour at its opacity.
    func drawShadow(_ shadow: DeviceShadow, state s: LayerState, projective: Bool) {
        let cr = canvas.context
        let k = pixelsPerPoint
        let radius = min(max(s.cornerRadius, 0), min(s.size.width, s.size.height) / 2)
        let (ox, oy) = (s.shadow?.offset.x ?? 0, s.shadow?.offset.y ?? 0)
        var outline: [Point] = []
        let affine = projective ? nil : s.affine
        if affine == nil {
            let unit = PlaneOutline.pixelsPerUnit(s, pixelsPerPoint: k)
            outline = PlaneOutline.project(
                PlaneOutline.rounded(
                    size: s.size, radius: radius, segments: PlaneOutline.segments(radiusInPixels: radius * unit)
                ).map { Point(x: $0.x + ox, y: $0.y + oy) }, through: PlaneHomography(s.matrix), pixelsPerPoint: k)
        } else if let a = affine {
            outline = [
                Point(x: ox, y: oy), Point(x: ox + s.size.width, y: oy),
                Point(x: ox + s.size.width, y: oy + s.size.height), Point(x: ox, y: oy + s.size.height),
            ]
            .map {
                let q = a.apply($0); return Point(x: q.x * k, y: q.y * k)
            }
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in outline where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        guard minX <= maxX else { return }
        // The mask's grid: device pixels, or for a blur wider than `shadowSigmaLimit` pixels
        // blocks of f × f of them, f the smallest that brings σ to at most half the limit
        // (a layer scaled up 1,000 times casts a shadow of σ 10,000 px from a radius of 10 pt:
        // on device pixels that mask was 20,390 × 20,844, past a minute a frame). The blur is
        // smooth at that width, and the mask is drawn back onto the frame bilinearly
        // (docs/FORMATS.md, "Raster drawing", shadows: the error against the fine grid).
        let f = shadow.sigma > shadowSigmaLimit ? Int((2 * shadow.sigma / shadowSigmaLimit).rounded(.up)) : 1
        let unit = Double(f)
        let sigma = shadow.sigma / unit
        let (gridMinX, gridMinY, gridMaxX, gridMaxY) = (minX / unit, minY / unit, maxX / unit, maxY / unit)
        let gridWidth = (width + f - 1) / f, gridHeight = (height + f - 1) / f
        let reach = 3 * sigma + 2
        // The mask covers the shape and its blur, cut to the frame (what lies outside never shows).
        // (The shape beyond the frame still feeds the blur near its edge: cut `reach` out.)
        let r = Int(reach.rounded(.up))
        let mx = max(Int((gridMinX - reach).rounded(.down)), -r)
        let my = max(Int((gridMinY - reach).rounded(.down)), -r)
        let mx1 = min(Int((gridMaxX + reach).rounded(.up)), gridWidth + r)
        let my1 = min(Int((gridMaxY + reach).rounded(.up)), gridHeight + r)
        // Only the mask's rows that the shape inks feed the passes along rows (the others stay
        // zero), and only its columns inside the frame are seen: the passes along columns run
        // there alone. A radius of 1,000 pt put a mask of 6,394 × 6,848 pixels under a 390 ×
        // 844 frame, 4.5 s a frame @1x and 20 s @2x, all but 1/15 of it never shown
        // (docs/FORMATS.md, "Raster drawing", shadows).
        let sy0 = max(my, Int(gridMinY.rounded(.down)) - 1), sy1 = min(my1, Int(gridMaxY.rounded(.up)) + 1)
        // On a coarse grid, one column more each side: the bilinear reading at the frame's
        // edge takes its neighbour beyond it (else the edge faded, 8/255 in `CoarseShadowTests`).
        let margin = f > 1 ? 1 : 0
        let vx0 = max(mx, -margin), vx1 = min(mx1, gridWidth + margin)
        guard mx1 > mx, my1 > my, sy1 > sy0, vx1 > vx0 else { return }
        let mw = mx1 - mx, mh = my1 - my, seenWidth = vx1 - vx0
        let rowStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(mw)))
        let seenStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(seenWidth)))
        // The shape's rows in strips of at most `shadowStripBytes`: with a radius of 1,000 pt
        // @3x a row is 19,174 pixels wide.
        let stripRows = min(sy1 - sy0, max(1, shadowStripBytes / rowStride))
        if shadowStrip.count < rowStride * stripRows {
            shadowStrip = [UInt8](repeating: 0, count: rowStride * stripRows)
        }
        if shadowMask.count < seenStride * mh { shadowMask = [UInt8](repeating: 0, count: seenStride * mh) }
        shadowMask.withUnsafeMutableBufferPointer { mask in
            let seen = mask.baseAddress!
            seen.update(repeating: 0, count: seenStride * mh)
            var y0 = sy0
            while y0 < sy1 {
                let rows = min(stripRows, sy1 - y0)
                shadowStrip.withUnsafeMutableBufferPointer { strip in
                    let m = strip.baseAddress!
                    m.update(repeating: 0, count: rowStride * rows)
                    let surface = cairo_image_surface_create_for_data(
                        m, CAIRO_FORMAT_A8, Int32(mw), Int32(rows), Int32(rowStride))!
                    let mc = cairo_create(surface)!
                    cairo_set_tolerance(mc, PlaneOutline.tolerance)
                    cairo_translate(mc, Double(-mx), Double(-y0))
                    if f > 1 { cairo_scale(mc, 1 / unit, 1 / unit) }
                    if let a = affine {
                        var matrix = cairo_matrix_t(
                            xx: a.a * k, yx: a.b * k, xy: a.c * k, yy: a.d * k, x0: a.e * k, y0: a.f * k)
                        cairo_transform(mc, &matrix)
                        cairo_translate(mc, ox, oy)
                        LookPainter(cr: mc, timeline: timeline, font: painter.font).roundedRect(
                            width: s.size.width, height: s.size.height, radius: radius)
                    } else {
                        for (n, p) in outline.enumerated() {
                            if n == 0 { cairo_move_to(mc, p.x, p.y) } else { cairo_line_to(mc, p.x, p.y) }
                        }
                        cairo_close_path(mc)
                    }
                    cairo_set_source_rgba(mc, 0, 0, 0, 1)
                    cairo_fill(mc)
                    cairo_destroy(mc)
                    cairo_surface_flush(surface)
                    cairo_surface_destroy(surface)
                    ShadowBlur.blurRows(
                        m, width: mw, height: rows, stride: rowStride, sigma: sigma, scratch: &blurScratch)
                    for row in 0..<rows {
                        (seen + (y0 + row - my) * seenStride).update(
                            from: m + row * rowStride + (vx0 - mx), count: seenWidth)
                    }
                }
                y0 += rows
            }
            ShadowBlur.blurColumns(
                seen, width: seenWidth, height: mh, stride: seenStride, sigma: sigma, scratch: &blurScratch)
            let surface = cairo_image_surface_create_for_data(
                seen, CAIRO_FORMAT_A8, Int32(seenWidth), Int32(mh), Int32(seenStride))!
            let c = shadow.color
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * shadow.opacity)
            if f == 1 {
                cairo_mask_surface(cr, surface, Double(vx0), Double(my))
            } else {
                // Device point u reads the mask at u / f − (vx0, my), between its samples bilinearly.
                let pattern = cairo_pattern_create_for_surface(surface)!
                var matrix = cairo_matrix_t()
                cairo_matrix_init_scale(&matrix, 1 / unit, 1 / unit)
                cairo_matrix_translate(&matrix, -Double(vx0) * unit, -Double(my) * unit)
                cairo_pattern_set_matrix(pattern, &matrix)
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                cairo_mask(cr, pattern)
                cairo_pattern_destroy(pattern)
            }
            cairo_surface_destroy(surface)
        }
    }

    /// The device pixels a drawing step of the layer can touch, before its shadow: its quad
    /// and, for a 2-D layer, content that overflows its bounds (a snapshot or an
    /// aspect-fill image of a layer that does not clip, a label wider than the layer).
    func deviceExtents(_ spec: LayerSpec, state s: LayerState, projective: Bool) -> Rect? {
        let k = pixelsPerPoint
        var local = Rect(x: 0, y: 0, width: s.size.width, height: s.size.height)
        if !projective, !spec.clips, let content = spec.content {
            switch content {
            case let .image(aspect, _):
                local = local.union(
                    LookPainter.imageRect(
                        aspect: aspect, mode: spec.imageMode, width: s.size.width,
                        height: s.size.height))
            case let .snapshot(of, rect):
                if let source = timeline.layerIndex(of) {
                    let size = timeline.layers[source].spec.size
                    let r = rect ?? Rect(origin: .zero, size: size)
                    let sx = s.size.width / max(r.width, 1e-4), sy = s.size.height / max(r.height, 1e-4)
                    local = local.union(
                        Rect(
                            x: -r.minX * sx, y: -r.minY * sy, width: size.width * sx,
                            height: size.height * sy))
                }
            }
        }
        if !projective, let label = spec.label, !label.isEmpty {
            let wide = Double(label.unicodeScalars.count) * SVGPainter.labelSize
            local = local.union(
                Rect(
                    x: (s.size.width - wide) / 2, y: s.size.height / 2 - SVGPainter.labelSize,
                    width: wide, height: 2 * SVGPainter.labelSize))
        }
        let corners: [Point]
        if !projective, let a = s.affine {
            corners = [
                Point(x: local.minX, y: local.minY), Point(x: local.maxX, y: local.minY),
                Point(x: local.maxX, y: local.maxY), Point(x: local.minX, y: local.maxY),
            ].map(a.apply)
        } else {
            corners = s.quad
        }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in corners where p.x.isFinite && p.y.isFinite {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX * k - 1, y: minY * k - 1, width: (maxX - minX) * k + 2, height: (maxY - minY) * k + 2)
    }
}
