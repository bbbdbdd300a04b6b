/// The typed tracks of one layer, one per animatable property (`Track<Value>`, the value
/// kind fixed by the property), and the sampling of them.
struct LayerTracks: Hashable, Sendable {
    // The stored tracks: their first value is set by `init(spec:)`, through `slot`.
    var position = Track(initial: Point.zero)
    var size = Track(initial: Size.zero)
    var alpha = Track(initial: 0.0)
    var transform = Track(initial: TransformValue(Transform3D.identity))
    var cornerRadius = Track(initial: 0.0)
    var fill = Track(initial: Color.clear)
    var hidden = Track(initial: false)
    var zPosition = Track(initial: 0.0)
    var shadowOpacity = Track(initial: 0.0)
    var shadowRadius = Track(initial: 0.0)
    var shadowOffset = Track(initial: Point.zero)
    var shadowColor = Track(initial: Color.clear)
    var borderWidth = Track(initial: 0.0)
    var borderColor = Track(initial: Color.clear)
    /// Whether any shadow or border track is animated (most layers have none to sample).
    private(set) var decorationMoves = false

    /// Each track starts at the spec's value (`CompiledLayer.Values(spec:)`, unclamped).
    init(spec: LayerSpec) {
        var start = CompiledLayer.Values(spec: spec)
        for property in AnimatableProperty.allCases {
            var read = FieldAction()
            slot(property, &start, &read)
            var action = StartAction(value: read.stored)
            withTrack(property, &action)
        }
    }

    /// Where `property` lives: `action` applied to its typed track and to its field of a
    /// layer's presented values — the one switch a new property adds a case to. Each case
    /// calls the action's generic `act` with the concrete track and field, specialised for
    /// each kind (no key path, no existential).
    @inline(__always)
    func slot<Action: SlotAction>(
        _ property: AnimatableProperty, _ v: inout CompiledLayer.Values, _ action: inout Action
    ) {
        switch property {
        case .position: action.act(property, position, &v.position)
        case .size: action.act(property, size, &v.size)
        case .alpha: action.act(property, alpha, &v.alpha)
        case .transform: action.act(property, transform, &v.transform)
        case .cornerRadius: action.act(property, cornerRadius, &v.cornerRadius)
        case .fill: action.act(property, fill, &v.fill)
        case .hidden: action.act(property, hidden, &v.hidden)
        case .zPosition: action.act(property, zPosition, &v.zPosition)
        case .shadowOpacity: action.act(property, shadowOpacity, &v.shadow.opacity)
        case .shadowRadius: action.act(property, shadowRadius, &v.shadow.radius)
        case .shadowOffset: action.act(property, shadowOffset, &v.shadow.offset)
        case .shadowColor: action.act(property, shadowColor, &v.shadow.color)
        case .borderWidth: action.act(property, borderWidth, &v.border.width)
        case .borderColor: action.act(property, borderColor, &v.border.color)
        }
    }

    /// `action` applied to the track of `property`, to change it (`init`, `append`): the
    /// one other switch over the properties, on the tracks alone.
    @inline(__always)
    mutating func withTrack<Action: TrackAction>(_ property: AnimatableProperty, _ action: inout Action) {
        switch property {
        case .position: action.act(&position)
        case .size: action.act(&size)
        case .alpha: action.act(&alpha)
        case .transform: action.act(&transform)
        case .cornerRadius: action.act(&cornerRadius)
        case .fill: action.act(&fill)
        case .hidden: action.act(&hidden)
        case .zPosition: action.act(&zPosition)
        case .shadowOpacity: action.act(&shadowOpacity)
        case .shadowRadius: action.act(&shadowRadius)
        case .shadowOffset: action.act(&shadowOffset)
        case .shadowColor: action.act(&shadowColor)
        case .borderWidth: action.act(&borderWidth)
        case .borderColor: action.act(&borderColor)
        }
    }

