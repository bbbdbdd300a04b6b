/// Character classes and small grammar rules of RFC 9110 / RFC 9112.
enum HTTPSyntax {
    /// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_"
    ///       / "`" / "|" / "~" / DIGIT / ALPHA (RFC 9110 §5.6.2)
    static let tokenTable: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(c)] = true }
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(c)] = true }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(c)] = true }
        for c in "!#$%&'*+-.^_`|~".utf8 { table[Int(c)] = true }
        return table
    }()

    @inline(__always) static func isTokenChar(_ c: UInt8) -> Bool { tokenTable[Int(c)] }

    /// field-vchar / SP / HTAB, with obs-text (0x80–0xFF) allowed (RFC 9110 §5.5).
    @inline(__always) static func isFieldValueChar(_ c: UInt8) -> Bool {
        c == 0x09 || (c >= 0x20 && c != 0x7F)
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    static func isToken(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy(isTokenChar)
    }

    /// Content-Length = 1*DIGIT (RFC 9110 §8.6), at most 18 digits so it cannot overflow.
    static func parseContentLength(_ value: String) -> Int? {
        let utf8 = value.utf8
        guard !utf8.isEmpty, utf8.count <= 18 else { return nil }
        var n = 0
        for c in utf8 {
            guard isDigit(c) else { return nil }
            n = n * 10 + Int(c - 0x30)
        }
        return n
    }

    /// Host = uri-host [ ":" port ] (RFC 9110 §7.2, RFC 3986 §3.2.2–3.2.3): an IP-literal
    /// in brackets, or a reg-name of unreserved characters, sub-delims and
    /// percent-escapes (which covers IPv4 addresses); the port is digits. Empty is valid.
    static func isValidHost(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        var i = 0
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
            for c in bytes[1..<close] {
                guard
                    isHexDigit(c) || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
                        || isUnreserved(c) || isSubDelim(c)
                else { return false }
            }
            i = close + 1
        } else {
            while i < bytes.count, bytes[i] != UInt8(ascii: ":") {
                let c = bytes[i]
                if c == UInt8(ascii: "%") {
                    guard i + 2 < bytes.count, isHexDigit(bytes[i + 1]), isHexDigit(bytes[i + 2]) else { return false }
                    i += 3
                    continue
                }
                guard isUnreserved(c) || isSubDelim(c) else { return false }
                i += 1
            }
        }
        guard i < bytes.count else { return true }
        guard bytes[i] == UInt8(ascii: ":"), bytes.count - i - 1 <= 5 else { return false }
        return bytes[(i + 1)...].allSatisfy(isDigit)
    }

    @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool { hexValue(c) != nil }

    /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3)
    static func isUnreserved(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || isDigit(c)
            || c == UInt8(ascii: "-") || c == UInt8(ascii: ".") || c == UInt8(ascii: "_") || c == UInt8(ascii: "~")
    }

    /// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (RFC 3986 §2.2)
    static func isSubDelim(_ c: UInt8) -> Bool {
        "!$&'()*+,;=".utf8.contains(c)
    }
}
