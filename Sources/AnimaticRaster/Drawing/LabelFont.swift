import CCairo

/// The face labels are drawn in: DejaVu Sans (Debian `fonts-dejavu-core`, which
/// scripts/install-deps.sh and the Dockerfile install), found through fontconfig by
/// Cairo's "toy" font API and rasterised by FreeType. It is the face the Chromium
/// reference picks for the exports' `sans-serif` on the same machine, so the test compares
/// like with like (docs/FORMATS.md, "Raster drawing").
///
/// Glyphs are antialiased in grey (no subpixel colour fringes: a frame may be scaled or
/// turned), without hinting and with unhinted metrics, so a label's advance scales
/// linearly with the layer — Chromium lays out SVG text the same way (subpixel
/// positioning, no hinted advances).
final class LabelFont {
    static let family = "DejaVu Sans"
    let face: OpaquePointer
    let options: OpaquePointer

    init() {
        face = cairo_toy_font_face_create(Self.family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        cairo_font_options_destroy(options)
        cairo_font_face_destroy(face)
    }

    /// Selects the face at `size` user units on `cr`.
    func select(on cr: OpaquePointer, size: Double) {
        cairo_set_font_face(cr, face)
        cairo_set_font_options(cr, options)
        cairo_set_font_size(cr, size)
    }
}