    /// `visitor` applied to the track of `property` (through `slot`; the field is a
    /// placeholder's, not used).
    func visit<Visitor: TrackVisitor>(_ property: AnimatableProperty, _ visitor: Visitor) -> Visitor.Result {
        var v = CompiledLayer.Values.placeholder, action = VisitAction(visitor: visitor)
        slot(property, &v, &action)
        guard let result = action.result else { preconditionFailure("every slot acts") }
        return result
    }

    func isAnimated(_ property: AnimatableProperty) -> Bool { visit(property, IsAnimatedVisitor()) }

    /// Tracks for a slot whose track is not used (`CompiledLayer.Values.apply`, `field`).
    static let placeholder = LayerTracks(spec: LayerSpec(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0)))

    /// Adds a segment (its values of the property's kind) that takes over at its start.
    mutating func append(_ segment: TrackSegment, to property: AnimatableProperty) {
        var action = AppendAction(segment: segment)
        withTrack(property, &action)
        if property.descriptor.group == .decoration { decorationMoves = true }
    }

    /// The presented values at `t` seconds of transition time: every track read, clamped as
    /// its row says.
    func values(at t: Double, spec: LayerSpec) -> CompiledLayer.Values {
        var v = CompiledLayer.Values(spec: spec), action = ReadAction(t: t, onlyAnimated: false)
        for property in AnimatableProperty.allCases { slot(property, &v, &action) }
        return v
    }

    /// The animated shadow and border tracks read into `v`.
    func readDecoration(at t: Double, into v: inout CompiledLayer.Values) {
        guard decorationMoves else { return }
        var action = ReadAction(t: t, onlyAnimated: true)
        for property in AnimatableProperty.decorations { slot(property, &v, &action) }
    }
}

/// What `LayerTracks.slot` does to one property's track and field: `Field` is the
/// presented form of the track's values (`CompiledLayer.Values`' member).
protocol SlotAction {
    mutating func act<Field: PresentedValue>(
        _ property: AnimatableProperty, _ track: Track<Field.Stored>, _ field: inout Field)
}

/// What `LayerTracks.withTrack` does to one property's track.
protocol TrackAction {
    mutating func act<Value: TrackInterpolatable>(_ track: inout Track<Value>)
}

/// A field of `CompiledLayer.Values`: the presented form of a track's values.
protocol PresentedValue {
    associatedtype Stored: TrackInterpolatable
    /// The track's presented value at `t`.
    static func presented(_ track: Track<Stored>, at t: Double) -> Self
    /// A stored value's presented form.
    init(stored: Stored)
    /// The stored form of a presented value (a track's first value).
    var stored: Stored { get }
    /// `self` clamped as a property's row says (`PropertyDescriptor.Clamp`).
    func clamped(_ clamp: PropertyDescriptor.Clamp) -> Self
}

extension PresentedValue where Stored == Self {
    @inline(__always)
    static func presented(_ track: Track<Self>, at t: Double) -> Self { track.value(at: t) }
    init(stored: Self) { self = stored }
    var stored: Self { self }
}

extension PresentedValue {
    @inline(__always)
    func clamped(_ clamp: PropertyDescriptor.Clamp) -> Self { self }
}

extension Double: PresentedValue {
    @inline(__always)
    func clamped(_ clamp: PropertyDescriptor.Clamp) -> Double { clamp == .nonNegative ? max(self, 0) : self }
}

extension Size: PresentedValue {
    @inline(__always)
    func clamped(_ clamp: PropertyDescriptor.Clamp) -> Size {
        clamp == .nonNegative ? Size(width: max(width, 0), height: max(height, 0)) : self
    }
}

extension Point: PresentedValue {}
extension Color: PresentedValue {}
extension Bool: PresentedValue {}

extension Transform3D: PresentedValue {
    @inline(__always)
    static func presented(_ track: Track<TransformValue>, at t: Double) -> Transform3D { track.matrix(at: t) }
    init(stored: TransformValue) { self = stored.matrix }
    var stored: TransformValue { TransformValue(self) }
}

/// Sets a track's first value.
private struct StartAction: TrackAction {
    let value: TrackValue
    func act<Value: TrackInterpolatable>(_ track: inout Track<Value>) {
        guard let initial = Value(trackValue: value) else { preconditionFailure("a field has its track's kind") }
        track = Track(initial: initial)
    }
}

