import AnimaticCore
import Foundation

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
        if let found, found.spec == spec { return found.warnings }
        return find(spec)
    }

    static func find(_ spec: TransitionSpec) -> [SwiftExportWarning] {
        SwiftNumberSlots.literally { SwiftAnimatorEncoder.warnings(of: spec) }
    }

    /// A spec's warnings, found the first time they are asked for and then kept. The server
    /// asks after the render, for its `Animatic-Warning` headers, so a request refused by
    /// its price pays nothing for them: writing the Swift of a large spec to find them was
    /// two thirds of the CPU time of the deep tree's 422 (docs/BENCHMARKS.md, "Warnings on
    /// the render path").
    /// (`NSLock`: the module's imports stay within Foundation, `ModuleImportsTests`.)
    public final class Found: @unchecked Sendable {
        public let spec: TransitionSpec
        private let lock = NSLock()
        private var kept: [SwiftExportWarning]?

        public init(_ spec: TransitionSpec) { self.spec = spec }

        public var warnings: [SwiftExportWarning] {
            if let kept = lock.withLock({ kept }) { return kept }
            // Found outside the lock: finding them may ask for them again (`of`).
            let warnings = SpecWarnings.find(spec)
            lock.withLock { kept = warnings }
            return warnings
        }
    }

    @TaskLocal static var found: Found?

    /// Runs `body` with `found` bound, so that an encoder asking for the warnings of its spec
    /// (the JSON timeline's `warnings` member) gets the ones `found` keeps, and the caller
    /// reads them afterwards without writing the spec's Swift again: found twice, they were a
    /// large part of a JSON render's CPU time (docs/BENCHMARKS.md, "Warnings on the render
    /// path").
    public static func reusing<T>(_ found: Found, _ body: () -> T) -> T {
        $found.withValue(found, operation: body)
    }

    /// The most bytes of `Animatic-Warning` field lines (`Animatic-Warning: <value>` and
    /// CRLF) a response carries. Our choice, to keep a response head readable by common
    /// clients and proxies: nginx reads an upstream's whole head into `proxy_buffer_size`,
    /// one memory page (4 KiB) by default, and answers 502 past it; Python's `http.client`
    /// refuses more than 100 field lines. A spec of 1,024 clipped, shadowed layers had 1,025
    /// warnings, 186 KB of header lines. Every warning is still in the JSON bodies.
    public static let headerBudget = 2048

    /// The `Animatic-Warning` header values of `warnings`: one per warning (`headerValue`),
    /// in spec order, as many as fit in `headerBudget`; when some do not, the last value
    /// says how many more there are and where they all are (nothing is dropped silently).
    public static func headerValues(_ warnings: [SwiftExportWarning]) -> [String] {
        let values = warnings.map(headerValue)
        func cost(_ value: String) -> Int { "Animatic-Warning: ".utf8.count + value.utf8.count + 2 }
        func summary(_ left: Int) -> String {
            headerValue(
                SwiftExportWarning(
                    pointer: "",
                    message: "\(left) more warning\(left == 1 ? "" : "s") not sent as headers (\(headerBudget)-byte "
                        + "limit); the JSON timeline's \"warnings\" member and the body of POST /v1/validate list "
                        + "them all"))
        }
        if values.reduce(0, { $0 + cost($1) }) <= headerBudget { return values }
        var sent: [String] = []
        var used = 0
        for value in values {
            guard used + cost(value) + cost(summary(values.count - sent.count - 1)) <= headerBudget else { break }
            sent.append(value)
            used += cost(value)
        }
        return sent + [summary(values.count - sent.count)]
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
