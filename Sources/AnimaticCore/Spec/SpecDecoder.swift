/// Turns a JSON document into a `TransitionSpec`, collecting **every** problem with its
/// JSON pointer instead of stopping at the first (which is why this is hand-written
/// rather than `Codable`: a user fixing a spec wants the whole list at once).
///
/// Unknown members are problems too: a typo such as `"duraton"` must not silently fall
/// back to a default. Nothing is clamped: an out-of-range value is reported.
public struct SpecDecoder {
    public var limits: SpecLimits
    var problems: [SpecProblem] = []
    /// Layer ids with their anchors, known once `layers` is read; changes refer to them.
    var layerAnchors: [String: Point] = [:]
    /// The images `content.image.asset|data` may name (resolved by the caller); a name
    /// missing here is a problem at its pointer.
    public var images: ImageLibrary = .empty

    public init(limits: SpecLimits = .standard, images: ImageLibrary = .empty) {
        self.limits = limits
        self.images = images
    }

    /// Decodes a whole spec document (inline form).
    public static func decode(
        _ json: JSONValue, limits: SpecLimits = .standard, images: ImageLibrary = .empty
    ) -> Result<TransitionSpec, SpecProblems> {
        var decoder = SpecDecoder(limits: limits, images: images)
        var spec = decoder.transitionSpec(json, at: "")
        if decoder.problems.isEmpty, spec != nil, !images.isEmpty {
            spec!.images = images.restricted(to: Set(spec!.layers.compactMap { $0.imageSource?.key }))
        }
        if decoder.problems.isEmpty, let spec { return .success(spec) }
        return .failure(SpecProblems(decoder.problems))
    }

    /// Parses and decodes UTF-8 JSON bytes; malformed JSON is one problem naming the byte offset.
    public static func decode(
        bytes: [UInt8], limits: SpecLimits = .standard, images: ImageLibrary = .empty
    ) -> Result<TransitionSpec, SpecProblems> {
        do {
            return decode(try JSONParser.parse(bytes), limits: limits, images: images)
        } catch {
            return .failure(SpecProblems([SpecProblem(pointer: "", message: error.description)]))
        }
    }

    mutating func problem(_ pointer: String, _ message: String) {
        problems.append(SpecProblem(pointer: pointer, message: message))
    }

    // MARK: Document

    static let topLevelMembers: Set<String> = [
        "container", "layers", "animations", "completion", "views", "interaction",
        "name", "description", "$schema",
    ]

    mutating func transitionSpec(_ json: JSONValue, at pointer: String) -> TransitionSpec? {
        guard let members = object(json, at: pointer, allowed: Self.topLevelMembers) else { return nil }
        _ = members
        var spec = TransitionSpec()
        if let c = json["container"] {
            spec.container = container(c, at: JSONPointer.appending(pointer, "container"))
        }
        if let l = json["layers"] {
            spec.layers = layers(l, at: JSONPointer.appending(pointer, "layers"), container: spec.container)
        } else {
            problem(pointer, "a spec needs \"layers\": the views of the transition, bottom to top")
        }
        if let a = json["animations"] {
            spec.animations = animations(a, at: JSONPointer.appending(pointer, "animations"))
        }
        if let c = json["completion"] {
            completion(c, at: JSONPointer.appending(pointer, "completion"), into: &spec)
        }
        if let v = json["views"] {
            spec.views = views(v, at: JSONPointer.appending(pointer, "views"))
        }
        if let i = json["interaction"] {
            spec.interaction = interaction(i, at: JSONPointer.appending(pointer, "interaction"))
        }
        checkDuration(of: spec, at: pointer)
        return spec
    }

    /// Every block must end within the limit, and so must an interactive run (the last
    /// sample, then the rest of the transition at completionSpeed).
    mutating func checkDuration(of spec: TransitionSpec, at pointer: String) {
        for (i, animation) in spec.animations.enumerated() {
            let end = animation.delay + animation.duration
            if end > limits.maxDuration {
                problem(
                    JSONPointer.appending(JSONPointer.appending(pointer, "animations"), i),
                    "ends at \(Self.format(end)) s, past the limit of \(Self.format(limits.maxDuration)) s")
            }
        }
        if spec.interaction != nil {
            // The run's own length: the last sample, then the remaining (finish) or
            // elapsed (cancel) part at completionSpeed — or, driven directly, the spec itself.
            let longest = spec.timelineDuration
            if longest > limits.maxDuration {
                problem(
                    JSONPointer.appending(pointer, "interaction"),
                    "the run lasts \(Self.format(longest)) s (last sample, then the rest at completionSpeed), past the limit of \(Self.format(limits.maxDuration)) s"
                )
            }
        }
    }

