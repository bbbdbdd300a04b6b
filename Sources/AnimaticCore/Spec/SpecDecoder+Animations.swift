/// Reading animation blocks, keyframe blocks and change sets.
extension SpecDecoder {
    mutating func animations(_ json: JSONValue, at pointer: String) -> [AnimationSpec] {
        guard let items = array(json, at: pointer) else { return [] }
        if items.count > limits.maxAnimations {
            problem(pointer, "has \(items.count) animations, more than the limit of \(limits.maxAnimations)")
            return []
        }
        var totalKeyframes = 0
        var result: [AnimationSpec] = []
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            if item["keyframes"] != nil {
                if let k = keyframeAnimation(item, at: p) {
                    totalKeyframes += k.keyframes.count
                    result.append(.keyframes(k))
                }
            } else if let b = blockAnimation(item, at: p) {
                result.append(.block(b))
            }
        }
        if totalKeyframes > limits.maxTotalKeyframes {
            problem(
                pointer, "has \(totalKeyframes) keyframes in all, more than the limit of \(limits.maxTotalKeyframes)")
        }
        return result
    }

    mutating func blockAnimation(_ json: JSONValue, at pointer: String) -> BlockAnimation? {
        guard object(json, at: pointer, allowed: ["delay", "duration", "timing", "changes"]) != nil else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        let delay = json["delay"].map { number($0, at: at("delay"), range: .closed(0, limits.maxDuration)) } ?? 0
        let timing = json["timing"].map { self.timing($0, at: at("timing")) } ?? .easeInEaseOut
        var duration: Double?
        if let d = json["duration"] {
            duration = number(d, at: at("duration"), range: .positive(max: limits.maxDuration))
        } else if let natural = timing?.naturalDuration {
            duration = natural
        } else if timing != nil {
            problem(pointer, "a block needs a \"duration\" in seconds")
        }
        guard let c = json["changes"] else {
            problem(pointer, "a block needs \"changes\": {layerId: {property: value}} (or \"keyframes\")")
            return nil
        }
        let changes = self.changes(c, at: at("changes"))
        guard let delay, let timing, let duration else { return nil }
        return BlockAnimation(delay: delay, duration: duration, timing: timing, changes: changes)
    }

    mutating func keyframeAnimation(_ json: JSONValue, at pointer: String) -> KeyframeAnimation? {
        guard
            object(
                json, at: pointer,
                allowed: [
                    "delay", "duration", "timing", "calculationMode", "keyframes",
                    "tension", "continuity", "bias",
                ]) != nil
        else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        let delay = json["delay"].map { number($0, at: at("delay"), range: .closed(0, limits.maxDuration)) } ?? 0
        var duration: Double?
        if let d = json["duration"] {
            duration = number(d, at: at("duration"), range: .positive(max: limits.maxDuration))
        } else {
            problem(pointer, "a keyframe block needs a \"duration\" in seconds")
        }
        let timing = json["timing"].map { self.timing($0, at: at("timing")) } ?? .easeInEaseOut
        switch timing {
        case .springDamping?, .springPhysical?, .springPerceptual?:
            problem(at("timing"), "a keyframe block's curve is a Bézier or steps, not a spring (as in UIKit)")
        default:
            break
        }
        var mode = CalculationMode.linear
        if let m = json["calculationMode"] {
            let p = at("calculationMode")
            if let name = string(m, at: p) {
                if let parsed = CalculationMode(rawValue: name) {
                    mode = parsed
                } else {
                    problem(
                        p, "unknown calculation mode \"\(name)\" (known: linear, discrete, paced, cubic, cubicPaced)")
                }
            }
        }
        let keyframesPointer = at("keyframes")
        guard let items = array(json["keyframes"]!, at: keyframesPointer) else { return nil }
        if items.isEmpty { problem(keyframesPointer, "needs at least one keyframe") }
        if items.count > limits.maxKeyframesPerBlock {
            problem(
                keyframesPointer, "has \(items.count) keyframes, more than the limit of \(limits.maxKeyframesPerBlock)")
            return nil
        }
        var keyframes: [Keyframe] = []
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(keyframesPointer, i)
            if let k = keyframe(item, at: p) { keyframes.append(k) }
        }
        var spline: [SplineParameter] = []
        for name in ["tension", "continuity", "bias"] {
            guard let v = json[name] else { spline.append(.zero); continue }
            if mode != .cubic && mode != .cubicPaced {
                problem(at(name), "only used by the cubic and cubicPaced calculation modes")
            }
            spline.append(splineParameter(v, at: at(name), keys: items.count + 1) ?? .zero)
        }
        guard let delay, let duration, let timing, keyframes.count == items.count else { return nil }
        return KeyframeAnimation(
            delay: delay, duration: duration, timing: timing, calculationMode: mode, keyframes: keyframes,
            tension: spline[0], continuity: spline[1], bias: spline[2])
    }

    /// `tension`, `continuity` or `bias`: a number in −1…1 for every key, or an array of one
    /// per key — the block's start key, then each keyframe in spec order.
    mutating func splineParameter(_ json: JSONValue, at pointer: String, keys: Int) -> SplineParameter? {
        if json.arrayValue != nil {
            let what = "a number for every key or \(keys) numbers: the start key, then one per keyframe"
            return numbers(json, at: pointer, count: keys...keys, what: what, range: .closed(-1, 1)).map(
                SplineParameter.perKey)
        }
        return number(json, at: pointer, range: .closed(-1, 1)).map(SplineParameter.uniform)
    }

    mutating func keyframe(_ json: JSONValue, at pointer: String) -> Keyframe? {
        guard object(json, at: pointer, allowed: ["relativeStart", "relativeDuration", "changes"]) != nil else {
            return nil
        }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        let start = json["relativeStart"].map { number($0, at: at("relativeStart"), range: .unit) } ?? 0
        let duration = json["relativeDuration"].map { number($0, at: at("relativeDuration"), range: .unit) } ?? 1
        if let start, let duration, start + duration > 1 + 1e-9 {
            problem(
                at("relativeDuration"),
                "relativeStart + relativeDuration is \(Self.format(start + duration)); a keyframe must end by 1")
        }
        guard let c = json["changes"] else {
            problem(pointer, "a keyframe needs \"changes\"")
            return nil
        }
        let changes = self.changes(c, at: at("changes"))
        guard let start, let duration else { return nil }
        return Keyframe(relativeStart: start, relativeDuration: min(duration, 1 - start), changes: changes)
    }

    /// `{layerId: {property: value}}`. `frame` expands to position and size using the
    /// layer's anchor, as UIKit's frame setter does.
    mutating func changes(_ json: JSONValue, at pointer: String) -> [PropertyChange] {
        guard let members = json.objectMembers else {
            problem(pointer, "expected an object {layerId: {property: value}}, got \(json.kindName)")
            return []
        }
        var result: [PropertyChange] = []
        for (layerID, properties) in members {
            let layerPointer = JSONPointer.appending(pointer, layerID)
            guard let anchor = layerAnchors[layerID] else {
                problem(layerPointer, "unknown layer \"\(layerID)\"")
                continue
            }
            guard let props = properties.objectMembers else {
                problem(layerPointer, "expected an object {property: value}, got \(properties.kindName)")
                continue
            }
            var seen = Set<AnimatableProperty>()
            for (name, value) in props {
                let p = JSONPointer.appending(layerPointer, name)
                guard let decoded = propertyChanges(name: name, value: value, anchor: anchor, at: p) else { continue }
                for (property, v) in decoded {
                    if !seen.insert(property).inserted {
                        problem(p, "changes \(property.rawValue) twice in one set (frame sets position and size)")
                        continue
                    }
                    result.append(PropertyChange(layer: layerID, property: property, value: v))
                }
            }
            if result.count > limits.maxChangesPerBlock {
                problem(pointer, "more than \(limits.maxChangesPerBlock) changes")
                return []
            }
        }
        return result
    }

    mutating func propertyChanges(name: String, value: JSONValue, anchor: Point, at p: String) -> [(
        AnimatableProperty, PropertyValue
    )]? {
        switch name {
        case "frame":
            guard let r = rect(value, at: p) else { return nil }
            return [(.position, .point(LayerSpec.position(ofFrame: r, anchor: anchor))), (.size, .size(r.size))]
        default:
            guard let property = AnimatableProperty.bySpecName[name] else {
                problem(
                    p, "unknown property \"\(name)\" (known: \(AnimatableProperty.specNames.joined(separator: ", ")))")
                return nil
            }
            return propertyValue(value, of: property, at: p).map { [(property, $0)] }
        }
    }

    /// A change's value of `property`'s kind, in its range (`descriptor.specRange`).
    mutating func propertyValue(_ value: JSONValue, of property: AnimatableProperty, at p: String) -> PropertyValue? {
        let d = property.descriptor
        switch d.kind {
        case .number: return number(value, at: p, range: d.specRange).map(PropertyValue.number)
        case .point: return point(value, at: p, range: d.specRange).map(PropertyValue.point)
        case .size: return size(value, at: p).map(PropertyValue.size)
        case .transform: return transform(value, at: p).map(PropertyValue.transform)
        case .color: return color(value, at: p).map(PropertyValue.color)
        case .bool: return bool(value, at: p).map(PropertyValue.bool)
        }
    }
}
