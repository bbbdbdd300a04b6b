/// `cube` — VCTransitionsLibrary's `CECubeAnimationController` (Andrés Brun). dir = +1 in
/// reverse, −1 forward. `way` horizontal (the default): the from-view ends turned by
/// dir × 90° about y and the to-view starts at −dir × 90°; each rotation matrix then has
/// its m34 element overwritten with −1/200 (element replacement, not a concatenated
/// perspective). The anchors move without moving the frames — to-view (0, 0.5) when
/// dir = +1 else (1, 0.5), from-view (1, 0.5) when dir = +1 else (0, 0.5) — so both views
/// hinge on the container's vertical centre line, and the container itself is translated
/// by dir × W/2, animated to −dir × W/2. `way` vertical turns about x (from −dir × 90°, to
/// dir × 90°), with anchors (0.5, 0 or 1) and the translation in y by H/2. A black view at
/// alpha 0.8 covers each view: the from-view's goes 0 → 1, the to-view's 1 → 0. One
/// `UIView.animate` of the duration (1 s), default ease-in-ease-out curve. Completion
/// resets the translation, transforms and anchors and removes the covers and the from-view.
///
/// The container's translation is a pure translation applied after every layer's own
/// transform, so it is drawn here as the same translation added to each view's position
/// (animated on the same curve) — the same picture exactly; each cover is a sublayer of
/// its view (`parent`), as the library's subview is.
public enum CubePreset {
    static let perspective = -1.0 / 200

    public static let definition = PresetDefinition(
        name: "cube",
        summary:
            "Cube: the views turn 90° about their shared edge at the container's centre line while the container slides by W (m34 −1/200 written into each rotation), black covers 0.8 fade, 1 s ease-in-ease-out.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CECubeAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 6d5cf2a)",
        parameters: [
            PresetParameter(
                "way", .choice(["horizontal", "vertical"]), default: .string("horizontal"),
                "the library's cubeAnimationWay: horizontal turns about y, vertical about x")
        ] + VCTL.parameters(duration: 1),
        build: build)

    /// A rotation with its m34 element replaced by −1/200, as the library writes it.
    static func turned(_ angle: Double, aboutX: Bool) -> Transform3D {
        var t = aboutX ? Transform3D.rotation(angle, x: 1, y: 0, z: 0) : Transform3D.rotation(angle, x: 0, y: 1, z: 0)
        t.m34 = perspective
        return t
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let w = size.width, h = size.height
        let dir = p.bool("reverse") ? 1.0 : -1.0
        let vertical = p.word("way") == "vertical"
        let fromEnd = turned((vertical ? -dir : dir) * .pi / 2, aboutX: vertical)
        let toStart = turned((vertical ? dir : -dir) * .pi / 2, aboutX: vertical)
        let toAnchor = vertical ? Point(x: 0.5, y: dir == 1 ? 0 : 1) : Point(x: dir == 1 ? 0 : 1, y: 0.5)
        let fromAnchor = vertical ? Point(x: 0.5, y: dir == 1 ? 1 : 0) : Point(x: dir == 1 ? 1 : 0, y: 0.5)
        // The container's translation at the start and at the end.
        let shift = vertical ? Point(x: 0, y: dir * h / 2) : Point(x: dir * w / 2, y: 0)
        let centre = Point(x: w / 2, y: h / 2)  // setAnchorPoint keeps the position
        let start = Point(x: centre.x + shift.x, y: centre.y + shift.y),
            end = Point(x: centre.x - shift.x, y: centre.y - shift.y)
        let black = Color(red: 0, green: 0, blue: 0, alpha: 0.8)

        func view(_ id: String, anchor: Point, transform: Transform3D) -> LayerSpec {
            var l = VCTL.view(id, PresetSupport.bounds(size), anchor: anchor)
            l.transform = .matrix(transform)
            l.position = start
            return l
        }
        // addOpacityToView: a black view at alpha 0.8, frame = the view's bounds, its top subview.
        func cover(of id: String, alpha: Double) -> LayerSpec {
            var l = LayerSpec(id: id + "Cover", frame: PresetSupport.bounds(size), alpha: alpha, fill: black)
            l.parent = id
            return l
        }
        let layers = [
            view("from", anchor: fromAnchor, transform: .identity), cover(of: "from", alpha: 0),
            view("to", anchor: toAnchor, transform: toStart), cover(of: "to", alpha: 1),
        ]
        var changes: [PropertyChange] = []
        for (id, transform) in [("from", fromEnd), ("to", Transform3D.identity)] {
            changes.append(VCTL.change(id, .position, .point(end)))
            changes.append(VCTL.change(id, .transform, VCTL.matrix(transform)))
        }
        changes += [VCTL.change("fromCover", .alpha, .number(1)), VCTL.change("toCover", .alpha, .number(0))]
        // Completion: identity transforms, anchors back to the centre (the frame then
        // equals the bounds: the position where the moved anchor sits), covers removed.
        var completion: [PropertyChange] = []
        for (id, anchor) in [("from", fromAnchor), ("to", toAnchor)] {
            completion.append(VCTL.change(id, .transform, VCTL.matrix(.identity)))
            completion.append(VCTL.change(id, .position, .point(Point(x: anchor.x * w, y: anchor.y * h))))
        }
        // Cancelled: the to-view goes, finished: the from-view (completeTransition).
        completion += ["fromCover", "toCover"].map { VCTL.change($0, .hidden, .bool(true)) }
        let block = BlockAnimation(duration: p.number("duration"), timing: .easeInEaseOut, changes: changes)
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.block(block)],
            completion: completion)
        return VCTL.finish(spec, p, swipe: swipe)
    }
}
