/// One thing wrong with a spec: where (an RFC 6901 JSON pointer into the document the
/// user sent) and what, in a sentence they can act on.
public struct SpecProblem: Hashable, Sendable, CustomStringConvertible {
    public var pointer: String
    public var message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }
}

/// Every problem found in a spec, reported together.
public struct SpecProblems: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [SpecProblem]
    public init(_ problems: [SpecProblem]) { self.problems = problems }
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Building JSON pointers (RFC 6901: `~` is written `~0` and `/` is written `~1`).
public enum JSONPointer {
    public static func appending(_ pointer: String, _ token: String) -> String {
        var escaped = ""
        for c in token {
            switch c {
            case "~": escaped += "~0"
            case "/": escaped += "~1"
            default: escaped.append(c)
            }
        }
        return pointer + "/" + escaped
    }

    public static func appending(_ pointer: String, _ index: Int) -> String {
        pointer + "/" + String(index)
    }
}
