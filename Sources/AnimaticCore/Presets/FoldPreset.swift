/// `fold` — Colin Eberhardt's fold animation controller (VCTransitionsLibrary
/// `CEFoldAnimationController`, document 003): each view is cut into 2 × folds snapshot
/// strips of width W / (2 × folds), anchored at their left or right edge; in one
/// ease-in-ease-out `UIView.animate` (1 s, the library's default) the from strips move to
/// x = W, rotated ±90° about y (edge-on), while the to strips, which start edge-on at
/// x = 0, open to their offsets; the container's `sublayerTransform` has m34 = −1/200
/// (−0.005). Each strip holds a black gradient subview (`addShadowToView:reverse:`, a
/// sublayer here: `parent` is the strip) that darkens as it folds (alpha 0 → 1 for the
/// from strips, 1 → 0 for the to strips) and moves and turns with its strip. The from strips end at the library's
/// `CATransform3DRotate(transform, ±π/2, 0, 1, 0)` with `transform` the container's
/// perspective (identity with m34 = −0.005), so each carries that perspective in its own
/// transform too (m14 = ±0.005); the to strips start at `CATransform3DMakeRotation(±π/2,
/// 0, 1, 0)`. The completion block, in both outcomes, removes every strip and puts the
/// from and to views back at the container bounds (they are out of sight during); then
/// `completeTransition` removes the from-view (finished) or the to-view (cancelled). Going to
/// a higher tab index (the library's `reverse`) mirrors it. Interactive: the library's
/// horizontal swipe, percent = |Δx| / 200 (at most 0.99), finish if > 0.5,
/// completionSpeed 1 − percent.
///
/// With `library: "ibanimatable"` it plays IBAnimatable's `FoldAnimator` instead
/// (`IBAnimatableFold`): 0.75 s, `direction` left, right, top or bottom (top and bottom
/// fold horizontal strips about x), both views out of sight at x = W during the run, and
/// IBAnimatable's Pan when interactive.
public enum FoldPreset {
    public static let definition = PresetDefinition(
        name: "fold",
        summary:
            "Paper fold: 2×folds snapshot strips rotate ±90° about y with perspective (m34 −0.005), 1 s ease-in-ease-out, shadows darken with the fold (IBAnimatable's: 0.75 s, also top/bottom about x).",
        source:
            "003 Colin Eberhardt, interactive tab bar fold — CEFoldAnimationController, CEHorizontalSwipeInteractionController",
        parameters: [
            PresetParameter(
                "folds", .integer(min: 1, max: 20), default: .number(2),
                "number of folds; each is a left and a right strip"),
            PresetParameter("from", .integer(min: 0, max: 99), default: .number(1), "index of the selected tab"),
            PresetParameter(
                "to", .integer(min: 0, max: 99), default: .number(0),
                "index of the new tab (≠ from; ±1 when interactive); to > from mirrors the fold (reverse)"),
            PresetParameter(
                "tabs", .integer(min: 2, max: 100), default: .number(3), "number of tabs; indices run 0 … tabs − 1"),
            PresetParameter(
                "perspective", .number(min: 0, max: 1e6, minExclusive: true), default: .number(200),
                "eye distance d of the container's sublayerTransform, m34 = −1/d"),
            IBAnimatable.library("FoldAnimator.swift @ 60b15ee"),
            PresetParameter(
                "direction", .choice(["left", "right", "top", "bottom"]), default: .null,
                "with library \"ibanimatable\": FoldAnimator's direction (left when absent); top and bottom fold horizontal strips about x; right and bottom are its reverse"
            ),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            PresetParameter(
                "duration", .number(min: 0, max: 60, minExclusive: true), default: .null,
                "seconds: 1 (CEReversibleAnimationController's default) or 0.75 with library \"ibanimatable\""),
        ]
            + PresetSupport.interactionParameters(
                progress: [[0, 0], [0.1, 0.15], [0.2, 0.35], [0.3, 0.6]],
                summary:
                    "horizontal swipe: percent = |Δx| / 200, finish if > 0.5, completionSpeed 1 − percent; with library \"ibanimatable\" its Pan matching the direction played: progress = ±Δ / W (or H), at most 0.99, finish if > 0.5 or faster than 1000 pt/s"
            ),
        build: build)

    /// Ids of the strips of fold `i`: from-left, from-right, to-left, to-right.
    public static func stripIDs(fold i: Int) -> [String] {
        ["fromFold\(i)L", "fromFold\(i)R", "toFold\(i)L", "toFold\(i)R"]
    }

