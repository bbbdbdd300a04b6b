import Foundation
import Testing
@testable import AnimaticCore

/// Reduce Motion (docs/SPEC.md): nothing moves, layers whose geometry changes cross-fade
/// between their start and end geometry, and the end state is the original's.
@Suite struct ReduceMotionTests {
    static func reduced(_ name: String, _ params: String = "{}") throws -> (original: Timeline, reduced: Timeline) {
        let json = #"{"preset": "\#(name)", "params": \#(params)}"#
        let spec = try SpecDecoder.decodeDocument(bytes: Array(json.utf8)).get()
        return (TimelineCompiler.compile(spec), TimelineCompiler.compile(ReduceMotion.apply(spec)))
    }

    static func rounded(_ quad: [Point]) -> [Double] {
        quad.flatMap { [($0.x * 1e6).rounded(), ($0.y * 1e6).rounded()] }
    }

    @Test(arguments: PresetCatalog.names) func nothingMovesAndTheEndIsTheOriginals(_ name: String) throws {
        try Self.checkNothingMoves(name)
    }

    /// IBAnimatable's variants build other layers from the same presets.
    @Test(
        arguments: zip(
            ["explode", "fold", "fold"],
            [
                #"{"library": "ibanimatable"}"#, #"{"library": "ibanimatable"}"#,
                #"{"library": "ibanimatable", "direction": "top", "folds": 5}"#,
            ]))
    func ibanimatablesExplodeAndFoldToo(_ name: String, _ params: String) throws {
        try Self.checkNothingMoves(name, params)
    }

    static func checkNothingMoves(_ name: String, _ params: String = "{}") throws {
        let (original, reduced) = try Self.reduced(name, params)
        let times = reduced.frameTimes(fps: 120)
        let samples = times.map { reduced.states(at: $0) }
        for i in reduced.layers.indices {
            // Each layer is at its start geometry, then (after the hand-over) its end geometry: at most two places.
            var places: [[Double]] = []
            for states in samples {
                let q = Self.rounded(states[i].quad)
                if places.last != q { places.append(q) }
            }
            #expect(places.count <= 2, "\(name): \(reduced.layers[i].spec.id) moves through \(places.count) places")
        }
        // The end state of every original layer is the original's.
        let end = reduced.states(at: reduced.duration), originalEnd = original.states(at: original.duration)
        for (i, layer) in original.layers.enumerated() {
            let r = end[reduced.layerIndex(layer.spec.id)!], o = originalEnd[i]
            #expect(r.hidden == o.hidden && near(r.opacity, o.opacity, 1e-9), "\(name): \(layer.spec.id)")
            if !o.hidden {
                #expect(near(r.quad, o.quad, 1e-6), "\(name): \(layer.spec.id) ends where the original ends")
            }
        }
        #expect(reduced.duration == original.duration, "\(name): the same time")
        // Every copy is hidden at the end.
        for layer in reduced.layers where layer.spec.id.hasSuffix("~end") {
            #expect(end[reduced.layerIndex(layer.spec.id)!].hidden, "\(name): \(layer.spec.id)")
        }
    }

    @Test func panCrossFadesOverTheSameTimeAndCurve() throws {
        let (_, tl) = try Self.reduced("pan")
        #expect(tl.spec.layers.map(\.id) == ["from", "from~end", "to", "to~end"])
        let f = Reference.easeInEaseOut(0.1 / 0.3)
        #expect(
            near(tl.state("from", at: 0.1).opacity, 1 - f, 1e-9) && near(tl.state("from~end", at: 0.1).opacity, f, 1e-9)
        )
        #expect(
            near(tl.state("from", at: 0.1).quad, quad(0, 0, 390, 844))
                && near(tl.state("from~end", at: 0.1).quad, quad(-160, 0, 390, 844)))
        #expect(
            near(tl.state("to", at: 0.1).quad, quad(320, 0, 390, 844))
                && near(tl.state("to~end", at: 0.1).quad, quad(0, 0, 390, 844)))
    }

    @Test func fadesThatDoNotMoveAreKept() throws {
        let (original, reduced) = try Self.reduced("crossfade")
        #expect(reduced.spec == original.spec, "a crossfade has nothing to reduce")
        let (_, hero) = try Self.reduced("heroPush")
        // The overlay's own fade stays (its rendered opacity is also its cross-fading parent's).
        let overlay = hero.layers[hero.layerIndex("fromOverlay")!].values(at: 0.175)
        #expect(near(overlay.alpha, 0.1 * Reference.bezier(0, 0, 0.2, 1, at: 0.5), 1e-9))
    }
}
