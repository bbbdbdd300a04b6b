/// Reading what happens when the transition ends: the completion block and the views
/// `completeTransition(_:)` keeps or removes.
extension SpecDecoder {
    /// The two members of `completion` that hold a branch of the block instead of a layer.
    static let completionBranches: Set<String> = ["finished", "cancelled"]

    /// `{layerId: {…}, "finished": {layerId: {…}}, "cancelled": {layerId: {…}}}`: the
    /// changes of both outcomes, then those of each branch of
    /// `if transitionContext.transitionWasCancelled { cancelled } else { finished }`.
    mutating func completion(_ json: JSONValue, at pointer: String, into spec: inout TransitionSpec) {
        guard let members = json.objectMembers else {
            problem(
                pointer,
                "expected an object {layerId: {property: value}, \"finished\": {…}, \"cancelled\": {…}}, got \(json.kindName)"
            )
            return
        }
        let both = members.filter { !Self.completionBranches.contains($0.key) }
        spec.completion = changes(.object(both), at: pointer)
        if let f = json["finished"] {
            spec.completionIfFinished = changes(f, at: JSONPointer.appending(pointer, "finished"))
        }
        if let c = json["cancelled"] {
            spec.completionIfCancelled = changes(c, at: JSONPointer.appending(pointer, "cancelled"))
        }
    }

    /// `{"from": id, "to": id, "operation": "container" | "present" | "dismiss",
    /// "shouldRemovePresentersView": bool}`.
    mutating func views(_ json: JSONValue, at pointer: String) -> TransitionViews? {
        guard
            object(json, at: pointer, allowed: ["from", "to", "operation", "shouldRemovePresentersView", "appViews"])
                != nil
        else { return nil }
        func at(_ key: String) -> String { JSONPointer.appending(pointer, key) }
        func layerID(_ key: String) -> String? {
            guard let v = json[key] else {
                problem(pointer, "needs \"\(key)\": the layer of the \(key)-controller's view")
                return nil
            }
            guard let id = string(v, at: at(key)) else { return nil }
            guard layerAnchors[id] != nil else {
                problem(at(key), "unknown layer \"\(id)\"")
                return nil
            }
            return id
        }
        let from = layerID("from"), to = layerID("to")
        var operation = TransitionViews.Operation.container
        if let o = json["operation"], let name = string(o, at: at("operation")) {
            if let parsed = TransitionViews.Operation(rawValue: name) {
                operation = parsed
            } else {
                problem(at("operation"), "unknown operation \"\(name)\" (known: container, present, dismiss)")
            }
        }
        var removes = true
        if let r = json["shouldRemovePresentersView"] {
            removes = bool(r, at: at("shouldRemovePresentersView")) ?? true
            if operation == .container {
                problem(at("shouldRemovePresentersView"), "only used by a presentation or a dismissal (\"operation\")")
            }
        }
        if let from, let to, from == to { problem(at("to"), "must differ from \"from\"") }
        var appViews: [String] = []
        if let a = json["appViews"] {
            let list = at("appViews")
            if case .array(let items) = a {
                for (i, item) in items.enumerated() {
                    let itemAt = JSONPointer.appending(list, String(i))
                    guard let id = string(item, at: itemAt) else { continue }
                    if layerAnchors[id] == nil {
                        problem(itemAt, "unknown layer \"\(id)\"")
                    } else if id == from || id == to {
                        problem(
                            itemAt,
                            "\"\(id)\" is the transition's \(id == from ? "from" : "to")-view, not a view of the app")
                    } else if appViews.contains(id) {
                        problem(itemAt, "\"\(id)\" is listed twice")
                    } else {
                        appViews.append(id)
                    }
                }
            } else {
                problem(list, "expected an array of layer ids, got \(a.kindName)")
            }
        }
        guard let from, let to else { return nil }
        var views = TransitionViews(
            from: from, to: to, operation: operation, shouldRemovePresentersView: removes,
            statesShouldRemovePresentersView: json["shouldRemovePresentersView"] != nil)
        views.appViews = appViews
        return views
    }
}
