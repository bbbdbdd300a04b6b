import AnimaticCore

/// What encoding a spec will cost, known from the spec and the options before any work:
/// before compiling, sampling or encoding. One pricing for the server (a 422
/// `too-much-work`) and the CLI (`animatic render`, an error), so both refuse the same
/// requests.
///
/// The timeline's duration comes from the spec alone (`TransitionSpec.timelineDuration`),
/// so the layer samples — the frames, the refinement's budget (`FrameSamples`) and both
/// sides of every jump the changes may make — and an upper estimate of the output bytes are priced
/// without building a track. Each layer costs, per sample, what every layer writes
/// (`Costs.base`) plus what it may add: its ancestors' clip polygon (`Costs.perClipVertex`
/// × the most vertices the clipping ancestors' intersection can have, `clipVertexBound`),
/// a gradient or content, a shadow, a border. Formats that write keyframes rather than
/// samples (JSON without `frames`, Swift) cost a fixed amount per layer and per change,
/// more for a spring (its curve is written as samples). Pictures add their decoding or
/// their written bytes (`ImagePricing`).
///
/// The costs are our measurements (2026-11: `WorkEstimateTests` encodes every preset, deep
/// clipped trees, wide trees, springs and keyframes in every format and checks that the
/// estimate is never below the encoded size); each is the largest bytes per unit seen
/// there, rounded up with a margin, so the estimate errs high. The encoders also stop
/// once their output passes the render's budget (`RenderBudget`), so an estimate that is
/// low for some spec costs at most the budget, never the whole output.
public struct WorkEstimate: Sendable {
    public let format: OutputFormat
    public let fps: Int
    /// Frames each layer is sampled at (0: not sampled).
    public let frames: Int
    public let layers: Int
    /// Frames × layers: what `SpecLimits.maxFrameSamples` bounds.
    public let samples: Int
    /// An upper estimate of the encoded size (0 for the raster formats: a compressed
    /// picture's size is not known before it is drawn; their encoders stop at the output
    /// limit instead, `RasterEncodingError.overByteLimit`).
    public let outputBytes: Int
    /// The timeline's duration in seconds, from the spec.
    public let duration: Double
    /// PNG: the frame asked for (`ImageOptions.still`).
    public let still: ImageOptions.Still
    /// Raster formats: the picture's size in pixels (`ImageOptions.pixelSize`); 0 otherwise.
    public let width: Int
    public let height: Int
    /// Raster formats: the option that set the size (`ImageOptions.sizeOption`).
    public let sizeOption: String
    /// Raster formats: the work of drawing and encoding, in pixel-layer samples — frames ×
    /// pixels × (layers + the format's encoding weight, `rasterWeight`); 0 otherwise.
    public let rasterWork: Int

    /// The output limit when none is given: the server's default `--max-response-mb` (64),
    /// which `animatic render` uses too. Our choice: a few hundred layers at 60 fps fit.
    public static let defaultMaxOutputBytes = 64 << 20

    /// The most raster work a render may take (`rasterWork`). Our choice, from our
    /// measurements (docs/FORMATS.md, "Raster formats": drawing costs about 7 ns of one core
    /// per pixel-layer sample, release build, 2026-11): about 20 s of one core, two thirds of
    /// the default render deadline, so a refused request is one that would have timed out;
    /// the fold (18 layers) or a 20-layer spec for 1 s at 30 fps @3x as GIF or MP4 fits.
    public static let maxRasterWork = 3_000_000_000

    /// The cost of encoding one pixel of one frame in a raster format, in units of one
    /// layer drawn over that pixel: the format's CPU time per frame beyond drawing, divided
    /// by the drawing's time per pixel-layer sample (our measurements: the fold at 30 fps
    /// @1x, release build, one core — drawing 6.9 ns per pixel-layer; encoding per pixel
    /// GIF ≈ 3 ns, MP4 27 ns, APNG and PNG 100 ns, WebP (lossless) 295 ns, WebM (VP9) see
    /// docs/FORMATS.md; rounded up, so the estimate errs high).
    public static func rasterWeight(_ format: OutputFormat) -> Int {
        switch format {
        case .png, .apng: return 16
        case .gif: return 2
        case .webp: return 44
        case .webm: return 24
        case .mp4: return 4
        case .json, .svg, .filmstrip, .lottie, .css, .swift: return 0
        }
    }

