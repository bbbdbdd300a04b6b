/// `portal` — VCTransitionsLibrary's `CEPortalAnimationController` (first written as
/// ZENPortalAnimationController for the ZEN BabyBook app). ZOOM_SCALE 0.8, one
/// `UIView.animate` of the duration (1 s) with the ease-out curve.
///
/// Forward, the doors open: the from-view is cut into a left and a right half (snapshots,
/// the view itself removed) that move out by half the width each, uncovering a snapshot
/// of the to-view behind them that starts at scale 0.8 and zooms to full size — the
/// library sets the snapshot's frame to the to-view's frame while the 0.8 scale is still
/// applied, which UIKit turns into bounds 1.25 × the container under that 0.8 scale.
/// Reverse, the doors close: halves of the to-view (which waits off-screen at x = W)
/// come in from beyond both edges and meet in the middle while the from-view zooms out
/// to 0.8. Completion keeps only the real to-view (at the container bounds).
public enum PortalPreset {
    static let zoomScale = 0.8

    public static let definition = PresetDefinition(
        name: "portal",
        summary:
            "Doors: the from-view's halves slide apart as the to-view zooms from 0.8 to full size (reverse: the halves close, the from-view zooms out to 0.8), 1 s ease-out.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CEPortalAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 6d5cf2a)",
        parameters: VCTL.parameters(duration: 1, library: "PortalAnimator.swift @ 4e32259"),
        build: build)

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        // PortalAnimator: forward opens, every other direction closes; its
        // Pinch(opposingGesture) drives the dismissal: close for the closing doors, open for
        // the opening ones.
        let gesture = IBAnimatableGesture.pinch(p.bool("reverse") ? "close" : "open")
        let swipe = VCTL.checkSwipe(&p, ibanimatable: gesture)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let w = size.width, h = size.height
        let bounds = PresetSupport.bounds(size)
        let leftRegion = Rect(x: 0, y: 0, width: w / 2, height: h),
            rightRegion = Rect(x: w / 2, y: 0, width: w / 2, height: h)
        func half(_ id: String, of source: String, region: Rect, at x: Double) -> LayerSpec {
            LayerSpec(
                id: id, frame: Rect(x: x, y: 0, width: w / 2, height: h), label: nil,
                content: .snapshot(of: source, rect: region))
        }
        var layers: [LayerSpec]
        var changes: [PropertyChange]
        var finished: [PropertyChange]
        var cancelled: [PropertyChange]
        let scale = TransformSpec.matrix(Transform3D.identity.scaled(zoomScale, zoomScale, 1))
        if p.bool("reverse") {
            layers = [
                VCTL.view("from", bounds), VCTL.view("to", Rect(x: w, y: 0, width: w, height: h)),
                half("toLeft", of: "to", region: leftRegion, at: -w / 2),
                half("toRight", of: "to", region: rightRegion, at: w),
            ]
            changes =
                PresetSupport.frameChanges("toLeft", Rect(x: 0, y: 0, width: w / 2, height: h))
                + PresetSupport.frameChanges("toRight", rightRegion)
                + [VCTL.change("from", .transform, .transform(scale))]
            // removeOtherViews: keep the from-view (cancelled) or the to-view, set to the
            // container's bounds (finished). A cancel rewinds what is shown, but the block
            // set the from-view's transform to the 0.8 scale and neither library's cancelled
            // branch resets it: UIKit's model keeps it, so the kept from-view ends at 0.8.
            cancelled =
                ["to", "toLeft", "toRight"].map { VCTL.change($0, .hidden, .bool(true)) }
                + [VCTL.change("from", .transform, .transform(scale))]
            finished =
                ["from", "toLeft", "toRight"].map { VCTL.change($0, .hidden, .bool(true)) }
                + PresetSupport.frameChanges("to", bounds)
        } else {
            let snapshot = LayerSpec(
                id: "toSnapshot", frame: bounds, transform: scale, content: .snapshot(of: "to", rect: nil))
            layers = [
                snapshot, VCTL.view("from", bounds, hidden: true), VCTL.view("to", bounds, hidden: true),
                half("fromLeft", of: "from", region: leftRegion, at: 0),
                half("fromRight", of: "from", region: rightRegion, at: w / 2),
            ]
            // The frame setter under a 0.8 scale: bounds = frame / 0.8 about the same centre.
            changes =
                PresetSupport.frameChanges("fromLeft", Rect(x: -w / 2, y: 0, width: w / 2, height: h))
                + PresetSupport.frameChanges("fromRight", Rect(x: w, y: 0, width: w / 2, height: h))
                + [VCTL.change("toSnapshot", .size, .size(Size(width: w / zoomScale, height: h / zoomScale)))]
            // Cancelled: the from-view is added back; finished: the real to-view is added;
            // removeOtherViews drops the rest either way.
            let snapshots = ["toSnapshot", "fromLeft", "fromRight"].map { VCTL.change($0, .hidden, .bool(true)) }
            cancelled = [VCTL.change("from", .hidden, .bool(false))] + snapshots
            finished = [VCTL.change("to", .hidden, .bool(false))] + snapshots
        }
        let block = BlockAnimation(duration: IBAnimatable.duration(p, vctl: 1), timing: .easeOut, changes: changes)
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.block(block)],
            completionIfFinished: finished, completionIfCancelled: cancelled)
        return VCTL.finish(spec, p, swipe: swipe, ibanimatable: gesture)
    }
}
