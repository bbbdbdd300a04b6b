/// The property table (`AnimatableProperty.descriptor`) resolved once per process for the
/// engine: one column per kind of value, each property's place in its kind's column (its
/// slot), and its writer with the clamp folded in. `LayerTracks` keeps one array of typed
/// tracks per kind in the columns' order, so that a frame loop walks monomorphic lists
/// (`SharedLayerTracks.sampleAnimated`) and no property is written out in the engine.
struct PropertyTable: Sendable {
    /// A property's kind, its index in that kind's column, and its group.
    struct Entry: Sendable {
        let kind: PropertyDescriptor.Kind
        let slot: Int
        let group: PropertyDescriptor.Group
    }

    /// One property of a kind: where its track starts and the writer of its (clamped) field.
    struct Column<Stored, Presented>: Sendable {
        let property: AnimatableProperty
        let initial: @Sendable (LayerSpec) -> Stored
        let write: @Sendable (inout CompiledLayer.Values, Presented) -> Void
    }

    /// By `AnimatableProperty.index`.
    let entries: [Entry]
    let numbers: [Column<Double, Double>]
    let points: [Column<Point, Point>]
    let sizes: [Column<Size, Size>]
    let transforms: [Column<TransformValue, Transform3D>]
    let colors: [Column<Color, Color>]
    let bools: [Column<Bool, Bool>]

    static let shared = PropertyTable()

    private init() {
        var entries: [Entry] = []
        var numbers: [Column<Double, Double>] = [], points: [Column<Point, Point>] = []
        var sizes: [Column<Size, Size>] = [], transforms: [Column<TransformValue, Transform3D>] = []
        var colors: [Column<Color, Color>] = [], bools: [Column<Bool, Bool>] = []
        for (i, p) in AnimatableProperty.allCases.enumerated() {
            precondition(p.index == i, "AnimatableProperty.index is the case's position")
            let d = p.descriptor
            let slot: Int
            switch d.field {
            case .number(let place):
                slot = numbers.count
                var write = place.write
                if d.clamp == .nonNegative {
                    let unclamped = write
                    write = { (v: inout CompiledLayer.Values, x: Double) in unclamped(&v, max(x, 0)) }
                }
                numbers.append(Column(property: p, initial: place.initial, write: write))
            case .point(let place):
                slot = points.count
                points.append(Column(property: p, initial: place.initial, write: place.write))
            case .size(let place):
                slot = sizes.count
                var write = place.write
                if d.clamp == .nonNegative {
                    let unclamped = write
                    write = { (v: inout CompiledLayer.Values, s: Size) in
                        unclamped(&v, Size(width: max(s.width, 0), height: max(s.height, 0)))
                    }
                }
                sizes.append(Column(property: p, initial: place.initial, write: write))
            case .transform(let place):
                slot = transforms.count
                transforms.append(Column(property: p, initial: place.initial, write: place.write))
            case .color(let place):
                slot = colors.count
                colors.append(Column(property: p, initial: place.initial, write: place.write))
            case .bool(let place):
                slot = bools.count
                bools.append(Column(property: p, initial: place.initial, write: place.write))
            }
            entries.append(Entry(kind: d.kind, slot: slot, group: d.group))
        }
        self.entries = entries
        self.numbers = numbers
        self.points = points
        self.sizes = sizes
        self.transforms = transforms
        self.colors = colors
        self.bools = bools
    }

    /// `value`, of the property's kind, written into its field (a completion's assignment).
    func apply(_ property: AnimatableProperty, _ value: TrackValue, to v: inout CompiledLayer.Values) {
        let e = entries[property.index]
        switch e.kind {
        case .number: numbers[e.slot].write(&v, Self.typed(value))
        case .point: points[e.slot].write(&v, Self.typed(value))
        case .size: sizes[e.slot].write(&v, Self.typed(value))
        case .transform: transforms[e.slot].write(&v, (Self.typed(value) as TransformValue).matrix)
        case .color: colors[e.slot].write(&v, Self.typed(value))
        case .bool: bools[e.slot].write(&v, Self.typed(value))
        }
    }

    /// `value` as the kind its property holds.
    private static func typed<Value: TrackInterpolatable>(_ value: TrackValue) -> Value {
        guard let v = Value(trackValue: value) else {
            preconditionFailure("a change's value has its property's kind")
        }
        return v
    }
}

extension AnimatableProperty {
    /// The case's position in `allCases` (its tag: a case without payload is stored as its
    /// index, checked once by `PropertyTable`), for the table's arrays.
    @inline(__always)
    var index: Int { Int(unsafeBitCast(self, to: UInt8.self)) }
}
