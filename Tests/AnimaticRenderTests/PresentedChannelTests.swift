import Foundation
import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// The SVG export reads what the samples already hold instead of computing it again
/// (issue 12): a track's sampled values from the states, channels at the samples' times
/// by stepping, colours written in place. Each shortcut must give exactly the numbers of
/// the path it replaces.
@Suite struct PresentedChannelTests {
    /// Every preset, a spring on every property a state presents, a sublayer, springs and
    /// a tween that later blocks interrupt (the later block takes over from the presented
    /// value), steps (jumps) and keyframes.
    private static func timelines() throws -> [(String, Timeline)] {
        var result = PresetCatalog.all.map { ($0.name, TimelineCompiler.compile($0.defaultSpec)) }
        let springs = """
            {"container": {"width": 390, "height": 844},
             "layers": [{"id": "a", "frame": [0, 0, 20, 4], "fill": "#ff9500", "cornerRadius": 2},
                        {"id": "b", "frame": [10, 10, 100, 40], "alpha": 0.5},
                        {"id": "c", "parent": "a", "frame": [1, 1, 5, 2], "fill": "#007aff"}],
             "animations": [
               {"duration": 0.25, "timing": {"spring": {"dampingRatio": 0.05, "initialVelocity": 40}},
                "changes": {"a": {"position": [300, 2], "size": [60, 30], "cornerRadius": 9, "fill": "#34c759",
                                  "alpha": 0.2},
                            "c": {"alpha": 0.3, "size": [9, 9]}}},
               {"delay": 0.1, "duration": 0.3, "timing": "easeIn", "changes": {"b": {"position": [200, 300]}}},
               {"delay": 0.15, "duration": 0.2, "timing": {"spring": {"dampingRatio": 0.3, "initialVelocity": 0}},
                "changes": {"a": {"position": [100, 400], "cornerRadius": 0}, "b": {"position": [0, 0]}}},
               {"delay": 0.2, "duration": 0.3, "timing": {"steps": 5}, "changes": {"b": {"size": [10, 80]}}},
               {"delay": 0.15, "duration": 0.4, "calculationMode": "cubic", "keyframes": [
                 {"relativeStart": 0, "relativeDuration": 0.5, "changes": {"b": {"alpha": 1}}},
                 {"relativeStart": 0.5, "relativeDuration": 0.5, "changes": {"b": {"alpha": 0}}}]}]}
            """
        result.append(
            ("springs", TimelineCompiler.compile(try SpecDecoder.decodeDocument(bytes: Array(springs.utf8)).get())))
        return result
    }

    @Test func tracksReadFromTheStatesEqualTheTracksEvaluatedAgain() throws {
        let cases: [(AnimatableProperty, Channel.Bound, Channel.Presented)] = [
            (.position, .none, .position), (.size, .nonNegative, .size), (.cornerRadius, .nonNegative, .cornerRadius),
            (.fill, .unit, .fill), (.alpha, .unit, .opacity),
        ]
        var sampledKeys = 0
        for (name, timeline) in try Self.timelines() where timeline.run == nil {
            for fps in [60, 30] {
                let samples = FrameSamples(timeline, fps: fps)
                for i in timeline.layers.indices {
                    let view = samples.layer(i)
                    for (property, bound, presented) in cases {
                        if property == .alpha && timeline.tree.parents[i] != nil { continue }
                        if property == .fill && !timeline.layers[i].hasFill { continue }
                        let track = timeline.layers[i].track(property)
                        let evaluated = Channel.exact(
                            track: track, duration: timeline.duration, samples: view, bound: bound)
                        let read = Channel.exact(
                            track: track, duration: timeline.duration, samples: view, bound: bound,
                            presented: presented)
                        #expect(read == evaluated, "\(name) at \(fps) fps, layer \(i), \(property)")
                        sampledKeys += evaluated.splines.filter { $0 == nil }.count
                    }
                }
            }
        }
        #expect(sampledKeys > 2_000, "the cases sample many keys: \(sampledKeys)")
    }

