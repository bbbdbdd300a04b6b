import Foundation
import AnimaticCore

/// CSS for a web page: a container class, a class per layer and one `@keyframes` per
/// layer, ready to paste (the file opens with the HTML it expects).
///
/// Each layer element sits at the container's top-left (`position: absolute; left: 0;
/// top: 0`) with `transform-origin: 0 0` and the bounds' size, and its `transform` is
/// `matrix3d()` of the engine's **composed matrix with the container's perspective baked
/// in** (no CSS `perspective` on the container), so its box lands exactly on the quad.
///
/// Keyframes: a layer whose only animation is a single tween of its position or alpha
/// (no interaction, no container perspective, no perspective in its transform) gets four
/// keyframes — start state, hold until the tween starts, the tween with its own easing
/// (`cubic-bezier()`, `steps()`, or a spring as `linear()` from `TimingCurve.cssEasing`,
/// within 0.0005 of progress), end state. Every other layer gets a keyframe at every frame
/// (`fps`), linear between frames: exact at frame times. Opacity, visibility, and where
/// they change size, corner radius and background colour animate alongside.
///
/// The layer tree stays flat in the page: every element's matrix is already its composed
/// world matrix (Core Animation flattens each layer's sublayers into its plane, which
/// composing the matrices reproduces exactly), its opacity the product down the tree. An
/// ancestor's clip is a `clip-path: polygon()` in the element's own coordinates (the
/// projected clip taken back through the element's plane), animated per frame. A shadow is
/// `box-shadow` (in the element's coordinates, blur = 2 × shadowRadius, docs/SPEC.md); a
/// border is `border` on the element — or, for a layer with sublayers, on a second element
/// (`data-border`) drawn after them, since Core Animation draws a border above sublayers.
public enum CSSEncoder {
    /// Largest error of a spring's `linear()` easing, in progress units.
    public static let springEasingError = 0.0005

    public static func encode(_ timeline: Timeline, options: TimelineOptions = TimelineOptions()) -> [UInt8] {
        // Layers written as one tween with its own easing need no samples between frames.
        // One fit per curve and duration: layers often share a block's curve.
        var easings: [EasingKey: String?] = [:]
        let tweens = timeline.layers.indices.map { i -> ExactTween? in
            guard let tween = singleTween(i, timeline: timeline) else { return nil }
            let key = EasingKey(curve: tween.curve, duration: tween.end - tween.start)
            if easings[key] == nil {
                easings[key] = .some(tween.curve.cssEasing(duration: key.duration, maxError: springEasingError))
            }
            guard let easing = easings[key] ?? nil else { return nil }
            return ExactTween(start: tween.start, end: tween.end, easing: easing)
        }
        let samples = FrameSamples(
            timeline, fps: options.fps, interpolation: .decomposedMatrix, refines: { tweens[$0] == nil })
        let container = timeline.spec.container
        let names = classNames(timeline)
        let duration = timeline.duration
        var w = MarkupWriter(fractionDigits: 6, reserve: 8192 + samples.times.count * timeline.layers.count * 200)
        w.budget = RenderBudget.maxBytes

        // Usage.
        w.raw("/* animatic: CSS animation of a transition, "); w.number(duration, digits: 6)
        w.raw(options.loop ? " s, looping.\n" : " s, plays once and holds its end state.\n")
        w.raw(" * Paste into a page with this HTML (layers in drawing order):\n *\n")
        w.raw(" *   <div class=\"animatic\">\n")
        let steps = timeline.drawSteps { i in samples.states.contains { $0[i].border != nil } }
        for step in steps {
            switch step {
            case .body(let i):
                let spec = timeline.layers[i].spec
                w.raw(" *     <div class=\""); w.raw(names[i]); w.raw("\" data-layer=\"");
                commentSafe(htmlEscaped(spec.id), into: &w); w.raw("\">")
                if let label = spec.label { commentSafe(htmlEscaped(label), into: &w) }
                w.raw("</div>\n")
            case .border(let i):
                w.raw(" *     <div class=\""); w.raw(names[i]); w.raw("-border\" data-border=\"")
                commentSafe(htmlEscaped(timeline.layers[i].spec.id), into: &w); w.raw("\"></div>\n")
            }
        }
        w.raw(" *   </div>\n *\n")
        w.raw(" * Each layer's transform is matrix3d() of its composed matrix, container perspective\n")
        w.raw(" * included, applied from the container's top-left (transform-origin 0 0).\n")
        w.raw(" * Replay: remove and re-add the elements, or use document.getAnimations().\n")
        w.raw(" * Seek: for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; }\n */\n")

        w.raw(".animatic {\n  position: relative;\n  width: "); w.number(container.size.width, digits: 4)
        w.raw("px;\n  height: "); w.number(container.size.height, digits: 4); w.raw("px;\n  overflow: hidden;\n")
        if let background = container.background {
            w.raw("  background-color: "); color(background, into: &w); w.raw(";\n")
        }
        w.raw("}\n")

        for (z, step) in steps.enumerated() {
            if RenderCancellation.isRequested || w.isOverBudget { break }
            switch step {
            case .body(let i):
                layer(
                    i, part: timeline.hasSublayers(i) ? .body : .bodyAndBorder, zIndex: z, name: names[i],
                    samples: samples, tween: tweens[i], loop: options.loop, linkImages: options.linkImages, into: &w)
            case .border(let i):
                layer(
                    i, part: .border, zIndex: z, name: names[i] + "-border", samples: samples, tween: tweens[i],
                    loop: options.loop, linkImages: options.linkImages, into: &w)
            }
        }
        return w.takeBytes()
    }