    // MARK: Container

    mutating func container(_ json: JSONValue, at pointer: String) -> ContainerSpec {
        var c = ContainerSpec()
        guard object(json, at: pointer, allowed: ["width", "height", "perspective", "background"]) != nil else {
            return c
        }
        if let w = json["width"] {
            c.size.width =
                number(w, at: JSONPointer.appending(pointer, "width"), range: .positive(max: limits.maxContainerSide))
                ?? c.size.width
        }
        if let h = json["height"] {
            c.size.height =
                number(h, at: JSONPointer.appending(pointer, "height"), range: .positive(max: limits.maxContainerSide))
                ?? c.size.height
        }
        if let p = json["perspective"], p != .null {
            c.perspective = number(p, at: JSONPointer.appending(pointer, "perspective"), range: .positive(max: 1e6))
        }
        if let b = json["background"] {
            c.background = color(b, at: JSONPointer.appending(pointer, "background"))
        }
        return c
    }

    // MARK: Layers

    /// A layer's members: its own, `frame`, and the names of the animatable properties that
    /// are layer fields (each decoration is a member of `shadow` or `border` instead).
    static let layerMembers: Set<String> = Set(
        [
            "id", "frame", "anchor", "gradient", "label", "clips", "content", "parent", "sublayerTransform",
            "shadow", "border",
        ] + AnimatableProperty.allCases.filter { $0.descriptor.group != .decoration }.flatMap(\.specNames))