    /// Bytes per unit of one format (see the type's note for where they come from).
    public struct Costs: Sendable {
        /// Per layer, whatever it animates: its description, header, paint.
        public var perLayer: Int
        /// Per frame, whatever the layers: a frame's time, a filmstrip cell.
        public var perFrame: Int
        /// Per layer sample: what every layer writes.
        public var base: Int
        /// Per layer sample with a gradient or content.
        public var painted: Int
        /// Per layer sample and vertex of its ancestors' clip polygon.
        public var perClipVertex: Int
        /// Per layer sample with a shadow.
        public var shadow: Int
        /// Per layer sample with a border.
        public var border: Int
        /// Per property change or keyframe of the spec, in the formats that write them.
        public var perChange: Int
        /// Per spring-timed change, in the formats that write spring curves as samples.
        public var perSpringChange: Int
    }

    /// The costs of `format`.
    public static func costs(_ format: OutputFormat) -> Costs {
        switch format {
        case .json:
            return Costs(
                perLayer: 2048, perFrame: 64, base: 840, painted: 0, perClipVertex: 40, shadow: 160, border: 96,
                perChange: 512,
                perSpringChange: 16384)
        case .svg:
            return Costs(
                perLayer: 4096, perFrame: 64, base: 720, painted: 160, perClipVertex: 28, shadow: 160, border: 240,
                perChange: 0,
                perSpringChange: 0)
        case .filmstrip:
            return Costs(
                perLayer: 4096, perFrame: 1024, base: 720, painted: 160, perClipVertex: 28, shadow: 160, border: 240,
                perChange: 0,
                perSpringChange: 0)
        case .lottie:
            return Costs(
                perLayer: 4096, perFrame: 64, base: 640, painted: 910, perClipVertex: 48, shadow: 480, border: 720,
                perChange: 0,
                perSpringChange: 0)
        case .css:
            return Costs(
                perLayer: 2048, perFrame: 64, base: 440, painted: 0, perClipVertex: 40, shadow: 96, border: 96,
                perChange: 0,
                perSpringChange: 0)
        case .swift:
            return Costs(
                perLayer: 4096, perFrame: 0, base: 0, painted: 0, perClipVertex: 0, shadow: 0, border: 0,
                perChange: 1024,
                perSpringChange: 1024)
        case .png, .apng, .gif, .webp, .webm, .mp4:
            // Not priced in bytes (see `outputBytes`): `rasterWork` prices their work.
            return Costs(
                perLayer: 0, perFrame: 0, base: 0, painted: 0, perClipVertex: 0, shadow: 0, border: 0, perChange: 0,
                perSpringChange: 0)
        }
    }

    /// `spec` is the spec that will be compiled (after Reduce Motion, which adds layers).
    public init(_ spec: TransitionSpec, format: OutputFormat, options: TimelineOptions) {
        self.format = format
        fps = options.fps
        layers = max(spec.layers.count, 1)
        let duration = spec.timelineDuration
        self.duration = duration
        still = options.image.still
        let sampledFrames = Timeline.frameCount(duration: duration, fps: options.fps)
        switch format {
        case .json: frames = options.includeFrames ? sampledFrames : 0
        case .filmstrip: frames = options.filmstripFrames
        // UIKit code: keyframes and curves, not frames (its size does not change with fps).
        case .swift: frames = 0
        // One picture.
        case .png: frames = 1
        default: frames = sampledFrames
        }
        samples = frames * layers
        if format.isRaster {
            outputBytes = 0
            (width, height) = options.image.pixelSize(container: spec.container.size)
            sizeOption = options.image.sizeOption(container: spec.container.size)
            rasterWork = frames.multipliedClamped(width.multipliedClamped(height))
                .multipliedClamped(layers + Self.rasterWeight(format))
                .addingClamped(ImagePricing.rasterWork(spec))
        } else {
            outputBytes = Self.outputBytes(spec, format: format, frames: frames, duration: duration)
                .addingClamped(ImagePricing.outputBytes(spec, format: format, link: options.linkImages))
            (width, height, rasterWork) = (0, 0, 0)
            sizeOption = "scale"
        }
    }

    /// The most vertices of the clip polygon a layer under a clipping ancestor carries: the
    /// intersection of convex polygons has at most as many edges as they have together, and
    /// each ancestor's projected bounds have 4 corners, or `4 × (ClipPolygon.cornerSegments
    /// + 1)` when rounded, plus one where the perspective's near plane cuts them.
    public static func clipVertexBound(rounded: Bool) -> Int {
        (rounded ? 4 * (ClipPolygon.cornerSegments + 1) : 4) + 1
    }

