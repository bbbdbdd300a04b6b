import AnimaticCore
import AnimaticHTTP
import AnimaticRaster
import AnimaticRender

/// What a timeline request asks for besides the spec: the format (from `?format=` or
/// `Accept`) and the encoder options from the query (`fps`, `frames`, `loop`,
/// `filmstripFrames`; for the raster formats `t`, `frame`, `scale`, `background`,
/// `maxWidth`, `maxHeight`, `hold`, `dither`: `ImageOptions`) and `reduceMotion` (the spec
/// as Reduce Motion plays it, `ReduceMotion`). Everything else in the query of a preset
/// route is a preset parameter — and `scale` too when the format is not a raster one, as it
/// was before the raster formats (a preset's own `scale` goes in `params=` for a raster format).
struct TimelineRequest {
    static let optionNames: Set<String> = [
        "format", "fps", "frames", "loop", "filmstripFrames", "reduceMotion", "params", "interruptible",
        "geometry",
        "t", "frame", "background", "maxWidth", "maxHeight", "hold", "dither", "images",
    ]
    /// Options of the raster formats only; a preset parameter of the same name otherwise.
    static let rasterOnlyOptionNames: Set<String> = ["scale"]

    var format: OutputFormat
    var options: TimelineOptions
    /// Render the Reduce Motion cross-fade of the spec instead of the spec.
    var reduceMotion = false

    /// Reads the query and `Accept`; a bad option is a 400 problem, nothing acceptable a 406.
    static func parse(_ request: HTTPRequest, limits: SpecLimits) -> Result<TimelineRequest, Problem> {
        var options = TimelineOptions()
        var explicitFormat: OutputFormat?
        var explicitFPS: Int?
        var reduceMotion = false
        var image = ImageOptions()
        var scale: String?
        for (name, value) in request.queryItems {
            switch name {
            case "format":
                guard let f = OutputFormat(rawValue: value), TimelineEncoding.isAvailable(f) else {
                    let known = TimelineEncoding.availableFormats.map(\.rawValue).joined(separator: ", ")
                    let missing =
                        OutputFormat(rawValue: value) != nil
                        ? "\(value) is left out of this build (docs/DEPLOY.md); format must be one of: \(known)"
                        : "format must be one of: \(known)"
                    return .failure(.badParameter("format", missing))
                }
                explicitFormat = f
            case "fps":
                guard let n = Int(value), (1...limits.maxFPS).contains(n) else {
                    return .failure(.badParameter("fps", "fps must be a whole number from 1 to \(limits.maxFPS)"))
                }
                explicitFPS = n
            case "reduceMotion":
                guard let b = parseBool(value) else {
                    return .failure(.badParameter(name, "reduceMotion must be true or false"))
                }
                reduceMotion = b
            case "interruptible":
                guard let b = parseBool(value) else {
                    return .failure(.badParameter(name, "interruptible must be true or false"))
                }
                options.exportInterruptible = b
            case "geometry":
                guard let g = SwiftExportGeometry(rawValue: value) else {
                    return .failure(.badParameter(name, "geometry must be container or points"))
                }
                options.exportGeometry = g
            case "images":
                // Pictures: embedded as data URIs, or uploaded assets linked by their path.
                guard value == "embed" || value == "link" else {
                    return .failure(.badParameter(name, "images must be embed (data URIs) or link (/v1/assets/<id>)"))
                }
                options.linkImages = value == "link"
            case "frames", "loop":
                guard let b = parseBool(value) else {
                    return .failure(.badParameter(name, "\(name) must be true or false"))
                }
                if name == "frames" { options.includeFrames = b } else { options.loop = b }
            case "filmstripFrames":
                let range = TimelineOptions.filmstripFrameRange
                guard let n = Int(value), range.contains(n) else {
                    return .failure(
                        .badParameter(
                            "filmstripFrames",
                            "filmstripFrames must be a whole number from \(range.lowerBound) to \(range.upperBound)"))
                }
                options.filmstripFrames = n
            case "scale":
                scale = value
            default:
                if optionNames.contains(name) {
                    if let problem = ImageOptionReader.read(name, value, into: &image) { return .failure(problem) }
                }
                continue
            }
        }
        let format: OutputFormat
        if let explicitFormat {
            format = explicitFormat
        } else if let negotiated = MediaNegotiation.format(for: request.headers) {
            format = negotiated
        } else {
            let offered = OutputFormat.negotiable.map(\.mediaType).joined(separator: ", ")
            return .failure(
                Problem(
                    status: .notAcceptable, type: "not-acceptable", title: "No acceptable format",
                    detail: "Accept allows none of: \(offered). Or choose with ?format=.",
                    extensions: [("parameter", .string("Accept"))]))
        }
        // `scale` is always ours on a posted spec; on a preset route only for a raster format.
        if let scale, format.isRaster || request.method == .post,
            let problem = ImageOptionReader.read("scale", scale, into: &image)
        {
            return .failure(problem)
        }
        if format.isRaster {
            let maxFPS = format.maxFPS(limits)
            if let explicitFPS, explicitFPS > maxFPS {
                return .failure(
                    .badParameter(
                        "fps",
                        "fps must be a whole number from 1 to \(maxFPS) for \(format.rawValue): its delays are hundredths of a second and browsers stretch delays under 2 to 10 (docs/FORMATS.md)"
                    ))
            }
            options.fps = explicitFPS ?? ImageOptions.defaultFPS
            options.image = image
        } else {
            options.fps = explicitFPS ?? options.fps
        }
        return .success(TimelineRequest(format: format, options: options, reduceMotion: reduceMotion))
    }

