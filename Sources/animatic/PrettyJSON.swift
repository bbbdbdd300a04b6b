import AnimaticCore

/// JSON for people to read and edit (`presets NAME --spec`): an object's members one a
/// line, indented by two spaces; an array of numbers, strings and booleans on one line
/// (`"position": [195, 422]`); every scalar written by `JSONWriter`, so the numbers are the
/// compact output's digit for digit.
enum PrettyJSON {
    static func bytes(_ value: JSONValue, fractionDigits: Int) -> [UInt8] {
        var out: [UInt8] = []
        write(value, depth: 0, fractionDigits: fractionDigits, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    private static func write(_ value: JSONValue, depth: Int, fractionDigits: Int, into out: inout [UInt8]) {
        switch value {
        case .object(let members) where !members.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                out += Array((i == 0 ? "\n" : ",\n").utf8) + indent(depth + 1)
                out += scalar(.string(member.key), fractionDigits: fractionDigits) + Array(": ".utf8)
                write(member.value, depth: depth + 1, fractionDigits: fractionDigits, into: &out)
            }
            out += Array("\n".utf8) + indent(depth) + [UInt8(ascii: "}")]
        case .array(let elements) where elements.contains(where: isContainer):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                out += Array((i == 0 ? "\n" : ",\n").utf8) + indent(depth + 1)
                write(element, depth: depth + 1, fractionDigits: fractionDigits, into: &out)
            }
            out += Array("\n".utf8) + indent(depth) + [UInt8(ascii: "]")]
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out += Array(", ".utf8) }
                out += scalar(element, fractionDigits: fractionDigits)
            }
            out.append(UInt8(ascii: "]"))
        default:
            out += scalar(value, fractionDigits: fractionDigits)
        }
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members): !members.isEmpty
        case .array: true
        default: false
        }
    }

    private static func scalar(_ value: JSONValue, fractionDigits: Int) -> [UInt8] {
        var writer = JSONWriter(fractionDigits: fractionDigits)
        writer.value(value)
        return writer.bytes
    }

    private static func indent(_ depth: Int) -> [UInt8] { [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth) }
}