    private static func outputBytes(_ spec: TransitionSpec, format: OutputFormat, frames: Int, duration: Double) -> Int
    {
        let cost = costs(format)
        var index: [String: Int] = [:]
        for (i, layer) in spec.layers.enumerated() { index[layer.id] = i }
        // What the animations change: decorations that may appear, corners that may round;
        // and the most distinct times where a value may jump (`Timeline.jumpTimes`: a
        // block's `steps`, its start and end for `hidden`, a keyframe block's key times,
        // the completion, an interactive run's end), each sampled on both sides.
        var shadowed = Set<String>(), bordered = Set<String>(), rounded = Set<String>()
        var changes = 0, springChanges = 0
        var jumps = spec.interaction == nil ? 0 : 1
        func note(_ change: PropertyChange, spring: Bool) {
            changes += 1
            if spring { springChanges += 1 }
            switch change.property {
            case .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor: shadowed.insert(change.layer)
            case .borderWidth, .borderColor: bordered.insert(change.layer)
            case .cornerRadius: rounded.insert(change.layer)
            default: break
            }
        }
        for animation in spec.animations {
            switch animation {
            case .block(let block):
                jumps += block.timing.steps + (block.changes.contains { $0.property == .hidden } ? 2 : 0)
                for change in block.changes { note(change, spring: block.timing.isSpring) }
            case .keyframes(let keyframes):
                jumps += keyframes.timing.steps + 2 * (keyframes.keyframes.count + 1)
                for keyframe in keyframes.keyframes {
                    for change in keyframe.changes { note(change, spring: keyframes.timing.isSpring) }
                }
            }
        }
        let completion = spec.completion + spec.completionIfFinished + spec.completionIfCancelled
        if !completion.isEmpty { jumps += 2 }
        for change in completion { note(change, spring: false) }
        // Vertices of each layer's clip polygon: the bounds of every clipping ancestor
        // (memoised down the tree; the decoder has refused cycles and unknown parents).
        var clipVertices = [Int?](repeating: nil, count: spec.layers.count)
        func vertices(under i: Int, depth: Int) -> Int {
            if let known = clipVertices[i] { return known }
            guard depth < spec.layers.count, let parentID = spec.layers[i].parent, let p = index[parentID] else {
                clipVertices[i] = 0
                return 0
            }
            let parent = spec.layers[p]
            let own =
                parent.clips
                ? clipVertexBound(rounded: parent.cornerRadius > 0 || rounded.contains(parent.id)) : 0
            let total = own + vertices(under: p, depth: depth + 1)
            clipVertices[i] = total
            return total
        }
        // Layer samples: the frames; the jumps' two sides (the sampler takes at most as many
        // jumps as frames) and the refinement's budget, where the format samples a timeline.
        var perLayerSamples = frames
        if frames > 0 && format != .filmstrip {
            perLayerSamples +=
                2 * min(jumps, frames) + FrameSamples.refinementBudget(duration: duration, frames: frames, layers: 1)
        }
        var total = spec.layers.isEmpty ? cost.perLayer : 0
        for (i, layer) in spec.layers.enumerated() {
            var perSample = cost.base + cost.perClipVertex * vertices(under: i, depth: 0)
            if layer.gradient != nil || layer.content != nil { perSample += cost.painted }
            if layer.shadow.opacity > 0 || shadowed.contains(layer.id) { perSample += cost.shadow }
            if layer.border.width > 0 || bordered.contains(layer.id) { perSample += cost.border }
            total = total.addingClamped(cost.perLayer).addingClamped(perSample.multipliedClamped(perLayerSamples))
        }
        total = total.addingClamped(cost.perFrame.multipliedClamped(perLayerSamples))
        total = total.addingClamped(cost.perChange.multipliedClamped(changes))
        return total.addingClamped(cost.perSpringChange.multipliedClamped(springChanges))
    }

