/// The Unicode controls that make text display in another order than it is read by a
/// compiler, or break a line where none is seen: the bidirectional embeddings and
/// overrides U+202A–U+202E, the isolates U+2066–U+2069, and the line and paragraph
/// separators U+2028 and U+2029 — the "Trojan Source" characters (CVE-2021-42574;
/// Boucher & Anderson, 2021). Ids and labels are the spec's text; where the exports copy
/// them into source code or comments, these are written as escapes, never raw, so the
/// file reads as it compiles.
enum DisplayControls {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The scalar's code point as four upper-case hex digits (`202E`).
    static func hex(_ scalar: Unicode.Scalar) -> String { String(scalar.value, radix: 16, uppercase: true) }
}
