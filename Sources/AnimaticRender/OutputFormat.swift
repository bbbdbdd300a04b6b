import AnimaticCore

/// The formats a timeline can be written in, by the names the CLI's `--format` and the
/// API's `format` take: the one list of formats, their media types and extensions.
///
/// The text formats are encoded here (`encode`); the raster formats (`isRaster`: PNG,
/// APNG, GIF, WebP, WebM, MP4) are drawn and encoded by AnimaticRaster (`RasterRendering`),
/// which holds the C libraries this module must not link; the server and the CLI choose
/// between the two families in one place (`TimelineEncoding`).
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
    /// One frame as a PNG (docs/FORMATS.md, "PNG").
    case png
    /// Animated PNG.
    case apng
    /// Animated GIF (GIF89a).
    case gif
    /// Animated WebP.
    case webp
    /// VP9 video in WebM.
    case webm
    /// H.264 video in MP4 (absent from builds without OpenH264: docs/DEPLOY.md).
    case mp4

    /// The media type of the encoded bytes. Lottie has no registered type; it is served
    /// as `application/json`, what Lottie players and the bodymovin tools expect.
    public var mediaType: String {
        switch self {
        case .json, .lottie: return "application/json"
        case .svg, .filmstrip: return "image/svg+xml"
        case .css: return "text/css"
        case .swift: return "text/x-swift"
        case .png: return "image/png"
        case .apng: return "image/apng"
        case .gif: return "image/gif"
        case .webp: return "image/webp"
        case .webm: return "video/webm"
        case .mp4: return "video/mp4"
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
        case .png: return "png"
        case .apng: return "png"
        case .gif: return "gif"
        case .webp: return "webp"
        case .webm: return "webm"
        case .mp4: return "mp4"
        }
    }

    /// Drawn as pixels by AnimaticRaster rather than written as text here.
    public var isRaster: Bool {
        switch self {
        case .json, .svg, .filmstrip, .lottie, .css, .swift: return false
        case .png, .apng, .gif, .webp, .webm, .mp4: return true
        }
    }

    /// A raster format of many frames (everything raster but PNG, which is one frame).
    public var isAnimatedRaster: Bool { isRaster && self != .png }

    /// The most frames per second the format can show. GIF stores delays in hundredths of
    /// a second and browsers stretch delays under 2 hundredths to 10 (Chromium's and
    /// Firefox's GIF decoders; docs/FORMATS.md, "GIF"), so 50; the others take the spec
    /// limit (`SpecLimits.maxFPS`).
    public func maxFPS(_ limits: SpecLimits) -> Int {
        self == .gif ? min(50, limits.maxFPS) : limits.maxFPS
    }

    /// The timeline written in this format, deterministic for the same timeline and options.
    /// Text formats only: a raster format is drawn by AnimaticRaster (`TimelineEncoding`
    /// dispatches), so asking for one here is a programming error.
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
                    interruptible: options.exportInterruptible, geometry: options.exportGeometry
                ).source.utf8)
        case .png, .apng, .gif, .webp, .webm, .mp4:
            preconditionFailure("OutputFormat.encode: \(rawValue) is drawn by AnimaticRaster (TimelineEncoding)")
        }
    }
}