    /// Why this work is refused under `limits` and an output limit of `maxOutputBytes`, or
    /// nil within both.
    public func refusal(limits: SpecLimits, maxOutputBytes: Int) -> WorkRefusal? {
        if format == .png, ImageOptions(still: still).stillTime(duration: duration, fps: fps) == nil {
            let lastFrame = Timeline.frameCount(duration: duration, fps: fps) - 1
            switch still {
            case .frame(let n):
                return WorkRefusal(
                    kind: .framePastEnd, format: format, fps: fps, frames: lastFrame + 1, layers: layers,
                    limit: lastFrame, amount: n)
            case .time(let t):
                let ms = t.isFinite ? Int(min(max(t * 1000, -1e15), 1e15).rounded()) : Int.max
                return WorkRefusal(
                    kind: .timePastEnd, format: format, fps: fps, frames: lastFrame + 1, layers: layers,
                    limit: Int((duration * 1000).rounded()), amount: ms)
            case .last: break
            }
        }
        if format.isRaster, max(width, height) > ImageOptions.maxSide {
            return WorkRefusal(
                kind: .pixelSize, format: format, fps: fps, frames: frames, layers: layers,
                limit: ImageOptions.maxSide, amount: max(width, height))
        }
        let shorterVideoSide = min(width + width % 2, height + height % 2)
        if format == .mp4, shorterVideoSide < ImageOptions.minimumMP4Side {
            return WorkRefusal(
                kind: .mp4TooSmall(option: sizeOption), format: format, fps: fps, frames: frames, layers: layers,
                limit: ImageOptions.minimumMP4Side, amount: shorterVideoSide)
        }
        if format != .filmstrip, samples > limits.maxFrameSamples {
            return WorkRefusal(
                kind: .frameSamples, format: format, fps: fps, frames: frames, layers: layers,
                limit: limits.maxFrameSamples, amount: samples)
        }
        if outputBytes > maxOutputBytes {
            return WorkRefusal(
                kind: .outputEstimate, format: format, fps: fps, frames: frames, layers: layers,
                limit: maxOutputBytes, amount: outputBytes)
        }
        if rasterWork > Self.maxRasterWork {
            return WorkRefusal(
                kind: .rasterWork, format: format, fps: fps, frames: frames, layers: layers,
                limit: Self.maxRasterWork, amount: rasterWork)
        }
        return nil
    }
}

/// Why a render is refused: too many frame samples, an estimated output over the limit,
/// or an output that crossed the limit while it was encoded (`RenderBudget`).
public struct WorkRefusal: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// `amount` frame samples, more than `SpecLimits.maxFrameSamples` (`limit`).
        case frameSamples
        /// An estimated output of `amount` bytes, more than the limit.
        case outputEstimate
        /// The encoder passed the limit: `amount` bytes were written when it stopped.
        case outputWritten
        /// A raster picture `amount` pixels on its longest side, more than
        /// `ImageOptions.maxSide` (`limit`).
        case pixelSize
        /// Raster work of `amount` pixel-layer samples, more than `WorkEstimate.maxRasterWork`.
        case rasterWork
        /// An MP4 picture `amount` pixels on its shorter side (rounded up to even), less than
        /// `ImageOptions.minimumMP4Side` (`limit`); `option` set its size.
        case mp4TooSmall(option: String)
        /// A PNG's `frame=` (`amount`) past the last frame (`limit`, its index at the fps).
        case framePastEnd
        /// A PNG's `t=` (`amount` milliseconds) past the end of the timeline (`limit` ms).
        case timePastEnd
    }

    public let kind: Kind
    public let format: OutputFormat
    public let fps: Int
    public let frames: Int
    public let layers: Int
    public let limit: Int
    public let amount: Int

    /// The refusal of an output that passed `limit` while it was encoded (`written` bytes).
    public static func outputWritten(_ written: Int, format: OutputFormat, limit: Int) -> WorkRefusal {
        WorkRefusal(kind: .outputWritten, format: format, fps: 0, frames: 0, layers: 0, limit: limit, amount: written)
    }

    /// The option that multiplies the work (what a client lowers to get under a limit).
    public var parameter: String {
        switch kind {
        case .pixelSize: return "scale"
        case .mp4TooSmall(let option): return option
        case .framePastEnd: return "frame"
        case .timePastEnd: return "t"
        case .rasterWork: return format == .png ? "scale" : "fps"
        default: return format == .filmstrip ? "filmstripFrames" : "fps"
        }
    }
}

extension TimingSpec {
    /// Springs are written as sampled curves by the JSON timeline.
    fileprivate var isSpring: Bool {
        switch self {
        case .springDamping, .springPhysical, .springPerceptual: return true
        default: return false
        }
    }

    /// The jumps of a `steps` curve per change (0 for the others).
    fileprivate var steps: Int {
        if case .steps(let n) = self { return n }
        return 0
    }
}

extension Int {
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    func multipliedClamped(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}
