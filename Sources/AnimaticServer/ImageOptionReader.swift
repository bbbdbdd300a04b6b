import AnimaticRender

/// Reads the raster formats' query options into `ImageOptions`, each bad value a 400
/// `bad-parameter` problem naming it (docs/API.md, "Raster formats"). The CLI checks the
/// same ranges (`RenderCommand`).
enum ImageOptionReader {
    /// The problem with `value` as the option `name`, or nil once it is read into `image`.
    static func read(_ name: String, _ value: String, into image: inout ImageOptions) -> Problem? {
        switch name {
        case "t":
            guard let t = Double(value), t.isFinite, t >= 0 else {
                return .badParameter("t", "t must be a time in seconds, 0 or more (at most the timeline's duration)")
            }
            if case .frame = image.still { return .badParameter("t", "give t or frame, not both") }
            image.still = .time(t)
        case "frame":
            guard let n = Int(value), n >= 0 else {
                return .badParameter("frame", "frame must be a whole number, 0 or more (frame 0 is the start)")
            }
            if case .time = image.still { return .badParameter("frame", "give t or frame, not both") }
            image.still = .frame(n)
        case "scale":
            let range = ImageOptions.scaleRange
            guard let n = Int(value), range.contains(n) else {
                return .badParameter(
                    "scale", "scale must be 1, 2 or 3 (@1x, @2x, @3x)")
            }
            image.scale = n
        case "background":
            guard let color = ImageOptions.parseBackground(value) else {
                return .badParameter(
                    "background", "background must be #rrggbb, #rrggbbaa (# written %23 in a URL) or transparent")
            }
            image.background = color
        case "maxWidth", "maxHeight":
            guard let n = Int(value), (1...ImageOptions.maxSide).contains(n) else {
                return .badParameter(name, "\(name) must be a whole number of pixels from 1 to \(ImageOptions.maxSide)")
            }
            if name == "maxWidth" { image.maxWidth = n } else { image.maxHeight = n }
        case "hold":
            guard let s = Double(value), s.isFinite, s >= 0, s <= ImageOptions.maxHold else {
                return .badParameter(
                    "hold", "hold must be a number of seconds from 0 to \(Int(ImageOptions.maxHold))")
            }
            image.hold = s
        case "dither":
            guard let d = ImageOptions.Dither(rawValue: value) else {
                return .badParameter(
                    "dither",
                    "dither must be one of: \(ImageOptions.Dither.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            image.dither = d
        default:
            break
        }
        return nil
    }
}
