/// How a finger drives a preset's interactive run, read from the preset's own definition:
/// what `GET /v1/presets` reports as each preset's `interaction` and what the player page
/// applies to the finger while it drags.
///
/// Nothing here is declared a second time. The rule is found by building the preset with
/// `interactive: true` and probe gestures and reading the spec it gives: the gesture rule
/// when the preset keeps one (`ProgressRule`), else the percent its own code wrote for a
/// short drag along each axis, both ways; the release rule from the spec's `ReleaseRule`,
/// and for direct manipulation the decision the preset takes for a drag that ends moving
/// forward or moving back. A new preset that builds an interaction gets its rule for free.
public struct PresetInteractionRule: Hashable, Sendable {
    public var drive: InteractionDrive
    /// The finger's axis that moves the percent.
    public var axis: ProgressRule.Axis
    /// Points of travel for percent 0 → 1.
    public var distance: Double
    /// +1 when travel towards +axis completes, −1 towards −axis, 0 either way (|Δ|).
    public var direction: Double
    /// Finish when the percent at release is above it.
    public var threshold: Double
    /// Percent per second above which a release finishes moving forward, cancels moving back.
    public var velocity: Double?
    /// The release cancels whenever the finger is moving back.
    public var cancelWhenMovingBack: Bool
    /// Parameters the interaction needs besides `interactive: true`, e.g. `operation: dismiss`.
    public var requires: [(key: String, value: JSONValue)]

    public static func == (a: Self, b: Self) -> Bool {
        a.drive == b.drive && a.axis == b.axis && a.distance == b.distance && a.direction == b.direction
            && a.threshold == b.threshold && a.velocity == b.velocity
            && a.cancelWhenMovingBack == b.cancelWhenMovingBack
            && JSONValue.object(a.requires) == JSONValue.object(b.requires)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(drive); hasher.combine(axis); hasher.combine(distance); hasher.combine(direction)
    }

    /// The rule as one sentence, e.g. "percent = −Δx / 390, finish if > 0.5".
    public var sentence: String {
        let d = axis.rawValue
        let travel = direction == 0 ? "|Δ\(d)|" : (direction < 0 ? "−Δ\(d)" : "Δ\(d)")
        var text = "percent = \(travel) / \(SpecDecoder.format(distance))"
        if drive == .direct { text = "direct manipulation: " + text }
        if cancelWhenMovingBack {
            text += ", cancel when released moving back or behind the start"
        } else {
            text += ", finish if > \(SpecDecoder.format(threshold))"
        }
        if let velocity { text += " or flicked faster than \(SpecDecoder.format(velocity))/s" }
        if !requires.isEmpty {
            text +=
                " (needs " + requires.map { "\($0.key): \"\($0.value.stringValue ?? "")\"" }.joined(separator: ", ")
                + ")"
        }
        return text
    }

    public var jsonDescription: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("drive", .string(drive.rawValue)),
            ("axis", .string(axis.rawValue)),
            ("distance", .number(distance)),
            ("direction", .number(direction)),
            ("threshold", .number(threshold)),
            ("velocity", velocity.map(JSONValue.number) ?? .null),
            ("cancelWhenMovingBack", .bool(cancelWhenMovingBack)),
            ("requires", .object(requires)),
        ]
        members.append(("text", .string(sentence)))
        return .object(members)
    }
}

