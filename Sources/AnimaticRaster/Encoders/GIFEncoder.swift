/// An animated GIF (GIF89a through giflib), one image per frame, each after the first
/// covering only the rectangle that changed.
///
/// - **Colour.** GIF has one bit of alpha: a pixel with alpha < 128 is transparent, any
///   other shows its straight (un-premultiplied) colour. Each image has its own palette
///   (a local colour table) built from the pixels it stores: exact when they have at most
///   256 colours (255 when a transparent index is needed), otherwise a median cut
///   (`MedianCut`), with `dither: .ordered` adding a Bayer pattern first.
/// - **Changed rectangles.** Pixels inside the rectangle that did not change are written as
///   the transparent index (the previous image shows through; disposal "keep"), which LZW
///   packs into almost nothing. When a pixel turns transparent, the previous image is
///   disposed to the background instead and the new one redraws the union of both
///   rectangles, since "keep" cannot make a pixel transparent again.
/// - **Timing.** Delays are centiseconds (GIF89a, section 23), accumulated from the exact
///   frame times (`CumulativeTicks`), so every frame ends within 5 ms of its exact time and
///   the total equals the duration within 5 ms. Browsers stretch delays under 2 cs to 10 cs,
///   so the callers cap GIF at 50 fps. Identical consecutive frames become one longer image.
/// - **Memory.** The previous frame's pixels and the previous image's indices (its disposal
///   is decided by the next frame), never the whole animation. The per-image buffers (the
///   colour numbers, the indices once written) are kept for the next image, where each image
///   allocated its own and its indices were copied once more on their way to giflib.
public final class GIFEncoder: AnimationEncoder {
    public let width: Int
    public let height: Int
    public let dither: GIFDither

    private let writer: GIFFileWriter
    private var delays = CumulativeTicks(ticksPerSecond: 100)
    private var previous: [UInt32] = []
    private var current: [UInt32] = []
    private var pending: (image: GIFFileWriter.Image, duration: Double)?
    /// Each pixel's colour number, for the image being made (its first `rect.area` entries).
    private var pixelNumbers: [Int32] = []
    /// The indices of the last image written, whose storage the next image reuses.
    private var spareIndices: [UInt8] = []
    private var finished = false

