import CCairo

/// The face labels are drawn in: DejaVu Sans (Debian `fonts-dejavu-core`, which
/// scripts/install-deps.sh and the Dockerfile install), loaded from its file by FreeType once
/// a process and rasterised by FreeType. It is the face the Chromium reference picks for the
/// exports' `sans-serif` on the same machine, so the test compares like with like
/// (docs/FORMATS.md, "Raster drawing").
///
/// Why the file and not fontconfig: finding "DejaVu Sans" through fontconfig (Cairo's "toy"
/// font API) reads and parses every font configuration and cache file at a process's first
/// label: 187 M instructions, about 50 ms, more than drawing a whole frame of the 20-layer
/// spec (docs/BENCHMARKS.md, "Raster drawing: instructions per frame"). When the file is not
/// where Debian puts it, the toy API (fontconfig) finds the face as before.
///
/// Glyphs are antialiased in grey (no subpixel colour fringes: a frame may be scaled or
/// turned), without hinting and with unhinted metrics, so a label's advance scales
/// linearly with the layer — Chromium lays out SVG text the same way (subpixel
/// positioning, no hinted advances).
final class LabelFont {
    static let family = "DejaVu Sans"
    /// Where Debian's (and Ubuntu's) `fonts-dejavu-core` installs the face.
    static let debianPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// The process's one face: Cairo's FreeType faces are shared by threads (Cairo locks the
    /// FreeType face while it uses it), and neither it nor its FreeType library is ever freed.
    /// `nonisolated(unsafe)`: the pointer never changes, and Cairo shares font faces between
    /// contexts on any thread (atomic reference counts; its FreeType face is locked while
    /// used, cairo-ft-font.c `_cairo_ft_unscaled_font_lock_face`); Swift cannot know that.
    nonisolated(unsafe) private static let sharedFace: OpaquePointer = loadFace()

    let face: OpaquePointer
    let options: OpaquePointer

    init() {
        face = Self.sharedFace
        options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        cairo_font_options_destroy(options)
    }

    /// Selects the face at `size` user units on `cr`.
    func select(on cr: OpaquePointer, size: Double) {
        cairo_set_font_face(cr, face)
        cairo_set_font_options(cr, options)
        cairo_set_font_size(cr, size)
    }

    /// DejaVu Sans from its file through FreeType; through fontconfig when the file is not there.
    private static func loadFace() -> OpaquePointer {
        var library: FT_Library?
        var face: FT_Face?
        if FT_Init_FreeType(&library) == 0, let library {
            if FT_New_Face(library, debianPath, 0, &face) == 0, let face {
                let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0)
                if let cairoFace, cairo_font_face_status(cairoFace) == CAIRO_STATUS_SUCCESS { return cairoFace }
            }
        }
        return cairo_toy_font_face_create(family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }
}
