import AnimaticCore

/// What an encoder is asked for, beyond the timeline itself.
public struct TimelineOptions: Hashable, Sendable {
    /// Frames per second of sampled output (1…240).
    public var fps: Int
    /// Include the sampled `frames` in JSON output.
    public var includeFrames: Bool
    /// SVG and CSS: play forever instead of once.
    public var loop: Bool
    /// Filmstrip: number of frames shown, within `filmstripFrameRange`.
    public var filmstripFrames: Int
    /// Swift: the name the animator's types are made from (a preset's or the spec's `name`);
    /// nil for `TransitionAnimator`.
    public var exportName: String?
    /// Swift: the preset document (`{"preset": …, "params": …}`) the spec was built from,
    /// so the export writes its geometry from the container (docs/EXPORT.md); nil for an
    /// inline spec.
    public var exportPreset: JSONValue?
    /// Swift: also implement `interruptibleAnimator(using:)` with one
    /// `UIViewPropertyAnimator` (`?interruptible=true`, `--interruptible`; docs/EXPORT.md).
    public var exportInterruptible = false
    /// Swift: geometry from the container (the default) or the spec's points
    /// (`?geometry=points`, `--geometry points`; docs/EXPORT.md).
    public var exportGeometry = SwiftExportGeometry.container
    /// SVG, filmstrip, CSS and Lottie: refer to uploaded images by their path
    /// `/v1/assets/<id>` instead of embedding them as data URIs (`?images=link`,
    /// `--images link`; docs/FORMATS.md, "Images"). Data URIs in the spec are always embedded.
    public var linkImages = false
    /// Raster formats: the frame, size, background, hold and dithering (`ImageOptions`).
    public var image = ImageOptions()

    /// How many frames a filmstrip may show: the first and the last at least.
    public static let filmstripFrameRange = 2...64

    public init(
        fps: Int = 60, includeFrames: Bool = false, loop: Bool = false, filmstripFrames: Int = 8,
        exportName: String? = nil, exportPreset: JSONValue? = nil
    ) {
        self.exportPreset = exportPreset
        self.exportName = exportName
        self.fps = fps
        self.includeFrames = includeFrames
        self.loop = loop
        self.filmstripFrames = filmstripFrames
    }
}
