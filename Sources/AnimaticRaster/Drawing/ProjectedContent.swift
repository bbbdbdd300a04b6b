import AnimaticCore
import AnimaticRender
import CCairo
import CPixman

/// A projected layer's content — gradient, image placeholder, snapshot, label, border —
/// drawn flat in the layer's bounds coordinates, then mapped onto the frame through the
/// plane's homography by pixman's projective transform (a 3 × 3 matrix; pixman.h,
/// `pixman_image_set_transform`), bilinear, cut to the layer's projected outline.
///
/// Exact in geometry: every content point lands where the layer's `matrix` puts it (no
/// piecewise-affine cells). What is approximate is the sampling: the flat drawing is made
/// at the quad's largest pixels-per-point (`PlaneOutline.pixelsPerUnit`), at most
/// `maxSide` pixels a side, and resampled bilinearly; pixman holds the matrix in 16.16
/// fixed point, so it is scaled first to use the full range (its largest entry 2¹⁴).
final class ProjectedContent {
    /// Largest side of the flat drawing, in pixels: our bound on the work of one layer.
    static let maxSide = 4096

    private var content: OpaquePointer?
    private var contentWidth = 0
    private var contentHeight = 0
    /// The outline's coverage, frame sized (a group is never larger than the frame).
    private let mask: OpaquePointer
    private let maskContext: OpaquePointer

    init(width: Int, height: Int) {
        mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        maskContext = cairo_create(mask)
    }

    deinit {
        if let content { cairo_surface_destroy(content) }
        cairo_destroy(maskContext)
        cairo_surface_destroy(mask)
    }

    /// Draws `paint` (called with a context whose user space is the bounds, `size`) through
    /// `plane` onto `target` (an image surface, device pixels = container points ×
    /// `pixelsPerPoint`, less the surface's device offset), inside `outline` (device pixels).
    func draw(
        size: Size, plane: PlaneHomography, pixelsPerPoint k: Double, pixelsPerUnit: Double, outline: [Point],
        onto target: OpaquePointer, paint: (OpaquePointer) -> Void
    ) {
        guard size.width > 0, size.height > 0, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else {
            return
        }
        let rho = max(min(pixelsPerUnit, Double(Self.maxSide) / max(size.width, size.height)), 1e-3)
        let cw = max(1, Int((size.width * rho).rounded(.up))), ch = max(1, Int((size.height * rho).rounded(.up)))
        if content == nil || contentWidth < cw || contentHeight < ch {
            if let content { cairo_surface_destroy(content) }
            contentWidth = max(cw, contentWidth)
            contentHeight = max(ch, contentHeight)
            content = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(contentWidth), Int32(contentHeight))
        }
        guard let content else { return }
        // The surface may be larger than this layer's drawing (it keeps the largest size
        // seen): only its top-left cw × ch is cleared, drawn and handed to pixman, so what
        // an earlier, larger drawing left beyond never shows (pixman pads past cw × ch with
        // the edge pixels, as it does when the surface is exactly that size).
        let cr = cairo_create(content)!
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cr, 0, 0, Double(cw), Double(ch))
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_rectangle(cr, 0, 0, Double(cw), Double(ch))
        cairo_clip(cr)
        cairo_scale(cr, rho, rho)
        paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(content)

        cairo_surface_flush(target)
        let tw = Int(cairo_image_surface_get_width(target)), th = Int(cairo_image_surface_get_height(target))
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        guard tw > 0, th > 0, tw <= Int(cairo_image_surface_get_width(mask)),
            th <= Int(cairo_image_surface_get_height(mask))
        else { return }

        // The outline's coverage in the target's pixels.
        let m = maskContext
        cairo_set_operator(m, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(m, 0, 0, Double(tw), Double(th))
        cairo_fill(m)
        cairo_set_operator(m, CAIRO_OPERATOR_OVER)
        cairo_new_path(m)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (n, p) in outline.enumerated() {
            let x = p.x + ox, y = p.y + oy
            if n == 0 { cairo_move_to(m, x, y) } else { cairo_line_to(m, x, y) }
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        cairo_close_path(m)
        cairo_set_source_rgba(m, 0, 0, 0, 1)
        cairo_fill(m)
        cairo_surface_flush(mask)

        // Content pixel → bounds point → container point (the plane) → target pixel, as
        // column vectors; pixman wants the inverse (target pixel → content pixel).
        let (a, b, c, d, e, f, g, h, l) = plane.h  // [x y 1] · H
        var forward = pixman_f_transform()
        forward.m = (
            ((a * k + c * ox) / rho, (d * k + f * ox) / rho, g * k + l * ox),
            ((b * k + c * oy) / rho, (e * k + f * oy) / rho, h * k + l * oy),
            (c / rho, f / rho, l)
        )
        var inverse = pixman_f_transform()
        guard pixman_f_transform_invert(&inverse, &forward) != 0 else { return }
        // pixman holds the matrix and the first pixel's (x, y, w) in 16.16 fixed point (at
        // most ±32767): scale the homogeneous matrix so the largest of those over the area
        // drawn is 2¹⁴, with w positive there (pixman divides by w).
        let x0 = max(0, Int(minX.rounded(.down)) - 1), y0 = max(0, Int(minY.rounded(.down)) - 1)
        let x1 = min(tw, Int(maxX.rounded(.up)) + 1), y1 = min(th, Int(maxY.rounded(.up)) + 1)
        guard x1 > x0, y1 > y0 else { return }
        var largest = 0.0
        var wSign = 0.0
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
            let px = Double(x) + 0.5, py = Double(y) + 0.5
            let r = inverse.m
            let u = r.0.0 * px + r.0.1 * py + r.0.2
            let v = r.1.0 * px + r.1.1 * py + r.1.2
            let w = r.2.0 * px + r.2.1 * py + r.2.2
            largest = max(largest, abs(u), abs(v), abs(w))
            if wSign == 0 { wSign = w < 0 ? -1 : 1 }
        }
        withUnsafeBytes(of: inverse.m) { raw in
            for v in raw.bindMemory(to: Double.self) { largest = max(largest, abs(v)) }
        }
        guard largest > 0, largest.isFinite else { return }
        let s = wSign * 16384 / largest
        inverse.m = (
            (inverse.m.0.0 * s, inverse.m.0.1 * s, inverse.m.0.2 * s),
            (inverse.m.1.0 * s, inverse.m.1.1 * s, inverse.m.1.2 * s),
            (inverse.m.2.0 * s, inverse.m.2.1 * s, inverse.m.2.2 * s)
        )
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &inverse) != 0 else { return }

        let source = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(cw), Int32(ch),
            cairo_image_surface_get_data(content).map {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self)
            },
            cairo_image_surface_get_stride(content))
        let coverage = pixman_image_create_bits(
            PIXMAN_a8, Int32(cairo_image_surface_get_width(mask)), Int32(cairo_image_surface_get_height(mask)),
            cairo_image_surface_get_data(mask).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self) },
            cairo_image_surface_get_stride(mask))
        let destination = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(tw), Int32(th),
            cairo_image_surface_get_data(target).map {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self)
            },
            cairo_image_surface_get_stride(target))
        defer {
            pixman_image_unref(source)
            pixman_image_unref(coverage)
            pixman_image_unref(destination)
        }
        pixman_image_set_transform(source, &fixed)
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, coverage, destination, Int32(x0), Int32(y0), Int32(x0), Int32(y0), Int32(x0),
            Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
        cairo_surface_mark_dirty(target)
    }
}
