import AnimaticCore

/// The formats a timeline can be written in, by the names the CLI's `--format` and the
/// API's `format` take.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// The JSON timeline (docs/TIMELINE.md).
    case json
    /// A self-playing SVG (SMIL, no script).
    case svg
    /// A static SVG grid of evenly spaced frames.
    case filmstrip
    /// Lottie (bodymovin) JSON.
    case lottie
    /// CSS `@keyframes` and a class per layer.
    case css
    /// A UIKit animation controller in Swift (docs/EXPORT.md).
    case swift

    /// The media type of the encoded bytes. Lottie has no registered type; it is served
    /// as `application/json`, what Lottie players and the bodymovin tools expect.
    public var mediaType: String {
        switch self {
        case .json, .lottie: return "application/json"
        case .svg, .filmstrip: return "image/svg+xml"
        case .css: return "text/css"
        case .swift: return "text/x-swift"
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .json: return "json"
        case .svg: return "svg"
        case .filmstrip: return "svg"
        case .lottie: return "json"
        case .css: return "css"
        case .swift: return "swift"
        }
    }

    /// The timeline written in this format, deterministic for the same timeline and options.
    public func encode(_ timeline: Timeline, options: TimelineOptions) -> [UInt8] {
        switch self {
        case .json: return TimelineJSONEncoder.encode(timeline, options: options)
        case .svg: return AnimatedSVGEncoder.encode(timeline, options: options)
        case .filmstrip: return FilmstripEncoder.encode(timeline, options: options)
        case .lottie: return LottieEncoder.encode(timeline, options: options)
        case .css: return CSSEncoder.encode(timeline, options: options)
        case .swift:
            return Array(
                SwiftAnimatorEncoder.encode(
                    timeline, name: options.exportName, preset: options.exportPreset,
                    interruptible: options.exportInterruptible
                ).source.utf8)
        }
    }
}
