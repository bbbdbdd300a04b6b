import AnimaticCore
import AnimaticHTTP
import AnimaticRaster
import AnimaticRender

/// One render on the render lane within the response limit (`TimelineEncoding`: priced,
/// then encoded with the limit as its budget, text and raster formats alike), and the heap given back after it: after
/// every render whose output passed `trimThreshold` bytes, served or refused by the
/// budget, `MemoryTrim` runs once the render's garbage (its samples, the output buffer's
/// earlier copies, a refused output) is freed — glibc would otherwise keep it in its arenas.
enum BudgetedRender {
    /// Outputs above this leave enough garbage to give back (the spool's threshold, 1 MiB).
    static let trimThreshold = 1 << 20

    /// The encoded output of `spec`, or the refusal (`WorkRefusal.problem` is its 422).
    static func encode(
        _ spec: TransitionSpec, format: OutputFormat, options: TimelineOptions, limits: SpecLimits,
        maxResponseBytes: Int
    ) -> Result<[UInt8], TimelineEncodingError> {
        let output = TimelineEncoding.encode(
            spec, format: format, options: options, limits: limits, maxOutputBytes: maxResponseBytes
        ).map(\.bytes)
        let written: Int
        switch output {
        case .success(let bytes): written = bytes.count
        case .failure(.refused(let refusal)): written = refusal.kind == .outputWritten ? refusal.amount : 0
        case .failure(.encoderFailed): written = 0
        }
        if written > trimThreshold { MemoryTrim.releaseFreeMemory() }
        return output
    }
}