extension PresetDefinition {
    /// The interaction rule for `params` (a JSON object or nil for the defaults), or nil
    /// when the preset has no interaction. Parameters that the interaction needs (a choice
    /// other than its default, e.g. `operation: dismiss`) are found and named in `requires`.
    public func interactionRule(params: JSONValue? = nil) -> PresetInteractionRule? {
        guard parameters.contains(where: { $0.name == "gesture" }) else { return nil }
        var base = (params?.objectMembers ?? []).filter {
            !["interactive", "progress", "gesture", "cancelled"].contains($0.key)
        }
        if parameters.contains(where: { $0.name == "interactive" }) { base.append(("interactive", .bool(true))) }
        /// The spec built with `extra` and a short drag, when it has an interaction.
        func interactive(_ extra: [(key: String, value: JSONValue)]) -> TransitionSpec? {
            let drag: JSONValue = .array([
                .array([.number(0), .number(100), .number(100)]),
                .array([.number(0.1), .number(110), .number(110)]),
            ])
            guard let spec = try? spec(params: .object(base + extra + [("gesture", drag)])).get(),
                spec.interaction != nil
            else { return nil }
            return spec
        }
        var requires: [(key: String, value: JSONValue)] = []
        var built = interactive([])
        if built == nil {
            // Some presets drive only with a choice set otherwise (flip and zoom: operation
            // "dismiss"; the VCTL presets: a swipe direction): find the first that does.
            search: for parameter in parameters where base.allSatisfy({ $0.key != parameter.name }) {
                guard case .choice(let words) = parameter.kind else { continue }
                for word in words where .string(word) != parameter.defaultValue {
                    if let found = interactive([(parameter.name, .string(word))]) {
                        requires = [(parameter.name, .string(word))]
                        base += requires
                        built = found
                        break search
                    }
                }
            }
        }
        guard let built, let interaction = built.interaction else { return nil }
        let size = built.container.size
        let start = Point(x: size.width / 2, y: size.height / 2)

        /// The interaction the preset builds for a drag through `moves` (offsets from the start, 0.1 s apart).
        func probe(_ moves: [Point]) -> InteractionSpec? {
            let samples: [JSONValue] = ([Point(x: 0, y: 0)] + moves).enumerated().map { k, m in
                .array([.number(Double(k) * 0.1), .number(start.x + m.x), .number(start.y + m.y)])
            }
            return try? spec(params: .object(base + [("gesture", .array(samples))])).get().interaction
        }
        /// The percent at release the preset writes for a drag of `offset`.
        func percent(_ offset: Point) -> Double? {
            guard let i = probe([offset]) else { return nil }
            switch i.input {
            case let .gesture(samples, rule):
                guard let last = samples.last, let first = samples.first else { return nil }
                let travel = rule.axis == .x ? last.location.x - first.location.x : last.location.y - first.location.y
                return max(0, min(1, rule.direction * travel / rule.distance))
            case .progress(let samples):
                return samples.last?.percent
            }
        }
        // A short drag (a twentieth of the container) stays clear of every clamp.
        let step = min(size.width, size.height) / 20
        var found: (axis: ProgressRule.Axis, distance: Double, direction: Double)?
        for axis in [ProgressRule.Axis.x, .y] {
            let forward = axis == .x ? Point(x: step, y: 0) : Point(x: 0, y: step)
            let p = percent(forward) ?? 0, q = percent(Point(x: -forward.x, y: -forward.y)) ?? 0
            guard max(p, q) > 1e-9 else { continue }
            let direction: Double = p > 1e-9 && q > 1e-9 ? 0 : (p > 1e-9 ? 1 : -1)
            found = (axis, step / max(p, q), direction)
            break
        }
        guard let found else { return nil }
        var rule = PresetInteractionRule(
            drive: interaction.drive, axis: found.axis, distance: (found.distance * 1e6).rounded() / 1e6,
            direction: found.direction, threshold: interaction.release.threshold,
            velocity: interaction.release.velocity,
            cancelWhenMovingBack: interaction.release.cancelWhenMovingBack, requires: requires)
        if interaction.drive == .direct && !rule.cancelWhenMovingBack {
            // Direct manipulation decides in the preset's own code: ask it about a drag that
            // ends moving forward, and one that ends moving back while still ahead of the start.
            let sign = found.direction == 0 ? 1 : found.direction
            let along = { (d: Double) in found.axis == .x ? Point(x: sign * d, y: 0) : Point(x: 0, y: sign * d) }
            let forward = probe([along(step), along(2 * step)])?.release.decision
            let back = probe([along(2 * step), along(1.5 * step)])?.release.decision
            if forward == .finish && back == .cancel {
                rule.cancelWhenMovingBack = true
                rule.threshold = 0
            }
        }
        return rule
    }
}
