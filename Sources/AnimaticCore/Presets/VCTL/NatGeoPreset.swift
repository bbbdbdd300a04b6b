/// `natGeo` — VCTransitionsLibrary's `CENatGeoAnimationController` (Paweł Wrzosek): the
/// page of a magazine turning away. Four transforms on the views' own layers, each
/// starting from the identity with m34 = −1/500 (CA calls in source order, each new
/// operation acting on the point first; angles from float degrees as the source's
/// radianFromDegree computes them):
/// - sourceFirst = destinationLast = the identity with m34 (flat);
/// - sourceLast: Rotate 80° about y, Translate(0, 0, −30), Translate(170, 0, 0);
/// - destinationFirst: Rotate 5° about z, Translate(320, −40, 150), Rotate −45° about y,
///   Rotate 10° about x (absolute points, written for a 320-pt screen).
/// The container adds the from-VC's view, then the to-VC's: the to-view is on top.
/// Forward: the from-view's anchor moves to (0, 0.5) with its frame kept (it hinges on its
/// left edge); cubic keyframes over the duration (1 s): to-view 0 – 1 → destinationLast,
/// from-view 0.2 – 1 (kAnimationFirstPartRatio 0.8f) → sourceLast. Reverse: the presenter
/// (the to-view) keeps the (0, 0.5) anchor left by the forward run and starts at
/// sourceLast, the dismissed view at destinationLast; presenter 0 – 0.8 → sourceFirst,
/// dismissed 0 – 1 → destinationFirst. Completion resets both transforms to the identity.
public enum NatGeoPreset {
    public static let definition = PresetDefinition(
        name: "natGeo",
        summary:
            "NatGeo page turn: the from-view swings away about its left edge (80° about y) while the to-view flies in from a tilted off-screen pose, m34 −1/500 on each view, cubic keyframes, 1 s.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CENatGeoAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 0e46629)",
        parameters: VCTL.parameters(duration: 1, library: "NatGeoAnimator.swift @ 2526cbf"),
        build: build)

    /// kAnimationFirstPartRatio, a float constant (0.8f widened to double).
    static let firstPartRatio = Double(Float(0.8))

    /// radianFromDegree: degrees / 180 in float, then × M_PI.
    static func radians(_ degrees: Float) -> Double { Double(degrees / 180) * .pi }

    static var perspective: Transform3D {
        var t = Transform3D.identity
        t.m34 = 1.0 / -500
        return t
    }

    public static var sourceFirst: Transform3D { perspective }
    public static var destinationLast: Transform3D { perspective }

    public static var sourceLast: Transform3D {
        perspective.rotated(radians(80), x: 0, y: 1, z: 0).translated(0, 0, -30).translated(170, 0, 0)
    }

    public static var destinationFirst: Transform3D {
        perspective.rotated(radians(5), x: 0, y: 0, z: 1).translated(320, -40, 150)
            .rotated(radians(-45), x: 0, y: 1, z: 0).rotated(radians(10), x: 1, y: 0, z: 0)
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let bounds = PresetSupport.bounds(size)
        let hinge = Point(x: 0, y: 0.5)
        var layers: [LayerSpec]
        var keyframes: [Keyframe]
        if p.bool("reverse") {
            layers = [
                VCTL.view("from", bounds, transform: .matrix(destinationLast)),
                VCTL.view("to", bounds, anchor: hinge, transform: .matrix(sourceLast)),
            ]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: firstPartRatio,
                    changes: [VCTL.change("to", .transform, VCTL.matrix(sourceFirst))]),
                Keyframe(
                    relativeStart: 0, relativeDuration: 1,
                    changes: [VCTL.change("from", .transform, VCTL.matrix(destinationFirst))]),
            ]
        } else {
            layers = [
                VCTL.view("from", bounds, anchor: hinge, transform: .matrix(sourceFirst)),
                VCTL.view("to", bounds, transform: .matrix(destinationFirst)),
            ]
            keyframes = [
                Keyframe(
                    relativeStart: 0, relativeDuration: 1,
                    changes: [VCTL.change("to", .transform, VCTL.matrix(destinationLast))]),
                Keyframe(
                    relativeStart: Double(Float(1) - Float(0.8)), relativeDuration: firstPartRatio,
                    changes: [VCTL.change("from", .transform, VCTL.matrix(sourceLast))]),
            ]
        }
        let block = KeyframeAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, calculationMode: .cubic,
            keyframes: keyframes)
        // Both outcomes reset the transforms (a cancel also brings the from-VC's view to the
        // front, which only matters once the to-view is removed).
        let completion = [
            VCTL.change("from", .transform, VCTL.matrix(.identity)),
            VCTL.change("to", .transform, VCTL.matrix(.identity)),
        ]
        // IBAnimatable's NatGeoAnimator adds the to-view, then the from-view: the from-view is on top.
        if IBAnimatable.isChosen(p) { layers.reverse() }
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.keyframes(block)],
            completion: completion)
        return VCTL.finish(spec, p, swipe: swipe)
    }
}
