/// `explode` with `library: "ibanimatable"` — IBAnimatable's `ExplodeAnimator`
/// (Sources/Animators/TransitionAnimator/ExplodeAnimator.swift, last changed in 3fb8f62;
/// xFactor 10, angles −10 … 10 rad, its defaults). The to-view is inserted at the back, the
/// from-view is cut into snapshot pieces of W / 10 × H / yFactor (yFactor = 10 H / W, so
/// square) at x = 0, W/10, … < W and y = 0, W / yFactor, … < H — the rows are stepped by
/// W² / (10 H), less than a piece's height in portrait, so they overlap — and the
/// from-view goes behind the to-view. One `UIView.animate` of 0.75 s (default
/// ease-in-ease-out curve) leaves each piece's frame alone and sets its transform to
/// translate(origin.x − dx, origin.y − dy) · rotate(angle) · scale(0.01) (the point is
/// scaled, turned, then moved: each piece drifts by its own origin too) and its alpha to 0.
/// Completion removes the pieces (and brings the from-view to the front when cancelled,
/// which shows nothing new: the to-view is removed then).
///
/// The draws are `arc4random_uniform(upper − lower) + lower`: integers, dx and dy in
/// −100 … 99 pt, the angle in −10 … 9 rad, three per piece in that order. Here each draw is
/// `arc4random_uniform`'s own rule (reject below 2³² mod n, then mod n) on the top 32 bits
/// of SplitMix64 seeded with `seed` — our generator, so the same request gives the same bytes.
enum IBAnimatableExplode {
    static let xFactor = 10.0
    static let minAngle = -10.0, maxAngle = 10.0

    /// The pieces' frames in the source's loop order (columns, then rows within each),
    /// stepped as its `stride(from:to:by:)` over Double steps them.
    static func pieces(_ size: Size) -> [Rect] {
        let yFactor = xFactor * size.height / size.width
        let width = size.width / xFactor, height = size.height / yFactor
        var rects: [Rect] = []
        for x in stride(from: 0.0, to: size.width, by: size.width / xFactor) {
            for y in stride(from: 0.0, to: size.height, by: size.width / yFactor) {
                rects.append(Rect(x: x, y: y, width: width, height: height))
            }
        }
        return rects
    }

    /// `arc4random_uniform(upperBound)` on SplitMix64's top 32 bits.
    static func uniform(_ generator: inout SplitMix64, below upperBound: UInt32) -> UInt32 {
        let floor = (0 &- upperBound) % upperBound  // 2³² mod n: below it, r % n would be biased
        while true {
            let r = UInt32(truncatingIfNeeded: generator.next() >> 32)
            if r >= floor { return r % upperBound }
        }
    }

    /// `randomFloat(from:to:)`: an integer in lower … upper − 1.
    static func randomInteger(_ generator: inout SplitMix64, from lower: Double, to upper: Double) -> Double {
        Double(uniform(&generator, below: UInt32(upper - lower))) + lower
    }

    /// The transform a piece at `origin` ends at for the draws dx, dy, angle.
    static func endTransform(origin: Point, dx: Double, dy: Double, angle: Double) -> Transform3D {
        Transform3D.translation(origin.x - dx, origin.y - dy).rotated(angle, x: 0, y: 0, z: 1).scaled(0.01, 0.01, 1)
    }

    static func build(_ p: inout PresetParameters) -> TransitionSpec? {
        let swipe = VCTL.checkSwipe(&p)
        guard p.isValid else { return nil }
        let size = p.containerSize
        let rects = pieces(size)
        guard
            ExplodePreset.checkPieceCount(
                &p, rects.count, changesPerPiece: 2, formula: "pieces = 10 × ⌈10 H² / W²⌉, rows stepped by W² / (10 H)")
        else { return nil }
        let bounds = PresetSupport.bounds(size)
        var generator = SplitMix64(seed: UInt64(p.integer("seed")))
        var layers = [VCTL.view("from", bounds), VCTL.view("to", bounds)]
        var changes: [PropertyChange] = []
        var completion: [PropertyChange] = []
        for (i, rect) in rects.enumerated() {
            let id = "piece\(i)"
            layers.append(LayerSpec(id: id, frame: rect, content: .snapshot(of: "from", rect: rect)))
            let dx = randomInteger(&generator, from: -100, to: 100)
            let dy = randomInteger(&generator, from: -100, to: 100)
            let angle = randomInteger(&generator, from: minAngle, to: maxAngle)
            changes.append(
                VCTL.change(
                    id, .transform, VCTL.matrix(endTransform(origin: rect.origin, dx: dx, dy: dy, angle: angle))))
            changes.append(VCTL.change(id, .alpha, .number(0)))
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
