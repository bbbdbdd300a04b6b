/// `flip` — raywenderlich's card flip, `FlipPresentAnimationController` and
/// `FlipDismissAnimationController` with the `SwipeInteractionController` (document
/// 004). Present: a snapshot of the to-view at the card's frame (corner radius 25,
/// clipped) starts edge-on at +90° about y; one 0.6 s keyframe animation in cubic mode
/// with three equal thirds turns the from-view to −90°, turns the snapshot to 0°, then
/// grows it to the full frame; the to-view is shown and the from-view's rotation reset
/// at the end. Dismiss is the reverse: the from-view's snapshot shrinks to the card,
/// turns to +90°, then the to-view turns from −90° to 0°. The container has the
/// tutorial's perspective (AnimationHelper: m34 = −0.002, eye distance 500).
/// Interactive (dismiss): left-edge pan, percent = translation.x / 200, finish if > 0.5.
public enum FlipPreset {
    public static let definition = PresetDefinition(
        name: "flip",
        summary:
            "Card flip: snapshot at the card frame (radius 25) turns about y and grows, three cubic keyframe thirds in 0.6 s; dismiss reverses.",
        source:
            "004 raywenderlich, \"Custom UIViewController Transitions\" — FlipPresentAnimationController, FlipDismissAnimationController, SwipeInteractionController",
        parameters: [
            PresetParameter(
                "operation", .choice(["present", "dismiss"]), default: .string("present"),
                "present flips the card open, dismiss flips it back"),
            PresetParameter(
                "card", .rect, default: .null,
                "the card's frame in the container (default: 290 × 464 centred, 50 pt side margins in 390 × 844)"),
            PresetParameter(
                "cornerRadius", .number(min: 0, max: 10_000, minExclusive: false), default: .number(25),
                "the snapshot's corner radius"),
            PresetParameter(
                "perspective", .number(min: 0, max: 1e6, minExclusive: true), default: .number(500),
                "eye distance d of the container's sublayerTransform, m34 = −1/d (AnimationHelper: −0.002)"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            .duration(0.6, "transitionDuration, seconds (2.0 while developing in the tutorial, then 0.6)"),
        ]
            + PresetSupport.interactionParameters(
                progress: [[0, 0], [0.1, 0.2], [0.2, 0.45], [0.3, 0.7]],
                summary:
                    "dismiss only — SwipeInteractionController: left-edge pan, percent = translation.x / 200, finish if > 0.5"
            ),
        build: build)

    /// The default card: centred, 50 pt from the sides, 1.6 times as tall as wide.
    static func defaultCard(_ size: Size) -> Rect {
        let width = max(size.width - 100, size.width / 2)
        let height = min(width * 1.6, size.height * 0.8)
        return Rect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let present = p.word("operation") == "present"
        let interactive = PresetSupport.checkInteraction(&p)
        if interactive && present {
            p.problem("interactive", "the document's swipe drives the dismissal only (operation \"dismiss\")")
        }
        let card = p.rect("card") ?? defaultCard(size)
        if !bounds.contains(card) {
            p.problem(
                "card",
                "the card must lie inside the \(SpecDecoder.format(size.width)) × \(SpecDecoder.format(size.height)) container"
            )
        }
        guard p.isValid else { return nil }

        let radius = p.number("cornerRadius")
        let third = 1.0 / 3
        var layers: [LayerSpec]
        var keyframes: [Keyframe]
        var completion: [PropertyChange]
        if present {
            let from = PresetSupport.view("from", bounds, fill: "#f2f2f7", label: "Card (front)")
            let to = PresetSupport.view("to", bounds, fill: "#ff9500", label: "Card (back)", hidden: true)
            var snapshot = LayerSpec(
                id: "snapshot", frame: card, transform: PresetSupport.rotateY(90), cornerRadius: radius,
                label: "snapshot of to", clips: true, content: .snapshot(of: "to", rect: nil))
            snapshot.fill = nil
            layers = [from, to, snapshot]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: third,
                    changes: [PresetSupport.change("from", .transform, .transform(PresetSupport.rotateY(-90)))]),
                Keyframe(
                    relativeStart: third, relativeDuration: third,
                    changes: [PresetSupport.change("snapshot", .transform, .transform(PresetSupport.rotateY(0)))]),
                Keyframe(
                    relativeStart: 2 * third, relativeDuration: third,
                    changes: PresetSupport.frameChanges("snapshot", bounds)),
            ]
            // toVC.view.hidden = false; fromVC.view.layer.transform = yRotation(0);
            // snapshot.removeFromSuperview() — in both outcomes.
            completion = [
                PresetSupport.change("to", .hidden, .bool(false)),
                PresetSupport.change("from", .transform, .transform(PresetSupport.rotateY(0))),
                PresetSupport.change("snapshot", .hidden, .bool(true)),
            ]
        } else {
            let to = LayerSpec(
                id: "to", frame: bounds, transform: PresetSupport.rotateY(-90),
                fill: Color(hex: "#f2f2f7"), label: "Card (front)")
            let from = PresetSupport.view("from", bounds, fill: "#ff9500", label: "Card (back)", hidden: true)
            let snapshot = LayerSpec(
                id: "snapshot", frame: bounds, cornerRadius: radius, label: "snapshot of from",
                clips: true, content: .snapshot(of: "from", rect: nil))
            layers = [to, from, snapshot]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: third, changes: PresetSupport.frameChanges("snapshot", card)),
                Keyframe(
                    relativeStart: third, relativeDuration: third,
                    changes: [PresetSupport.change("snapshot", .transform, .transform(PresetSupport.rotateY(90)))]),
                Keyframe(
                    relativeStart: 2 * third, relativeDuration: third,
                    changes: [PresetSupport.change("to", .transform, .transform(PresetSupport.rotateY(0)))]),
            ]
            // fromVC.view.isHidden = false; snapshot.removeFromSuperview() — in both outcomes;
            // a cancelled dismissal's to-view leaves with completeTransition(false).
            completion = [
                PresetSupport.change("from", .hidden, .bool(false)),
                PresetSupport.change("snapshot", .hidden, .bool(true)),
            ]
        }
        // animateKeyframesWithDuration(options: .CalculationModeCubic): no curve bits, so
        // UIKit's keyframe animation keeps its ease-in-ease-out over the whole block.
        let block = KeyframeAnimation(
            duration: p.number("duration"), timing: .easeInEaseOut, calculationMode: .cubic,
            keyframes: keyframes)
        // A full-screen modal (the tutorial sets no presentation style): UIKit removes the
        // presenting view when the presentation finishes.
        let views = TransitionViews(from: "from", to: "to", operation: present ? .present : .dismiss)
        var spec = TransitionSpec(
            container: ContainerSpec(size: size, perspective: p.number("perspective")),
            layers: layers, animations: [.keyframes(block)], completion: completion, views: views)
        if interactive {
            spec.interaction = PresetSupport.percentInteraction(
                p, rule: ProgressRule(axis: .x, distance: 200, direction: 1))
        }
        return spec
    }
}
