import AnimaticCore

/// What a spec asks for that UIKit code cannot express exactly (a step curve, a spring that
/// outlives its block, a clipped shadow…): the warnings of the Swift export, computed in one
/// place from the compiled spec and returned with every format — a `warnings` array in JSON
/// bodies (the timeline, `/v1/validate`), one `Animatic-Warning` header each, the CLI's
/// standard error. They come from the Swift writer itself (its plain pass, numbers as
/// literals), so the list is the one the Swift file's first lines give. See docs/API.md,
/// "Warnings", and docs/EXPORT.md, "What cannot be expressed".
public enum SpecWarnings {
    /// The warnings of `spec` (the spec as compiled: after `reduceMotion`), in spec order.
    public static func of(_ spec: TransitionSpec) -> [SwiftExportWarning] {
        SwiftNumberSlots.literally { SwiftAnimatorEncoder.warnings(of: spec) }
    }

    /// The `Animatic-Warning` header value of a warning: `<JSON pointer>: <sentence>`, with
    /// anything but printable ASCII as `?` (a header field value is ASCII here, RFC 9110 §5.5).
    public static func headerValue(_ warning: SwiftExportWarning) -> String {
        String(
            warning.description.unicodeScalars.map {
                $0.isASCII && $0.value >= 0x20 && $0.value != 0x7f ? Character($0) : "?"
            })
    }

    /// `[{"pointer": …, "message": …}, …]`.
    public static func write(_ warnings: [SwiftExportWarning], into w: inout JSONWriter) {
        w.raw("[")
        for (i, warning) in warnings.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{")
            w.key("pointer")
            w.string(warning.pointer)
            w.raw(",")
            w.key("message")
            w.string(warning.message)
            w.raw("}")
        }
        w.raw("]")
    }
}