    /// `animatic-<id>` with the id cut to CSS identifier characters; a numeric suffix
    /// keeps two layers apart when their ids cut to the same name.
    static func classNames(_ timeline: Timeline) -> [String] {
        var used = Set<String>()
        return timeline.layers.enumerated().map { i, layer in
            var name = "animatic-" + cssIdentifier(layer.spec.id)
            if used.contains(name) { name += "-\(i)" }
            used.insert(name)
            return name
        }
    }

    static func layer(
        _ i: Int, part: SVGPainter.Part, zIndex: Int, name: String, samples: FrameSamples, tween: ExactTween?,
        loop: Bool, linkImages: Bool = false, into w: inout MarkupWriter
    ) {
        let timeline = samples.timeline
        let compiled = timeline.layers[i]
        var spec = compiled.spec
        // The layer's samples, read in place (the border element never writes a fill or a
        // shadow but its first state's).
        let view = samples.layer(i)
        var first = view.state(0)
        if part == .border {
            // The border element: the layer's box, transparent, with only its border.
            spec = LayerSpec(id: spec.id, frame: Rect(x: 0, y: 0, width: 0, height: 0), anchor: spec.anchor)
            first.fill = nil; first.shadow = nil
        }
        let sizeMoves = compiled.track(.size).isAnimated
        let radiusMoves = compiled.track(.cornerRadius).isAnimated
        let fillMoves = compiled.track(.fill).isAnimated && part != .border
        let drawsBorder = part != .body && view.indices.contains { view.state($0).border != nil }
        let borderMoves =
            drawsBorder && (compiled.track(.borderWidth).isAnimated || compiled.track(.borderColor).isAnimated)
        let showsShadow = part != .border && view.indices.contains { view.state($0).shadow != nil }
        let shadowMoves = showsShadow && !view.indices.allSatisfy { view.state($0).shadow == first.shadow }
        let clipPolygons = Self.clipPolygons(view)

        w.raw("."); w.raw(name); w.raw(" {\n  position: absolute;\n  left: 0;\n  top: 0;\n  box-sizing: border-box;\n")
        w.raw("  width: "); w.number(first.size.width, digits: 4); w.raw("px;\n  height: ");
        w.number(first.size.height, digits: 4)
        w.raw("px;\n  transform-origin: 0 0;\n  z-index: "); w.integer(zIndex); w.raw(";\n")
        if spec.clips { w.raw("  overflow: hidden;\n") }
        if first.cornerRadius > 0 || radiusMoves {
            w.raw("  border-radius: "); w.number(first.cornerRadius, digits: 4); w.raw("px;\n")
        }
        if let fill = first.fill { w.raw("  background-color: "); color(fill, into: &w); w.raw(";\n") }
        if part != .border, let picture = picture(spec, size: first.size, timeline: timeline, link: linkImages) {
            // The picture above the gradient, if any (the first background is on top).
            w.raw("  background-image: url(\""); w.xml(picture.href); w.raw("\")")
            if let g = spec.gradient { w.raw(", "); gradient(g, size: first.size, into: &w) }
            w.raw(";\n  background-size: "); w.number(picture.rect.width, digits: 4); w.raw("px ")
            w.number(picture.rect.height, digits: 4); w.raw(spec.gradient == nil ? "px" : "px, 100% 100%")
            w.raw(";\n  background-position: "); w.number(picture.rect.minX, digits: 4); w.raw("px ")
            w.number(picture.rect.minY, digits: 4); w.raw(spec.gradient == nil ? "px" : "px, 0 0")
            w.raw(";\n  background-repeat: no-repeat;\n")
        } else if let g = spec.gradient {
            w.raw("  background-image: "); gradient(g, size: first.size, into: &w); w.raw(";\n")
        }
        if let label = spec.label, !label.isEmpty {
            let background = first.fill ?? spec.gradient?.colors.first ?? .white
            w.raw("  display: flex;\n  align-items: center;\n  justify-content: center;\n")
            w.raw("  font: 17px -apple-system, system-ui, \"Helvetica Neue\", Helvetica, Arial, sans-serif;\n  color: ")
            color(background.contrastingText, into: &w); w.raw(";\n")
        }
        if drawsBorder { w.raw("  border: "); border(first.border, into: &w); w.raw(";\n") }
        if showsShadow { w.raw("  box-shadow: "); shadow(first.shadow, into: &w); w.raw(";\n") }
        if let clip = clipPolygons?[0] { w.raw("  clip-path: "); polygon(clip, into: &w); w.raw(";\n") }
        w.raw("  transform: "); matrix(first.matrix, into: &w); w.raw(";\n")
        w.raw("  opacity: "); w.number(first.opacity, digits: 4); w.raw(";\n")
        w.raw("  visibility: "); w.raw(first.visible ? "visible" : "hidden"); w.raw(";\n")
        let duration = timeline.duration
        guard duration > 0 else { w.raw("}\n"); return }
        w.raw("  animation: "); w.raw(name); w.raw(" "); w.number(duration, digits: 6)
        w.raw(loop ? "s linear 0s infinite both;\n}\n" : "s linear 0s 1 both;\n}\n")

        w.raw("@keyframes "); w.raw(name); w.raw(" {\n")
        func keyframe(_ percent: Double, _ s: LayerState, clip: [Point]? = nil, easing: String?) {
            // Offset, matrix, opacity and visibility in one reserved stretch (a keyframe's
            // hot path).
            w.withRoom(20 * (ByteWriter.maxNumberLength + 2) + 64) { room in
                let digits = DigitTable.shared
                room.put("  ")
                room.number4(percent, digits: digits)
                room.put("% { transform: matrix3d(")
                matrixEntries(s.matrix, digits: digits, into: &room)
                room.put("); opacity: ")
                room.number4(s.opacity, digits: digits)
                room.put(s.visible ? "; visibility: visible" : "; visibility: hidden")
            }
            if sizeMoves {
                w.raw("; width: "); w.number(s.size.width, digits: 4); w.raw("px; height: ");
                w.number(s.size.height, digits: 4); w.raw("px")
            }
            if radiusMoves { w.raw("; border-radius: "); w.number(s.cornerRadius, digits: 4); w.raw("px") }
            if fillMoves { w.raw("; background-color: "); color(s.fill ?? .clear, into: &w) }
            if borderMoves { w.raw("; border: "); border(s.border, into: &w) }
            if shadowMoves { w.raw("; box-shadow: "); shadow(s.shadow, into: &w) }
            if let clip { w.raw("; clip-path: "); polygon(clip, into: &w) }
            if let easing { w.raw("; animation-timing-function: "); w.raw(easing) }
            w.raw("; }\n")
        }
        if let tween {
            let a = timeline.states(at: tween.start)[i], b = timeline.states(at: tween.end)[i]
            if tween.start > 0 { keyframe(0, a, easing: nil) }
            keyframe(offset(tween.start, duration), a, easing: tween.easing)
            keyframe(offset(tween.end, duration), b, easing: nil)
            if tween.end < duration { keyframe(100, b, easing: nil) }
        } else {
            var previous = -1.0
            for k in view.indices {
                // Over the render's budget: stop, the output is refused (`RenderBudget`).
                if w.isOverBudget { break }
                var percent = k == view.count - 1 ? 100 : offset(view.time(k), duration)
                // Keyframes at one offset merge in CSS: a jump's left value goes just before.
                if view.isLeftLimit(k) { percent = max(percent - jumpWidth, previous, 0) }
                view.withState(k) { state in
                    if k > 0, state.visible != view.isVisible(k - 1),
                        percent - visibilityLead > previous + visibilityLead
                    {
                        var lead = copy state
                        lead.hidden = true
                        keyframe(
                            ((percent - visibilityLead) * 1e4).rounded() / 1e4, lead, clip: clipPolygons?[k],
                            easing: nil)
                    }
                    keyframe(percent, state, clip: clipPolygons?[k], easing: nil)
                }
                previous = percent
            }
        }
        w.raw("}\n")
    }