    /// A GIF of `width` × `height` pixels (1…65535) that repeats forever when `loop`, and
    /// fails with `RasterEncodingError.overByteLimit` once it would pass `byteLimit` bytes.
    public init(width: Int, height: Int, loop: Bool, byteLimit: Int, dither: GIFDither = .none) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw RasterEncodingError.invalidParameter("GIF size \(width)×\(height) is outside 1…65535")
        }
        self.width = width
        self.height = height
        self.dither = dither
        writer = try GIFFileWriter(width: width, height: height, loop: loop, byteLimit: byteLimit)
    }

    public func add(_ frame: RasterFrame, duration: Double) throws {
        guard !finished else { throw RasterEncodingError.finished }
        guard frame.width == width, frame.height == height else {
            throw RasterEncodingError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard duration.isFinite, duration >= 0 else { throw RasterEncodingError.invalidDuration(duration) }
        StraightAlpha.oneBitWords(of: frame, into: &current)

        guard let lastRect = pending?.image.rect, let lastDuration = pending?.duration else {
            let full = PixelRect(x: 0, y: 0, width: width, height: height)
            pending = (indexedImage(rect: full, maskUnchanged: false), duration)
            swap(&previous, &current)
            return
        }
        guard var rect = ChangedRectangle.between(previous, current, width: width, height: height) else {
            pending?.duration += duration
            return
        }
        let clears = turnsTransparent(in: rect)
        if clears { rect = rect.union(lastRect) }
        let delay = delays.ticks(for: lastDuration)
        // Written in place (giflib masks the indices it is given), then its storage kept.
        try writer.write(&pending!.image, delayCentiseconds: delay, disposal: clears ? .restoreBackground : .keep)
        swap(&spareIndices, &pending!.image.indices)
        pending = (indexedImage(rect: rect, maskUnchanged: !clears), duration)
        swap(&previous, &current)
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw RasterEncodingError.finished }
        finished = true
        guard let lastDuration = pending?.duration else { throw RasterEncodingError.noFrames }
        let delay = delays.ticks(for: lastDuration)
        try writer.write(&pending!.image, delayCentiseconds: delay, disposal: .keep)
        pending = nil
        previous = []
        current = []
        pixelNumbers = []
        spareIndices = []
        return try writer.finish()
    }

    /// Whether a pixel of `rect` goes from visible to transparent.
    private func turnsTransparent(in rect: PixelRect) -> Bool {
        current.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
                for y in rect.y..<rect.maxY {
                    let row = y * width
                    for x in rect.x..<rect.maxX where current[row + x] == 0 && previous[row + x] != 0 {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// The pixels of `rect` of the current frame as palette indices. With `maskUnchanged`,
    /// pixels equal to the previous frame become the transparent index.
    private func indexedImage(rect: PixelRect, maskUnchanged: Bool) -> GIFFileWriter.Image {
        // Through buffer pointers: read through the class's arrays, every pixel reloaded
        // the array and checked its bounds, a third of a 20-layer GIF's encoding (`perf`).
        if pixelNumbers.count < rect.area {
            // Every element a pass uses is written before it is read, so none is filled first.
            pixelNumbers = .uninitialized(count: rect.area)
        }
        var indices: [UInt8] = []
        swap(&indices, &spareIndices)
        if indices.count > rect.area {
            indices.removeLast(indices.count - rect.area)
        } else {
            indices.append(contentsOf: repeatElement(0, count: rect.area - indices.count))
        }
        return current.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
                pixelNumbers.withUnsafeMutableBufferPointer { pixelNumbers in
                    Self.indexedImage(
                        current: current, previous: previous, width: width, rect: rect, maskUnchanged: maskUnchanged,
                        dither: dither, pixelNumbers: UnsafeMutableBufferPointer(rebasing: pixelNumbers[0..<rect.area]),
                        indices: indices)
                }
            }
        }
    }

    /// One pass over the rectangle numbers each pixel's colour in the order first seen
    /// (−1: transparent); the palette is made from the colours (and, when there are too
    /// many, from their counts), and the indices are then read through each number's palette
    /// index. Why numbers: the pass that wrote the indices looked every colour change up in a
    /// second hash table, and a fold frame's shading changes colour at almost every pixel
    /// (docs/BENCHMARKS.md, "Projected gradients from a ramp"). The counts, which only a
    /// reduced palette needs, are taken afterwards from the numbers (`colorCounts`): kept in
    /// this pass, each update checked the array's uniqueness, 2 % of a fold GIF (`perf`).
    /// The dithered path still looks up each pixel, since its moved colours are not the
    /// frame's. `pixelNumbers` (`rect.area` entries) is scratch; `indices` (as many) is
    /// overwritten and becomes the image's.
    private static func indexedImage(
        current: UnsafeBufferPointer<UInt32>, previous: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
        maskUnchanged: Bool, dither: GIFDither, pixelNumbers: UnsafeMutableBufferPointer<Int32>, indices: [UInt8]
    ) -> GIFFileWriter.Image {
        var numbers = ColorTable()
        var colors: [UInt32] = []
        var needsTransparent = false
        var last: UInt32 = 1  // never a normalised word (alpha is 0 or 255)
        var lastNumber: Int32 = -1
        forEachPixel(current, previous, width: width, rect: rect, maskUnchanged: maskUnchanged) { i, x, y, p in
            guard let p else {
                needsTransparent = true
                pixelNumbers[i] = -1
                return
            }
            if p != last {
                last = p
                // The pixel above, when it has this colour and a number, has this colour's
                // number: shading that changes along a row but not down a column (a fold's
                // strips) then needs no lookup; 93 % of the fold's colour changes are such
                // (docs/BENCHMARKS.md, "The GIF's passes and the fold's faded gradients").
                if y > rect.y, current[(y &- 1) &* width &+ x] == p, pixelNumbers[i &- rect.width] >= 0 {
                    lastNumber = pixelNumbers[i &- rect.width]
                } else if let known = numbers.value(of: p) {
                    lastNumber = Int32(truncatingIfNeeded: known)
                } else {
                    lastNumber = Int32(truncatingIfNeeded: colors.count)
                    numbers.set(colors.count, for: p)
                    colors.append(p)
                }
            }
            pixelNumbers[i] = lastNumber
        }

        let capacity = needsTransparent ? 255 : 256
        var palette: ColorPalette
        if colors.count <= capacity {
            palette = ColorPalette(exactColors: colors.sorted())
        } else {
            let counts = colorCounts(UnsafeBufferPointer(pixelNumbers), colorCount: colors.count)
            let sorted = zip(colors, counts).map { (color: $0, count: $1) }.sorted { $0.color < $1.color }
            palette = ColorPalette(reducedColors: MedianCut.palette(ofSorted: sorted, maxColors: capacity))
        }
        let transparentIndex = needsTransparent ? palette.colors.count : nil
        let transparent = UInt8(truncatingIfNeeded: transparentIndex ?? 0)
        let ditherSpread = dither == .ordered && !palette.isExact ? OrderedDither.spread(paletteCount: capacity) : 0

        var indices = indices
        if ditherSpread > 0 {
            indices.withUnsafeMutableBufferPointer { indices in
                forEachPixel(current, previous, width: width, rect: rect, maskUnchanged: maskUnchanged) { i, x, y, p in
                    indices[i] =
                        p.map { palette.index(of: Self.dithered($0, x: x, y: y, spread: ditherSpread)) } ?? transparent
                }
            }
        } else {
            // Each colour's palette index, by its number (the nearest entry when reduced).
            var byNumber = colors.map { palette.index(of: $0) }
            byNumber.append(transparent)  // number −1 reads the last entry
            byNumber.withUnsafeBufferPointer { byNumber in
                let transparentSlot = byNumber.count - 1
                indices.withUnsafeMutableBufferPointer { indices in
                    for i in 0..<pixelNumbers.count {
                        let n = Int(pixelNumbers[i])
                        indices[i] = byNumber[n < 0 ? transparentSlot : n]
                    }
                }
            }
        }
        return GIFFileWriter.Image(
            rect: rect, indices: indices, palette: palette.colors, transparentIndex: transparentIndex)
    }

    /// How many pixels have each number (−1, transparent, not counted). Four tables count
    /// the pixels in turn and are added at the end: with one, each pixel of a flat run waited
    /// for the previous one's store to the same count, and a test per pixel for the end of a
    /// run mispredicted at a fold's shading, where a third of the pixels change colour.
    private static func colorCounts(_ numbers: UnsafeBufferPointer<Int32>, colorCount: Int) -> [Int] {
        let stride = colorCount + 1  // entry 0 of a table counts number −1
        var tables = [Int](repeating: 0, count: 4 * stride)
        tables.withUnsafeMutableBufferPointer { tables in
            let t = tables.baseAddress!
            let whole = numbers.count & ~3
            var i = 0
            while i < whole {
                t[Int(numbers[i]) &+ 1] &+= 1
                t[stride &+ Int(numbers[i &+ 1]) &+ 1] &+= 1
                t[2 &* stride &+ Int(numbers[i &+ 2]) &+ 1] &+= 1
                t[3 &* stride &+ Int(numbers[i &+ 3]) &+ 1] &+= 1
                i &+= 4
            }
            while i < numbers.count {
                t[Int(numbers[i]) &+ 1] &+= 1
                i &+= 1
            }
        }
        return (1..<stride).map { tables[$0] + tables[stride + $0] + tables[2 * stride + $0] + tables[3 * stride + $0] }
    }

    /// Calls `body` for each pixel of `rect` in row order with its position in the
    /// rectangle, its coordinates and its word, nil where it is transparent or (with
    /// `maskUnchanged`) the same as in the previous frame.
    @inline(__always)
    private static func forEachPixel(
        _ current: UnsafeBufferPointer<UInt32>, _ previous: UnsafeBufferPointer<UInt32>, width: Int, rect: PixelRect,
        maskUnchanged: Bool, _ body: (_ i: Int, _ x: Int, _ y: Int, _ word: UInt32?) -> Void
    ) {
        var i = 0
        for y in rect.y..<rect.maxY {
            let row = y * width
            for x in rect.x..<rect.maxX {
                let p = current[row + x]
                body(i, x, y, p == 0 || (maskUnchanged && previous[row + x] == p) ? nil : p)
                i += 1
            }
        }
    }

    /// `color` moved by the Bayer pattern at (x, y), clamped to 0…255 per channel.
    @inline(__always)
    private static func dithered(_ color: UInt32, x: Int, y: Int, spread: Double) -> UInt32 {
        let shift = Int((OrderedDither.offset(x: x, y: y) * spread).rounded())
        func moved(_ channel: UInt32) -> UInt32 { UInt32(min(255, max(0, Int(channel) + shift))) }
        return moved(color & 0xFF) | moved((color >> 8) & 0xFF) << 8 | moved((color >> 16) & 0xFF) << 16 | 0xFF00_0000
    }
}
