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
        if let known, known.spec == spec { return known.warnings }
        return SwiftNumberSlots.literally { SwiftAnimatorEncoder.warnings(of: spec) }
    }

    /// Warnings already found for a spec, bound while it is encoded (`reusing`).
    struct Known: Sendable {
        var spec: TransitionSpec
        var warnings: [SwiftExportWarning]
    }

    @TaskLocal static var known: Known?

    /// Runs `body` with `warnings` known to be those of `spec`, so that an encoder asking for
    /// them (the JSON timeline's `warnings` member) gets them without writing the spec's Swift
    /// again. The server finds them once per request for its `Animatic-Warning` headers;
    /// found twice, they were a large part of a JSON render's CPU time (docs/BENCHMARKS.md,
    /// "Warnings on the render path").
    public static func reusing<T>(_ warnings: [SwiftExportWarning], for spec: TransitionSpec, _ body: () -> T) -> T {
        $known.withValue(Known(spec: spec, warnings: warnings), operation: body)
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
