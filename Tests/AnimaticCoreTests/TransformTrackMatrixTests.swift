import Testing

@testable import AnimaticCore

/// A transform track's `matrix(at:)` — what a layer's presented values keep of it — is
/// `value(at:).matrix` to the bit (not only `==`, which equates 0 and −0), for every kind
/// of segment: tweens (eased, springs overshooting, towards an undecomposable matrix),
/// keyframes in each calculation mode, instant changes, and every preset.
@Suite struct TransformTrackMatrixTests {
    static let keyframeModes = ["linear", "discrete", "paced", "cubic", "cubicPaced"]

    /// One layer per calculation mode with three transform keys, and tweens: a spring
    /// with overshoot, a flattening scale (undecomposable: switches at the midpoint), a
    /// turn with perspective.
    static func specJSON() -> String {
        let layers = (0..<(keyframeModes.count + 3)).map { #"{"id": "l\#($0)", "frame": [10, 20, 100, 50]}"# }
        let keyframes = keyframeModes.enumerated().map { k, mode in
            """
            {"duration": 1, "delay": 0.1, "calculationMode": "\(mode)", "keyframes": [
              {"relativeStart": 0, "relativeDuration": 0.3,
               "changes": {"l\(k)": {"transform": [{"rotateY": -90}, {"scale": 1.5}]}}},
              {"relativeStart": 0.3, "relativeDuration": 0.4,
               "changes": {"l\(k)": {"transform": [{"translate": [30, -20, 5]}, {"rotate3d": {"angle": 70, "axis": [1, 1, 0]}}]}}},
              {"relativeStart": 0.7, "relativeDuration": 0.3,
               "changes": {"l\(k)": {"transform": [{"rotate": 200}]}}}]}
            """
        }
        let n = keyframeModes.count
        let tweens = [
            #"{"duration": 1, "timing": {"spring": {"dampingRatio": 0.3, "initialVelocity": 4}}, "changes": {"l\#(n)": {"transform": [{"scale": [0.5, 2]}, {"rotate": 30}]}}}"#,
            #"{"duration": 0.8, "timing": "easeIn", "changes": {"l\#(n + 1)": {"transform": [{"scale": [0, 1]}]}}}"#,
            #"{"duration": 0.7, "delay": 0.2, "changes": {"l\#(n + 2)": {"transform": [{"rotateX": 80}, {"translate": [0, 0, -40]}]}}}"#,
        ]
        return """
            {"container": {"width": 390, "height": 844, "perspective": 500},
             "layers": [\(layers.joined(separator: ", "))],
             "animations": [\((keyframes + tweens).joined(separator: ", "))]}
            """
    }

    @Test func matrixIsTheValuesMatrixToTheBit() throws {
        let spec = try SpecDecoder.decode(bytes: Array(Self.specJSON().utf8)).get()
        var timelines = [TimelineCompiler.compile(spec)]
        timelines += PresetCatalog.all.map { TimelineCompiler.compile($0.defaultSpec) }
        var compared = 0, moving = 0
        for timeline in timelines {
            for layer in timeline.layers {
                let track = layer.shared.tracks.transform
                for k in -2...402 {
                    let t = timeline.transitionDuration * Double(k) / 400
                    let value = track.value(at: t).matrix
                    #expect(track.matrix(at: t).bits == value.bits, "\(layer.spec.id) at \(t)")
                    compared += 1
                    if track.isAnimated, value != track.initial.matrix { moving += 1 }
                }
            }
        }
        #expect(compared > 20_000)
        #expect(moving > 3_000)
    }

    /// The spec above has each kind it claims: a spline and a paced path, and an
    /// undecomposable end.
    @Test func theSpecCoversEveryKind() throws {
        let spec = try SpecDecoder.decode(bytes: Array(Self.specJSON().utf8)).get()
        let timeline = TimelineCompiler.compile(spec)
        let modes = timeline.layers.prefix(Self.keyframeModes.count).map { layer in
            layer.shared.tracks.transform.segments.first?.path?.path.mode
        }
        #expect(modes == [.linear, .discrete, .paced, .cubic, .cubicPaced])
        let flat = timeline.layers[Self.keyframeModes.count + 1].shared.tracks.transform.segments.first?.to
        #expect(flat != nil && flat?.decomposition == nil)
    }
}