    /// A channel's room is reserved from the initial value's count before its numbers come.
    @Test func numberCountsAreTheNumbersCounts() {
        let values: [TrackValue] = [
            .number(2), .point(Point(x: 1, y: 2)), .size(Size(width: 3, height: 4)), .color(.white), .bool(true),
            .transform(Transform3D.translation(1, 2, 3)),
        ]
        for v in values { #expect(v.numberCount == v.numbers.count, "\(v)") }
    }

    /// `layers()` gathers what `layer(_:)` gives each layer.
    @Test func everyLayersSamplesAreGatheredInOnePass() throws {
        for (name, timeline) in try Self.timelines() {
            let samples = FrameSamples(timeline, fps: 60)
            let views = samples.layers()
            #expect(views.count == timeline.layers.count)
            for (i, view) in views.enumerated() {
                let one = samples.layer(i)
                #expect(view.layer == i && view.picks == one.picks, "\(name), layer \(i)")
            }
        }
    }

    @Test func aReaderReadsWhatTheChannelGivesAtEachTime() {
        var rng = SplitMix64(seed: 12)
        var reads = 0
        for trial in 0..<400 {
            let width = 1 + trial % 3
            var times = [0.0]
            for _ in 0..<(1 + rng.int(12)) {
                // Some keys repeat the time before them: a jump.
                times.append(times[times.count - 1] + (rng.int(4) == 0 ? 0 : rng.double(0.001, 0.3)))
            }
            let still = trial % 7 == 0
            let first = (0..<width).map { _ in rng.double(-50, 50) }
            let values = times.indices.flatMap { _ in still ? first : (0..<width).map { _ in rng.double(-50, 50) } }
            let splines: [CubicBezier?] = (1..<times.count).map { _ in
                rng.int(2) == 0
                    ? nil : CubicBezier(rng.double(0, 1), rng.double(-1, 2), rng.double(0, 1), rng.double(-1, 2))
            }
            let channel = Channel(
                times: times, width: width, values: values, splines: splines, discrete: trial % 5 == 0)
            var reader = Channel.Reader(channel)
            var t = -0.05
            while t < times[times.count - 1] + 0.1 {
                // Now and then the time of a key exactly, or the same time twice.
                if rng.int(6) == 0 { t = max(t, times[rng.int(times.count)]) }
                for c in 0..<width { #expect(reader.component(c, at: t) == channel.component(c, at: t)) }
                if width == 2 {
                    let (a, b) = reader.pair(at: t), (x, y) = channel.pair(at: t)
                    #expect(a == x && b == y, "trial \(trial), t = \(t)")
                }
                reads += 1
                if rng.int(5) != 0 { t += rng.double(0, 0.05) }
            }
        }
        #expect(reads > 5_000)
    }

    @Test func coloursAreWrittenAsTheirOpaqueHexString() {
        var rng = SplitMix64(seed: 7)
        for k in 0..<5_000 {
            let color =
                k < 4
                ? [
                    Color.clear, .white, Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 1),
                    Color(red: 1, green: 0, blue: 0),
                ][k]
                : Color(
                    red: rng.double(-0.2, 1.2), green: rng.double(-0.2, 1.2), blue: rng.double(-0.2, 1.2),
                    alpha: rng.double(0, 1))
            var w = MarkupWriter()
            w.rgb(color)
            var opaque = color
            opaque.alpha = 1
            #expect(String(decoding: w.bytes, as: UTF8.self) == opaque.hexString)
        }
    }

    @Test func trianglesMapTheirCornersOntoTheQuads() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<2_000 {
            let size = Size(width: rng.double(1, 400), height: rng.double(1, 400))
            let quad = (0..<4).map { _ in Point(x: rng.double(-500, 500), y: rng.double(-500, 500)) }
            let local = [
                Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height),
                Point(x: 0, y: size.height),
            ]
            for (k, corners) in LayerState.contentTriangles.enumerated() {
                let map = LayerState.triangleMap(k, size: size) { quad[$0] }
                #expect(map == Affine2D.mapping(corners.map { local[$0] }, to: corners.map { quad[$0] }))
                guard let map else { continue }
                for c in corners {
                    let p = map.apply(local[c])
                    #expect(abs(p.x - quad[c].x) <= 1e-6 && abs(p.y - quad[c].y) <= 1e-6)
                }
            }
        }
    }

    @Test func jumpTimesLookAtTheAnimatedTracksOnly() throws {
        for (name, timeline) in try Self.timelines() {
            // The definition's own words: every track's `.set` changes and steps, in spec order.
            var times = Set<Double>()
            let tracks = timeline.layers.map(\.tracks)
            for track in tracks.joined() {
                for case let .set(time, _) in track.segments where time > 0 && time <= timeline.duration {
                    times.insert(time)
                }
            }
            var left = 64
            for track in tracks.joined() {
                for (k, segment) in track.segments.enumerated() where left > 0 {
                    if case .set = segment { continue }
                    guard segment.start < timeline.duration, let jumps = segment.jumpTimes(limit: left) else {
                        continue
                    }
                    let next = k + 1 < track.segments.count ? track.segments[k + 1].start : .infinity
                    for t in jumps where t > 0 && t <= timeline.duration && t < next {
                        if times.insert(t).inserted { left -= 1 }
                    }
                }
            }
            guard timeline.run == nil || timeline.run?.drive == .direct else { continue }
            #expect(timeline.jumpTimes(limit: 64) == times.sorted(), "\(name)")
        }
    }
}

/// The property checks' draws from Core's seeded generator (the same numbers on every run).
extension SplitMix64 {
    fileprivate mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / 9_007_199_254_740_992
    }
    fileprivate mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
