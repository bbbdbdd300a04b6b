import AnimaticCore
import AnimaticImages
import Synchronization

/// The decoded pictures the raster formats draw, kept across frames and renders: decoding
/// a screenshot costs more than drawing it in a frame, and every frame of an animation and
/// every render of the same spec shows the same picture.
///
/// Keyed by `ImageSource.key` (an asset's id is the hash of its bytes, a data URI is its
/// bytes, so a key always means the same pixels), least recently used first out, bounded by
/// `limitPixels` — our choice: 32 Mpx (128 MB at 4 bytes a pixel), one picture at the
/// upload limit (25 Mpx, `ImageLimits.standard`) plus a few screenshots. A picture over the
/// bound is still drawn by the render that asked for it, then dropped. A render holds its
/// pictures by reference, so an eviction never pulls pixels from under a frame.
enum DecodedPixelCache {
    static let limitPixels = 32 << 20

    /// Decoded pixels in Cairo's `CAIRO_FORMAT_ARGB32` layout (premultiplied, native-endian
    /// `a << 24 | r << 16 | g << 8 | b`, rows of `width × 4` bytes: Cairo's stride for that
    /// format), at a stable address for `cairo_image_surface_create_for_data`.
    final class Pixels: @unchecked Sendable {
        let width: Int
        let height: Int
        let data: UnsafeMutablePointer<UInt32>

        init(_ image: DecodedImage) {
            width = image.width
            height = image.height
            data = .allocate(capacity: max(image.pixels.count, 1))
            image.pixels.withUnsafeBufferPointer { source in
                for i in 0..<source.count {
                    // Memory bytes R, G, B, A (the value `r | g << 8 | b << 16 | a << 24` on a
                    // little-endian machine) → `a << 24 | r << 16 | g << 8 | b`: red and blue swap.
                    let p = UInt32(littleEndian: source[i])
                    data[i] = p & 0xFF00_FF00 | (p & 0xFF) << 16 | (p >> 16) & 0xFF
                }
            }
        }

        deinit { data.deallocate() }

        /// The pixel at (`x`, `y`): premultiplied R, G, B, A.
        func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let p = data[y * width + x]
            return (UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), UInt8(p >> 24))
        }
    }

    private struct Entries: ~Copyable {
        var byKey: [String: Pixels] = [:]
        /// Keys from the least to the most recently used.
        var order: [String] = []
        var pixels = 0
        /// Keys whose bytes did not decode: not tried again.
        var failed: Set<String> = []
    }

    private static let entries = Mutex(Entries())

    /// The decoded picture of `image` under `key`, decoding it on first use; nil when it
    /// does not decode (the resolver decoded data URIs and checked uploads already, so
    /// only a library's disagreement with itself gets here).
    static func pixels(key: String, image: ImageLibrary.Image) -> Pixels? {
        let hit: Pixels?? = entries.withLock { e in
            if e.failed.contains(key) { return .some(nil) }
            guard let p = e.byKey[key] else { return nil }
            if let i = e.order.lastIndex(of: key) { e.order.remove(at: i) }
            e.order.append(key)
            return .some(p)
        }
        if let hit { return hit }
        // The entry's own size bounds the decode: nothing larger than what the resolver saw.
        let limits = ImageLimits(
            maxBytes: max(image.bytes.count, 1), maxPixels: max(image.width * image.height, 1),
            maxFrames: ImageLimits.standard.maxFrames)
        guard let decoded = try? ImageDecoder.decode(image.bytes, limits: limits) else {
            entries.withLock { _ = $0.failed.insert(key) }
            return nil
        }
        let pixels = Pixels(decoded)
        entries.withLock { e in
            guard e.byKey[key] == nil else { return }
            e.byKey[key] = pixels
            e.order.append(key)
            e.pixels += pixels.width * pixels.height
            while e.pixels > limitPixels, let oldest = e.order.first {
                e.order.removeFirst()
                if let gone = e.byKey.removeValue(forKey: oldest) { e.pixels -= gone.width * gone.height }
            }
        }
        return pixels
    }

    /// Pictures held now and their pixels, for tests.
    static var stats: (count: Int, pixels: Int) { entries.withLock { ($0.byKey.count, $0.pixels) } }
}
