/// Something in a spec that the generated Swift cannot express exactly. Each one is
/// written into the file as a comment at the top (and at the place it concerns) and sent
/// by the API as an `Animatic-Warning` header: nothing is dropped silently.
public struct SwiftExportWarning: Hashable, Sendable {
    /// The JSON pointer of the spec part concerned.
    public var pointer: String
    public var message: String

    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// The marker that starts each warning line in the file's header comment.
    static let marker = "// NOT EXPRESSIBLE "

    /// One line, as written in the file and in the header: `/animations/2/timing: …`.
    public var description: String { "\(pointer.isEmpty ? "/" : pointer): \(message)" }

    /// The warnings listed in the header comment of a generated file (the lines before
    /// the first `import`), so a cached body yields its warnings without the spec.
    public static func parse(fromSource bytes: [UInt8]) -> [String] {
        var warnings: [String] = []
        var lineStart = 0
        let markerBytes = Array(marker.utf8)
        for i in 0...bytes.count where i == bytes.count || bytes[i] == UInt8(ascii: "\n") {
            let line = bytes[lineStart..<i]
            lineStart = i + 1
            if line.starts(with: Array("import ".utf8)) { break }
            if line.starts(with: markerBytes) {
                warnings.append(String(decoding: line.dropFirst(markerBytes.count), as: UTF8.self))
            }
        }
        return warnings
    }
}