    /// `CATransform3DRotate(transform, angle, 0, 1, 0)` with `transform` = identity with
    /// m34 = −1/d: the rotation first, then the perspective (CEFoldAnimationController).
    public static func foldedTransform(_ degrees: Double, perspective d: Double) -> Transform3D {
        Transform3D.perspective(eyeDistance: d).rotated(degrees * .pi / 180, x: 0, y: 1, z: 0)
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        if IBAnimatable.isChosen(p) { return IBAnimatableFold.build(&p) }
        if p.isGiven("direction") {
            p.problem("direction", "FoldAnimator's direction: only with library \"ibanimatable\"")
        }
        let (fromIndex, toIndex, interactive) = PresetSupport.checkTabIndices(&p, gesture: "a swipe")
        guard p.isValid else { return nil }

        let size = p.containerSize
        let w = size.width, h = size.height
        let folds = p.integer("folds")
        let foldWidth = w * 0.5 / Double(folds)
        let reverse = fromIndex < toIndex
        let bounds = PresetSupport.bounds(size)
        let left = Point(x: 0, y: 0.5), right = Point(x: 1, y: 0.5)
        let d = p.number("perspective")
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        // addShadowToView:reverse: with reverse = the strip is a left one.
        let leftShadow = GradientSpec(colors: [clear, .black], start: Point(x: 0, y: 0.2), end: Point(x: 1, y: 0))
        let rightShadow = GradientSpec(colors: [clear, .black], start: Point(x: 1, y: 0), end: Point(x: 0, y: 1))

        // The views themselves are moved out of sight (the library sets their centre to
        // (1000, 0)); here they are hidden, and restored on completion.
        var layers = [
            PresetSupport.view(
                "from", bounds, fill: TabSlidePreset.tabColor(fromIndex), label: TabSlidePreset.tabName(fromIndex),
                hidden: true),
            PresetSupport.view(
                "to", bounds, fill: TabSlidePreset.tabColor(toIndex), label: TabSlidePreset.tabName(toIndex),
                hidden: true),
        ]
        var changes: [PropertyChange] = []
        var completion: [PropertyChange] = []
        let collapsedFrom = reverse ? 0.0 : w  // where the from strips fold to
        let collapsedTo = reverse ? w : 0.0  // where the to strips start

        func strip(
            _ id: String, of source: String, region x: Double, anchor: Point, position: Double, angle: Double,
            shadow: GradientSpec, shadowAlpha: Double, endPosition: Double, endAngle: Double, endShadowAlpha: Double
        ) {
            var layer = LayerSpec(
                id: id, frame: Rect(x: 0, y: 0, width: foldWidth, height: h), anchor: anchor,
                transform: angle == 0 ? .identity : PresetSupport.rotateY(angle),
                content: .snapshot(of: source, rect: Rect(x: x, y: 0, width: foldWidth, height: h)))
            layer.position = Point(x: position, y: h / 2)
            // The gradient view fills the strip's bounds: it needs no motion of its own.
            let shade = LayerSpec(
                id: id + "Shadow", frame: Rect(x: 0, y: 0, width: foldWidth, height: h),
                alpha: shadowAlpha, gradient: shadow, parent: id)
            layers += [layer, shade]
            let endTransform = PropertyValue.transform(
                endAngle == 0 ? .identity : .matrix(foldedTransform(endAngle, perspective: d)))
            changes.append(PresetSupport.change(id, .position, .point(Point(x: endPosition, y: h / 2))))
            changes.append(PresetSupport.change(id, .transform, endTransform))
            // removeFromSuperview takes the gradient view along.
            completion.append(PresetSupport.change(id, .hidden, .bool(true)))
            changes.append(PresetSupport.change(id + "Shadow", .alpha, .number(endShadowAlpha)))
        }

        for i in 0..<folds {
            let offset = Double(i) * foldWidth * 2
            let ids = stripIDs(fold: i)
            strip(
                ids[0], of: "from", region: offset, anchor: left, position: offset, angle: 0,
                shadow: leftShadow, shadowAlpha: 0, endPosition: collapsedFrom, endAngle: 90, endShadowAlpha: 1)
            strip(
                ids[1], of: "from", region: offset + foldWidth, anchor: right, position: offset + foldWidth * 2,
                angle: 0,
                shadow: rightShadow, shadowAlpha: 0, endPosition: collapsedFrom, endAngle: -90, endShadowAlpha: 1)
            strip(
                ids[2], of: "to", region: offset, anchor: left, position: collapsedTo, angle: 90,
                shadow: leftShadow, shadowAlpha: 1, endPosition: offset, endAngle: 0, endShadowAlpha: 0)
            strip(
                ids[3], of: "to", region: offset + foldWidth, anchor: right, position: collapsedTo, angle: -90,
                shadow: rightShadow, shadowAlpha: 1, endPosition: offset + foldWidth * 2, endAngle: 0, endShadowAlpha: 0
            )
        }
        // The library's completion block, in both outcomes: every strip removed, then
        // toView.frame = fromView.frame = containerView.bounds.
        completion += [
            PresetSupport.change("from", .hidden, .bool(false)), PresetSupport.change("to", .hidden, .bool(false)),
        ]

        let block = BlockAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, changes: changes)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size, perspective: d),
            layers: layers, animations: [.block(block)], completion: completion,
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive {
            var samples: [ProgressSample]
            if let gesture = p.gesture("gesture"), p.isGiven("gesture") {
                // fraction = fabs(translation.x / 200), clamped; 1 is written as 0.99.
                let x0 = gesture.first?.location.x ?? 0
                samples = gesture.map { ProgressSample(time: $0.time, percent: min(abs($0.location.x - x0) / 200, 1)) }
            } else {
                samples = p.progress("progress") ?? []
            }
            samples = samples.map { ProgressSample(time: $0.time, percent: min($0.percent, 0.99)) }
            spec.interaction = InteractionSpec(
                input: .progress(samples),
                release: ReleaseRule(threshold: 0.5, decision: p.bool("cancelled") ? .cancel : nil))
            // CEHorizontalSwipeInteractionController: completionSpeed = 1 − percentComplete,
            // at each release (not the speed of the sample release).
            spec.interaction?.completionSpeedFromPercent = true
        }
        return spec
    }
}