    static func parseBool(_ value: String) -> Bool? {
        switch value.lowercased() {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: return nil
        }
    }

    /// The options as bytes for the content hash: only those the format's bytes depend on.
    var hashKey: [UInt8] {
        var key = "\(format.rawValue);fps=\(options.fps)"
        if format == .swift {
            key += ";name=\(options.exportName ?? "")"
            if options.exportInterruptible { key += ";interruptible" }
            if options.exportGeometry == .points { key += ";geometry=points" }
            // The preset a Swift export writes its geometry from (docs/EXPORT.md).
            if let preset = options.exportPreset {
                var json = JSONWriter()
                json.value(preset)
                key += ";preset=" + String(decoding: json.bytes, as: UTF8.self)
            }
        }
        key +=
            format == .json
            ? ";frames=\(options.includeFrames)"
            : ";frames=\(options.includeFrames);loop=\(options.loop);strip=\(options.filmstripFrames)"
        if options.linkImages { key += ";images=link" }
        if format.isRaster {
            let image = options.image
            switch image.still {
            case .last: key += ";still=last"
            case .time(let t): key += ";t=\(t)"
            case .frame(let n): key += ";frame=\(n)"
            }
            key +=
                ";scale=\(image.scale);bg=\(image.background?.hexString ?? "-");max=\(image.maxWidth ?? 0)x\(image.maxHeight ?? 0)"
                + ";hold=\(image.hold);dither=\(image.dither.rawValue)"
        }
        if reduceMotion { key += ";reduceMotion" }
        return Array(key.utf8)
    }

    /// Frame samples this request would compute, for the work limit.
    func frameSamples(_ timeline: Timeline) -> Int {
        Timeline.frameCount(duration: timeline.duration, fps: options.fps) * max(timeline.layers.count, 1)
    }
}

/// Preset parameters from a query: `?folds=3&operation=tab` or `?params={"folds":3}`.
/// Each value is read as JSON when it parses (`3`, `true`, `[0,0,100,200]`) and as a
/// string otherwise (`tab`), so the preset's own checks report type errors at `/params/x`.
enum PresetQuery {
    /// `rasterFormat`: the request's format is a raster one, so `scale` is its option
    /// (`TimelineRequest.rasterOnlyOptionNames`), not a preset parameter.
    static func params(_ request: HTTPRequest, rasterFormat: Bool = false) -> Result<JSONValue?, Problem> {
        var members: [(key: String, value: JSONValue)] = []
        for (name, value) in request.queryItems {
            if name == "params" {
                guard case .success(let parsed) = Result(catching: { try JSONParser.parse(value) }),
                    let object = parsed.objectMembers
                else {
                    return .failure(.badParameter("params", "params must be a JSON object, e.g. {\"folds\":3}"))
                }
                members.append(contentsOf: object)
                continue
            }
            if TimelineRequest.optionNames.contains(name) { continue }
            if rasterFormat && TimelineRequest.rasterOnlyOptionNames.contains(name) { continue }
            let parsed = (try? JSONParser.parse(value)) ?? .string(value)
            members.append((name, parsed))
        }
        return .success(members.isEmpty ? nil : .object(members))
    }
}