    mutating func layers(_ json: JSONValue, at pointer: String, container: ContainerSpec) -> [LayerSpec] {
        guard let items = array(json, at: pointer) else { return [] }
        if items.isEmpty { problem(pointer, "needs at least one layer") }
        if items.count > limits.maxLayers {
            problem(pointer, "has \(items.count) layers, more than the limit of \(limits.maxLayers)")
            return []
        }
        // Ids first, so snapshot content may refer to a layer above it.
        var ids: [String?] = []
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            guard let idValue = item["id"] else {
                if item.objectMembers != nil { problem(p, "a layer needs an \"id\"") }
                ids.append(nil)
                continue
            }
            let idPointer = JSONPointer.appending(p, "id")
            guard let id = string(idValue, at: idPointer) else { ids.append(nil); continue }
            if id.isEmpty {
                problem(idPointer, "must not be empty")
                ids.append(nil)
            } else if Self.completionBranches.contains(id) {
                problem(
                    idPointer,
                    "\"\(id)\" is reserved: inside \"completion\" it names the block's branch for that outcome")
                ids.append(nil)
            } else if layerAnchors[id] != nil {
                problem(idPointer, "duplicate layer id \"\(id)\"")
                ids.append(nil)
            } else {
                layerAnchors[id] = Point(x: 0.5, y: 0.5)
                ids.append(id)
            }
        }
        var result: [LayerSpec] = []
        var parentPointers: [String: String] = [:]
        for (i, item) in items.enumerated() {
            let p = JSONPointer.appending(pointer, i)
            if let layer = layer(item, id: ids[i], at: p) {
                result.append(layer)
                layerAnchors[layer.id] = layer.anchor
                if layer.parent != nil { parentPointers[layer.id] = JSONPointer.appending(p, "parent") }
            }
        }
        checkSnapshotCycles(result, at: pointer)
        checkTree(result, parentPointers: parentPointers)
        return result
    }

    mutating func layer(_ json: JSONValue, id: String?, at pointer: String) -> LayerSpec? {
        guard object(json, at: pointer, allowed: Self.layerMembers) != nil else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        var anchor = Point(x: 0.5, y: 0.5)
        if let a = json["anchor"] { anchor = point(a, at: at("anchor"), range: .finite) ?? anchor }

        var position: Point?
        var size: Size?
        if let f = json["frame"] {
            if let r = rect(f, at: at("frame")) {
                size = r.size
                position = LayerSpec.position(ofFrame: r, anchor: anchor)
            }
            for other in ["position", "center", "size", "bounds"] where json[other] != nil {
                problem(at(other), "give either \"frame\" or a position and size, not both")
            }
        } else {
            let positionKey = json["position"] != nil ? "position" : "center"
            if json["position"] != nil && json["center"] != nil {
                problem(at("center"), "give \"position\" or \"center\", not both")
            }
            if let p = json[positionKey] { position = point(p, at: at(positionKey), range: .finite) }
            let sizeKey = json["size"] != nil ? "size" : "bounds"
            if json["size"] != nil && json["bounds"] != nil {
                problem(at("bounds"), "give \"size\" or \"bounds\", not both")
            }
            if let s = json[sizeKey] { size = self.size(s, at: at(sizeKey)) }
            if json[positionKey] == nil || json[sizeKey] == nil {
                problem(pointer, "a layer needs a \"frame\" [x, y, width, height], or a \"position\" and a \"size\"")
            }
        }

        var layer = LayerSpec(id: id ?? "", frame: Rect(x: 0, y: 0, width: 0, height: 0), anchor: anchor)
        layer.position = position ?? .zero
        layer.size = size ?? .zero
        let alphaKey = json["opacity"] != nil ? "opacity" : "alpha"
        if let a = json[alphaKey] { layer.alpha = number(a, at: at(alphaKey), range: .unit) ?? 1 }
        if let t = json["transform"] { layer.transform = transform(t, at: at("transform")) ?? .identity }
        if let r = json["cornerRadius"] {
            layer.cornerRadius = number(r, at: at("cornerRadius"), range: .nonNegative) ?? 0
        }
        let fillKey = json["backgroundColor"] != nil ? "backgroundColor" : "fill"
        if let f = json[fillKey], f != .null { layer.fill = color(f, at: at(fillKey)) }
        if let g = json["gradient"] { layer.gradient = gradient(g, at: at("gradient")) }
        if let l = json["label"] { layer.label = string(l, at: at("label")) }
        if let h = json["hidden"] { layer.hidden = bool(h, at: at("hidden")) ?? false }
        if let z = json["zPosition"] { layer.zPosition = number(z, at: at("zPosition"), range: .finite) ?? 0 }
        if let c = json["clips"] { layer.clips = bool(c, at: at("clips")) ?? false }
        if let c = json["content"] {
            layer.content = content(c, at: at("content"), owner: id)
            if case .image? = layer.content { layer.imageSource = imageSource(c["image"]!, at: at("content")) }
            if let m = c["image"]?["mode"] {
                layer.imageMode = imageMode(
                    m, at: JSONPointer.appending(JSONPointer.appending(at("content"), "image"), "mode"))
            }
        }
        if let p = json["parent"], p != .null { layer.parent = string(p, at: at("parent")) }
        if let s = json["sublayerTransform"], s != .null {
            layer.sublayerTransform = sublayerTransform(s, at: at("sublayerTransform"))
        }
        if let s = json["shadow"] { layer.shadow = shadow(s, at: at("shadow")) ?? .none }
        if let b = json["border"] { layer.border = border(b, at: at("border")) ?? .none }
        return id == nil ? nil : layer
    }

    /// `"fill"`, `"fit"` or `"stretch"` (UIKit's scaleAspectFill, scaleAspectFit, scaleToFill).
    mutating func imageMode(_ json: JSONValue, at pointer: String) -> ImageContentMode {
        guard let name = string(json, at: pointer) else { return .fit }
        guard let mode = ImageContentMode(rawValue: name) else {
            problem(pointer, "unknown image mode \"\(name)\" (known: fill, fit, stretch)")
            return .fit
        }
        return mode
    }

    mutating func content(_ json: JSONValue, at pointer: String, owner: String?) -> LayerContent? {
        guard object(json, at: pointer, allowed: ["of", "rect", "image"]) != nil else { return nil }
        if let of = json["of"] {
            if json["image"] != nil {
                problem(JSONPointer.appending(pointer, "image"), "content is a snapshot (\"of\") or an image, not both")
            }
            let ofPointer = JSONPointer.appending(pointer, "of")
            guard let source = string(of, at: ofPointer) else { return nil }
            if layerAnchors[source] == nil {
                problem(ofPointer, "unknown layer \"\(source)\"")
                return nil
            }
            if source == owner {
                problem(ofPointer, "a layer cannot show a snapshot of itself")
                return nil
            }
            var region: Rect?
            if let r = json["rect"] { region = rect(r, at: JSONPointer.appending(pointer, "rect")) }
            // Without a rect: the whole of the source, sized when the source is known.
            return .snapshot(of: source, rect: region)
        }
        if let image = json["image"] {
            let p = JSONPointer.appending(pointer, "image")
            guard object(image, at: p, allowed: ["aspect", "fill", "mode", "asset", "data"]) != nil else { return nil }
            let given = ["asset", "data", "aspect"].filter { image[$0] != nil }
            if given.count > 1 {
                problem(
                    p,
                    "an image is an \"asset\", a \"data\" URI or a placeholder of an \"aspect\" (given: \(given.joined(separator: ", "))); a picture's aspect is its own"
                )
                return nil
            }
            if let key = given.first, key != "aspect" {
                let source = imageSource(image, at: pointer)
                var fill: Color?
                if let f = image["fill"] { fill = color(f, at: JSONPointer.appending(p, "fill")) }
                return source.flatMap { images[$0] }.map { .image(aspectRatio: $0.aspectRatio, fill: fill) }
            }
            guard let a = image["aspect"] else {
                problem(
                    p,
                    "an image needs an \"asset\" (from POST /v1/assets), a \"data\" URI or, for a placeholder, its \"aspect\" (width / height)"
                )
                return nil
            }
            let aspect = number(a, at: JSONPointer.appending(p, "aspect"), range: .positive(max: 1000))
            var fill: Color?
            if let f = image["fill"] { fill = color(f, at: JSONPointer.appending(p, "fill")) }
            return aspect.map { .image(aspectRatio: $0, fill: fill) }
        }
        problem(pointer, "content needs \"of\" (a snapshot of another layer) or \"image\"")
        return nil
    }

    /// The `asset` or `data` of `content.image` at `pointer` (the content), checked
    /// against `images`; nil (and no problem) for a placeholder.
    mutating func imageSource(_ image: JSONValue, at pointer: String) -> ImageSource? {
        let p = JSONPointer.appending(pointer, "image")
        let source: ImageSource
        let at: String
        if let a = image["asset"] {
            at = JSONPointer.appending(p, "asset")
            guard let id = a.stringValue else {
                problem(at, "expected a string, got \(a.kindName)")
                return nil
            }
            guard ImageSource.isAssetID(id) else {
                problem(at, "expected an asset id: \"sha256-\" and 64 hex digits, as POST /v1/assets gives")
                return nil
            }
            source = .asset(id)
        } else if let d = image["data"] {
            at = JSONPointer.appending(p, "data")
            guard let uri = d.stringValue else {
                problem(at, "expected a string, got \(d.kindName)")
                return nil
            }
            if case .failure(let e) = DataURI.parse(uri) {
                problem(at, e.message)
                return nil
            }
            source = .data(uri)
        } else {
            return nil
        }
        if images[source] != nil { return source }
        if let reason = images.failures[source.key] {
            problem(at, reason)
        } else if case .asset(let id) = source {
            problem(at, "unknown asset \"\(id)\" (upload it with POST /v1/assets)")
        } else {
            problem(at, "the data URI was not resolved to an image")
        }
        return nil
    }

    /// A snapshot of a snapshot is fine; a loop of them has no picture to show.
    mutating func checkSnapshotCycles(_ layers: [LayerSpec], at pointer: String) {
        var source: [String: String] = [:]
        for layer in layers {
            if case .snapshot(let of, _)? = layer.content { source[layer.id] = of }
        }
        for (i, layer) in layers.enumerated() {
            var seen: Set<String> = [layer.id]
            var current = layer.id
            while let next = source[current] {
                if !seen.insert(next).inserted {
                    problem(
                        JSONPointer.appending(
                            JSONPointer.appending(JSONPointer.appending(pointer, i), "content"), "of"),
                        "snapshots form a loop through \"\(next)\"")
                    break
                }
                current = next
            }
        }
    }

    mutating func gradient(_ json: JSONValue, at pointer: String) -> GradientSpec? {
        guard object(json, at: pointer, allowed: ["colors", "start", "end"]) != nil else { return nil }
        let colorsPointer = JSONPointer.appending(pointer, "colors")
        guard let list = json["colors"] else {
            problem(pointer, "a gradient needs \"colors\"")
            return nil
        }
        guard let items = array(list, at: colorsPointer) else { return nil }
        if items.count < 2 || items.count > 16 { problem(colorsPointer, "needs 2 to 16 colours") }
        let colors = items.enumerated().compactMap { color($1, at: JSONPointer.appending(colorsPointer, $0)) }
        var g = GradientSpec(colors: colors)
        if let s = json["start"] {
            g.start = point(s, at: JSONPointer.appending(pointer, "start"), range: .finite) ?? g.start
        }
        if let e = json["end"] { g.end = point(e, at: JSONPointer.appending(pointer, "end"), range: .finite) ?? g.end }
        return colors.count == items.count && items.count >= 2 ? g : nil
    }
}
