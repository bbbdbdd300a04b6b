import AnimaticCore
import AnimaticImages
import CCairo

/// Draws a layer's picture (`LayerSpec.imageSource`, its bytes in the spec's `ImageLibrary`)
/// in its image rectangle, in the current user space of a Cairo context: the layer's bounds
/// coordinates, so a 2-D layer gets its affine map and a projected layer the plane's
/// homography (`ProjectedContent` draws the look flat, then maps it through pixman's
/// projective transform) — the picture goes through the same map as the rest of the look.
///
/// Pixels come from `ImageDecoder` (sRGB: a Display P3 profile converted by LittleCMS;
/// premultiplied; upright: a JPEG's EXIF orientation applied) through `DecodedPixelCache`,
/// and are sampled bilinearly (`CAIRO_FILTER_BILINEAR`; Cairo's `GOOD` filter box-filters a
/// downscale, which browsers do not), with the edge pixels extended (`CAIRO_EXTEND_PAD`) so
/// the picture's rim is not blended with transparency.
///
/// One painter per render (`FrameRasterizer`): it holds the render's pictures, so each is
/// taken from the cache, or decoded, once per render whatever the cache evicts meanwhile.
final class ImagePainter {
    let timeline: Timeline
    private var held: [String: DecodedPixelCache.Pixels?] = [:]

    init(timeline: Timeline) { self.timeline = timeline }

    /// The decoded picture of `source`, nil when the spec's library lacks it or it does not decode.
    func pixels(_ source: ImageSource) -> DecodedPixelCache.Pixels? {
        if let known = held[source.key] { return known }
        let pixels = timeline.spec.images[source].flatMap { DecodedPixelCache.pixels(key: source.key, image: $0) }
        held[source.key] = .some(pixels)
        return pixels
    }

    /// Paints `source` stretched over `rect` (user-space coordinates) on `cr`; false when the
    /// picture is not available (the caller draws the placeholder instead).
    @discardableResult
    func paint(_ source: ImageSource, in rect: Rect, on cr: OpaquePointer) -> Bool {
        guard rect.width > 0, rect.height > 0, let pixels = pixels(source) else { return false }
        return withExtendedLifetime(pixels) {
            guard
                let surface = cairo_image_surface_create_for_data(
                    UnsafeMutableRawPointer(pixels.data).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(pixels.width), Int32(pixels.height), Int32(pixels.width * 4))
            else { return false }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                let pattern = cairo_pattern_create_for_surface(surface)
            else { return false }
            defer { cairo_pattern_destroy(pattern) }
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            // A pattern's matrix maps user space to pattern space (the picture's pixels).
            var m = cairo_matrix_t()
            cairo_matrix_init_scale(&m, Double(pixels.width) / rect.width, Double(pixels.height) / rect.height)
            cairo_matrix_translate(&m, -rect.minX, -rect.minY)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_restore(cr)
            return true
        }
    }
}
