import AnimaticCore

/// What a spec's pictures (`content.image` with an asset or data, docs/SPEC.md, "Images")
/// add to a render's price (`WorkEstimate`): nothing for a spec without pictures, so every
/// other spec is priced as before.
///
/// - Text formats: the bytes of the pictures they write — each distinct picture once in
///   SVG, the filmstrip and Lottie (one definition or asset, used by every layer), once per
///   layer that shows it in CSS (its own, or a snapshot's part of its source's: every strip
///   of a fold repeats it); the JSON timeline names it (an asset's id, a data URI's text)
///   once per layer whose own picture it is. A data URI is
///   the base64 of the bytes (4 characters per 3 bytes) and its header; a linked asset
///   (`images=link`) its path.
/// - Raster formats: decoding, once per render (`ImagePainter` holds the render's
///   pictures), in pixel-layer samples: each distinct picture's pixels × `decodeWeight`.
public enum ImagePricing {
    /// The cost of decoding one pixel of a picture, in units of one layer drawn over one
    /// pixel of a frame (about 7 ns, docs/FORMATS.md, "Raster formats"). Our estimate, not a
    /// measurement: libpng or libjpeg-turbo, LittleCMS's conversion, premultiplying and
    /// turning, and the copy into Cairo's layout, each a few nanoseconds a pixel; 8 (about
    /// 55 ns) errs high, as the rest of the pricing does.
    public static let decodeWeight = 8

    /// Raster work of decoding the pictures `spec` shows.
    public static func rasterWork(_ spec: TransitionSpec) -> Int {
        var work = 0
        for (_, image) in spec.images.images {
            work = work.addingClamped(image.width.multipliedClamped(image.height).multipliedClamped(decodeWeight))
        }
        return work
    }

    /// Bytes of `format`'s output that are pictures.
    public static func outputBytes(_ spec: TransitionSpec, format: OutputFormat, link: Bool) -> Int {
        guard !spec.images.isEmpty else { return 0 }
        func written(_ source: ImageSource) -> Int {
            guard let image = spec.images[source] else { return 0 }
            if link, case .asset(let id) = source { return id.utf8.count + 16 }
            return (image.bytes.count + 2) / 3 * 4 + image.mimeType.utf8.count + 16
        }
        switch format {
        case .svg, .filmstrip, .lottie:
            var seen = Set<String>(), total = 0
            for layer in spec.layers {
                guard let source = layer.imageSource, seen.insert(source.key).inserted else { continue }
                total = total.addingClamped(written(source))
            }
            return total
        case .json:
            // The reference as the spec gave it: an asset's id, a data URI's text.
            return spec.layers.reduce(0) { $0.addingClamped($1.imageSource.map { $0.key.utf8.count + 16 } ?? 0) }
        case .css:
            var byID: [String: LayerSpec] = [:]
            for layer in spec.layers { byID[layer.id] = layer }
            return spec.layers.reduce(0) { total, layer in
                var source = layer.imageSource
                if case .snapshot(let of, _)? = layer.content { source = byID[of]?.imageSource }
                return total.addingClamped(source.map(written) ?? 0)
            }
        case .swift, .png, .apng, .gif, .webp, .webm, .mp4:
            return 0
        }
    }
}