    /// A keyframe's offset in percent (4 decimals; 100 at the end).
    static func offset(_ t: Double, _ duration: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < duration else { return 100 }
        return ((t / duration * 100) * 1e4).rounded() / 1e4
    }

    /// The width of a jump in percent: the keyframe with the value just before an instant
    /// change sits this far before the change's own keyframe (the smallest step the
    /// 4-decimal offsets can write).
    static let jumpWidth = 0.0001

    /// How far before a frame whose visibility differs from the previous frame's an extra
    /// `visibility: hidden` keyframe sits, in percent. CSS shows `visible` anywhere
    /// strictly between a visible and a hidden keyframe; the extra keyframe keeps a layer
    /// that appears hidden until its frame, and hides a layer that disappears by its
    /// frame, even when a seek lands a rounding error off the keyframe.
    static let visibilityLead = 0.002

    private struct EasingKey: Hashable {
        var curve: TimingCurve
        var duration: Double
    }

    /// A layer written as its one tween with the tween's own easing (see `singleTween`).
    struct ExactTween {
        var start: Double
        var end: Double
        var easing: String
    }

    /// The layer's only animation when it is one tween of position or alpha that CSS
    /// interpolates exactly between its end matrices (a translation or an opacity).
    static func singleTween(_ i: Int, timeline: Timeline) -> (start: Double, end: Double, curve: TimingCurve)? {
        guard timeline.run == nil, timeline.containerSublayer.isIdentity, timeline.tree.isFlat else { return nil }
        let layer = timeline.layers[i]
        let t = layer.spec.transform.matrix
        guard t.m14 == 0, t.m24 == 0, t.m34 == 0, t.m44 == 1 else { return nil }
        let animated = layer.tracks.filter(\.isAnimated)
        guard animated.count == 1, let track = animated.first, [.position, .alpha].contains(track.property),
            track.segments.count == 1, case let .tween(start, end, _, _, curve) = track.segments[0],
            end > start, end <= timeline.duration
        else { return nil }
        return (start, end, curve)
    }

