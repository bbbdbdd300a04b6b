/// `zoom` — the Photos-style `ZoomAnimator` and `ZoomDismissalInteractionController`
/// (document 002). Zoom in (0.5 s): the to-view fades in (the "cross-dissolve") while a
/// transition image view moves from the thumbnail's frame to the aspect-fit frame of the
/// image in the to-view and the tab bar fades out, all on one spring (damping ratio 0.8,
/// initial velocity 0; the ease-out option has no effect on a spring). The thumbnail and
/// the destination image are hidden during and shown at the end, when the transition
/// image view is removed. Zoom out (0.25 s) is the mirror. The interactive dismissal is
/// direct manipulation: while the finger moves, verticalDelta = max(translation.y, 0)
/// (x in landscape) fades the from-view (1 → 0 over H/4) and scales the image (1 → 0.5
/// over H/2), whose centre follows the finger; on release it cancels (spring 0.5 s,
/// damping 0.9, back to the full frame) when moving up or above the anchor, and
/// otherwise finishes (0.25 s to the thumbnail).
public enum ZoomPreset {
    public static let definition = PresetDefinition(
        name: "zoom",
        summary:
            "Photos-style zoom: image thumbnail ↔ aspect-fit frame on a damping-0.8 spring (0.5 s in, 0.25 s out), cross-dissolve, tab bar fade; interactive dismissal pan.",
        source: "002 Photos-app zoom transition — ZoomAnimator, ZoomDismissalInteractionController",
        parameters: [
            PresetParameter(
                "operation", .choice(["present", "dismiss"]), default: .string("present"),
                "present zooms in (push or present), dismiss zooms out (pop or dismiss)"),
            PresetParameter(
                "thumbnail", .rect, default: .rect(16, 120, 128, 128),
                "the thumbnail's frame in the container"),
            PresetParameter(
                "imageAspect", .number(min: 0, max: 1000, minExclusive: true), default: .number(4.0 / 3),
                "the image's width / height; the full-size frame is the aspect-fit of the image in the container"),
            PresetParameter(
                "image", .image, default: .null,
                "the photo (asset id or data URI) on the thumbnail, the transition image and the full-size image; its aspect replaces imageAspect"
            ),
            PresetParameter("tabBar", .bool, default: .bool(true), "whether there is a tab bar to fade"),
            PresetParameter(
                "tabBarHeight", .number(min: 0, max: 10_000, minExclusive: true), default: .number(83),
                "the tab bar's height at the bottom of the container"),
            PresetParameter.orientation, PresetParameter.width, PresetParameter.height,
            PresetParameter(
                "duration", .number(min: 0, max: 60, minExclusive: true), default: .null,
                "transitionDuration, seconds (default 0.5 present, 0.25 dismiss)"),
            PresetParameter(
                "dampingRatio", .number(min: 0, max: 1, minExclusive: true), default: .number(0.8),
                "usingSpringWithDamping of the zoom"),
            PresetParameter(
                "interactive", .bool, default: .bool(false),
                "dismiss only: the dismissal follows the finger (ZoomDismissalInteractionController)"),
            PresetParameter(
                "gesture", .gestureSamples,
                default: .samples([
                    [0, 195, 422], [0.05, 196, 440], [0.1, 198, 470], [0.15, 200, 505],
                    [0.2, 203, 545], [0.25, 205, 590],
                ]),
                "finger positions [[t, x, y], …] while interactive, times strictly increasing; the pan is released at the last"
            ),
        ],
        build: build)

    /// calculateZoomInImageFrame(image:forView:) for a view filling `size`.
    public static func aspectFitFrame(imageAspect: Double, in size: Size) -> Rect {
        let viewRatio = size.width / size.height
        if imageAspect > viewRatio {
            let height = size.width / imageAspect
            return Rect(x: 0, y: (size.height - height) / 2, width: size.width, height: height)
        } else {
            let width = size.height * imageAspect
            return Rect(x: (size.width - width) / 2, y: 0, width: width, height: size.height)
        }
    }

    /// The dismissal pan's state for a translation: from-view alpha, image scale and centre.
    public static func dismissalState(
        translation t: Point, anchor: Point, imageHeight h: Double,
        containerHeight H: Double, landscape: Bool
    ) -> (alpha: Double, scale: Double, center: Point) {
        let delta = max(landscape ? t.x : t.y, 0)
        let alpha = 1 - min(delta / (H / 4), 1)
        let scale = 1 - 0.5 * min(delta / (H / 2), 1)
        // frame.height is read after the scale transform is set: h × scale.
        let center = Point(x: anchor.x + t.x, y: anchor.y + t.y - h * scale * (1 - scale) / 2)
        return (alpha, scale, center)
    }

