/// The numbers of one Swift export in the order the writer writes them, so that the same
/// preset written at other container sizes and parameter values can be lined up number by
/// number (`SwiftGeometry`). While a `SwiftNumberSlots` is `current`, `SwiftLiteral.number`
/// writes a placeholder token for each number instead of its literal; `resolve` then puts a
/// literal or an expression of the container (`width`, `height`) and the preset's
/// parameters in its place: literals in comments, expressions in code. See docs/EXPORT.md,
/// "Geometry from the container".
final class SwiftNumberSlots: @unchecked Sendable {
    /// Each number written so far, by slot.
    private(set) var values: [Double] = []
    /// The slots `resolve` has written as expressions (in code).
    private(set) var written: Set<Int> = []

    /// The slots of the export being written on this task, if any.
    @TaskLocal static var current: SwiftNumberSlots?

    private static let open: Unicode.Scalar = "\u{E000}"
    private static let close: Unicode.Scalar = "\u{E001}"

    /// The token standing for `value` in the text (the next slot).
    func token(_ value: Double) -> String {
        values.append(value)
        return "\(Self.open)\(values.count - 1)\(Self.close)"
    }

    /// Runs `body` with these slots current.
    func writing<T>(_ body: () -> T) -> T { Self.$current.withValue(self, operation: body) }

    /// Runs `body` with no slots: numbers are literals (a part of the file with no
    /// container in scope, such as the interaction controller, or the constants).
    static func literally<T>(_ body: () -> T) -> T { $current.withValue(nil, operation: body) }

    /// `text` with every token replaced: in a comment line (and in `literalOnly` text, such
    /// as a warning) by the number's literal, in code by `expressions[slot]` when there is
    /// one, parenthesised where an operator is next to it.
    func resolve(_ text: String, expressions: [Int: String], literalOnly: Bool = false) -> String {
        guard text.unicodeScalars.contains(Self.open) else { return text }
        var out = ""
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if k > 0 { out += "\n" }
            let isComment = literalOnly || line.drop(while: { $0 == " " }).hasPrefix("//")
            out += resolveLine(String(line), expressions: isComment ? [:] : expressions)
        }
        return out
    }

    private func resolveLine(_ line: String, expressions: [Int: String]) -> String {
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            guard scalars[i] == Self.open, let end = scalars[i...].firstIndex(of: Self.close) else {
                out.append(scalars[i])
                i += 1
                continue
            }
            let slot = Int(String(String.UnicodeScalarView(scalars[(i + 1)..<end])))!
            var text: String
            if let expression = expressions[slot] {
                written.insert(slot)
                text = expression
                let before = out.last(where: { $0 != " " })
                let after = scalars[(end + 1)...].first(where: { $0 != " " })
                let compound = expression.contains(" ") || expression.hasPrefix("-")
                if compound, "*/-+".unicodeScalars.contains(where: { $0 == before || $0 == after }) {
                    text = "(\(expression))"
                }
            } else {
                text = Self.literally { SwiftLiteral.number(values[slot]) }
            }
            out.append(contentsOf: text.unicodeScalars)
            i = end + 1
        }
        return String(out)
    }
}
