import AnimaticCore

/// The name a Swift export's types are made from: the document's `name` when it has one,
/// else the preset's name with its operation (`{"preset": "flip", "params":
/// {"operation": "dismiss"}}` → `FlipDismissAnimator`), else none (`TransitionAnimator`).
public enum SwiftExportName {
    public static func of(document: JSONValue) -> String? {
        if case .string(let name)? = document["name"], !SwiftIdentifier.camelCase(name).isEmpty { return name }
        if case .string(let preset)? = document["preset"] {
            return of(preset: preset, params: document["params"])
        }
        return nil
    }

    /// A preset's export name; a dismissal adds `Dismiss`, as the documents name their classes.
    public static func of(preset: String, params: JSONValue?) -> String {
        if case .string(let operation)? = params?["operation"], operation != "present" {
            return preset + " " + operation
        }
        return preset
    }
}

/// The preset a Swift export is built from, so its geometry is written from the container
/// (`SwiftGeometry`, docs/EXPORT.md).
public enum SwiftExportPreset {
    /// `{"preset": name, "params": …}` of a preset document; nil for an inline spec.
    public static func of(document: JSONValue) -> JSONValue? {
        guard case .string(let name)? = document["preset"] else { return nil }
        return of(preset: name, params: document["params"])
    }

    public static func of(preset: String, params: JSONValue?) -> JSONValue {
        .object([("preset", .string(preset)), ("params", params ?? .null)])
    }
}
