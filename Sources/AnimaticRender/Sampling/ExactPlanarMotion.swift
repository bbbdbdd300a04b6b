import AnimaticCore

/// A 2-D layer whose motion the timeline describes exactly: the screen map is
/// `outer ∘ translate(position) ∘ transform ∘ translate(−anchor·size)` with a static
/// transform and zPosition, so position and size channels carry the motion with their
/// exact curves. Checked against every frame's quad before use.
struct ExactPlanarMotion {
    var outer: Affine2D
    var transform: Affine2D
    var position: Channel
    /// The bounds' offset −anchor·size.
    var offset: Channel

    init?(layer i: Int, samples: FrameSamples, channels: LayerChannels) {
        self.init(samples.layer(i), channels: channels)
    }

    init?(_ view: FrameSamples.LayerSamples, channels: LayerChannels) {
        let timeline = view.samples.timeline
        let i = view.layer
        let layer = timeline.layers[i]
        guard timeline.run == nil, timeline.duration > 0, timeline.tree.parents[i] == nil,
            !layer.track(.transform).isAnimated, !layer.track(.zPosition).isAnimated
        else { return nil }
        let t = layer.spec.transform.matrix
        guard t.m13 == 0, t.m23 == 0, t.m31 == 0, t.m32 == 0, t.m14 == 0, t.m24 == 0, t.m34 == 0, t.m44 == 1,
            let outer = Affine2D(
                planeOf: Transform3D.translation(0, 0, layer.spec.zPosition + t.m43)
                    .concatenating(timeline.containerSublayer))
        else { return nil }
        self.outer = outer
        transform = Affine2D(a: t.m11, b: t.m12, c: t.m21, d: t.m22, e: t.m41, f: t.m42)
        position = Channel.exact(
            track: layer.track(.position), duration: timeline.duration,
            samples: view, bound: .none, presented: .position)
        let anchor = layer.spec.anchor
        offset = channels.size.mapValues(width: 2) { v, c in c == 0 ? -anchor.x * v[0] : -anchor.y * v[1] }
        // The plan must put every frame's bounds on the engine's quad. The channels are read
        // at the samples' non-decreasing times, each state in place.
        var sizes = Channel.Reader(channels.size), positions = Channel.Reader(position)
        var offsets = Channel.Reader(offset)
        for k in view.indices where !view.isLeftLimit(k) {
            let time = view.time(k)
            let (width, height) = sizes.pair(at: time)
            let map = Self.screenMap(
                position: positions.pair(at: time), offset: offsets.pair(at: time), transform: transform, outer: outer)
            let quad = view.withState(k) { LayerState.corners(size: $0.size, matrix: $0.matrix) }
            func lands(_ c: Point, on q: Point) -> Bool {
                let p = map.apply(c)
                return abs(p.x - q.x) <= 1e-6 * max(1, abs(q.x)) && abs(p.y - q.y) <= 1e-6 * max(1, abs(q.y))
            }
            guard lands(Point(x: 0, y: 0), on: quad.0), lands(Point(x: width, y: 0), on: quad.1),
                lands(Point(x: width, y: height), on: quad.2), lands(Point(x: 0, y: height), on: quad.3)
            else { return nil }
        }
    }

    /// Layer-local to screen at `t`.
    func screenMap(at t: Double) -> Affine2D {
        Self.screenMap(position: position.pair(at: t), offset: offset.pair(at: t), transform: transform, outer: outer)
    }

    /// `translate(offset) › transform › translate(position) › outer`.
    private static func screenMap(
        position p: (Double, Double), offset o: (Double, Double), transform: Affine2D, outer: Affine2D
    ) -> Affine2D {
        Affine2D.translation(o.0, o.1).then(transform).then(.translation(p.0, p.1)).then(outer)
    }
}
