import AnimaticCore
import AnimaticRender

/// Every format's output of a spec, priced and bounded the same way, for the server and the
/// CLI: the one place that chooses between the two families of `OutputFormat` — the text
/// formats (`BudgetedEncoding`, AnimaticRender) and the raster formats (`RasterRendering`).
public enum TimelineEncoding {
    /// The compiled timeline and its encoded output, or why it is refused or failed.
    public static func encode(
        _ spec: TransitionSpec, format: OutputFormat, options: TimelineOptions, limits: SpecLimits,
        maxOutputBytes: Int
    ) -> Result<(timeline: Timeline, bytes: [UInt8]), TimelineEncodingError> {
        if format.isRaster {
            return RasterRendering.encode(
                spec, format: format, options: options, limits: limits, maxOutputBytes: maxOutputBytes)
        }
        return BudgetedEncoding.encode(
            spec, format: format, options: options, limits: limits, maxOutputBytes: maxOutputBytes
        ).mapError(TimelineEncodingError.refused)
    }

    /// Whether this build can write `format`: every format but MP4 in a build without
    /// OpenH264 (docs/DEPLOY.md, "MP4 and OpenH264").
    public static func isAvailable(_ format: OutputFormat) -> Bool {
        !format.isRaster || RasterEncoders.supports(format)
    }

    /// The formats this build writes, in `OutputFormat.allCases`' order.
    public static var availableFormats: [OutputFormat] { OutputFormat.allCases.filter(isAvailable) }
}

/// Why a render gave no output: refused by its price or its output limit (a 4xx), or a
/// C library failed while encoding (a 5xx: no request should cause one).
public enum TimelineEncodingError: Error, Sendable {
    case refused(WorkRefusal)
    case encoderFailed(format: OutputFormat, reason: String)
}
