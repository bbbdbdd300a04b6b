import AnimaticCore
import AnimaticImages
import CCairo
import Synchronization

/// Draws a layer's picture (`LayerSpec.imageSource`) in its image rectangle, in the
/// current user space of a Cairo context: the bounds' coordinates, so a 2-D layer gets
/// its affine map and a projected layer the plane's homography (`ProjectedContent` draws
/// the look flat, then maps it through pixman's projective transform). Pixels come from
/// `ImageDecoder` (sRGB, premultiplied, upright: the EXIF orientation applied, a Display
/// P3 profile converted) and are sampled bilinearly (`CAIRO_FILTER_BILINEAR`; Cairo's
/// `GOOD` filter box-filters a downscale, which browsers do not).
///
/// Decoding costs more than drawing, so decoded pictures are kept in a process-wide
/// cache by their library key (an asset's id is the hash of its bytes, a data URI is its
/// bytes), least recently used first out, bounded by `cacheLimitPixels` (our choice:
/// 32 Mpx, 128 MB — one 25 Mpx picture, the upload limit, plus a few screenshots).
enum ImagePainter {
    static let cacheLimitPixels = 32 << 20

    /// Decoded pixels in Cairo's `ARGB32` layout (premultiplied, native-endian
    /// `a << 24 | r << 16 | g << 8 | b`), kept at a stable address for
    /// `cairo_image_surface_create_for_data`.
    final class Pixels: @unchecked Sendable {
        let width: Int
        let height: Int
        let data: UnsafeMutablePointer<UInt32>

        init(_ image: DecodedImage) {
            width = image.width
            height = image.height
            data = .allocate(capacity: max(image.pixels.count, 1))
            for (i, p) in image.pixels.enumerated() {
                // R, G, B, A bytes in memory (little-endian r | g << 8 | b << 16 | a << 24)
                // → a << 24 | r << 16 | g << 8 | b: swap the red and blue bytes.
                data[i] = p & 0xFF00_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF
            }
        }

        deinit { data.deallocate() }
    }

    private struct Cache: ~Copyable {
        var entries: [String: Pixels] = [:]
        var order: [String] = []
        var pixels = 0
        /// Keys that failed to decode: not tried again.
        var failed: Set<String> = []
    }

    private static let cache = Mutex(Cache())

    /// The decoded picture of `source` from `timeline`'s library, decoding it on first use.
    static func pixels(_ source: ImageSource, timeline: Timeline) -> Pixels? {
        let key = source.key
        let hit: Pixels?? = cache.withLock { c in
            if c.failed.contains(key) { return .some(nil) }
            guard let p = c.entries[key] else { return nil }
            if let i = c.order.firstIndex(of: key) { c.order.remove(at: i) }
            c.order.append(key)
            return .some(p)
        }
        if let hit { return hit }
        guard let image = timeline.spec.images[source] else { return nil }
        let limits = ImageLimits(
            maxBytes: max(image.bytes.count, 1), maxPixels: max(image.width * image.height, 1) + 1,
            maxFrames: ImageLimits.standard.maxFrames)
        guard let decoded = try? ImageDecoder.decode(image.bytes, limits: limits) else {
            cache.withLock { _ = $0.failed.insert(key) }
            return nil
        }
        let pixels = Pixels(decoded)
        cache.withLock { c in
            guard c.entries[key] == nil else { return }
            c.entries[key] = pixels
            c.order.append(key)
            c.pixels += pixels.width * pixels.height
            while c.pixels > cacheLimitPixels, c.order.count > 1, let oldest = c.order.first {
                c.order.removeFirst()
                if let gone = c.entries.removeValue(forKey: oldest) { c.pixels -= gone.width * gone.height }
            }
        }
        return pixels
    }

    /// Paints `source` stretched over `rect` (bounds coordinates) on `cr`; false when the
    /// picture is not in the library or does not decode (the placeholder stays).
    @discardableResult
    static func paint(_ source: ImageSource, in rect: Rect, timeline: Timeline, on cr: OpaquePointer) -> Bool {
        guard rect.width > 0, rect.height > 0, let pixels = pixels(source, timeline: timeline) else { return false }
        let stride = pixels.width * 4
        guard
            let surface = cairo_image_surface_create_for_data(
                UnsafeMutableRawPointer(pixels.data).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(pixels.width), Int32(pixels.height), Int32(stride))
        else { return false }
        defer { cairo_surface_destroy(surface) }
        let pattern = cairo_pattern_create_for_surface(surface)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        // Pattern space = image pixels; user space = bounds: user → pattern.
        var m = cairo_matrix_t()
        cairo_matrix_init_scale(&m, Double(pixels.width) / rect.width, Double(pixels.height) / rect.height)
        cairo_matrix_translate(&m, -rect.minX, -rect.minY)
        cairo_pattern_set_matrix(pattern, &m)
        withExtendedLifetime(pixels) {
            cairo_save(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_restore(cr)
        }
        return true
    }
}
