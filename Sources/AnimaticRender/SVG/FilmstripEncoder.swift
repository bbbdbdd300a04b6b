import AnimaticCore

/// A static SVG grid of `filmstripFrames` evenly spaced frames (the first at 0, the last
/// at the duration) with the time under each — a picture of a transition for docs and
/// reviews. Each frame draws every visible layer at its state: 2-D layers through their
/// exact affine map, perspective layers as their projected quad (fill exact) with the
/// content drawn in two triangles, each through the affine map exact at its corners.
/// A sublayer is cut to its ancestors' clip polygon; a shadow is an `feDropShadow` in the
/// layer's own coordinates; a border is drawn above the layer's sublayers.
public enum FilmstripEncoder {
    /// Width of one frame in the picture, in SVG pixels.
    public static let cellWidth = 160.0
    /// Frames per row of the grid; more frames wrap onto further rows.
    public static let maxColumns = 4

    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] {
        let count = max(options.filmstripFrames, 1)
        let times = frameTimes(duration: timeline.duration, count: count)
        let container = timeline.spec.container.size
        let scale = cellWidth / max(container.width, 1)
        let cellHeight = container.height * scale
        let gap = 16.0, caption = 26.0
        let columns = min(count, maxColumns)
        let rows = (count + columns - 1) / columns
        let width = gap + Double(columns) * (cellWidth + gap)
        let height = gap + Double(rows) * (cellHeight + caption + gap)

        let samples = times.map { timeline.states(at: $0) }
        let steps = timeline.drawSteps { i in samples.contains { $0[i].border != nil } }
        var w = MarkupWriter(reserve: 4096 + count * timeline.layers.count * 600)
        w.budget = RenderBudget.maxBytes
        SVGPainter.header(width: width, height: height, title: "animatic filmstrip: \(count) frames", into: &w)
        SVGPainter.defs(timeline, linkImages: options.linkImages, into: &w)
        w.raw("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
        for (j, t) in times.enumerated() {
            if RenderCancellation.isRequested || w.isOverBudget { break }
            let x = gap + Double(j % columns) * (cellWidth + gap)
            let y = gap + Double(j / columns) * (cellHeight + caption + gap)
            let states = samples[j]
            w.raw("<g data-time=\""); w.number(t, digits: 6); w.raw("\" transform=\"translate(")
            w.number(x, digits: 4); w.raw(" "); w.number(y, digits: 4); w.raw(")\">\n")
            w.raw("<clipPath id=\"frame"); w.integer(j); w.raw("\"><rect width=\"");
            w.number(container.width, digits: 4)
            w.raw("\" height=\""); w.number(container.height, digits: 4); w.raw("\"/></clipPath>\n")
            w.raw("<g transform=\"scale("); w.number(scale, digits: 6); w.raw(")\"><g clip-path=\"url(#frame");
            w.integer(j); w.raw(")\">")
            w.raw("<rect width=\""); w.number(container.width, digits: 4); w.raw("\" height=\"");
            w.number(container.height, digits: 4)
            w.raw("\" fill=\""); w.rgb(timeline.spec.container.background ?? .white); w.raw("\"/>\n")
            for step in steps {
                switch step {
                case .body(let i):
                    layer(
                        i, state: states[i], part: timeline.hasSublayers(i) ? .body : .bodyAndBorder,
                        timeline: timeline,
                        clipID: "c\(j)-\(i)", into: &w)
                case .border(let i):
                    layer(i, state: states[i], part: .border, timeline: timeline, clipID: "b\(j)-\(i)", into: &w)
                }
            }
            w.raw("</g></g>\n")
            w.raw("<rect width=\""); w.number(cellWidth, digits: 4); w.raw("\" height=\"");
            w.number(cellHeight, digits: 4)
            w.raw("\" fill=\"none\" stroke=\"#c7c7cc\"/>\n")
            w.raw("<text x=\""); w.number(cellWidth / 2, digits: 4); w.raw("\" y=\"");
            w.number(cellHeight + 18, digits: 4)
            w.raw("\" text-anchor=\"middle\" font-family=\""); w.raw(SVGPainter.fontFamily)
            w.raw("\" font-size=\"13\" fill=\"#3a3a3c\">t = "); w.raw(fixed3(t)); w.raw(" s</text>\n</g>\n")
        }
        w.raw("</svg>\n")
        return w.takeBytes()
    }

    /// `count` times evenly spaced over 0…duration, both ends included.
    public static func frameTimes(duration: Double, count: Int) -> [Double] {
        guard count > 1 else { return [0] }
        return (0..<count).map { $0 == count - 1 ? duration : duration * Double($0) / Double(count - 1) }
    }

    /// One layer at one state, static.
    static func layer(
        _ i: Int, state: LayerState, part: SVGPainter.Part, timeline: Timeline, clipID: String,
        into w: inout MarkupWriter
    ) {
        guard state.visible, state.opacity > 0 else { return }
        if part == .border && state.border == nil { return }
        let spec = timeline.layers[i].spec
        let border = state.border.map { SVGPainter.BorderLook(width: $0.width, color: $0.color) }
        let shadow = part == .border ? nil : state.shadow
        if let clip = state.clip {
            w.raw("<clipPath id=\""); w.raw(clipID); w.raw("k\"><polygon points=\""); SVGPainter.points(clip, into: &w)
            w.raw("\"/></clipPath>")
        }
        if let shadow {
            w.raw("<filter id=\""); w.raw(clipID); w.raw("s\" x=\"-100%\" y=\"-100%\" width=\"300%\" height=\"300%\">")
            w.raw("<feDropShadow dx=\""); w.number(shadow.offset.x, digits: 4); w.raw("\" dy=\"");
            w.number(shadow.offset.y, digits: 4)
            w.raw("\" stdDeviation=\""); w.number(shadow.radius, digits: 4); w.raw("\" flood-color=\"");
            w.rgb(shadow.color)
            w.raw("\" flood-opacity=\""); w.number(shadow.opacity * shadow.color.alpha, digits: 4);
            w.raw("\"/></filter>")
        }
        w.raw(part == .border ? "<g data-border=\"" : "<g data-layer=\""); w.xml(spec.id); w.raw("\"")
        if state.opacity < 1 { w.raw(" opacity=\""); w.number(state.opacity, digits: 4); w.raw("\"") }
        if state.clip != nil { w.raw(" clip-path=\"url(#"); w.raw(clipID); w.raw("k)\"") }
        w.raw(">")
        // The filter's user space is the element's: the bounds' for a 2-D layer (the shadow
        // turns with it), the container's for a projected one.
        func openShadow() { if shadow != nil { w.raw("<g filter=\"url(#"); w.raw(clipID); w.raw("s)\">") } }
        func closeShadow() { if shadow != nil { w.raw("</g>") } }
        let hasContent = spec.gradient != nil || spec.content != nil || !(spec.label ?? "").isEmpty
        if state.isProjective {
            openShadow()
            if part != .border {
                w.raw("<polygon points=\""); SVGPainter.points(state.quad, into: &w); w.raw("\"")
                if let fill = state.fill {
                    w.raw(" fill=\""); w.rgb(fill); w.raw("\" fill-opacity=\""); w.number(fill.alpha, digits: 4);
                    w.raw("\"/>")
                } else {
                    w.raw(" fill=\"none\"/>")
                }
            }
            if hasContent || (part != .body && border != nil) {
                let q = state.quad
                for (k, corners) in LayerState.contentTriangles.enumerated() {
                    guard let map = state.triangleMap(k) else { continue }
                    w.raw("<clipPath id=\""); w.raw(clipID); w.raw("t"); w.integer(k); w.raw("\"><polygon points=\"")
                    SVGPainter.points(corners.map { q[$0] }, into: &w)
                    w.raw("\"/></clipPath><g clip-path=\"url(#"); w.raw(clipID); w.raw("t"); w.integer(k);
                    w.raw(")\"><g")
                    SVGPainter.matrixAttribute(map, into: &w); w.raw(">")
                    SVGPainter.look(
                        spec, index: i, timeline: timeline, size: state.size, radius: state.cornerRadius,
                        fill: state.fill, drawFill: false, part: part, border: border, into: &w)
                    w.raw("</g></g>")
                }
            }
            closeShadow()
        } else if let affine = state.affine {
            w.raw("<g"); SVGPainter.matrixAttribute(affine, into: &w); w.raw(">")
            openShadow()
            SVGPainter.look(
                spec, index: i, timeline: timeline, size: state.size, radius: state.cornerRadius,
                fill: state.fill, drawFill: true, part: part, border: border, into: &w)
            closeShadow()
            w.raw("</g>")
        }
        w.raw("</g>\n")
    }

    /// Seconds with three decimals, always shown (0.250).
    static func fixed3(_ t: Double) -> String {
        let ms = Int((max(t, 0) * 1000).rounded())
        let frac = ms % 1000
        let digits = frac < 10 ? "00\(frac)" : frac < 100 ? "0\(frac)" : "\(frac)"
        return "\(ms / 1000).\(digits)"
    }
}
