/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Written for request bodies: it reports the byte offset of the first error, bounds
/// nesting depth (so a hostile body cannot exhaust the stack), rejects duplicate keys
/// (whose meaning JSON leaves open) and rejects numbers that overflow a Double.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw JSONParseError(offset: parser.index, message: "unexpected data after the end of the document")
        }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character '\(Self.printable(bytes[index]))', expected a value")
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let utf8 = literal.utf8Start
        for i in 0..<literal.utf8CodeUnitCount {
            guard index < bytes.count, bytes[index] == utf8[i] else {
                throw fail("invalid literal, expected '\(literal)'", at: start)
            }
            index += 1
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw fail("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a member name in double quotes") }
            let keyOffset = index
            let key = try parseString()
            guard seen.insert(key).inserted else { throw fail("duplicate member name \"\(key)\"", at: keyOffset) }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after a member name")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}' in an object")
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']' in an array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let s = String(validating: utf8, as: UTF8.self) else {
                    throw fail("string is not valid UTF-8", at: start)
                }
                return s
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("lone high surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("invalid low surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("lone low surrogate in \\u escape")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    utf8.append(contentsOf: Array(String(Character(u)).utf8))
                default:
                    throw fail("invalid escape '\\\(Self.printable(escape))'", at: index - 2)
                }
            case 0x00..<0x20:
                throw fail("control character in a string must be escaped")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - 55)
            default: throw fail("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) {
                throw fail("leading zeros are not allowed", at: start)
            }
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, Self.isDigit(bytes[index]) else {
                throw fail("expected a digit in the exponent")
            }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw fail("number out of range", at: start)
        }
        return value
    }

    @inline(__always) private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
