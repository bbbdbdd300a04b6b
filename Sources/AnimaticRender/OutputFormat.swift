import AnimaticCore

/// The formats a timeline can be written in, by the names the CLI's `--format` and the
/// API's `format` take.
public enum OutputFormat: String, CaseIterable, Sendable {
    case json

    /// The media type of the encoded bytes.
    public var mediaType: String {
        switch self {
        case .json: return "application/json"
        }
    }

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .json: return "json"
        }
    }

    public func encode(_ timeline: Timeline, options: TimelineOptions) -> [UInt8] {
        switch self {
        case .json: return TimelineJSONEncoder.encode(timeline, options: options)
        }
    }
}