    static let maxSamples = 2001
    static let keyframesPerBlock = 200

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let present = p.word("operation") == "present"
        let interactive = p.bool("interactive")
        let landscape = p.word("orientation") == "landscape"
        if interactive && present {
            p.problem("interactive", "the document's interaction drives the dismissal only (operation \"dismiss\")")
        }
        if p.isGiven("gesture") && !interactive { p.problem("gesture", "only used when \"interactive\" is true") }
        let thumb = p.rect("thumbnail") ?? Rect(x: 16, y: 120, width: 128, height: 128)
        if !bounds.contains(thumb) {
            p.problem(
                "thumbnail",
                "the thumbnail must lie inside the \(SpecDecoder.format(size.width)) × \(SpecDecoder.format(size.height)) container"
            )
        }
        let hasTabBar = p.bool("tabBar")
        let tabBarHeight = p.number("tabBarHeight")
        if hasTabBar && tabBarHeight > size.height { p.problem("tabBarHeight", "must not exceed the container height") }
        if p.isGiven("tabBarHeight") && !hasTabBar { p.problem("tabBarHeight", "only used when \"tabBar\" is true") }
        let samples = interactive ? (p.gesture("gesture") ?? []) : []
        if interactive {
            if samples.count < 2 {
                p.problem("gesture", "needs at least two samples: the pan and its velocity at release")
            }
            if samples.count > maxSamples {
                p.problem("gesture", "has \(samples.count) samples, more than \(maxSamples)")
            }
            for i in samples.indices.dropFirst() where samples[i].time <= samples[i - 1].time {
                p.problem(
                    "gesture", "sample times must increase (sample \(i) at \(SpecDecoder.format(samples[i].time)) s)")
                break
            }
        }
        guard p.isValid else { return nil }

        let photo = p.image("image")
        if photo != nil && p.isGiven("imageAspect") { p.problem("imageAspect", "the image's own aspect applies") }
        let aspect = photo?.image.aspectRatio ?? p.number("imageAspect")
        let fit = aspectFitFrame(imageAspect: aspect, in: size)
        let imageFill = Color(hex: "#5ac8fa")
        // The document's image views: contentMode = .scaleAspectFill, clipsToBounds = true.
        func image(_ id: String, _ frame: Rect, hidden: Bool, label: String) -> LayerSpec {
            var layer = LayerSpec(
                id: id, frame: frame, label: photo == nil ? label : nil, hidden: hidden, clips: true,
                content: .image(aspectRatio: aspect, fill: imageFill))
            layer.imageMode = .fill
            layer.imageSource = photo?.source
            return layer
        }
        let grid = PresetSupport.view(present ? "from" : "to", bounds, fill: "#ffffff", label: "Photos")
        // The reference image views are subviews of their controllers' views (the
        // container's bounds, at its origin: their frames read the same in both).
        var thumbnail = image("thumbnail", thumb, hidden: true, label: "thumbnail")
        thumbnail.parent = grid.id
        let detail = PresetSupport.view(
            present ? "to" : "from", bounds, fill: "#000000", label: "Photo", alpha: present ? 0 : 1)
        var detailImage = image(present ? "toImage" : "fromImage", fit, hidden: true, label: "image")
        detailImage.parent = detail.id
        let transitionImage = image("transitionImage", present ? thumb : fit, hidden: false, label: "transition image")
        var layers = [grid, thumbnail, detail, detailImage, transitionImage]
        if hasTabBar {
            // The tab bar belongs to the tab bar controller, above the transition's container.
            layers.append(
                PresetSupport.view(
                    "tabBar", Rect(x: 0, y: size.height - tabBarHeight, width: size.width, height: tabBarHeight),
                    fill: "#f9f9f9", label: "Tab Bar", alpha: present ? 1 : 0))
        }
        // Every completion block of ZoomAnimator and ZoomDismissalInteractionController, in
        // both outcomes: transitionImageView.removeFromSuperview(); the reference image views
        // shown again; then completeTransition (a navigation pop or push: a container).
        var views = TransitionViews(from: "from", to: "to", operation: .container)
        // The reference image views and the tab bar are the app's: ZoomAnimator hides,
        // shows and fades them where they are, and adds only the transition image view.
        views.appViews = [thumbnail.id, detailImage.id] + (hasTabBar ? ["tabBar"] : [])
        let completion = [
            PresetSupport.change("transitionImage", .hidden, .bool(true)),
            PresetSupport.change("thumbnail", .hidden, .bool(false)),
            PresetSupport.change(detailImage.id, .hidden, .bool(false)),
        ]
        // The view completeTransition removes takes its image along (a sublayer of it).
        let finished: [PropertyChange] = [], cancelled: [PropertyChange] = []
        let duration = p.optionalNumber("duration") ?? (present ? 0.5 : 0.25)
        let spring = TimingSpec.springDamping(ratio: p.number("dampingRatio"), initialVelocity: 0)

