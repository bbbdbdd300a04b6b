import AnimaticCore

extension ImportResult {
    /// `{"spec": …, "problems": [{"line", "column", "message"}…], "parameters": […]}`: the
    /// body of `POST /v1/import/swift`. The spec is the canonical form a client posts.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let spec { members.append(("spec", SpecEncoder.encode(spec))) }
        members.append(("problems", ImportResult.json(problems)))
        members.append(
            (
                "parameters",
                .array(
                    parameters.map {
                        .object([
                            ("name", .string($0.name)), ("line", .number(Double($0.line))),
                            ("column", .number(Double($0.column))), ("value", ImportResult.json($0.value)),
                            ("meaning", .string($0.meaning)),
                        ])
                    })
            ))
        members.append(("readsOperation", .bool(readsOperation)))
        return .object(members)
    }

    public static func json(_ problems: [ImportProblem]) -> JSONValue {
        .array(
            problems.map {
                .object([
                    ("line", .number(Double($0.line))), ("column", .number(Double($0.column))),
                    ("message", .string($0.message)),
                ])
            })
    }

    static func json(_ v: ImportParameterValue) -> JSONValue {
        switch v {
        case .number(let n): return .number(n)
        case .bool(let b): return .bool(b)
        case .rect(let r): return .array([.number(r.minX), .number(r.minY), .number(r.width), .number(r.height)])
        case .size(let s): return .array([.number(s.width), .number(s.height)])
        case .point(let p): return .array([.number(p.x), .number(p.y)])
        case .name(let n): return .string(n)
        }
    }

    /// Problems as a compiler prints them: `file:line:col: message`, one a line.
    public func problemLines(file: String) -> String {
        problems.map { "\(file):\($0.line):\($0.column): \($0.message)\n" }.joined()
    }
}
