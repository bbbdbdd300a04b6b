import CCairo

/// A Cairo image surface of one frame's size and its drawing context, made once per
/// `FrameRasterizer` and cleared for every frame.
///
/// Cairo's `ARGB32` is premultiplied, one native-endian 32-bit word per pixel (B, G, R, A
/// in memory on little-endian machines), rows `stride` bytes apart (cairo.h,
/// `cairo_format_t`); `copyRGBA` turns it into `RasterFrame`'s R, G, B, A bytes.
final class CairoCanvas {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let context: OpaquePointer

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        context = cairo_create(surface)
        precondition(cairo_status(context) == CAIRO_STATUS_SUCCESS, "cairo could not make a \(width)×\(height) surface")
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Fills the whole surface with `color` (straight alpha), replacing what was there.
    func clear(to color: RGBA8) {
        cairo_save(context)
        cairo_reset_clip(context)
        cairo_identity_matrix(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(
            context, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The surface's pixels as premultiplied R, G, B, A bytes, rows without padding.
    func copyRGBA(into out: inout [UInt8]) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return }
        precondition(out.count >= width * height * 4)
        out.withUnsafeMutableBytes { o in
            // A word at a time (the loop vectorises): Cairo's 0xAARRGGBB with R and B
            // swapped is 0xAABBGGRR, which a little-endian store writes as R, G, B, A.
            let words = o.baseAddress!.assumingMemoryBound(to: UInt32.self)
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let line = words + y * width
                for x in 0..<width {
                    let p = row[x]
                    line[x] = (p & 0xFF00_FF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16
                }
            }
        }
    }
}
