import Testing
@testable import AnimaticCore

/// The engine samples typed tracks (`Track<Value>`); the exports read their untyped view
/// (`PropertyTrack`, `TrackSegment`). Both must give the same value at every time.
@Suite struct TypedTrackTests {
    /// Every preset's layers, sampled at 97 times (off the frame grid) through the typed
    /// tracks and through the untyped view, agree exactly, kind by kind.
    @Test func untypedViewSamplesAsTheTypedTracks() {
        var compared = 0
        for preset in PresetCatalog.all {
            let timeline = TimelineCompiler.compile(preset.defaultSpec)
            for layer in timeline.layers {
                let tracks = layer.tracks
                for k in 0...96 {
                    let t = timeline.transitionDuration * Double(k) / 93 - 0.01
                    let v = layer.values(at: t)
                    func untyped(_ p: AnimatableProperty) -> TrackValue { tracks[index(p)].value(at: t) }
                    #expect(untyped(.position) == .point(v.position))
                    #expect(untyped(.alpha) == .number(v.alpha))
                    #expect(untyped(.cornerRadius) == .number(v.cornerRadius))
                    #expect(untyped(.fill) == .color(v.fill))
                    #expect(untyped(.hidden) == .bool(v.hidden))
                    #expect(untyped(.zPosition) == .number(v.zPosition))
                    #expect(untyped(.shadowOpacity) == .number(v.shadow.opacity))
                    #expect(untyped(.borderColor) == .color(v.border.color))
                    guard case .transform(let m, _) = untyped(.transform) else {
                        Issue.record("transform track of another kind"); return
                    }
                    #expect(m == v.transform)
                    guard case .size(let s) = untyped(.size) else { Issue.record("size of another kind"); return }
                    #expect(Size(width: max(s.width, 0), height: max(s.height, 0)) == v.size)
                    compared += 1
                }
            }
        }
        #expect(compared > 5000)
    }

    /// Only animated tracks are sampled by `values(at:base:)`; the rest come from the base.
    @Test func sparseSamplingMatchesFullSampling() {
        for preset in PresetCatalog.all {
            let timeline = TimelineCompiler.compile(preset.defaultSpec)
            for layer in timeline.layers {
                let base = layer.values(at: 0)
                for k in 0...40 {
                    let t = timeline.transitionDuration * Double(k) / 37
                    #expect(layer.values(at: t, base: base) == layer.values(at: t))
                }
            }
        }
    }

    /// The frame loop's buffer, moved from frame to frame (forwards, then backwards, so
    /// each move starts from another time's values), holds what a fresh sample gives.
    @Test func movedBufferMatchesFreshSamples() {
        for preset in PresetCatalog.all {
            let timeline = TimelineCompiler.compile(preset.defaultSpec)
            var buffer = timeline.initialValues
            let times = (0...30).map { timeline.transitionDuration * Double($0) / 29 }
            for t in times + times.reversed() {
                timeline.sampleValues(atTransitionTime: t, into: &buffer)
                #expect(buffer == timeline.layers.map { $0.values(at: t) }, "\(preset.name) at \(t)")
            }
        }
    }

    /// The transform interpolator: halfway from identity to a 90° turn about z is 45°,
    /// through the decomposition; an undecomposable end switches at the midpoint.
    @Test func transformInterpolatesThroughItsDecomposition() {
        let a = TransformValue(Transform3D.identity)
        let b = TransformValue(Transform3D.rotation(.pi / 2, x: 0, y: 0, z: 1))
        let half = TransformValue.interpolate(a, b, fraction: 0.5).matrix
        let c = 0.5.squareRoot()
        #expect(abs(half.m11 - c) < 1e-12 && abs(half.m12 - c) < 1e-12 && abs(half.m21 + c) < 1e-12)
        let flat = TransformValue(Transform3D.scale(0, 1, 1))
        #expect(flat.decomposition == nil)
        #expect(TransformValue.interpolate(a, flat, fraction: 0.49) == a)
        #expect(TransformValue.interpolate(a, flat, fraction: 0.5) == flat)
    }

    private func index(_ p: AnimatableProperty) -> Int { AnimatableProperty.allCases.firstIndex(of: p)! }
}