    /// Each frame's ancestor clip in the element's own coordinates, all with one point
    /// count (CSS interpolates polygons point by point); nil when no ancestor clips.
    static func clipPolygons(_ samples: FrameSamples.LayerSamples) -> [[Point]]? {
        guard samples.indices.contains(where: { samples.state($0).clip != nil }) else { return nil }
        let count = max(samples.indices.map { samples.state($0).clip?.count ?? 0 }.max() ?? 0, 3)
        return samples.indices.map { k in
            let s = samples.state(k)
            guard let clip = s.clip, let inverse = PlaneHomography(s.matrix).inverse, !clip.isEmpty else {
                return [Point](repeating: .zero, count: count)
            }
            let local = clip.map { inverse.apply($0) }
            return local + Array(repeating: local[local.count - 1], count: count - local.count)
        }
    }

    static func polygon(_ points: [Point], into w: inout MarkupWriter) {
        w.raw("polygon(")
        for (k, p) in points.enumerated() {
            if k > 0 { w.raw(", ") }
            w.number(p.x, digits: 4); w.raw("px "); w.number(p.y, digits: 4); w.raw("px")
        }
        w.raw(")")
    }

    /// `box-shadow`: offset and blur in the element's coordinates, blur = 2σ = 2 × radius.
    static func shadow(_ s: ShadowSpec?, into w: inout MarkupWriter) {
        guard let s else { w.raw("none"); return }
        w.number(s.offset.x, digits: 4); w.raw("px "); w.number(s.offset.y, digits: 4); w.raw("px ")
        w.number(2 * s.radius, digits: 4); w.raw("px ")
        var c = s.color
        c.alpha *= s.opacity
        color(c, into: &w)
    }

    static func border(_ b: BorderSpec?, into w: inout MarkupWriter) {
        guard let b else { w.raw("0px solid transparent"); return }
        w.number(b.width, digits: 4); w.raw("px solid "); color(b.color, into: &w)
    }

    /// `matrix3d(…)`: the perspective column with 9 decimals, the rest with 6 — written in
    /// one reserved stretch (a keyframe's hot path).
    static func matrix(_ m: Transform3D, into w: inout MarkupWriter) {
        w.raw("matrix3d(")
        matrixEntries(m, into: &w)
        w.raw(")")
    }

    /// `matrix3d`'s 16 entries, comma-separated.
    static func matrixEntries(_ m: Transform3D, into w: inout MarkupWriter) {
        w.withRoom(16 * (ByteWriter.maxNumberLength + 2)) { matrixEntries(m, digits: DigitTable.shared, into: &$0) }
    }

