import AnimaticCore

/// The page's state that a short link keeps (docs/API.md, "Links"), checked for its shape:
///
///     {"spec": <a spec or {"preset", "params"}>, "speed": 0.5, "loop": true, "t": 0.25,
///      "drive": false, "compare": {"view": "side", "spec": <B: a spec or preset reference>},
///      "reduceMotion": false, "zoom": "fit"}
///
/// Only `spec` is required. The specs themselves are checked by the routes (decoded like
/// any spec, images resolved from the store). The canonical form — every object's members
/// sorted by key, written without spaces — is what the id is the hash of and what is
/// stored, so the same state sent with its members in another order gets the same link.
struct LinkState {
    /// The largest canonical state kept, in bytes: our choice, a quarter of the default
    /// `--max-body` (1 MiB). A spec names its images by asset id, so a state is a few KB;
    /// this leaves room for large hand-written specs and bounds what a link stores.
    static let maxBytes = 256 << 10
    /// The speeds the page offers (public/js/share.js).
    static let speeds: [Double] = [1, 0.5, 0.25, 0.1]
    static let views = ["side", "onion"]

    let canonical: JSONValue
    let canonicalBytes: [UInt8]
    let spec: JSONValue
    let compareSpec: JSONValue?
    let t: Double?

    /// The state in `json`, or the problems of its shape, each at its JSON pointer.
    static func read(_ json: JSONValue) -> Result<LinkState, SpecProblems> {
        var problems: [SpecProblem] = []
        guard case .object(let members) = json else {
            return .failure(SpecProblems([SpecProblem(pointer: "", message: "a link's state must be a JSON object")]))
        }
        let allowed: Set<String> = ["spec", "speed", "loop", "t", "drive", "compare", "reduceMotion", "zoom"]
        for (key, _) in members where !allowed.contains(key) {
            problems.append(
                SpecProblem(
                    pointer: JSONPointer.appending("", key),
                    message: "unknown member; a link's state has \(allowed.sorted().joined(separator: ", "))"))
        }
        let spec = json["spec"]
        if spec == nil {
            problems.append(SpecProblem(pointer: "/spec", message: "missing: the spec or {\"preset\", \"params\"}"))
        }
        if let speed = json["speed"], case .number(let s) = speed, speeds.contains(s) {
        } else if json["speed"] != nil {
            problems.append(SpecProblem(pointer: "/speed", message: "speed must be one of 1, 0.5, 0.25, 0.1"))
        }
        if let zoom = json["zoom"] {
            switch zoom {
            case .string("fit"), .number(1), .number(2): break
            default: problems.append(SpecProblem(pointer: "/zoom", message: "zoom must be \"fit\", 1 or 2"))
            }
        }
        for key in ["loop", "drive", "reduceMotion"] {
            if let value = json[key], case .bool = value { continue }
            if json[key] != nil {
                problems.append(SpecProblem(pointer: "/\(key)", message: "\(key) must be true or false"))
            }
        }
        var t: Double?
        if let value = json["t"] {
            if case .number(let n) = value, n.isFinite, n >= 0 {
                t = n
            } else {
                problems.append(SpecProblem(pointer: "/t", message: "t must be a time in seconds, 0 or more"))
            }
        }
        var compareSpec: JSONValue?
        if let compare = json["compare"] {
            if case .object(let parts) = compare {
                for (key, _) in parts where key != "view" && key != "spec" {
                    problems.append(
                        SpecProblem(
                            pointer: JSONPointer.appending("/compare", key),
                            message: "unknown member; compare has view, spec"))
                }
                if let view = compare["view"], case .string(let v) = view, views.contains(v) {
                } else {
                    problems.append(SpecProblem(pointer: "/compare/view", message: "view must be side or onion"))
                }
                compareSpec = compare["spec"]
                if compareSpec == nil {
                    problems.append(
                        SpecProblem(pointer: "/compare/spec", message: "missing: B, a spec or {\"preset\", \"params\"}")
                    )
                }
            } else {
                problems.append(SpecProblem(pointer: "/compare", message: "compare must be an object {view, spec}"))
            }
        }
        guard problems.isEmpty, let spec else { return .failure(SpecProblems(problems)) }
        let canonical = canonicalized(json)
        var writer = JSONWriter()
        writer.value(canonical)
        return .success(
            LinkState(canonical: canonical, canonicalBytes: writer.bytes, spec: spec, compareSpec: compareSpec, t: t))
    }

    /// `value` with every object's members sorted by key (by UTF-8 bytes: the same order everywhere).
    static func canonicalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(canonicalized))
        case .object(let members):
            return .object(
                members.map { ($0.key, canonicalized($0.value)) }
                    .sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) })
        default: return value
        }
    }
}
