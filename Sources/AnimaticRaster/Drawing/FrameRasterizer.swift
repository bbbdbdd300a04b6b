import AnimaticCore
import AnimaticRender
import CCairo

/// Draws the frames of one timeline as pixels, from the engine's layer states — the same
/// states the JSON frames carry (`Timeline.states(at:)`) — with Cairo (antialiased paths,
/// clips, gradients, text) and pixman (content under perspective). One rasterizer per
/// timeline and size: the surface, the scratch buffers and the output bytes are made once
/// and reused for every frame, so a long animation allocates per frame only what Cairo's
/// groups take.
///
/// What is drawn and how: docs/FORMATS.md, "Raster drawing". In short, Core Animation's
/// order (the layer tree, siblings by zPosition, a sublayer above its parent, a border
/// above the layer's sublayers); a layer with sublayers and opacity below 1 composited as
/// one group (`allowsGroupOpacity`, true by default since iOS 7); each layer's look drawn
/// as the SVG exports draw it; premultiplied sRGB blending, as Core Animation and browsers
/// blend.
public final class FrameRasterizer {
    public let timeline: Timeline
    public let options: RasterOptions
    /// Width of every frame in pixels (container points × scale, fitted).
    public let width: Int
    /// Height of every frame in pixels.
    public let height: Int
    /// Device pixels per container point.
    public let pixelsPerPoint: Double

    let canvas: CairoCanvas
    let painter: LookPainter
    let projector: ProjectedContent
    let background: RGBA8
    /// Each layer's sublayers in drawing order, and the container's layers.
    let children: [[Int]]
    let roots: [Int]
    var output: [UInt8]
    var blurScratch: [Int32] = []
    /// The seen columns of a shadow's mask, blurred (`drawShadow`).
    var shadowMask: [UInt8] = []
    /// A strip of a shadow's rows, drawn and blurred along its rows (`drawShadow`).
    var shadowStrip: [UInt8] = []
    /// The most a strip of a shadow's rows holds: 4 MiB (our choice, a bound on its memory:
    /// a radius of 1,000 pt @3x, 19,176 bytes a row, takes 218 rows a strip).
    var shadowStripBytes = 4 << 20
    /// The widest blur, σ in device pixels, drawn on the frame's own grid; a wider one is
    /// drawn on a coarser grid (`drawShadow`). 64 px: our choice, four times the widest any
    /// preset or example casts @3x (Hero's radius 5: 15 px), so none of theirs changes.
    var shadowSigmaLimit = 64.0

    public init(timeline: Timeline, options: RasterOptions) {
        self.timeline = timeline
        self.options = options
        let container = timeline.spec.container.size
        let k = options.pixelsPerPoint(containerWidth: max(container.width, 1), height: max(container.height, 1))
        pixelsPerPoint = k
        width = max(1, Int((container.width * k - 1e-6).rounded(.up)))
        height = max(1, Int((container.height * k - 1e-6).rounded(.up)))
        canvas = CairoCanvas(width: width, height: height)
        painter = LookPainter(
            cr: canvas.context, timeline: timeline, font: LabelFont(), images: ImagePainter(timeline: timeline))
        projector = ProjectedContent(width: width, height: height)
        if let b = options.background {
            background = b
        } else if let c = timeline.spec.container.background {
            func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
            background = RGBA8(r: byte(c.red), g: byte(c.green), b: byte(c.blue), a: byte(c.alpha))
        } else {
            background = .transparent
        }
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        for i in timeline.drawOrder {
            if let p = timeline.tree.parents[i] { children[p].append(i) } else { roots.append(i) }
        }
        self.children = children
        self.roots = roots
        output = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// The frame at `time` seconds of the timeline (clamped to 0…duration, as
    /// `Timeline.states(at:)` clamps).
    public func frame(at time: Double) -> RasterFrame {
        draw(states: timeline.states(at: time))
        canvas.copyRGBA(into: &output)
        return RasterFrame(width: width, height: height, pixels: output)
    }

    /// Draws `states` (one per layer, spec order) onto the canvas.
    func draw(states: [LayerState]) {
        canvas.clear(to: background)
        let cr = canvas.context
        cairo_identity_matrix(cr)
        cairo_reset_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_tolerance(cr, PlaneOutline.tolerance)
        for r in roots { drawSubtree(r, states: states, parentOpacity: 1) }
    }

    /// A layer, its sublayers and its border above them. A layer with sublayers and an
    /// opacity below 1 is drawn as one group at that opacity (Core Animation's group
    /// opacity); every other layer is drawn at its own opacity inside the groups above it.
    func drawSubtree(_ i: Int, states: [LayerState], parentOpacity: Double) {
        // A frame of many layers can take longer than a render's deadline: the render stops
        // between layers too (its caller drops the unfinished frame).
        if RenderCancellation.isRequested { return }
        let s = states[i]
        guard !s.hidden, s.opacity > 0, parentOpacity > 0 else { return }
        if let clip = s.clip, clip.isEmpty { return }
        let own = min(1, s.opacity / parentOpacity)
        let subs = children[i]
        let cr = canvas.context
        let group = !subs.isEmpty && own < 1
        if group {
            cairo_save(cr)
            clip(to: s.clip)
            cairo_push_group(cr)
        }
        let alpha = group ? 1 : own
        drawLayer(i, state: s, part: subs.isEmpty ? .bodyAndBorder : .body, alpha: alpha)
        for c in subs { drawSubtree(c, states: states, parentOpacity: s.opacity) }
        if !subs.isEmpty, s.border != nil { drawLayer(i, state: s, part: .border, alpha: alpha) }
        if group {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, own)
            cairo_restore(cr)
        }
    }

    /// Cuts drawing to `polygon` (container points), when there is one.
    func clip(to polygon: [Point]?) {
        guard let polygon, polygon.count >= 3 else { return }
        let cr = canvas.context
        cairo_new_path(cr)
        let k = pixelsPerPoint
        for (n, p) in polygon.enumerated() {
            if n == 0 { cairo_move_to(cr, p.x * k, p.y * k) } else { cairo_line_to(cr, p.x * k, p.y * k) }
        }
        cairo_close_path(cr)
        cairo_clip(cr)
    }
}
