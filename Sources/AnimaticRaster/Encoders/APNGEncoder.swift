/// An animated PNG (APNG): 8-bit straight RGBA, the first frame whole (it is also the
/// default image that PNG decoders without APNG show), each later frame only the rectangle
/// that changed.
///
/// Written to the APNG specification (Mozilla, https://wiki.mozilla.org/APNG_Specification,
/// version 1.0; the same chunks in the W3C PNG specification, third edition, sections 11.3.6
/// "Animation information"): `acTL` (frame count, plays), then per frame `fcTL` (size,
/// offset, delay, dispose and blend ops) with `IDAT` (first frame) or `fdAT` (later ones),
/// one sequence number across fcTL and fdAT.
///
/// - **Ops.** Every frame uses `APNG_DISPOSE_OP_NONE`, so the canvas carries over. A frame
///   whose changed pixels are all opaque uses `APNG_BLEND_OP_OVER` and writes its unchanged
///   pixels as transparent black (they leave the canvas as it is and compress to almost
///   nothing); any other uses `APNG_BLEND_OP_SOURCE` and writes its rectangle whole, since
///   OVER cannot make a pixel more transparent.
/// - **Delays.** `delay_num/delay_den` is the fraction nearest the frame's exact remaining
///   time (`DelayFraction`): frames of k/fps seconds are exact (1/30), so the total equals
///   the duration; the end of each frame is carried exactly, so errors never add up.
///   Identical consecutive frames become one longer frame (its fcTL is rewritten).
/// - **Memory.** The previous frame's pixels; the output grows in a byte-limited buffer.
public final class APNGEncoder: AnimationEncoder {
    public let width: Int
    public let height: Int

    private var output: LimitedBytes
    private let loop: Bool
    private var actlDataOffset = 0
    private var frameCount = 0
    private var sequence: UInt32 = 0
    private var previous: [UInt32] = []
    private var current: [UInt32] = []
    private var raw: [UInt8] = []
    private var filtered: [UInt8] = []
    /// One zlib stream for every frame, reset between them.
    private let deflate: Deflate
    private var lastFrame: (fctlOffset: Int, fctl: [UInt8], start: Double)?
    /// The exact end of the frames added so far, and the end of the delays written.
    private var exactEnd: Double = 0
    private var writtenEnd: Double = 0
    private var finished = false

    /// An APNG of `width` × `height` pixels (1…2³¹−1) that plays forever when `loop`
    /// (`num_plays` 0) and once otherwise, failing with `RasterEncodingError.overByteLimit`
    /// once it would pass `byteLimit` bytes.
    public init(width: Int, height: Int, loop: Bool, byteLimit: Int) throws {
        guard width >= 1, height >= 1, width < 1 << 31, height < 1 << 31 else {
            throw RasterEncodingError.invalidParameter("APNG size \(width)×\(height) is outside 1…2³¹−1")
        }
        self.width = width
        self.height = height
        self.loop = loop
        output = LimitedBytes(limit: byteLimit)
        deflate = try Deflate()
        try output.append(contentsOf: PNGChunks.signature)
        // IHDR: width, height, bit depth 8, colour type 6 (RGBA), compression, filter and
        // interlace methods 0 (section 11.2.1).
        try PNGChunks.append(
            "IHDR",
            PNGChunks.bigEndian32(UInt32(width)) + PNGChunks.bigEndian32(UInt32(height)) + [8, 6, 0, 0, 0],
            to: &output)
        actlDataOffset = try PNGChunks.append("acTL", actl(frames: 0), to: &output)
    }

