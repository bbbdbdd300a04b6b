/// Hero's default animation types (HeroTransitions/Hero @ d7a72e1,
/// Sources/Preprocessors/DefaultAnimationPreprocessor.swift, last changed in 800b9d9), one
/// preset each: `heroPush`, `heroPull`, `heroCover`, `heroUncover`, `heroSlide`,
/// `heroZoomSlide`, `heroPageIn`, `heroPageOut`, `heroFade`, `heroZoom`, `heroZoomOut`.
///
/// Hero hides both views and animates a snapshot of each inside its own container (black
/// background, `containerColor`'s default). For an appearing view (the to-view) the
/// modifiers are its start state and it animates to its natural state; for a disappearing
/// view (the from-view) they are its end state. Every type but fade gives both views
/// `.duration(0.35)` and `.timingFunction(.standard)` = (0.4, 0, 0.2, 1); push, cover and
/// pageIn use `.deceleration` = (0, 0, 0.2, 1) for both. shift(d, appearing) is −W (or −H)
/// when (d is right (down)) == appearing, else +W (+H). The "shadow state"
/// (`beginWith`) is opacity 0.5, black, radius 5, offset zero on the moving page, animated
/// from or to opacity 0; the overlay is a black sublayer of the snapshot at opacity 0.1 on
/// the page that stays behind. Fade has no duration of its own: Hero's automatic duration
/// for no movement, 0.208 s (HeroDefaultAnimator.swift: 0.208 + min(distance, 500) / 3000).
///
/// `reverse` is a dismissal or pop: it decides which snapshot is on top for slide,
/// zoomSlide and fade (Hero's `insertToViewFirst` default); the other types set it.
/// Interactive: Hero has no gesture of its own; `progress` samples are the app's
/// `update(p)` calls and `outcome` its `finish()` or `cancel()`, played with the
/// `restart` drive (INTERACTION.md).
public enum HeroDefaultAnimation {
    enum Kind: String, CaseIterable {
        case push, pull, cover, uncover, slide, zoomSlide, pageIn, pageOut, fade, zoom, zoomOut
    }

    static let standard = CubicBezier(0.4, 0, 0.2, 1)
    static let deceleration = CubicBezier(0, 0, 0.2, 1)
    /// HeroDefaultAnimator's automatic duration with nothing moving: 0.208 + 0 / 3000 s.
    static let automaticDurationAtRest = 0.208

    public static let definitions: [PresetDefinition] = Kind.allCases.map(definition)

