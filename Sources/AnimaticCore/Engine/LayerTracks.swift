// `LayerTracks` — its stored tracks, `init`, `visit`, `append`, `values(at:)` and
// `readDecoration` — and `SharedLayerTracks.sampleAnimated` are generated from the property
// table (`PropertyTable.toml`) into LayerTracks+Generated.swift.

extension LayerTracks {
    func isAnimated(_ property: AnimatableProperty) -> Bool { visit(property, IsAnimatedVisitor()) }
}

/// A layer's tracks in one immutable object: a frame loop calls its sampling through a
/// reference (`Timeline.sampleValues`) instead of through a `CompiledLayer` that the
/// optimiser copies — spec, 14 tracks and all — for each call.
final class SharedLayerTracks: Hashable, Sendable {
    let tracks: LayerTracks

    init(_ tracks: LayerTracks) { self.tracks = tracks }

    static func == (a: SharedLayerTracks, b: SharedLayerTracks) -> Bool { a === b || a.tracks == b.tracks }

    func hash(into hasher: inout Hasher) { hasher.combine(tracks) }
}