/// A visitor of the track.
private struct VisitAction<Visitor: TrackVisitor>: SlotAction {
    let visitor: Visitor
    var result: Visitor.Result?
    init(visitor: Visitor) { self.visitor = visitor }
    mutating func act<Field: PresentedValue>(
        _ property: AnimatableProperty, _ track: Track<Field.Stored>, _ field: inout Field
    ) { result = visitor.visit(track) }
}

/// Appends a segment to the track.
private struct AppendAction: TrackAction {
    let segment: TrackSegment
    func act<Value: TrackInterpolatable>(_ track: inout Track<Value>) { track.append(.init(segment)) }
}

/// Reads the track at `t` into the field, clamped (only an animated track's, if asked).
private struct ReadAction: SlotAction {
    let t: Double
    let onlyAnimated: Bool
    @inline(__always)
    func act<Field: PresentedValue>(
        _ property: AnimatableProperty, _ track: Track<Field.Stored>, _ field: inout Field
    ) {
        guard !onlyAnimated || track.isAnimated else { return }
        field = Field.presented(track, at: t).clamped(property.descriptor.clamp)
    }
}

/// Sets the field to a value of the property's kind, clamped (a completion's assignment).
struct AssignAction: SlotAction {
    let value: TrackValue
    let clamps: Bool
    func act<Field: PresentedValue>(
        _ property: AnimatableProperty, _ track: Track<Field.Stored>, _ field: inout Field
    ) {
        guard let stored = Field.Stored(trackValue: value) else {
            preconditionFailure("a change's value has its property's kind")
        }
        field = clamps ? Field(stored: stored).clamped(property.descriptor.clamp) : Field(stored: stored)
    }
}

/// Reads the field in its stored form.
struct FieldAction: SlotAction {
    var value: TrackValue?
    mutating func act<Field: PresentedValue>(
        _ property: AnimatableProperty, _ track: Track<Field.Stored>, _ field: inout Field
    ) { value = field.stored.trackValue }

    /// The value read.
    var stored: TrackValue {
        guard let value else { preconditionFailure("every slot acts") }
        return value
    }
}

/// A layer's tracks in one immutable object: a frame loop calls its sampling through a
/// reference (`Timeline.sampleValues`) instead of through a `CompiledLayer` that the
/// optimiser copies — spec, 14 tracks and all — for each call.
final class SharedLayerTracks: Hashable, Sendable {
    let tracks: LayerTracks

    init(_ tracks: LayerTracks) { self.tracks = tracks }

    static func == (a: SharedLayerTracks, b: SharedLayerTracks) -> Bool { a === b || a.tracks == b.tracks }

    func hash(into hasher: inout Hasher) { hasher.combine(tracks) }

    /// Moves `v` — this layer's `values(at:)` at any time — to time `t`, sampling only the
    /// animated tracks (in place: a frame loop keeps one `Values` per layer). Track by
    /// track on the stored tracks: a method called on `tracks` itself would copy all 14
    /// of them (585 bytes) first, for each layer of each frame.
    @inline(__always)
    func sampleAnimated(at t: Double, into v: inout CompiledLayer.Values) {
        if tracks.position.isAnimated { v.position = tracks.position.value(at: t) }
        if tracks.size.isAnimated {
            let s = tracks.size.value(at: t)
            v.size = Size(width: max(s.width, 0), height: max(s.height, 0))
        }
        if tracks.alpha.isAnimated { v.alpha = tracks.alpha.value(at: t) }
        if tracks.transform.isAnimated { v.transform = tracks.transform.matrix(at: t) }
        if tracks.cornerRadius.isAnimated { v.cornerRadius = tracks.cornerRadius.value(at: t) }
        if tracks.fill.isAnimated { v.fill = tracks.fill.value(at: t) }
        if tracks.hidden.isAnimated { v.hidden = tracks.hidden.value(at: t) }
        if tracks.zPosition.isAnimated { v.zPosition = tracks.zPosition.value(at: t) }
        if tracks.decorationMoves { tracks.readDecoration(at: t, into: &v) }
    }
}
