/// Swift identifiers made from the spec's layer ids and names: letters, digits and `_`
/// kept, other characters start a new word (`from-fold 0` → `fromFold0`), a leading digit
/// or a reserved word prefixed, and every name unique in its file.
struct SwiftIdentifier {
    private var used: Set<String>

    /// `reserved` are names the generated code already uses (`containerView`, `fromView`…).
    init(reserved: Set<String>) { used = reserved.union(SwiftIdentifier.keywords) }

    /// A fresh lower-camel-case name for `text`, with `suffix` appended (`View`, `Layer`).
    mutating func make(_ text: String, suffix: String = "") -> String {
        var base = SwiftIdentifier.camelCase(text)
        if base.isEmpty { base = "layer" }
        if let first = base.unicodeScalars.first, ("0"..."9").contains(first) { base = "layer" + base }
        base += suffix
        var name = base
        var n = 2
        while used.contains(name) {
            name = "\(base)\(n)"
            n += 1
        }
        used.insert(name)
        return name
    }

    /// Upper camel case for a type name (`tabSlide` → `TabSlide`); "Transition" if nothing is left.
    static func typeName(_ text: String) -> String {
        let camel = camelCase(text)
        guard let first = camel.first, !("0"..."9").contains(first) else { return "Transition" + camel }
        return first.uppercased() + camel.dropFirst()
    }

    static func camelCase(_ text: String) -> String {
        var out = ""
        var upperNext = false
        for scalar in text.unicodeScalars {
            let isWordCharacter =
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
            if !isWordCharacter {
                upperNext = !out.isEmpty
                continue
            }
            let c = Character(scalar)
            if out.isEmpty {
                out.append(contentsOf: c.lowercased())
            } else {
                out.append(contentsOf: upperNext ? c.uppercased() : String(c))
            }
            upperNext = false
        }
        return out
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "Any", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "await", "async", "some", "any", "_",
    ]
}
