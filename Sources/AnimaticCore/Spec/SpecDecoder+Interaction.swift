/// Reading a percent-driven interaction.
extension SpecDecoder {
    mutating func interaction(_ json: JSONValue, at pointer: String) -> InteractionSpec? {
        guard
            object(
                json, at: pointer,
                allowed: [
                    "progress", "gesture", "axis", "distance", "direction", "release",
                    "completionSpeed", "completionCurve", "drive",
                ]) != nil
        else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        var input: InteractionInput?
        if let progress = json["progress"] {
            if json["gesture"] != nil { problem(at("gesture"), "give \"progress\" or \"gesture\" samples, not both") }
            input = progressSamples(progress, at: at("progress")).map { .progress($0) }
        } else if let gesture = json["gesture"] {
            let samples = gestureSamples(gesture, at: at("gesture"))
            var rule = ProgressRule(distance: 1)
            var ok = true
            if let a = json["axis"] {
                if let name = string(a, at: at("axis")) {
                    if let axis = ProgressRule.Axis(rawValue: name) {
                        rule.axis = axis
                    } else {
                        problem(at("axis"), "must be \"x\" or \"y\""); ok = false
                    }
                } else {
                    ok = false
                }
            }
            if let d = json["distance"] {
                if let v = number(d, at: at("distance"), range: .positive(max: 1e5)) {
                    rule.distance = v
                } else {
                    ok = false
                }
            } else {
                problem(pointer, "gesture samples need a \"distance\" in points: how far the finger travels for 100 %")
                ok = false
            }
            if let d = json["direction"] {
                if let v = number(d, at: at("direction"), range: .finite), v == 1 || v == -1 {
                    rule.direction = v
                } else {
                    problem(at("direction"), "must be 1 or -1"); ok = false
                }
            }
            if let samples, ok { input = .gesture(samples, rule: rule) }
        } else {
            problem(
                pointer,
                "an interaction needs \"progress\" samples [[t, percent], …] or \"gesture\" samples [[t, x, y], …]")
        }
        var spec = InteractionSpec(input: .progress([]))
        if let r = json["release"] { spec.release = release(r, at: at("release")) ?? spec.release }
        if let s = json["completionSpeed"] {
            if case .string(let rule) = s {
                if rule == InteractionSpec.completionSpeedFromPercentRule {
                    spec.completionSpeedFromPercent = true
                } else {
                    problem(
                        at("completionSpeed"),
                        "expected a number 0.01…100 or \"\(InteractionSpec.completionSpeedFromPercentRule)\" (VCTransitionsLibrary's rule), got \"\(rule)\""
                    )
                }
            } else {
                spec.completionSpeed = number(s, at: at("completionSpeed"), range: .closed(0.01, 100)) ?? 1
            }
        }
        if let c = json["completionCurve"] {
            let p = at("completionCurve")
            switch timing(c, at: p) {
            case .bezier(let b)?: spec.completionCurve = b
            case nil: break
            default: problem(p, "the completion curve is a Bézier curve (a name or {\"cubicBezier\": […]})")
            }
        }
        if let d = json["drive"], let name = string(d, at: at("drive")) {
            if let drive = InteractionDrive(rawValue: name) {
                spec.drive = drive
            } else {
                problem(at("drive"), "must be \"percent\", \"direct\" or \"restart\"")
            }
        }
        if spec.drive == .direct {
            for key in ["completionSpeed", "completionCurve"] where json[key] != nil {
                problem(
                    at(key), "a direct interaction has no completion run: its release animation is in \"animations\"")
            }
        }
        if spec.drive == .restart, json["completionSpeed"] != nil {
            problem(
                at("completionSpeed"),
                "a restart interaction replays the remaining time at the animations' own pace: it has no completionSpeed"
            )
        }
        guard let input else { return nil }
        spec.input = input
        return spec
    }

    mutating func release(_ json: JSONValue, at pointer: String) -> ReleaseRule? {
        guard object(json, at: pointer, allowed: ["threshold", "velocity", "cancelWhenMovingBack", "decision"]) != nil
        else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        var rule = ReleaseRule()
        if let t = json["threshold"] { rule.threshold = number(t, at: at("threshold"), range: .unit) ?? 0.5 }
        if let v = json["velocity"] { rule.velocity = number(v, at: at("velocity"), range: .positive(max: 1e4)) }
        if let c = json["cancelWhenMovingBack"] {
            rule.cancelWhenMovingBack = bool(c, at: at("cancelWhenMovingBack")) ?? false
        }
        if let d = json["decision"], let name = string(d, at: at("decision")) {
            if let outcome = InteractionOutcome(rawValue: name) {
                rule.decision = outcome
            } else {
                problem(at("decision"), "must be \"finish\" or \"cancel\"")
            }
        }
        return rule
    }

    mutating func progressSamples(_ json: JSONValue, at pointer: String) -> [ProgressSample]? {
        guard let rows = samples(json, at: pointer, width: 2, shape: "[t, percent]") else { return nil }
        var result: [ProgressSample] = []
        for (i, row) in rows.enumerated() {
            if !(0...1).contains(row[1]) {
                problem(JSONPointer.appending(JSONPointer.appending(pointer, i), 1), "percent must be between 0 and 1")
                return nil
            }
            result.append(ProgressSample(time: row[0], percent: row[1]))
        }
        return result
    }

    mutating func gestureSamples(_ json: JSONValue, at pointer: String) -> [GestureSample]? {
        samples(json, at: pointer, width: 3, shape: "[t, x, y]")?.map {
            GestureSample(time: $0[0], location: Point(x: $0[1], y: $0[2]))
        }
    }

    /// Rows of numbers whose first column is a non-decreasing time in seconds.
    mutating func samples(_ json: JSONValue, at pointer: String, width: Int, shape: String) -> [[Double]]? {
        guard let items = array(json, at: pointer) else { return nil }
        if items.isEmpty {
            problem(pointer, "needs at least one sample \(shape)")
            return nil
        }
        if items.count > limits.maxInteractionSamples {
            problem(pointer, "has \(items.count) samples, more than the limit of \(limits.maxInteractionSamples)")
            return nil
        }
        var rows: [[Double]] = []
        var previous = 0.0
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            guard let row = numbers(item, at: p, count: width...width, what: "a sample \(shape)") else { return nil }
            if row[0] < previous || row[0] > limits.maxDuration {
                problem(
                    JSONPointer.appending(p, 0),
                    row[0] < previous
                        ? "sample times must not go backwards (\(Self.format(row[0])) after \(Self.format(previous)))"
                        : "sample time past the limit of \(Self.format(limits.maxDuration)) s")
                return nil
            }
            previous = row[0]
            rows.append(row)
        }
        return rows
    }
}
