/// `explode` — VCTransitionsLibrary's `CEExplodeAnimationController`: the to-view is put
/// at the back, the from-view is cut into square snapshot pieces of side W / 10 (columns
/// x = 0, W/10, … while x < W; rows y = 0, H / (10 H / W), … while y < H, stepped as the
/// source's float loops step) and sent behind the to-view. One `UIView.animate` of the
/// duration (1 s, default ease-in-ease-out curve) moves each piece's frame by a random
/// (dx, dy) in [−100, 100] pt, fades it to 0 and sets its transform to a random rotation
/// in [−10, 10] radians with scale 0.01 applied first. Completion removes the pieces.
///
/// The library draws `arc4random() % (RAND_MAX + 1) / RAND_MAX` in float, three draws
/// per piece in the order dx, dy, angle. Here the 31-bit draws come from SplitMix64
/// seeded with `seed`, so a request always gives the same pieces and the same bytes.
///
/// With `library: "ibanimatable"` it plays IBAnimatable's `ExplodeAnimator` instead
/// (`IBAnimatableExplode`): 0.75 s, integer draws, rows stepped by W² / (10 H), each piece
/// moved by its own origin too.
public enum ExplodePreset {
    public static let definition = PresetDefinition(
        name: "explode",
        summary:
            "Explode: the from-view breaks into W/10 squares that fly ±100 pt, spin ±10 rad, shrink to 0.01 and fade, 1 s (IBAnimatable's: integer draws, overlapping rows, 0.75 s); deterministic by seed.",
        source:
            "VCTransitionsLibrary — AnimationControllers/CEExplodeAnimationController.m (ColinEberhardt/VCTransitionsLibrary @ 60ebd9e)",
        parameters: [
            PresetParameter(
                "seed", .integer(min: 0, max: 4_294_967_295), default: .number(1),
                "seeds the random offsets and angles (SplitMix64, three draws per piece: dx, dy, angle)")
        ]
            + VCTL.parameters(
                duration: 1, reverse: "the library's reverse; the explosion ignores it",
                library: "ExplodeAnimator.swift @ 3fb8f62"),
        build: build)

    /// The pieces' frames, in the source's loop order (columns, then rows within each).
    public static func pieces(_ size: Size) -> [Rect] {
        let xFactor = 10.0
        let yFactor = xFactor * size.height / size.width
        let width = size.width / xFactor, height = size.height / yFactor
        var rects: [Rect] = []
        var x = 0.0
        while x < size.width {
            var y = 0.0
            while y < size.height {
                rects.append(Rect(x: x, y: y, width: width, height: height))
                y += size.height / yFactor
            }
            x += size.width / xFactor
        }
        return rects
    }

    /// `randomFloatBetween:and:` with its float arithmetic, on a 31-bit draw.
    static func randomFloat(_ generator: inout SplitMix64, between small: Float, and big: Float) -> Double {
        let r = UInt32(truncatingIfNeeded: generator.next() >> 33)  // 0 … RAND_MAX
        let diff = big - small
        return Double((Float(r) / Float(Int32.max)) * diff + small)
    }

    /// Reports a grid that the spec limits cannot hold: the pieces and the two views are
    /// layers, and the one animation block holds `changesPerPiece` changes per piece.
    /// Returns whether it fits.
    static func checkPieceCount(
        _ p: inout PresetParameters, _ count: Int, changesPerPiece: Int, formula: String
    ) -> Bool {
        let limit = min(p.limits.maxLayers - 2, p.limits.maxChangesPerBlock / changesPerPiece)
        guard count > limit else { return true }
        let size = p.containerSize
        p.problem(
            p.isGiven("height") ? "height" : "width",
            "a \(SpecDecoder.format(size.width)) × \(SpecDecoder.format(size.height)) view breaks into \(count) pieces; at most \(limit) fit the limits of \(p.limits.maxLayers) layers and \(p.limits.maxChangesPerBlock) changes in one block (\(changesPerPiece) per piece; \(formula))"
        )
        return false
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        if IBAnimatable.isChosen(p) { return IBAnimatableExplode.build(&p) }
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let rects = pieces(size)
        guard checkPieceCount(&p, rects.count, changesPerPiece: 3, formula: "pieces = 10 × ⌈10 H / W⌉") else {
            return nil
        }
        let bounds = PresetSupport.bounds(size)
        var generator = SplitMix64(seed: UInt64(p.integer("seed")))
        var layers = [VCTL.view("from", bounds), VCTL.view("to", bounds)]
        var changes: [PropertyChange] = []
        var completion: [PropertyChange] = []
        for (i, rect) in rects.enumerated() {
            let id = "piece\(i)"
            layers.append(LayerSpec(id: id, frame: rect, content: .snapshot(of: "from", rect: rect)))
            let dx = randomFloat(&generator, between: -100, and: 100)
            let dy = randomFloat(&generator, between: -100, and: 100)
            let angle = randomFloat(&generator, between: -10, and: 10)
            changes.append(VCTL.change(id, .position, .point(Point(x: rect.midX + dx, y: rect.midY + dy))))
            changes.append(VCTL.change(id, .alpha, .number(0)))
            changes.append(
                VCTL.change(
                    id, .transform, VCTL.matrix(Transform3D.rotation(angle, x: 0, y: 0, z: 1).scaled(0.01, 0.01, 1))))
            completion.append(VCTL.change(id, .hidden, .bool(true)))
        }
        let block = BlockAnimation(
            duration: IBAnimatable.duration(p, vctl: 1), timing: .easeInEaseOut, changes: changes)
        let spec = TransitionSpec(
            container: ContainerSpec(size: size), layers: layers, animations: [.block(block)],
            completion: completion)
        return VCTL.finish(spec, p, swipe: swipe)
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seeded generator, the same numbers on
/// every platform (the tests draw their seeded cases from it too).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
