/// Indented lines of Swift source: `line` writes at the current depth, `block` opens
/// `header {`, writes its body one level deeper and closes it with `closer`.
struct SwiftSourceWriter {
    private(set) var text = ""
    private var depth = 0

    mutating func line(_ s: String = "") {
        if s.isEmpty {
            text += "\n"
        } else {
            text += String(repeating: "    ", count: depth) + s + "\n"
        }
    }

    mutating func comment(_ s: String) { line("// " + SwiftLiteral.commentText(s)) }

    mutating func block(_ header: String, closer: String = "}", _ body: (inout SwiftSourceWriter) -> Void) {
        line(header + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closer)
    }

    mutating func indent(_ body: (inout SwiftSourceWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }
}
