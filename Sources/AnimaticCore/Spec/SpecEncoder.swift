/// Writes a `TransitionSpec` back as a JSON document in the spec language — what
/// `GET /v1/presets/{name}` returns, so a user can start from a preset and edit it.
///
/// `SpecDecoder.decode(SpecEncoder.encode(spec))` gives back `spec` for every spec the
/// decoder produces (layer geometry is written as `position`, `size` and `anchor`, not
/// as a frame, so nothing is recomputed). Two liberties: the changes of one set are
/// grouped by layer in order of first appearance (the decoder reads them that way; the
/// order of different layers' changes has no effect), and colours are written as
/// `#rrggbb(aa)`, so a colour that is not a whole byte per component is rounded.
public enum SpecEncoder {
    public static func encode(_ spec: TransitionSpec) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        members.append(("container", container(spec.container)))
        members.append(("layers", .array(spec.layers.map(layer))))
        members.append(("animations", .array(spec.animations.map(animation))))
        if let c = completion(spec) { members.append(("completion", c)) }
        if let v = spec.views { members.append(("views", views(v))) }
        if let i = spec.interaction { members.append(("interaction", interaction(i))) }
        return .object(members)
    }

    static func container(_ c: ContainerSpec) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("width", .number(c.size.width)), ("height", .number(c.size.height)),
        ]
        if let p = c.perspective { m.append(("perspective", .number(p))) }
        if let b = c.background { m.append(("background", .string(b.hexString))) }
        return .object(m)
    }

    static func layer(_ l: LayerSpec) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [("id", .string(l.id))]
        m.append(("position", point(l.position)))
        m.append(("size", .array([.number(l.size.width), .number(l.size.height)])))
        if l.anchor != Point(x: 0.5, y: 0.5) { m.append(("anchor", point(l.anchor))) }
        if l.alpha != 1 { m.append(("alpha", .number(l.alpha))) }
        if l.transform != .identity { m.append(("transform", transform(l.transform))) }
        if l.cornerRadius != 0 { m.append(("cornerRadius", .number(l.cornerRadius))) }
        if let f = l.fill { m.append(("fill", .string(f.hexString))) }
        if let g = l.gradient {
            m.append(
                (
                    "gradient",
                    .object([
                        ("colors", .array(g.colors.map { .string($0.hexString) })),
                        ("start", point(g.start)), ("end", point(g.end)),
                    ])
                ))
        }
        if let label = l.label { m.append(("label", .string(label))) }
        if l.hidden { m.append(("hidden", .bool(true))) }
        if l.zPosition != 0 { m.append(("zPosition", .number(l.zPosition))) }
        if l.clips { m.append(("clips", .bool(true))) }
        if let parent = l.parent { m.append(("parent", .string(parent))) }
        switch l.sublayerTransform {
        case .perspective(let d)?: m.append(("sublayerTransform", .object([("perspective", .number(d))])))
        case .matrix(let t)?:
            m.append(("sublayerTransform", .object([("matrix", .array(t.entries.map { .number($0) }))])))
        case nil: break
        }
        // `shadow(_:)` and `border(_:)`: generated from the property table (DecorationSpecs+Generated.swift).
        if l.shadow != .none { m.append(("shadow", shadow(l.shadow))) }
        if l.border != .none { m.append(("border", border(l.border))) }
        switch l.content {
        case let .snapshot(of, rect)?:
            var c: [(key: String, value: JSONValue)] = [("of", .string(of))]
            if let rect { c.append(("rect", self.rect(rect))) }
            m.append(("content", .object(c)))
        case let .image(aspect, fill)?:
            var i: [(key: String, value: JSONValue)]
            switch l.imageSource {
            case .asset(let id)?: i = [("asset", .string(id))]
            case .data(let uri)?: i = [("data", .string(uri))]
            case nil: i = [("aspect", .number(aspect))]
            }
            if let fill { i.append(("fill", .string(fill.hexString))) }
            if l.imageMode != .fit { i.append(("mode", .string(l.imageMode.rawValue))) }
            m.append(("content", .object([("image", .object(i))])))
        case nil:
            break
        }
        return .object(m)
    }

    /// The completion block: its changes for both outcomes, then its two branches.
    static func completion(_ spec: TransitionSpec) -> JSONValue? {
        guard !spec.completion.isEmpty || !spec.completionIfFinished.isEmpty || !spec.completionIfCancelled.isEmpty
        else {
            return nil
        }
        guard case .object(var members) = changes(spec.completion) else { return nil }
        if !spec.completionIfFinished.isEmpty { members.append(("finished", changes(spec.completionIfFinished))) }
        if !spec.completionIfCancelled.isEmpty { members.append(("cancelled", changes(spec.completionIfCancelled))) }
        return .object(members)
    }

    static func views(_ v: TransitionViews) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = [
            ("from", .string(v.from)), ("to", .string(v.to)),
            ("operation", .string(v.operation.rawValue)),
        ]
        if v.operation != .container && v.statesShouldRemovePresentersView {
            m.append(("shouldRemovePresentersView", .bool(v.shouldRemovePresentersView)))
        }
        if !v.appViews.isEmpty { m.append(("appViews", .array(v.appViews.map { .string($0) }))) }
        return .object(m)
    }

    static func animation(_ a: AnimationSpec) -> JSONValue {
        switch a {
        case .block(let b):
            var m: [(key: String, value: JSONValue)] = []
            if b.delay != 0 { m.append(("delay", .number(b.delay))) }
            m.append(("duration", .number(b.duration)))
            m.append(("timing", timing(b.timing)))
            m.append(("changes", changes(b.changes)))
            return .object(m)
        case .keyframes(let k):
            var m: [(key: String, value: JSONValue)] = []
            if k.delay != 0 { m.append(("delay", .number(k.delay))) }
            m.append(("duration", .number(k.duration)))
            m.append(("timing", timing(k.timing)))
            m.append(("calculationMode", .string(k.calculationMode.rawValue)))
            m.append(
                (
                    "keyframes",
                    .array(
                        k.keyframes.map { f in
                            .object([
                                ("relativeStart", .number(f.relativeStart)),
                                ("relativeDuration", .number(f.relativeDuration)),
                                ("changes", changes(f.changes)),
                            ])
                        })
                ))
            for (name, parameter) in [("tension", k.tension), ("continuity", k.continuity), ("bias", k.bias)]
            where !parameter.isZero {
                switch parameter {
                case .uniform(let v): m.append((name, .number(v)))
                case .perKey(let values): m.append((name, .array(values.map(JSONValue.number))))
                }
            }
            return .object(m)
        }
    }

    /// `{layerId: {property: value}}`, layers in order of first appearance.
    static func changes(_ list: [PropertyChange]) -> JSONValue {
        var order: [String] = []
        var byLayer: [String: [(key: String, value: JSONValue)]] = [:]
        for c in list {
            if byLayer[c.layer] == nil { order.append(c.layer); byLayer[c.layer] = [] }
            byLayer[c.layer]!.append((c.property.rawValue, value(c.value)))
        }
        return .object(order.map { ($0, .object(byLayer[$0]!)) })
    }

    static func value(_ v: PropertyValue) -> JSONValue {
        switch v {
        case .number(let n): return .number(n)
        case .point(let p): return point(p)
        case .size(let s): return .array([.number(s.width), .number(s.height)])
        case .transform(let t): return transform(t)
        case .color(let c): return .string(c.hexString)
        case .bool(let b): return .bool(b)
        }
    }

    static func transform(_ t: TransformSpec) -> JSONValue {
        switch t {
        case .matrix(let m):
            return .object([("matrix", .array(m.entries.map { .number($0) }))])
        case .operations(let ops):
            return .array(
                ops.map { op in
                    switch op {
                    case let .translate(x, y, z):
                        return .object([("translate", .array([.number(x), .number(y), .number(z)]))])
                    case let .scale(x, y, z):
                        return .object([("scale", .array([.number(x), .number(y), .number(z)]))])
                    case let .rotate(degrees, axis):
                        switch (axis.x, axis.y, axis.z) {
                        case (1, 0, 0): return .object([("rotateX", .number(degrees))])
                        case (0, 1, 0): return .object([("rotateY", .number(degrees))])
                        case (0, 0, 1): return .object([("rotateZ", .number(degrees))])
                        default:
                            return .object([
                                (
                                    "rotate3d",
                                    .object([
                                        ("angle", .number(degrees)),
                                        ("axis", .array([.number(axis.x), .number(axis.y), .number(axis.z)])),
                                    ])
                                )
                            ])
                        }
                    }
                })
        }
    }

    static func timing(_ t: TimingSpec) -> JSONValue {
        switch t {
        case .bezier(let b): return bezier(b)
        case let .springDamping(ratio, velocity):
            return .object([
                ("spring", .object([("dampingRatio", .number(ratio)), ("initialVelocity", .number(velocity))]))
            ])
        case .springPhysical(let p):
            return .object([
                (
                    "spring",
                    .object([
                        ("mass", .number(p.mass)), ("stiffness", .number(p.stiffness)),
                        ("damping", .number(p.damping)), ("initialVelocity", .number(p.initialVelocity)),
                    ])
                )
            ])
        case let .springPerceptual(duration, bounce, velocity):
            return .object([
                (
                    "spring",
                    .object([
                        ("duration", .number(duration)), ("bounce", .number(bounce)),
                        ("initialVelocity", .number(velocity)),
                    ])
                )
            ])
        case .steps(let n):
            return .object([("steps", .number(Double(n)))])
        }
    }

    static func bezier(_ b: CubicBezier) -> JSONValue {
        let names: [(String, CubicBezier)] = [
            ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInEaseOut", .easeInEaseOut), ("default", .default),
        ]
        if let name = names.first(where: { $0.1 == b })?.0 { return .string(name) }
        return .object([("cubicBezier", .array([.number(b.x1), .number(b.y1), .number(b.x2), .number(b.y2)]))])
    }

    static func interaction(_ i: InteractionSpec) -> JSONValue {
        var m: [(key: String, value: JSONValue)] = []
        switch i.input {
        case .progress(let samples):
            m.append(("progress", .array(samples.map { .array([.number($0.time), .number($0.percent)]) })))
        case let .gesture(samples, rule):
            m.append(
                (
                    "gesture",
                    .array(samples.map { .array([.number($0.time), .number($0.location.x), .number($0.location.y)]) })
                ))
            m.append(("axis", .string(rule.axis.rawValue)))
            m.append(("distance", .number(rule.distance)))
            m.append(("direction", .number(rule.direction)))
        }
        var release: [(key: String, value: JSONValue)] = [("threshold", .number(i.release.threshold))]
        if let v = i.release.velocity { release.append(("velocity", .number(v))) }
        if i.release.cancelWhenMovingBack { release.append(("cancelWhenMovingBack", .bool(true))) }
        if let d = i.release.decision { release.append(("decision", .string(d.rawValue))) }
        m.append(("release", .object(release)))
        if i.drive == .percent {
            m.append(
                (
                    "completionSpeed",
                    i.completionSpeedFromPercent
                        ? .string(InteractionSpec.completionSpeedFromPercentRule) : .number(i.completionSpeed)
                ))
            m.append(("completionCurve", bezier(i.completionCurve)))
        } else {
            m.append(("drive", .string(i.drive.rawValue)))
        }
        return .object(m)
    }

    static func point(_ p: Point) -> JSONValue { .array([.number(p.x), .number(p.y)]) }
    static func rect(_ r: Rect) -> JSONValue {
        .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
    }
}