    static func definition(_ kind: Kind) -> PresetDefinition {
        let name = "hero" + kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
        var parameters: [PresetParameter] = []
        if kind.hasDirection {
            parameters.append(
                PresetParameter(
                    "direction", .choice(["left", "right", "up", "down"]), default: .string("left"),
                    "Hero's direction: left moves the content to the left (the new page comes from the right)"))
        }
        parameters += [
            PresetParameter(
                "reverse", .bool, default: .bool(false),
                "a dismissal or pop: for slide, zoomSlide and fade the from-view's snapshot is then on top"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            kind == .fade
                ? .duration(
                    automaticDurationAtRest, "seconds; Hero's automatic duration for no movement (0.208 + 0 / 3000)")
                : .duration(0.35, "seconds (DefaultAnimationPreprocessor's .duration(0.35))"),
            PresetParameter(
                "interactive", .bool, default: .bool(false),
                "drive it as an app drives Hero: update(p) at the `progress` samples, then finish() or cancel() (`outcome`)"
            ),
            PresetParameter(
                "progress", .progressSamples, default: .samples([[0, 0], [0.1, 0.15], [0.2, 0.35], [0.3, 0.6]]),
                "update(percent) calls while interactive"),
            PresetParameter(
                "outcome", .choice(["finish", "cancel"]), default: .string("finish"),
                "what the app calls at the last sample; both restart every animation from where it is over the remaining (1 − p) × duration"
            ),
        ]
        return PresetDefinition(
            name: name, summary: kind.summary,
            source:
                "Hero — Sources/Preprocessors/DefaultAnimationPreprocessor.swift (HeroTransitions/Hero @ d7a72e1, file @ 800b9d9)",
            parameters: parameters, build: { build(kind, &$0) })
    }

    /// One view's part: its start (appearing) or end (disappearing) state.
    struct Modifiers {
        var translate = Point(x: 0, y: 0)
        var scale = 1.0
        var opacity: Double? = nil
        /// The page carries the shadow state: 0 → 0.5 appearing, 0.5 → 0 disappearing.
        var shadow = false
        var overlay = false

        var transform: TransformSpec {
            var ops: [TransformOperation] = []
            if translate != Point(x: 0, y: 0) { ops.append(.translate(x: translate.x, y: translate.y, z: 0)) }
            if scale != 1 { ops.append(.scale(x: scale, y: scale, z: 1)) }
            return .operations(ops)
        }
    }

    static func build(_ kind: Kind, _ p: inout PresetParameters) -> TransitionSpec? {
        let interactive = p.bool("interactive")
        for name in ["progress", "outcome"] where p.isGiven(name) && !interactive {
            p.problem(name, "only used when \"interactive\" is true")
        }
        guard p.isValid else { return nil }
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let direction = kind.hasDirection ? p.word("direction") : "left"
        let dismissing = p.bool("reverse")
        func shift(appearing: Bool) -> Point {
            switch direction {
            case "left", "right": return Point(x: (direction == "right") == appearing ? -size.width : size.width, y: 0)
            default: return Point(x: 0, y: (direction == "down") == appearing ? -size.height : size.height)
            }
        }
        func third(_ q: Point) -> Point { Point(x: q.x / 3, y: q.y / 3) }

        var to = Modifiers(), from = Modifiers()
        var fromOnTop = dismissing  // insertToViewFirst's default: dismiss or pop
        var curve = standard
        switch kind {
        case .push:
            fromOnTop = false; curve = deceleration
            to.translate = shift(appearing: true); to.shadow = true
            from.translate = third(shift(appearing: false)); from.overlay = true
        case .pull:
            fromOnTop = true
            from.translate = shift(appearing: false); from.shadow = true
            to.translate = third(shift(appearing: true)); to.overlay = true
        case .cover:
            fromOnTop = false; curve = deceleration
            to.translate = shift(appearing: true); to.shadow = true
            from.overlay = true
        case .uncover:
            fromOnTop = true
            from.translate = shift(appearing: false); from.shadow = true
            to.overlay = true
        case .slide:
            from.translate = shift(appearing: false); to.translate = shift(appearing: true)
        case .zoomSlide:
            from.translate = shift(appearing: false); from.scale = 0.8
            to.translate = shift(appearing: true); to.scale = 0.8
        case .pageIn:
            fromOnTop = false; curve = deceleration
            to.translate = shift(appearing: true); to.shadow = true
            from.scale = 0.7; from.overlay = true
        case .pageOut:
            fromOnTop = true
            from.translate = shift(appearing: false); from.shadow = true
            to.scale = 0.7; to.overlay = true
        case .fade:
            to.opacity = 0
        case .zoom:
            fromOnTop = true
            from.scale = 1.3; from.opacity = 0
            to.scale = 0.7
        case .zoomOut:
            fromOnTop = false
            to.scale = 1.3; to.opacity = 0
            from.scale = 0.7
        }

        var layers = [
            PresetSupport.view("to", bounds, fill: VCTL.toFill, label: "To", hidden: true),
            PresetSupport.view("from", bounds, fill: VCTL.fromFill, label: "From", hidden: true),
        ]
        var changes: [PropertyChange] = []
        // Hero's completion shows the real views again and removes the snapshots;
        // completeTransition then removes the from-view (finished) or the to-view (cancelled).
        var completion: [PropertyChange] = [
            PresetSupport.change("to", .hidden, .bool(false)),
            PresetSupport.change("from", .hidden, .bool(false)),
        ]
        let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
        func snapshot(of view: String, _ m: Modifiers, appearing: Bool) {
            let id = view + "Snapshot"
            var layer = LayerSpec(id: id, frame: bounds, content: .snapshot(of: view, rect: nil))
            if appearing {
                layer.transform = m.transform
                if let opacity = m.opacity { layer.alpha = opacity }
            }
            if m.shadow {
                layer.shadow = ShadowSpec(
                    color: black, opacity: appearing ? 0 : 0.5, radius: 5, offset: Point(x: 0, y: 0))
                changes.append(PresetSupport.change(id, .shadowOpacity, .number(appearing ? 0.5 : 0)))
            }
            if appearing {
                if m.transform != .identity {
                    changes.append(PresetSupport.change(id, .transform, .transform(.identity)))
                }
                if m.opacity != nil { changes.append(PresetSupport.change(id, .alpha, .number(1))) }
            } else {
                if m.transform != .identity {
                    changes.append(PresetSupport.change(id, .transform, .transform(m.transform)))
                }
                if let opacity = m.opacity { changes.append(PresetSupport.change(id, .alpha, .number(opacity))) }
            }
            layers.append(layer)
            completion.append(PresetSupport.change(id, .hidden, .bool(true)))
            if m.overlay {
                var overlay = LayerSpec(id: view + "Overlay", frame: bounds, alpha: appearing ? 0.1 : 0, fill: black)
                overlay.parent = id
                layers.append(overlay)
                changes.append(PresetSupport.change(overlay.id, .alpha, .number(appearing ? 0 : 0.1)))
            }
        }
        if fromOnTop {
            snapshot(of: "to", to, appearing: true); snapshot(of: "from", from, appearing: false)
        } else {
            snapshot(of: "from", from, appearing: false); snapshot(of: "to", to, appearing: true)
        }
        let block = BlockAnimation(duration: p.number("duration"), timing: .bezier(curve), changes: changes)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size, background: black), layers: layers,
            animations: [.block(block)], completion: completion,
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive {
            spec.interaction = InteractionSpec(
                input: .progress(p.progress("progress") ?? []),
                release: ReleaseRule(decision: p.word("outcome") == "cancel" ? .cancel : .finish),
                completionCurve: curve, drive: .restart)
        }
        return spec
    }
}

