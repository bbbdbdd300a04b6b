/// Text put into HTML that the server writes (the short-link and embed pages): nothing a
/// link's state holds — a spec's name, a label, a preset name, the Host header — can open
/// or close an element, an attribute or a script.
enum HTMLText {
    /// For element content and double- or single-quoted attribute values: the five
    /// characters that mean something in HTML (`& < > " '`) as character references.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON for the inside of a `<script type="application/json">`: `<`, `>` and `&` as
    /// `\u003c`, `\u003e`, `\u0026` (so `</script>` and `<!--` cannot occur in it), and
    /// U+2028 and U+2029 escaped too. Those characters occur only inside JSON strings, where
    /// the escapes mean the same characters, so `JSON.parse` of the element's text gives the
    /// same value back.
    static func scriptJSON(_ json: [UInt8]) -> String {
        var out = ""
        out.reserveCapacity(json.count)
        for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
