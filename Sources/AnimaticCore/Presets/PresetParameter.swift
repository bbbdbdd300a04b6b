/// One parameter of a preset: its name, the kind and range of value it takes, its
/// default, and a sentence saying what it changes. Listed by `animatic presets` and
/// `GET /v1/presets`; checked by `PresetParameters`.
public struct PresetParameter: Hashable, Sendable {
    /// The kind of value and its accepted range. Nothing is clamped: a value outside
    /// the range is a problem at `/params/<name>`.
    public enum Kind: Hashable, Sendable {
        /// A number in `min…max`; `minExclusive` makes the lower end open (`> min`).
        case number(min: Double, max: Double, minExclusive: Bool)
        case integer(min: Int, max: Int)
        case bool
        /// One of the listed words.
        case choice([String])
        /// `[x, y, width, height]` in container points, width and height > 0.
        case rect
        /// `[[t, percent], …]`: `update(percent)` calls at wall times t.
        case progressSamples
        /// `[[t, x, y], …]`: finger positions at wall times t.
        case gestureSamples
        /// `[[t, scale], …]`: a pinch recognizer's scale (> 0) at wall times t.
        case scaleSamples
        /// An image: an asset id (`sha256-…`, from `POST /v1/assets`) or a data URI.
        case image

        /// How the kind reads in a listing: `number > 0 … 60`, `one of present, dismiss`.
        public var summary: String {
            switch self {
            case let .number(lo, hi, open):
                return "number \(open ? ">" : "≥") \(SpecDecoder.format(lo)), ≤ \(SpecDecoder.format(hi))"
            case let .integer(lo, hi): return "integer \(lo)…\(hi)"
            case .bool: return "true or false"
            case .choice(let words): return "one of \(words.joined(separator: ", "))"
            case .rect: return "[x, y, width, height]"
            case .progressSamples: return "[[t, percent], …]"
            case .gestureSamples: return "[[t, x, y], …]"
            case .scaleSamples: return "[[t, scale], …]"
            case .image: return "asset id (sha256-…) or data:image/…;base64,…"
            }
        }

        public var name: String {
            switch self {
            case .number: return "number"
            case .integer: return "integer"
            case .bool: return "bool"
            case .choice: return "choice"
            case .rect: return "rect"
            case .progressSamples: return "progress"
            case .gestureSamples: return "gesture"
            case .scaleSamples: return "scale"
            case .image: return "image"
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// The default as JSON; `null` when there is none (the parameter is optional) or it
    /// follows from other parameters — `summary` then says how.
    public var defaultValue: JSONValue
    public var summary: String

    public init(_ name: String, _ kind: Kind, default defaultValue: JSONValue, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }

    // Parameters most presets share.

    public static func duration(_ seconds: Double, _ summary: String) -> PresetParameter {
        PresetParameter("duration", .number(min: 0, max: 60, minExclusive: true), default: .number(seconds), summary)
    }

    public static let width = PresetParameter(
        "width", .number(min: 0, max: 10_000, minExclusive: true), default: .null,
        "container width in points (default 390 in portrait, 844 in landscape)")
    public static let height = PresetParameter(
        "height", .number(min: 0, max: 10_000, minExclusive: true), default: .null,
        "container height in points (default 844 in portrait, 390 in landscape)")
    public static let orientation = PresetParameter(
        "orientation", .choice(["portrait", "landscape"]), default: .string("portrait"),
        "device orientation; sets the default container size")

    /// The user's screens on the from- and to-views, which every preset takes
    /// (`PresetDefinition` adds them): each view then shows the image, aspect-fill, and so
    /// does every snapshot made of it.
    public static let fromImage = PresetParameter(
        "fromImage", .image, default: .null,
        "the from-view's screen: an asset id (POST /v1/assets) or a data URI, drawn aspect-fill over the view")
    public static let toImage = PresetParameter(
        "toImage", .image, default: .null,
        "the to-view's screen: an asset id (POST /v1/assets) or a data URI, drawn aspect-fill over the view")
}
