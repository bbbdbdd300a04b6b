/// The typed tracks of one layer, one per animatable property (`Track<Value>`, the value
/// kind fixed by the property): one array per kind, in the order of `PropertyTable`'s
/// columns, so that a property is found by its table entry and none is written out here.
struct LayerTracks: Hashable, Sendable {
    private(set) var numbers: [Track<Double>]
    private(set) var points: [Track<Point>]
    private(set) var sizes: [Track<Size>]
    private(set) var transforms: [Track<TransformValue>]
    private(set) var colors: [Track<Color>]
    private(set) var bools: [Track<Bool>]

    init(spec: LayerSpec) {
        let table = PropertyTable.shared
        numbers = table.numbers.map { Track(initial: $0.initial(spec)) }
        points = table.points.map { Track(initial: $0.initial(spec)) }
        sizes = table.sizes.map { Track(initial: $0.initial(spec)) }
        transforms = table.transforms.map { Track(initial: $0.initial(spec)) }
        colors = table.colors.map { Track(initial: $0.initial(spec)) }
        bools = table.bools.map { Track(initial: $0.initial(spec)) }
    }

    /// `visitor` applied to the track of `property`: one switch over the kinds, and the
    /// visitor's generic `visit` specialised for each (no existential, no runtime metadata
    /// lookup).
    func visit<Visitor: TrackVisitor>(_ property: AnimatableProperty, _ visitor: Visitor) -> Visitor.Result {
        let e = PropertyTable.shared.entries[property.index]
        switch e.kind {
        case .number: return visitor.visit(numbers[e.slot])
        case .point: return visitor.visit(points[e.slot])
        case .size: return visitor.visit(sizes[e.slot])
        case .transform: return visitor.visit(transforms[e.slot])
        case .color: return visitor.visit(colors[e.slot])
        case .bool: return visitor.visit(bools[e.slot])
        }
    }

    func isAnimated(_ property: AnimatableProperty) -> Bool { visit(property, IsAnimatedVisitor()) }

    /// Adds a segment (its values of the property's kind) that takes over at its start.
    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        let e = PropertyTable.shared.entries[property.index]
        switch e.kind {
        case .number: numbers[e.slot].append(.init(segment))
        case .point: points[e.slot].append(.init(segment))
        case .size: sizes[e.slot].append(.init(segment))
        case .transform: transforms[e.slot].append(.init(segment))
        case .color: colors[e.slot].append(.init(segment))
        case .bool: bools[e.slot].append(.init(segment))
        }
    }
    /// The presented values at `t` seconds of transition time: every track's value written
    /// into its field (clamps included) by the table's columns.
    func values(at t: Double) -> CompiledLayer.Values {
        let table = PropertyTable.shared
        var v = CompiledLayer.Values()
        for (c, track) in zip(table.numbers, numbers) { c.write(&v, track.value(at: t)) }
        for (c, track) in zip(table.points, points) { c.write(&v, track.value(at: t)) }
        for (c, track) in zip(table.sizes, sizes) { c.write(&v, track.value(at: t)) }
        for (c, track) in zip(table.transforms, transforms) { c.write(&v, track.matrix(at: t)) }
        for (c, track) in zip(table.colors, colors) { c.write(&v, track.value(at: t)) }
        for (c, track) in zip(table.bools, bools) { c.write(&v, track.value(at: t)) }
        return v
    }
}

/// A layer's tracks in one immutable object: copying a `CompiledLayer` costs one retain;
/// `append` replaces it.
final class SharedLayerTracks: Hashable, Sendable {
    let tracks: LayerTracks

    init(_ tracks: LayerTracks) { self.tracks = tracks }

    static func == (a: SharedLayerTracks, b: SharedLayerTracks) -> Bool { a === b || a.tracks == b.tracks }

    func hash(into hasher: inout Hasher) { hasher.combine(tracks) }
}

/// A compiled layer's sampling, made once per layer of a `Timeline` (not per `append`):
/// the presented values where nothing moves (`resting`) and, per kind, the animated
/// tracks with their fields' writers, so that a frame loop walks short monomorphic lists
/// (`Timeline.sampleValues`) through a reference instead of copying a layer per call.
final class LayerSampler: Hashable, Sendable {
    let tracks: LayerTracks
    /// Every track's initial value written into its field: `values(at:)` of the tracks
    /// that do not move, at any time.
    let resting: CompiledLayer.Values
    private let movingNumbers: [Moving<Double, Double>]
    private let movingPoints: [Moving<Point, Point>]
    private let movingSizes: [Moving<Size, Size>]
    private let movingTransforms: [Moving<TransformValue, Transform3D>]
    private let movingColors: [Moving<Color, Color>]
    private let movingBools: [Moving<Bool, Bool>]

    /// An animated track and the writer of its property's field.
    struct Moving<Stored: TrackInterpolatable, Presented>: Sendable {
        let track: Track<Stored>
        let write: @Sendable (inout CompiledLayer.Values, Presented) -> Void
    }

    init(_ tracks: LayerTracks) {
        self.tracks = tracks
        let table = PropertyTable.shared
        var v = CompiledLayer.Values()
        for (c, track) in zip(table.numbers, tracks.numbers) { c.write(&v, track.initial) }
        for (c, track) in zip(table.points, tracks.points) { c.write(&v, track.initial) }
        for (c, track) in zip(table.sizes, tracks.sizes) { c.write(&v, track.initial) }
        for (c, track) in zip(table.transforms, tracks.transforms) { c.write(&v, track.initial.matrix) }
        for (c, track) in zip(table.colors, tracks.colors) { c.write(&v, track.initial) }
        for (c, track) in zip(table.bools, tracks.bools) { c.write(&v, track.initial) }
        resting = v
        movingNumbers = Self.moving(table.numbers, tracks.numbers)
        movingPoints = Self.moving(table.points, tracks.points)
        movingSizes = Self.moving(table.sizes, tracks.sizes)
        movingTransforms = Self.moving(table.transforms, tracks.transforms)
        movingColors = Self.moving(table.colors, tracks.colors)
        movingBools = Self.moving(table.bools, tracks.bools)
    }

    private static func moving<Stored, Presented>(
        _ columns: [PropertyTable.Column<Stored, Presented>], _ tracks: [Track<Stored>]
    ) -> [Moving<Stored, Presented>] {
        zip(columns, tracks).compactMap { c, track in track.isAnimated ? Moving(track: track, write: c.write) : nil }
    }

    /// Made from the tracks alone: equal when they are.
    static func == (a: LayerSampler, b: LayerSampler) -> Bool { a === b || a.tracks == b.tracks }

    func hash(into hasher: inout Hasher) { hasher.combine(tracks) }

    /// The presented values at `t` seconds of transition time (`LayerTracks.values(at:)`).
    func values(at t: Double) -> CompiledLayer.Values {
        var v = resting
        sampleAnimated(at: t, into: &v)
        return v
    }

    /// Moves `v` — this layer's `values(at:)` at any time — to time `t`, sampling only the
    /// animated tracks (in place: a frame loop keeps one `Values` per layer), kind by kind.
    @inline(__always)
    func sampleAnimated(at t: Double, into v: inout CompiledLayer.Values) {
        for m in movingNumbers { m.write(&v, m.track.value(at: t)) }
        for m in movingPoints { m.write(&v, m.track.value(at: t)) }
        for m in movingSizes { m.write(&v, m.track.value(at: t)) }
        for m in movingTransforms { m.write(&v, m.track.matrix(at: t)) }
        for m in movingColors { m.write(&v, m.track.value(at: t)) }
        for m in movingBools { m.write(&v, m.track.value(at: t)) }
    }
}