    public func add(_ frame: RasterFrame, duration: Double) throws {
        guard !finished else { throw RasterEncodingError.finished }
        guard frame.width == width, frame.height == height else {
            throw RasterEncodingError.frameSizeMismatch(
                expectedWidth: width, expectedHeight: height, width: frame.width, height: frame.height)
        }
        guard duration.isFinite, duration >= 0 else { throw RasterEncodingError.invalidDuration(duration) }
        StraightAlpha.words(of: frame, into: &current)

        guard let last = lastFrame else {
            try writeFrame(rect: PixelRect(x: 0, y: 0, width: width, height: height), blendOver: false, duration)
            swap(&previous, &current)
            return
        }
        guard let rect = ChangedRectangle.between(previous, current, width: width, height: height) else {
            // The same picture again: the last frame lasts longer.
            exactEnd += duration
            let delay = DelayFraction(approximating: exactEnd - last.start)
            var fctl = last.fctl
            fctl.replaceSubrange(
                20..<24, with: PNGChunks.bigEndian16(delay.numerator) + PNGChunks.bigEndian16(delay.denominator))
            PNGChunks.rewrite("fcTL", dataAt: last.fctlOffset, with: fctl, in: &output)
            writtenEnd = last.start + delay.seconds
            lastFrame = (last.fctlOffset, fctl, last.start)
            return
        }
        try writeFrame(rect: rect, blendOver: changedPixelsAreOpaque(in: rect), duration)
        swap(&previous, &current)
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw RasterEncodingError.finished }
        finished = true
        guard frameCount > 0 else { throw RasterEncodingError.noFrames }
        PNGChunks.rewrite("acTL", dataAt: actlDataOffset, with: actl(frames: frameCount), in: &output)
        try PNGChunks.append("IEND", [], to: &output)
        previous = []
        current = []
        return output.take()
    }

    private func actl(frames: Int) -> [UInt8] {
        PNGChunks.bigEndian32(UInt32(frames)) + PNGChunks.bigEndian32(loop ? 0 : 1)
    }

    /// Whether every pixel of `rect` that changed is opaque in the new frame.
    private func changedPixelsAreOpaque(in rect: PixelRect) -> Bool {
        current.withUnsafeBufferPointer { current in
            previous.withUnsafeBufferPointer { previous in
                for y in rect.y..<rect.maxY {
                    let row = y * width
                    for x in rect.x..<rect.maxX {
                        let p = current[row + x]
                        if p != previous[row + x] && p >> 24 != 255 { return false }
                    }
                }
                return true
            }
        }
    }

    private func writeFrame(rect: PixelRect, blendOver: Bool, _ duration: Double) throws {
        let start = writtenEnd
        exactEnd += duration
        let delay = DelayFraction(approximating: exactEnd - start)
        var fctl = PNGChunks.bigEndian32(sequence)
        fctl += PNGChunks.bigEndian32(UInt32(rect.width)) + PNGChunks.bigEndian32(UInt32(rect.height))
        fctl += PNGChunks.bigEndian32(UInt32(rect.x)) + PNGChunks.bigEndian32(UInt32(rect.y))
        fctl += PNGChunks.bigEndian16(delay.numerator) + PNGChunks.bigEndian16(delay.denominator)
        // dispose_op 0 (APNG_DISPOSE_OP_NONE); blend_op 0 (SOURCE) or 1 (OVER).
        fctl += [0, blendOver ? 1 : 0]
        sequence += 1
        let fctlOffset = try PNGChunks.append("fcTL", fctl, to: &output)

        let rowBytes = rect.width * 4
        if raw.count != rowBytes * rect.height { raw = .uninitialized(count: rowBytes * rect.height) }
        // Through buffer pointers: the class's arrays read per pixel were reloaded and
        // bounds-checked each time (as GIFEncoder found).
        raw.withUnsafeMutableBytes { dst in
            current.withUnsafeBufferPointer { current in
                previous.withUnsafeBufferPointer { previous in
                    let words = dst.bindMemory(to: UInt32.self)
                    var i = 0
                    for y in rect.y..<rect.maxY {
                        let row = y * width
                        if !blendOver {
                            UnsafeMutableRawPointer(words.baseAddress! + i).copyMemory(
                                from: current.baseAddress! + row + rect.x, byteCount: rect.width * 4)
                            i += rect.width
                            continue
                        }
                        for x in rect.x..<rect.maxX {
                            let p = current[row + x]
                            words[i] = p == previous[row + x] ? 0 : p
                            i += 1
                        }
                    }
                }
            }
        }
        raw.withUnsafeBufferPointer {
            PNGScanlineFilter.filter($0, rowBytes: rowBytes, rows: rect.height, into: &filtered)
        }
        let compressed = try deflate.zlibStream(filtered)
        if frameCount == 0 {
            try PNGChunks.append("IDAT", compressed, to: &output)
        } else {
            try PNGChunks.append("fdAT", PNGChunks.bigEndian32(sequence) + compressed, to: &output)
            sequence += 1
        }
        frameCount += 1
        writtenEnd = start + delay.seconds
        lastFrame = (fctlOffset, fctl, start)
    }
}