        if !interactive {
            var changes = [PresetSupport.change(detail.id, .alpha, .number(present ? 1 : 0))]
            changes += PresetSupport.frameChanges("transitionImage", present ? fit : thumb)
            if hasTabBar { changes.append(PresetSupport.change("tabBar", .alpha, .number(present ? 0 : 1))) }
            return TransitionSpec(
                container: ContainerSpec(size: size), layers: layers,
                animations: [.block(BlockAnimation(duration: duration, timing: spring, changes: changes))],
                completion: completion, completionIfFinished: finished,
                completionIfCancelled: cancelled, views: views)
        }

        // Direct manipulation: each pan callback sets the state; between callbacks the
        // screen holds the latest — here, linear keyframes at the sample times.
        let anchor = fit.center
        let first = samples[0].location
        let states = samples.map { s in
            dismissalState(
                translation: Point(x: s.location.x - first.x, y: s.location.y - first.y), anchor: anchor,
                imageHeight: fit.height, containerHeight: size.height, landscape: landscape)
        }
        func stateChanges(_ i: Int) -> [PropertyChange] {
            let st = states[i]
            var c = [
                PresetSupport.change("transitionImage", .position, .point(st.center)),
                PresetSupport.change(
                    "transitionImage", .transform,
                    .transform(.operations([.scale(x: st.scale, y: st.scale, z: 1)]))),
                PresetSupport.change("from", .alpha, .number(st.alpha)),
            ]
            if hasTabBar { c.append(PresetSupport.change("tabBar", .alpha, .number(1 - st.alpha))) }
            return c
        }
        var animations: [AnimationSpec] = []
        var a = 0
        while a < samples.count - 1 {
            let b = min(a + keyframesPerBlock, samples.count - 1)
            let start = samples[a].time, span = samples[b].time - start
            var keyframes: [Keyframe] = []
            for k in (a + 1)...b {
                let relativeStart = (samples[k - 1].time - start) / span
                let relativeDuration = k == b ? 1 - relativeStart : (samples[k].time - samples[k - 1].time) / span
                keyframes.append(
                    Keyframe(relativeStart: relativeStart, relativeDuration: relativeDuration, changes: stateChanges(k))
                )
            }
            animations.append(
                .keyframes(
                    KeyframeAnimation(
                        delay: start, duration: span, timing: .linear,
                        calculationMode: .linear, keyframes: keyframes)))
            a = b
        }

        // Release: velocity from the last two samples, the centre from the last state.
        let n = samples.count - 1
        let velocity = Point(
            x: (samples[n].location.x - samples[n - 1].location.x) / (samples[n].time - samples[n - 1].time),
            y: (samples[n].location.y - samples[n - 1].location.y) / (samples[n].time - samples[n - 1].time))
        let center = states[n].center, scale = states[n].scale
        let cancel = landscape ? (velocity.x < 0 || center.x < anchor.x) : (velocity.y < 0 || center.y < anchor.y)
        let release = samples[n].time
        // `transitionImageView.frame = …` with the scale transform still set: UIKit keeps
        // the transform and sizes the bounds so the transformed frame is the target.
        func frameUnderScale(_ target: Rect) -> [PropertyChange] {
            [
                PresetSupport.change("transitionImage", .position, .point(target.center)),
                PresetSupport.change(
                    "transitionImage", .size, .size(Size(width: target.width / scale, height: target.height / scale))),
            ]
        }
        if cancel {
            var changes = frameUnderScale(fit) + [PresetSupport.change("from", .alpha, .number(1))]
            if hasTabBar { changes.append(PresetSupport.change("tabBar", .alpha, .number(0))) }
            animations.append(
                .block(
                    BlockAnimation(
                        delay: release, duration: 0.5,
                        timing: .springDamping(ratio: 0.9, initialVelocity: 0), changes: changes)))
        } else {
            var changes = [PresetSupport.change("from", .alpha, .number(0))] + frameUnderScale(thumb)
            if hasTabBar { changes.append(PresetSupport.change("tabBar", .alpha, .number(1))) }
            // animateKeyframes(withDuration: 0.25, options: []) with the changes set directly.
            animations.append(
                .keyframes(
                    KeyframeAnimation(
                        delay: release, duration: 0.25, timing: .easeInEaseOut,
                        calculationMode: .linear,
                        keyframes: [Keyframe(relativeStart: 0, relativeDuration: 1, changes: changes)])))
        }
        let progress = zip(samples, states).map { ProgressSample(time: $0.time, percent: 1 - $1.scale) }
        return TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: animations,
            completion: completion, completionIfFinished: finished,
            completionIfCancelled: cancelled, views: views,
            interaction: InteractionSpec(
                input: .progress(progress),
                release: ReleaseRule(decision: cancel ? .cancel : .finish),
                drive: .direct))
    }
}
