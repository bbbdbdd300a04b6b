import AnimaticCore
import AnimaticRender
import CCairo
import CPixman

/// A projected layer's gradient and the rest of its look — image placeholder, snapshot,
/// label, border — mapped onto the frame through the plane's homography by pixman, cut to
/// the layer's projected outline (an antialiased A8 coverage mask).
///
/// The gradient gives every pixel the colour at the exact bounds point that pixel shows,
/// read from the gradient's ramp drawn by pixman's own linear gradient (pixman.h,
/// `pixman_image_create_linear_gradient`), with no flat drawing in between. The rest is
/// drawn flat in the layer's bounds coordinates at the quad's largest pixels-per-point
/// (`PlaneOutline.pixelsPerUnit`, at most `maxSide` pixels a side) and resampled
/// bilinearly, over the part of the quad that flat drawing covers, through `AffineCells`:
/// the projective map replaced cell by cell by its tangent within 0.25 px, kept exact where
/// it cannot be. pixman holds a matrix in 16.16 fixed point, so a projective one is scaled
/// first to use the full range (its largest entry 2¹⁴).
final class ProjectedContent {
    /// Largest side of the flat drawing, in pixels: our bound on the work of one layer.
    static let maxSide = 4096

    private var content: OpaquePointer?
    private var contentWidth = 0
    private var contentHeight = 0
    /// The box of `content` that the last flat drawing inked; the rest of it is clear.
    private var drawnBefore: (x0: Int, y0: Int, x1: Int, y1: Int)?
    /// The outline's coverage, frame sized (a group is never larger than the frame).
    private let mask: OpaquePointer
    private let maskContext: OpaquePointer
    /// What the mask holds: the outline `cover` drew last, its device offset and box.
    private var covered: (outline: [Point], offset: (Double, Double), box: (Int, Int, Int, Int))?
    /// A projected gradient's colours over its area (reused from layer to layer).
    private var colors: [UInt32] = []
    /// Gradient ramps by their stops (`ramp(for:)`); at most 64 kept, our bound.
    private var ramps: [[Color]: [UInt32]] = [:]