extension HeroDefaultAnimation.Kind {
    var hasDirection: Bool { ![.fade, .zoom, .zoomOut].contains(self) }

    var summary: String {
        switch self {
        case .push:
            return
                "Hero push: the to-view slides in over the from-view (shadow 0 → 0.5, radius 5), which moves a third of the way under a 0.1 black overlay; 0.35 s deceleration."
        case .pull:
            return
                "Hero pull: the from-view slides out (shadow 0.5 → 0) uncovering the to-view, which comes a third of the way from under a 0.1 black overlay; 0.35 s standard."
        case .cover:
            return
                "Hero cover: the to-view slides in over the from-view (shadow 0 → 0.5), which stays put under a 0.1 black overlay; 0.35 s deceleration."
        case .uncover:
            return
                "Hero uncover: the from-view slides out (shadow 0.5 → 0) from over the to-view, whose 0.1 black overlay clears; 0.35 s standard."
        case .slide: return "Hero slide: both views move by the full width or height; 0.35 s standard."
        case .zoomSlide:
            return "Hero zoomSlide: both views move by the full width or height at scale 0.8; 0.35 s standard."
        case .pageIn:
            return
                "Hero pageIn: the to-view slides in over the from-view (shadow 0 → 0.5), which shrinks to 0.7 under a 0.1 black overlay; 0.35 s deceleration."
        case .pageOut:
            return
                "Hero pageOut: the from-view slides out (shadow 0.5 → 0) uncovering the to-view, which grows from 0.7 as its 0.1 black overlay clears; 0.35 s standard."
        case .fade: return "Hero fade: the to-view fades in, 0.208 s (Hero's automatic duration), standard curve."
        case .zoom:
            return
                "Hero zoom: the from-view grows to 1.3 and fades out over the to-view growing from 0.7; 0.35 s standard."
        case .zoomOut:
            return
                "Hero zoomOut: the to-view shrinks from 1.3 and fades in over the from-view shrinking to 0.7; 0.35 s standard."
        }
    }
}
