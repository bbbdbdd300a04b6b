/// Percent-decoding of URI components (RFC 3986 §2.1).
public enum PercentDecoding {
    /// Decodes `%XX` escapes. Returns `nil` for a malformed escape or a result that is
    /// not valid UTF-8. `+` is left alone (it is a space only in form bodies/queries).
    public static func decode<S: StringProtocol>(_ s: S) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = s.utf8.makeIterator()
        while let c = it.next() {
            if c == 0x25 {
                guard let h = it.next(), let l = it.next(),
                    let hv = HTTPSyntax.hexValue(h), let lv = HTTPSyntax.hexValue(l)
                else { return nil }
                bytes.append(hv << 4 | lv)
            } else {
                bytes.append(c)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
