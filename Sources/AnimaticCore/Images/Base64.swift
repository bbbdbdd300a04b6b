/// Base64 (RFC 4648 §4) for data URIs, without Foundation (Core is pure).
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The bytes of `text`; padding optional; nil for any other character or a bad length.
    public static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        var acc: UInt32 = 0
        var n = 0
        var padding = 0
        for c in text {
            let v: UInt32
            switch c {
            case 0x41...0x5A: v = UInt32(c - 0x41)
            case 0x61...0x7A: v = UInt32(c - 0x61 + 26)
            case 0x30...0x39: v = UInt32(c - 0x30 + 52)
            case 0x2B: v = 62
            case 0x2F: v = 63
            case 0x3D:
                padding += 1
                continue
            default: return nil
            }
            if padding > 0 { return nil }
            acc = acc << 6 | v
            n += 1
            if n == 4 {
                out.append(UInt8(acc >> 16)); out.append(UInt8(acc >> 8 & 0xFF)); out.append(UInt8(acc & 0xFF))
                acc = 0
                n = 0
            }
        }
        switch n {
        case 0: break
        case 2: out.append(UInt8(acc >> 4))
        case 3: out.append(UInt8(acc >> 10)); out.append(UInt8(acc >> 2 & 0xFF))
        default: return nil
        }
        return padding > 2 ? nil : out
    }

    /// `bytes` as padded base64 text.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let v = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for s in [18, 12, 6, 0] { out.append(alphabet[Int(v >> UInt32(s) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let v = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out.append(alphabet[Int(v >> 18 & 63)]); out.append(alphabet[Int(v >> 12 & 63)])
            out.append(rest == 2 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
