import AnimaticCore

/// What a raster format (`OutputFormat.isRaster`) is asked for beyond the frame rate and
/// the loop: which frame a PNG shows, the pixel density, a background, a size to fit
/// within, a hold at the end and GIF's dithering. The API's query and the CLI's options
/// share these names (docs/API.md, "Raster formats"); AnimaticRaster turns them into its
/// drawing options.
public struct ImageOptions: Hashable, Sendable {
    /// The frame a PNG shows.
    public enum Still: Hashable, Sendable {
        /// The end of the timeline (the default: the state the transition leaves).
        case last
        /// The timeline at this many seconds (`t=`).
        case time(Double)
        /// Frame `n` at the request's `fps`, 0 being the start (`frame=`).
        case frame(Int)
    }

    /// GIF's palette: nearest colour, or a 4×4 ordered (Bayer) dither.
    public enum Dither: String, CaseIterable, Hashable, Sendable {
        case none
        case ordered
    }

    public var still: Still
    /// Pixels per point: 1, 2 or 3 (@1x, @2x, @3x).
    public var scale: Int
    /// The colour behind everything; nil: the spec's container background (transparent
    /// when it has none).
    public var background: Color?
    /// Fit within this many pixels, aspect ratio kept (nil: no bound).
    public var maxWidth: Int?
    public var maxHeight: Int?
    /// Seconds the last frame is held at the end of an animated format.
    public var hold: Double
    /// GIF only.
    public var dither: Dither

    /// `scale`'s values.
    public static let scaleRange = 1...3
    /// The longest side of a picture, in pixels. Our choice: it keeps one RGBA frame under
    /// 64 MiB (4096 × 4096 × 4), and it is what H.264's level 5.1 and VP9's level 5 take as a
    /// width (ITU-T H.264 Table A-1 bounds frame size by macroblocks; 4096 × 2304 is a level 5.1
    /// size), well under WebP's 16383 and GIF's 65535.
    public static let maxSide = 4096
    /// The shortest side of an MP4's picture, in pixels, after rounding up to even (as the
    /// video encoders do). OpenH264 2.3 (Debian's) refuses a smaller picture at its first
    /// frame (`EncodeFrame`: `cmUnsupportedData`; measured: 16 × 16 and 16 × 15 encode,
    /// 14 × 16 and 16 × 14 do not), so such a request is refused before any work.
    public static let minimumMP4Side = 16
    /// The longest hold, in seconds. Our choice: longer than any pause a reviewer needs, and
    /// it bounds the frames a hold adds.
    public static let maxHold = 10.0
    /// Frames per second of an animated raster format when the request names none. Our
    /// choice: 30 is what screen recordings and GIF tools use by default, and it halves the
    /// file against the vector formats' 60.
    public static let defaultFPS = 30

    public init(
        still: Still = .last, scale: Int = 1, background: Color? = nil, maxWidth: Int? = nil,
        maxHeight: Int? = nil, hold: Double = 0, dither: Dither = .none
    ) {
        self.still = still
        self.scale = scale
        self.background = background
        self.maxWidth = maxWidth
        self.maxHeight = maxHeight
        self.hold = hold
        self.dither = dither
    }

    /// A `background` as the query and the CLI write it: `#rgb`, `#rrggbb`, `#rrggbbaa`
    /// (the `#` may be left out, since a URL must escape it as `%23`) or `transparent`;
    /// nil for anything else.
    public static func parseBackground(_ text: String) -> Color? {
        if text.lowercased() == "transparent" { return .clear }
        return Color(hex: text.hasPrefix("#") ? text : "#" + text)
    }

    /// The picture's size in pixels for a container of `size` points: `scale` pixels per
    /// point, shrunk to fit within `maxWidth` × `maxHeight` with the aspect ratio kept (never
    /// enlarged), each side rounded up to whole pixels, at least 1 — AnimaticRaster's
    /// `FrameRasterizer` sizes its frames by the same rule (`RasterOptions.pixelsPerPoint`).
    public func pixelSize(container size: Size) -> (width: Int, height: Int) {
        let k = fit(container: size).pixelsPerPoint
        func pixels(_ points: Double) -> Int {
            let p = points * k - 1e-6
            return p.isFinite ? max(1, Int(min(p.rounded(.up), 1e12))) : Int(1e12)
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// The option that set the picture's size for a container of `size` points (the one
    /// to raise for a larger picture): `maxWidth` or `maxHeight` when it shrank the picture
    /// (the one that bound, as `pixelSize` applies them), else `scale`.
    public func sizeOption(container size: Size) -> String { fit(container: size).option }

    /// `scale` pixels per point, lowered by `maxWidth` and then `maxHeight` where they bind,
    /// and the option that set it last.
    private func fit(container size: Size) -> (pixelsPerPoint: Double, option: String) {
        let width = max(size.width, 1), height = max(size.height, 1)
        var fitted = (pixelsPerPoint: Double(max(scale, 1)), option: "scale")
        if let maxWidth, width * fitted.pixelsPerPoint > Double(maxWidth) {
            fitted = (Double(max(maxWidth, 1)) / width, "maxWidth")
        }
        if let maxHeight, height * fitted.pixelsPerPoint > Double(maxHeight) {
            fitted = (Double(max(maxHeight, 1)) / height, "maxHeight")
        }
        return fitted
    }

    /// The time a PNG shows in a timeline of `duration` seconds sampled at `fps`, or nil
    /// when `still` is past its end (a frame index past the last frame, a time past the
    /// duration).
    public func stillTime(duration: Double, fps: Int) -> Double? {
        switch still {
        case .last: return duration
        case .time(let t): return t >= 0 && t <= duration + 1e-9 ? min(t, duration) : nil
        case .frame(let n):
            let count = Timeline.frameCount(duration: duration, fps: fps)
            return n >= 0 && n < count ? min(Double(n) / Double(fps), duration) : nil
        }
    }

    /// The times the frames of an animated format are drawn at, and how long each is shown:
    /// the timeline's frames (`Timeline.frameTimes`), each shown until the next; the last,
    /// the end state, for one frame interval plus `hold`. The file lasts `duration + 1/fps
    /// + hold` seconds, so the end state is a frame of its own even with no hold, and a
    /// one-shot GIF stops on it.
    public func frameSchedule(duration: Double, fps: Int) -> [(time: Double, duration: Double)] {
        let times = Timeline.frameTimes(duration: duration, fps: fps)
        var schedule: [(time: Double, duration: Double)] = []
        schedule.reserveCapacity(times.count)
        for (k, t) in times.enumerated() {
            let next = k + 1 < times.count ? times[k + 1] : t + 1 / Double(fps) + hold
            schedule.append((t, next - t))
        }
        return schedule
    }
}
