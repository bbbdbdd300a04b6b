/// An ordered list of header fields with case-insensitive name lookup.
///
/// Field names are case-insensitive (RFC 9110 §5.1); the original spelling and order
/// are kept. Field values are Strings decoded as UTF-8 from the wire (obs-text bytes that
/// are not valid UTF-8 become U+FFFD).
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    public typealias Element = (name: String, value: String)

    @usableFromInline var fields: [Element]

    public init() { fields = [] }

    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Element]> { fields.makeIterator() }

    /// The field's value; several lines of the same field are joined with ", " as
    /// RFC 9110 §5.3 allows for list-based fields (use `values(_:)` for `Set-Cookie`).
    /// Setting replaces every line of that name; setting `nil` removes them.
    public subscript(name: String) -> String? {
        get {
            var result: String?
            for field in fields where Self.equalNames(field.name, name) {
                if let r = result { result = r + ", " + field.value } else { result = field.value }
            }
            return result
        }
        set {
            if let newValue { set(name, newValue) } else { remove(name) }
        }
    }

    /// Every value of the field, one per line, in order.
    public func values(_ name: String) -> [String] {
        fields.compactMap { Self.equalNames($0.name, name) ? $0.value : nil }
    }

    /// The comma-separated list members of every line of the field, trimmed, empty ones
    /// dropped (RFC 9110 §5.6.1).
    public func listValues(_ name: String) -> [Substring] {
        var result: [Substring] = []
        for value in values(name) {
            for member in value.split(separator: ",") {
                let trimmed = member.trimmingOWS()
                if !trimmed.isEmpty { result.append(trimmed) }
            }
        }
        return result
    }

    /// Whether a comma-separated list field contains `token`, case-insensitively
    /// (e.g. `Connection: keep-alive, Upgrade`).
    public func containsToken(_ token: String, in name: String) -> Bool {
        listValues(name).contains { Self.equalNames(String($0), token) }
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalNames($0.name, name) }
    }

    /// Adds a line, keeping any existing lines of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every line of `name` with one line, at the position of the first.
    public mutating func set(_ name: String, _ value: String) {
        if let first = fields.firstIndex(where: { Self.equalNames($0.name, name) }) {
            fields[first].value = value
            var i = fields.count - 1
            while i > first {
                if Self.equalNames(fields[i].name, name) { fields.remove(at: i) }
                i -= 1
            }
        } else {
            fields.append((name: name, value: value))
        }
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// ASCII case-insensitive comparison (field names are tokens, so ASCII suffices).
    @inlinable
    public static func equalNames(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { ua in
            b.withUTF8 { ub in
                guard ua.count == ub.count else { return false }
                for i in 0..<ua.count {
                    let x = ua[i], y = ub[i]
                    if x == y { continue }
                    let lx = (x >= 0x41 && x <= 0x5A) ? x | 0x20 : x
                    let ly = (y >= 0x41 && y <= 0x5A) ? y | 0x20 : y
                    if lx != ly { return false }
                }
                return true
            }
        }
    }
}

extension Substring {
    /// Trims optional whitespace (SP / HTAB, RFC 9110 §5.6.3) from both ends.
    func trimmingOWS() -> Substring {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