    init(width: Int, height: Int) {
        mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))
        maskContext = cairo_create(mask)
    }

    deinit {
        if let content { cairo_surface_destroy(content) }
        cairo_destroy(maskContext)
        cairo_surface_destroy(mask)
    }

    /// Draws `gradient` (when given) and then `paint`'s flat drawing (called with a context
    /// whose user space is the bounds, `size`; nil when there is nothing more) through
    /// `plane` onto `target` (an image surface, device pixels = container points ×
    /// `pixelsPerPoint`, less the surface's device offset), inside `outline` (device pixels).
    /// With `alpha` below 1 (only for a gradient alone), the gradient is composited as a
    /// Cairo group holding it and painted at `alpha` would composite it.
    func draw(
        size: Size, plane: PlaneHomography, pixelsPerPoint k: Double, pixelsPerUnit: Double, outline: [Point],
        onto target: OpaquePointer, gradient: GradientSpec?, paint: ((OpaquePointer) -> Void)?, alpha: Double = 1
    ) {
        precondition(alpha >= 1 || paint == nil, "only a gradient alone is faded in its drawing")
        guard size.width > 0, size.height > 0, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else {
            return
        }
        cairo_surface_flush(target)
        let tw = Int(cairo_image_surface_get_width(target)), th = Int(cairo_image_surface_get_height(target))
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        guard tw > 0, th > 0, tw <= Int(cairo_image_surface_get_width(mask)),
            th <= Int(cairo_image_surface_get_height(mask)),
            let area = cover(outline, offset: (ox, oy), width: tw, height: th)
        else { return }

        // Bounds point → container point (the plane) → target pixel, as column vectors;
        // pixman wants the inverse (target pixel → bounds point), with w > 0 over the area
        // (pixman divides by it; the plane faces the eye there).
        let (a, b, c, d, e, f, g, h, l) = plane.h  // [x y 1] · H
        var forward = pixman_f_transform()
        forward.m = (
            (a * k + c * ox, d * k + f * ox, g * k + l * ox),
            (b * k + c * oy, e * k + f * oy, h * k + l * oy),
            (c, f, l)
        )
        var inverse = pixman_f_transform()
        guard pixman_f_transform_invert(&inverse, &forward) != 0 else { return }
        let r = inverse.m
        let sign = (r.2.0 * (Double(area.x0) + 0.5) + r.2.1 * (Double(area.y0) + 0.5) + r.2.2) < 0 ? -1.0 : 1.0
        let toBounds = (
            u: sign * SIMD3(r.0.0, r.0.1, r.0.2), v: sign * SIMD3(r.1.0, r.1.1, r.1.2),
            w: sign * SIMD3(r.2.0, r.2.1, r.2.2)
        )

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
            pixman_image_unref(coverage)
            pixman_image_unref(destination)
            cairo_surface_mark_dirty(target)
        }
        if let gradient, let destination, let coverage {
            drawGradient(
                gradient, size: size, toBounds: toBounds, area: area, mask: coverage, onto: destination, alpha: alpha)
        }
        if let paint, let destination, let coverage {
            drawFlat(
                size: size, toBounds: toBounds, forward: forward, pixelsPerUnit: pixelsPerUnit, area: area,
                mask: coverage, onto: destination, paint: paint)
        }
    }

    /// Whether `drawGradient` draws `gradient` exactly as Cairo would fill the bounds with it
    /// (`LookPainter.body`): two or more stops, distinct ends (Cairo paints a degenerate
    /// gradient its own way, so that one is left to the flat drawing).
    static func drawsDirectly(_ gradient: GradientSpec) -> Bool {
        gradient.colors.count >= 2
            && (abs(gradient.end.x - gradient.start.x) > 1e-9 || abs(gradient.end.y - gradient.start.y) > 1e-9)
    }

    /// Entries in a gradient's colour ramp: its parameter is read to 1/8192 of the
    /// start → end line, so a colour is off by at most 1/16384 of a stop-to-stop change
    /// (under 0.02/255 for black → clear), far below the 8-bit rounding.
    static let rampWidth = 8192

    /// The gradient in bounding-box units, evenly spaced stops, padded, as `LookPainter`
    /// asks Cairo for it (Cairo hands the same stops to the same pixman gradient: a colour
    /// component d becomes the 16-bit d · (65536 − ε), cairo-color.c).
    ///
    /// Each target pixel's gradient parameter t is computed exactly from the homography —
    /// t = n · p / d · p for the pixel's centre p, a ratio of two affine functions — and
    /// its colour read from the gradient's ramp, which pixman draws once (`ramp(for:)`);
    /// the colours are composited through the outline's coverage by pixman. Why not
    /// pixman's gradient under the projective transform, as before: it evaluates the
    /// gradient in floating point pixel by pixel (`_pixman_gradient_walker_pixel_32`) after
    /// a division per pixel, 31 % of the fold's whole MP4 render (`perf`, docs/BENCHMARKS.md,
    /// "Projected gradients from a ramp").
    private func drawGradient(
        _ gradient: GradientSpec, size: Size, toBounds: (u: SIMD3<Double>, v: SIMD3<Double>, w: SIMD3<Double>),
        area: (x0: Int, y0: Int, x1: Int, y1: Int), mask: OpaquePointer, onto destination: OpaquePointer,
        alpha: Double
    ) {
        guard let ramp = ramp(for: gradient.colors) else { return }
        // Target pixel → the bounds' unit square (U, V) / W; the gradient's parameter there is
        // ((U, V) / W − start) · (end − start) / |end − start|².
        let du = gradient.end.x - gradient.start.x, dv = gradient.end.y - gradient.start.y
        let length2 = du * du + dv * dv
        guard length2 > 0, size.width > 0, size.height > 0 else { return }
        let offset = du * gradient.start.x + dv * gradient.start.y
        let scale = Double(Self.rampWidth)
        let n = (du / size.width) * toBounds.u + (dv / size.height) * toBounds.v - offset * toBounds.w
        let d = (length2 / scale) * toBounds.w
        let width = area.x1 - area.x0, height = area.y1 - area.y0
        if colors.count < width * height { colors = [UInt32](repeating: 0, count: width * height) }
        // Faded, the colours are multiplied by the outline's coverage row by row as they are
        // made (`Self.times`), as the group below needs them.
        let coverage = alpha < 1 ? pixman_image_get_data(mask).map { UnsafeRawPointer($0) } : nil
        let coverageStride = Int(pixman_image_get_stride(mask))
        ramp.withUnsafeBufferPointer { ramp in
            colors.withUnsafeMutableBufferPointer { out in
                for rowIndex in 0..<height {
                    let py = Double(area.y0 + rowIndex) + 0.5, px = Double(area.x0) + 0.5
                    let n0 = n.x * px + n.y * py + n.z, d0 = d.x * px + d.y * py + d.z
                    let row = out.baseAddress! + rowIndex * width
                    // Pairs of pixels (SSE2's divpd: the divisions are the cost), the same
                    // IEEE quotients as one by one, two pairs a turn; the columns carried as
                    // doubles (whole numbers, so exact). Clamped to the ramp with NaN (behind
                    // the eye, outside the outline) and everything below 0 read as entry 0.
                    let top = SIMD2<Double>(repeating: Double(Self.rampWidth - 1))
                    let two = SIMD2<Double>(repeating: 2), four = SIMD2<Double>(repeating: 4)
                    @inline(__always) func indices(_ c: SIMD2<Double>) -> SIMD2<Double> {
                        var s = (n0 + n.x * c) / (d0 + d.x * c)
                        s.replace(with: 0, where: .!(s .> 0))
                        return pointwiseMin(s, top)
                    }
                    var c = SIMD2<Double>(0, 1)
                    var column = 0
                    while column &+ 4 <= width {
                        let s = indices(c), t = indices(c + two)
                        row[column] = ramp[Int(s.x)]
                        row[column &+ 1] = ramp[Int(s.y)]
                        row[column &+ 2] = ramp[Int(t.x)]
                        row[column &+ 3] = ramp[Int(t.y)]
                        c += four
                        column &+= 4
                    }
                    while column < width {
                        let s = indices(c)
                        row[column] = ramp[Int(s.x)]
                        // An odd width's last pair has one pixel in the row.
                        if column &+ 1 < width { row[column &+ 1] = ramp[Int(s.y)] }
                        c += two
                        column &+= 2
                    }
                    if let coverage {
                        Self.times(
                            row, coverage.advanced(by: (area.y0 &+ rowIndex) &* coverageStride &+ area.x0), count: width
                        )
                    }
                }
            }
        }
        colors.withUnsafeMutableBytes { bytes in
            guard
                let source = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                    bytes.baseAddress?.assumingMemoryBound(to: UInt32.self), Int32(width * 4))
            else { return }
            defer { pixman_image_unref(source) }
            guard alpha < 1 else {
                pixman_image_composite32(
                    PIXMAN_OP_OVER, source, mask, destination, 0, 0, Int32(area.x0), Int32(area.y0),
                    Int32(area.x0), Int32(area.y0), Int32(width), Int32(height))
                return
            }
            // As a group holding the gradient alone: its pixels are the colours times the
            // coverage (a clear surface OVER them through the coverage), made above,
            // composited OVER the target through a solid mask of `alpha`, as
            // `cairo_paint_with_alpha` composites a group.
            var color = pixman_color(red: 0, green: 0, blue: 0, alpha: Self.cairoOpacity(alpha))
            guard let opacity = pixman_image_create_solid_fill(&color) else { return }
            defer { pixman_image_unref(opacity) }
            pixman_image_composite32(
                PIXMAN_OP_OVER, source, opacity, destination, 0, 0, 0, 0, Int32(area.x0), Int32(area.y0),
                Int32(width), Int32(height))
        }
    }

    /// Each of `count` premultiplied words times its coverage byte, in place, as pixman
    /// multiplies a colour by an alpha (`UN8x4_MUL_UN8`, pixman-combine32.h: per channel
    /// t = x · a + 128, (t + t / 256) / 256) and as its IN_REVERSE of the coverage onto the
    /// colours did (a clear surface OVER the colours through the coverage rounds the same).
    /// Made here, where the row was just written: pixman had no fast path for it, and its
    /// general one was 9 % of the fold's GIF (docs/BENCHMARKS.md). Coverage is 255 inside the
    /// outline (the word stays) and 0 outside it, eight bytes at a time.
    static func times(_ words: UnsafeMutablePointer<UInt32>, _ coverage: UnsafeRawPointer, count: Int) {
        var i = 0
        // Eight coverage bytes a test, read as one word (Swift's byte vectors compared lane
        // by lane through memory).
        while i &+ 8 <= count {
            let m = coverage.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if m == .max {
                i &+= 8
                continue
            }
            if m == 0 {
                UnsafeMutableRawPointer(words + i).initializeMemory(as: UInt32.self, repeating: 0, count: 8)
                i &+= 8
                continue
            }
            for k in 0..<8 {
                words[i &+ k] = times(words[i &+ k], UInt32(truncatingIfNeeded: m >> UInt64(8 * k)) & 0xFF)
            }
            i &+= 8
        }
        while i < count {
            words[i] = times(words[i], UInt32(coverage.load(fromByteOffset: i, as: UInt8.self)))
            i &+= 1
        }
    }

    @inline(__always)
    private static func times(_ x: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (x & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((x >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ag
    }

    /// `cairo_paint_with_alpha`'s alpha as Cairo 1.16 makes it a solid colour's 16-bit alpha,
    /// d · 65535 + 0.5 truncated (cairo-color.c, `_cairo_color_double_to_short`); pixman and
    /// Cairo's compositor then use its high byte (`alpha_short >> 8`, cairo-image-compositor.c).
    static func cairoOpacity(_ d: Double) -> UInt16 { UInt16(min(max(d, 0), 1) * 65535 + 0.5) }

    /// The premultiplied colours of a gradient of `stops` (evenly spaced) at t = (i + ½) /
    /// `rampWidth`, drawn by pixman's linear gradient (the one Cairo fills with) along a
    /// `rampWidth` × 1 image; kept for the frames after (a timeline has few gradients).
    private func ramp(for stops: [Color]) -> [UInt32]? {
        if let ramp = ramps[stops] { return ramp }
        func short(_ v: Double) -> UInt16 { UInt16(min(max(v, 0), 1) * 65535.999) }
        func fixed(_ v: Double) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
        let n = stops.count
        guard n >= 2 else { return nil }
        let pixmanStops = stops.enumerated().map { (i, c) in
            pixman_gradient_stop(
                x: fixed(Double(i) / Double(n - 1)),
                color: pixman_color(
                    red: short(c.red), green: short(c.green), blue: short(c.blue), alpha: short(c.alpha)))
        }
        var p1 = pixman_point_fixed(x: 0, y: 0)
        var p2 = pixman_point_fixed(x: fixed(Double(Self.rampWidth)), y: 0)
        guard
            let source = pixmanStops.withUnsafeBufferPointer({
                pixman_image_create_linear_gradient(&p1, &p2, $0.baseAddress, Int32(n))
            })
        else { return nil }
        defer { pixman_image_unref(source) }
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        var ramp = [UInt32](repeating: 0, count: Self.rampWidth)
        let drawn = ramp.withUnsafeMutableBufferPointer { ramp -> Bool in
            guard
                let target = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(Self.rampWidth), 1, ramp.baseAddress, Int32(Self.rampWidth * 4))
            else { return false }
            defer { pixman_image_unref(target) }
            pixman_image_composite32(
                PIXMAN_OP_SRC, source, nil, target, 0, 0, 0, 0, 0, 0, Int32(Self.rampWidth), 1)
            return true
        }
        guard drawn else { return nil }
        if ramps.count >= 64 { ramps.removeAll() }
        ramps[stops] = ramp
        return ramp
    }

    /// `paint`'s flat drawing at `pixelsPerUnit` (at most `maxSide` a side), resampled over
    /// the part of the area its drawn pixels can reach.
    private func drawFlat(
        size: Size, toBounds: (u: SIMD3<Double>, v: SIMD3<Double>, w: SIMD3<Double>), forward: pixman_f_transform,
        pixelsPerUnit: Double, area: (x0: Int, y0: Int, x1: Int, y1: Int), mask: OpaquePointer,
        onto destination: OpaquePointer, paint: (OpaquePointer) -> Void
    ) {
        let rho = max(min(pixelsPerUnit, Double(Self.maxSide) / max(size.width, size.height)), 1e-3)
        let cw = max(1, Int((size.width * rho).rounded(.up))), ch = max(1, Int((size.height * rho).rounded(.up)))
        if content == nil || contentWidth < cw || contentHeight < ch {
            if let content { cairo_surface_destroy(content) }
            // Grown to a multiple of 64 pixels a side (at most `maxSide`, itself one): a
            // layer turning towards the eye needs a little more each frame, and a surface
            // made anew is cleared whole (the fold's strips made 39 in 31 frames).
            contentWidth = max(Self.roundedUp(cw), contentWidth)
            contentHeight = max(Self.roundedUp(ch), contentHeight)
            content = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(contentWidth), Int32(contentHeight))
            drawnBefore = nil  // a new image surface is all clear
        }
        guard let content else { return }
        // The surface may be larger than this layer's drawing (it keeps the largest size
        // seen), and it is all clear but for `drawnBefore`, the box an earlier layer drew:
        // only that box is cleared (a strip's flat drawing is often just its label), only
        // the top-left cw × ch is drawn and handed to pixman (pixman pads past cw × ch with
        // the edge pixels, as it does when the surface is exactly that size).
        let cr = cairo_create(content)!
        if let box = drawnBefore {
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.x1 - box.x0), Double(box.y1 - box.y0))
            cairo_fill(cr)
        }
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_rectangle(cr, 0, 0, Double(cw), Double(ch))
        cairo_clip(cr)
        cairo_scale(cr, rho, rho)
        paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(content)
        // Nothing is drawn outside cw × ch (the clip), so this box holds all the surface's ink.
        drawnBefore = Self.drawnBox(
            cairo_image_surface_get_data(content), stride: Int(cairo_image_surface_get_stride(content)),
            width: cw, height: ch)
        guard let drawn = drawnBefore else { return }
        // The target pixels the drawn content pixels reach: the box of the images of their
        // corners grown by a content pixel (bilinear neighbours) and then by 2 device pixels
        // (the outline's antialiased edge, where pixman pads past the drawing's edge), when
        // all four are in front of the eye (w of one sign), else the whole area.
        var x0 = area.x0, y0 = area.y0, x1 = area.x1, y1 = area.y1
        let fm = forward.m
        var images: [(Double, Double, Double)] = []
        for (x, y) in [
            (drawn.x0 - 1, drawn.y0 - 1), (drawn.x1 + 1, drawn.y0 - 1), (drawn.x0 - 1, drawn.y1 + 1),
            (drawn.x1 + 1, drawn.y1 + 1),
        ] {
            let bx = Double(x) / rho, by = Double(y) / rho
            images.append(
                (
                    fm.0.0 * bx + fm.0.1 * by + fm.0.2, fm.1.0 * bx + fm.1.1 * by + fm.1.2,
                    fm.2.0 * bx + fm.2.1 * by + fm.2.2
                ))
        }
        if images.allSatisfy({ $0.2 > 1e-12 }) || images.allSatisfy({ $0.2 < -1e-12 }) {
            let xs = images.map { $0.0 / $0.2 }, ys = images.map { $0.1 / $0.2 }
            if let lx = xs.min(), let hx = xs.max(), let ly = ys.min(), let hy = ys.max(),
                lx.isFinite, hx.isFinite, ly.isFinite, hy.isFinite
            {
                x0 = max(x0, Int(max(lx, -1e9).rounded(.down)) - 2)
                y0 = max(y0, Int(max(ly, -1e9).rounded(.down)) - 2)
                x1 = min(x1, Int(min(hx, 1e9).rounded(.up)) + 2)
                y1 = min(y1, Int(min(hy, 1e9).rounded(.up)) + 2)
            }
        }
        guard x1 > x0, y1 > y0 else { return }

        let source = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(cw), Int32(ch),
            cairo_image_surface_get_data(content).map {
                UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self)
            },
            cairo_image_surface_get_stride(content))
        defer { pixman_image_unref(source) }
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        let cells = AffineCells(
            u: toBounds.u * rho, v: toBounds.v * rho, w: toBounds.w, x0: x0, y0: y0, x1: x1, y1: y1)
        for cell in cells.cells {
            guard var transform = Self.fixedTransform(cell) else { continue }
            pixman_image_set_transform(source, &transform)
            composite(source, cell, mask: mask, onto: destination)
        }
    }

    private func composite(
        _ source: OpaquePointer?, _ cell: AffineCells.Cell, mask: OpaquePointer, onto destination: OpaquePointer
    ) {
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, mask, destination, Int32(cell.x0), Int32(cell.y0), Int32(cell.x0),
            Int32(cell.y0), Int32(cell.x0), Int32(cell.y0), Int32(cell.x1 - cell.x0), Int32(cell.y1 - cell.y0))
    }

    /// Draws the outline's coverage into the mask, inside the outline's bounding box cut to
    /// the target (all the composites read of the mask); that box, or nil when empty.
    private func cover(
        _ outline: [Point], offset: (Double, Double), width tw: Int, height th: Int
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let (ox, oy) = offset
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in outline {
            minX = min(minX, p.x + ox); minY = min(minY, p.y + oy)
            maxX = max(maxX, p.x + ox); maxY = max(maxY, p.y + oy)
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        let x0 = max(0, Int(minX.rounded(.down)) - 1), y0 = max(0, Int(minY.rounded(.down)) - 1)
        let x1 = min(tw, Int(maxX.rounded(.up)) + 1), y1 = min(th, Int(maxY.rounded(.up)) + 1)
        guard x1 > x0, y1 > y0 else { return nil }
        // A sublayer that fills its parent's bounds in its parent's plane (a fold strip's
        // shadow) has the parent's outline, to the bit: the mask already holds it.
        if let last = covered, last.outline == outline, last.offset == (ox, oy), last.box == (x0, y0, x1, y1) {
            return (x0, y0, x1, y1)
        }
        covered = (outline, (ox, oy), (x0, y0, x1, y1))
        let m = maskContext
        cairo_set_operator(m, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(m, Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0))
        cairo_fill(m)
        cairo_set_operator(m, CAIRO_OPERATOR_OVER)
        cairo_new_path(m)
        for (n, p) in outline.enumerated() {
            if n == 0 { cairo_move_to(m, p.x + ox, p.y + oy) } else { cairo_line_to(m, p.x + ox, p.y + oy) }
        }
        cairo_close_path(m)
        cairo_set_source_rgba(m, 0, 0, 0, 1)
        cairo_fill(m)
        cairo_surface_flush(mask)
        return (x0, y0, x1, y1)
    }

    /// `side` rounded up to a multiple of 64, at most `maxSide` when `side` is.
    private static func roundedUp(_ side: Int) -> Int { side <= maxSide ? min((side + 63) / 64 * 64, maxSide) : side }

    /// The smallest box [x0, x1) × [y0, y1) of the drawing's pixels that are not fully
    /// transparent (premultiplied: a zero word), or nil when none is drawn.
    private static func drawnBox(
        _ data: UnsafeMutablePointer<UInt8>?, stride: Int, width: Int, height: Int
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        guard let data else { return nil }
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            // A row with nothing drawn (most rows of a strip where only a label is drawn)
            // is told by one pass of 64-bit ORs, which the compiler vectorises; a drawn row
            // is then searched from each end inward (edge to edge, a snapshot strip, costs
            // two reads).
            if row[0] == 0 && row[width - 1] == 0 {
                guard Self.anyDrawn(row, count: width) else { continue }
            }
            var first = 0
            while row[first] == 0 { first += 1 }
            var last = width - 1
            while row[last] == 0 { last -= 1 }
            x0 = min(x0, first); x1 = max(x1, last + 1)
            y0 = min(y0, y); y1 = y + 1
        }
        return x1 > x0 && y1 > y0 ? (x0, y0, x1, y1) : nil
    }

    /// Whether any of `count` words from `row` is not zero.
    private static func anyDrawn(_ row: UnsafePointer<UInt32>, count: Int) -> Bool {
        let bytes = UnsafeRawPointer(row)
        var bits: UInt64 = 0
        // Rows are 4-byte aligned (a Cairo stride), so the 8-byte reads are unaligned ones.
        for i in 0..<count / 2 { bits |= bytes.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        if count % 2 == 1 { bits |= UInt64(row[count - 1]) }
        return bits != 0
    }

    /// A cell's transform in pixman's 16.16 fixed point (at most ±32767 an entry). An affine
    /// cell is converted as it is; pixman also holds a projective map's first pixel (x, y, w)
    /// that way, so the homogeneous matrix is scaled first for the largest of those over
    /// the cell to be 2¹⁴ (w stays positive: the cells' maps have w > 0).
    private static func fixedTransform(_ cell: AffineCells.Cell) -> pixman_transform? {
        let (u, v, w) = cell.transform
        var scale = 1.0
        if cell.exact {
            var largest = 0.0
            for (x, y) in [(cell.x0, cell.y0), (cell.x1, cell.y0), (cell.x0, cell.y1), (cell.x1, cell.y1)] {
                let p = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
                largest = max(largest, abs((u * p).sum()), abs((v * p).sum()), abs((w * p).sum()))
            }
            for row in [u, v, w] { largest = max(largest, abs(row.x), abs(row.y), abs(row.z)) }
            guard largest > 0, largest.isFinite else { return nil }
            scale = 16384 / largest
        }
        var float = pixman_f_transform()
        float.m = (
            (u.x * scale, u.y * scale, u.z * scale),
            (v.x * scale, v.y * scale, v.z * scale),
            (w.x * scale, w.y * scale, w.z * scale)
        )
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &float) != 0 else { return nil }
        return fixed
    }
}
