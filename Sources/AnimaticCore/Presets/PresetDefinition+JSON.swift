/// A preset described for machines: what `animatic presets --json` prints and
/// `GET /v1/presets` returns — name, summary, source and each parameter with its type,
/// range or choices, default and description — and its interaction rule at the defaults
/// (`PresetInteractionRule`, null when it has none).
extension PresetDefinition {
    public var jsonDescription: JSONValue {
        .object([
            ("name", .string(name)),
            ("summary", .string(summary)),
            ("source", .string(source)),
            (
                "parameters",
                .array(
                    parameters.map { p in
                        var kind: [(key: String, value: JSONValue)] = [("type", .string(p.kind.name))]
                        switch p.kind {
                        case let .number(lo, hi, open):
                            kind.append((open ? "exclusiveMinimum" : "minimum", .number(lo)))
                            kind.append(("maximum", .number(hi)))
                        case let .integer(lo, hi):
                            kind.append(("minimum", .number(Double(lo))))
                            kind.append(("maximum", .number(Double(hi))))
                        case .choice(let words):
                            kind.append(("values", .array(words.map { .string($0) })))
                        default:
                            break
                        }
                        return .object(
                            [("name", .string(p.name))] + kind + [
                                ("default", p.defaultValue), ("description", .string(p.summary)),
                            ])
                    })
            ),
            ("interaction", interactionRule()?.jsonDescription ?? .null),
        ])
    }
}

extension PresetCatalog {
    /// Every preset's description, computed once (the interaction rules build each preset a few times).
    public static let jsonDescriptions: [JSONValue] = all.map(\.jsonDescription)
}
