/// `fold` with `library: "ibanimatable"` — IBAnimatable's `FoldAnimator`
/// (Sources/Animators/TransitionAnimator/FoldAnimator.swift, last changed in 60b15ee): the
/// document's fold with IBAnimatable's numbers and its vertical mode.
///
/// `direction` left or right cuts the views into vertical strips that turn about y, as the
/// document's fold does; top or bottom cuts them into horizontal strips (full width,
/// H / (2 × folds) tall) that turn about x, anchored at their top or bottom edge.
/// reverse = right or bottom (the strips fold towards the start of the axis instead of
/// its end). foldSize = (W or H) × 0.5 / folds; m34 = −0.005 on the container's
/// `sublayerTransform` and, as in the document's fold, in the from strips' end transforms
/// (`CATransform3DRotate(transform, ±π/2, axis)`); the to strips start at
/// `CATransform3DMakeRotation(±π/2, axis)`. Shadows: a black gradient (alpha 0 → 1) in
/// each strip, 0 → 1 on the from strips, 1 → 0 on the to strips; in the vertical mode its
/// start and end points are swapped twice (`valuesForAxe` after a hand-swapped pair), so
/// they are the horizontal mode's — literal reading: the shading runs across x there too.
///
/// The to-view is moved right by its width before the strips are cut and the from-view
/// is moved right by its width as the animation starts, so both real views sit out of
/// sight at x = W during the run; the completion block removes the strips and puts the
/// from-view back at the container bounds, and the to-view too when finished (a
/// cancelled run leaves it at x = W; `completeTransition(false)` removes it). One
/// `UIView.animate` of 0.75 s, default ease-in-ease-out curve.
enum IBAnimatableFold {
    static let opposite = ["left": "right", "right": "left", "top": "bottom", "bottom": "top"]

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let (fromIndex, toIndex, interactive) = PresetSupport.checkTabIndices(&p, gesture: "a pan")
        guard p.isValid else { return nil }
        // A tab bar plays the reverse type (the opposite direction) going to a higher index.
        let given = p.isGiven("direction") ? p.word("direction") : "left"  // the parse default
        let direction = fromIndex < toIndex ? opposite[given]! : given
        let horizontal = direction == "left" || direction == "right"
        let reverse = direction == "right" || direction == "bottom"

        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let width = horizontal ? size.width : size.height  // along the strips' motion
        let height = horizontal ? size.height : size.width  // across it
        let folds = p.integer("folds")
        let foldSize = width * 0.5 / Double(folds)
        let d = p.number("perspective")
        /// `valuesForAxe`: (along, across) as (x, y) when horizontal, else (y, x).
        func axes(_ along: Double, _ across: Double) -> Point {
            horizontal ? Point(x: along, y: across) : Point(x: across, y: along)
        }
        func rotation(_ angle: Double) -> Transform3D {
            horizontal ? .rotation(angle, x: 0, y: 1, z: 0) : .rotation(angle, x: 1, y: 0, z: 0)
        }
        /// `CATransform3DRotate(transform, angle, axis)`: the rotation, then the perspective.
        func folded(_ angle: Double) -> Transform3D { rotation(angle).concatenating(.perspective(eyeDistance: d)) }
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let leftShadow = GradientSpec(colors: [clear, .black], start: Point(x: 0, y: 0.2), end: Point(x: 1, y: 0))
        let rightShadow = GradientSpec(colors: [clear, .black], start: Point(x: 1, y: 0), end: Point(x: 0, y: 1))
        let offscreen = Rect(x: size.width, y: 0, width: size.width, height: size.height)

        var layers = [
            PresetSupport.view(
                "from", offscreen, fill: TabSlidePreset.tabColor(fromIndex), label: TabSlidePreset.tabName(fromIndex)),
            PresetSupport.view(
                "to", offscreen, fill: TabSlidePreset.tabColor(toIndex), label: TabSlidePreset.tabName(toIndex)),
        ]
        var changes: [PropertyChange] = []
        var completion: [PropertyChange] = []
        let stripSize = horizontal ? Size(width: foldSize, height: height) : Size(width: height, height: foldSize)

        func strip(
            _ id: String, of source: String, region along: Double, left: Bool, at start: Double,
            angle: Double, shadowAlpha: Double, to end: Double, endTransform: Transform3D, endShadowAlpha: Double
        ) {
            let origin = axes(along, 0)
            var layer = LayerSpec(
                id: id, frame: Rect(origin: .zero, size: stripSize), anchor: axes(left ? 0 : 1, 0.5),
                transform: angle == 0 ? .identity : .matrix(rotation(angle)),
                content: .snapshot(of: source, rect: Rect(origin: origin, size: stripSize)))
            layer.position = axes(start, height / 2)
            let shade = LayerSpec(
                id: id + "Shadow", frame: Rect(origin: .zero, size: stripSize), alpha: shadowAlpha,
                gradient: left ? leftShadow : rightShadow, parent: id)
            layers += [layer, shade]
            changes += [
                PresetSupport.change(id, .position, .point(axes(end, height / 2))),
                PresetSupport.change(id, .transform, .transform(.matrix(endTransform))),
                PresetSupport.change(id + "Shadow", .alpha, .number(endShadowAlpha)),
            ]
            completion.append(PresetSupport.change(id, .hidden, .bool(true)))
        }

        let collapsedFrom = reverse ? 0.0 : width
        let collapsedTo = reverse ? width : 0.0
        for i in 0..<folds {
            let offset = Double(i) * foldSize * 2
            let ids = FoldPreset.stripIDs(fold: i)
            strip(
                ids[0], of: "from", region: offset, left: true, at: offset, angle: 0, shadowAlpha: 0,
                to: collapsedFrom, endTransform: folded(.pi / 2), endShadowAlpha: 1)
            strip(
                ids[1], of: "from", region: offset + foldSize, left: false, at: offset + foldSize * 2, angle: 0,
                shadowAlpha: 0, to: collapsedFrom, endTransform: folded(-.pi / 2), endShadowAlpha: 1)
            strip(
                ids[2], of: "to", region: offset, left: true, at: collapsedTo, angle: .pi / 2, shadowAlpha: 1,
                to: offset, endTransform: .identity, endShadowAlpha: 0)
            strip(
                ids[3], of: "to", region: offset + foldSize, left: false, at: collapsedTo, angle: -.pi / 2,
                shadowAlpha: 1, to: offset + foldSize * 2, endTransform: .identity, endShadowAlpha: 0)
        }
        let block = BlockAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, changes: changes)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size, perspective: d),
            layers: layers, animations: [.block(block)], completion: completion,
            completionIfFinished: PresetSupport.frameChanges("to", bounds) + PresetSupport.frameChanges("from", bounds),
            completionIfCancelled: PresetSupport.frameChanges("from", bounds),
            views: TransitionViews(from: "from", to: "to", operation: .container))
        if interactive {
            spec.interaction = IBAnimatableGesture.panMatching(direction).interaction(p, size: size)
        }
        return spec
    }
}