    /// `matrix3d`'s 16 entries, comma-separated (at most 16 numbers and 15 separators).
    /// The perspective column (every fourth entry) takes nine decimals, the rest six.
    static func matrixEntries(_ m: Transform3D, digits: DigitTable, into room: inout ByteWriter.Room) {
        m.withEntries { entries in
            for row in 0..<4 {
                if row > 0 { room.put(", ") }
                let o = row * 4
                room.number6(entries[o], digits: digits)
                room.put(", ")
                room.number6(entries[o + 1], digits: digits)
                room.put(", ")
                room.number6(entries[o + 2], digits: digits)
                room.put(", ")
                room.number9(entries[o + 3], digits: digits)
            }
        }
    }

    static func color(_ c: Color, into w: inout MarkupWriter) {
        if c.alpha >= 1 { w.rgb(c); return }
        w.raw("rgba("); w.integer(Int((c.red * 255).rounded())); w.raw(", "); w.integer(Int((c.green * 255).rounded()))
        w.raw(", "); w.integer(Int((c.blue * 255).rounded())); w.raw(", "); w.number(c.alpha, digits: 4); w.raw(")")
    }

    /// A CSS gradient along the layer's start → end direction (the angle is exact; CSS
    /// stretches the gradient line to the box's corners where Core Animation uses the
    /// two points, so stops sit somewhat differently unless the points are on the edges).
    /// The picture a layer shows and where, in the element's coordinates at `size`: its
    /// own image (placed as its `imageMode` says), or the part of a source layer's image
    /// that a snapshot of it (`content.of`, `rect`) shows, stretched as the snapshot is.
    /// CSS cuts a background to the element's box: an aspect-fill picture on a layer that
    /// does not clip loses what UIKit would draw outside its bounds (docs/FORMATS.md).
    static func picture(
        _ spec: LayerSpec, size: Size, timeline: Timeline, link: Bool
    ) -> (href: String, rect: Rect)? {
        switch spec.content {
        case .image(let aspect, _)?:
            guard let source = spec.imageSource, let href = LayerImages.href(source, in: timeline, link: link)
            else { return nil }
            return (href, spec.imageMode.imageRect(aspect: aspect, in: size))
        case .snapshot(let of, let rect)?:
            guard let s = timeline.layerIndex(of) else { return nil }
            let source = timeline.layers[s].spec
            guard case .image(let aspect, _)? = source.content, let imageSource = source.imageSource,
                let href = LayerImages.href(imageSource, in: timeline, link: link)
            else { return nil }
            let region = rect ?? Rect(origin: .zero, size: source.size)
            let image = source.imageMode.imageRect(aspect: aspect, in: source.size)
            let sx = size.width / max(region.width, 1e-9), sy = size.height / max(region.height, 1e-9)
            return (
                href,
                Rect(
                    x: (image.minX - region.minX) * sx, y: (image.minY - region.minY) * sy,
                    width: image.width * sx, height: image.height * sy)
            )
        case nil:
            return nil
        }
    }

    static func gradient(_ g: GradientSpec, size: Size, into w: inout MarkupWriter) {
        let dx = (g.end.x - g.start.x) * size.width, dy = (g.end.y - g.start.y) * size.height
        // CSS angles: 0deg points up, clockwise.
        var degrees = dx == 0 && dy == 0 ? 180 : atan2(dx, -dy) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        w.raw("linear-gradient("); w.number(degrees, digits: 3); w.raw("deg")
        for (k, c) in g.colors.enumerated() {
            w.raw(", "); color(c, into: &w); w.raw(" ")
            w.number(g.colors.count > 1 ? Double(k) / Double(g.colors.count - 1) * 100 : 0, digits: 3); w.raw("%")
        }
        w.raw(")")
    }

    static func htmlEscaped(_ s: String) -> String {
        var w = MarkupWriter()
        w.xml(s)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Text inside a CSS comment: `*/` would end it. The comment shows HTML to paste, so
    /// the bidi and line-separator controls (`DisplayControls`) are written as HTML
    /// character references (`&#x202E;`), like the `/` of `*/`: the pasted markup keeps
    /// the id, and the comment reads as it is.
    static func commentSafe(_ s: String, into w: inout MarkupWriter) {
        var text = String.UnicodeScalarView()
        for scalar in s.replacingOccurrences(of: "*/", with: "*&#47;").unicodeScalars {
            if DisplayControls.contains(scalar) {
                text.append(contentsOf: "&#x\(DisplayControls.hex(scalar));".unicodeScalars)
            } else {
                text.append(scalar)
            }
        }
        w.raw(String(text))
    }
}
