#if !ANIMATIC_NO_MP4
/// An MP4 video: H.264 (Constrained Baseline) from OpenH264 in boxes we write (`MP4Movie`).
///
/// Left out of builds made with `ANIMATIC_NO_MP4=1` (Package.swift): Cisco's patent licence
/// covers only Cisco's own OpenH264 binaries, see DEPLOY.md.
///
/// - **Size.** H.264 codes 4:2:0 in whole 2 × 2 blocks and its cropping is in steps of two,
///   so an odd width or height is padded by one pixel repeating the edge (`YCbCrFrame`);
///   the file then says the padded size (e.g. 375 × 667 is stored as 376 × 668).
/// - **Colour.** BT.709, limited range, alpha composited over black (`YCbCrFrame`), tagged in
///   the SPS's VUI and in a `colr` box.
/// - **Timing.** Track timescale `fps × 1000`, so a frame of 1/fps s lasts exactly 1000 ticks
///   and a hold in whole milliseconds is exact too; sample durations are rounded cumulative
///   ends (`CumulativeTicks`), so each frame starts within half a tick of its exact time. A
///   frame OpenH264 skips (none should be: skipping is off) lengthens the previous sample.
/// - **Byte limit.** Checked on the sample data as each frame is encoded, with the boxes'
///   size added at the end.
/// - **Memory.** The compressed samples (the output) and one I420 picture.
public final class MP4Encoder: AnimationEncoder {
    public var width: Int { input.width }
    public var height: Int { input.height }
    public var fps: Int { input.fps }

    private let input: VideoInput
    private let session: OpenH264Session
    private var samples: LimitedBytes
    private var movie: MP4Movie
    private var ticks: CumulativeTicks
    private var milliseconds = CumulativeTicks(ticksPerSecond: 1000)
    private var finished = false

    /// An MP4 of `width` × `height` pixels (2…4096; padded to even) at `fps` frames per second
    /// (1…240; sets the timescale and the encoder's rate model), failing with
    /// `RasterEncodingError.overByteLimit` once it would pass `byteLimit` bytes. `loop` is
    /// accepted for symmetry and ignored: MP4 has no loop flag (players loop on request).
    public init(width: Int, height: Int, fps: Int, loop: Bool = false, byteLimit: Int) throws {
        input = try VideoInput(format: "MP4", width: width, height: height, maxSide: 4096, fps: fps, padToEven: true)
        let codedWidth = input.picture.codedWidth
        let codedHeight = input.picture.codedHeight
        session = try OpenH264Session(width: codedWidth, height: codedHeight, fps: fps)
        samples = LimitedBytes(limit: byteLimit)
        movie = MP4Movie(
            width: codedWidth, height: codedHeight, timescale: fps * 1000, sequenceParameterSet: [],
            pictureParameterSet: [])
        ticks = CumulativeTicks(ticksPerSecond: Double(fps * 1000))
    }

    public func add(_ frame: RasterFrame, duration: Double) throws {
        try input.take(frame, duration: duration, finished: finished)
        let (units, isKeyFrame) = try session.encode(input.picture, timestampMilliseconds: milliseconds.elapsedTicks)
        _ = milliseconds.ticks(for: duration)
        let length = ticks.ticks(for: duration)
        var sample: [UInt8] = []
        for unit in units {
            switch AnnexB.type(unit) {
            case 7: if movie.sequenceParameterSet.isEmpty { movie.sequenceParameterSet = Array(unit) }
            case 8: if movie.pictureParameterSet.isEmpty { movie.pictureParameterSet = Array(unit) }
            default:
                sample += PNGChunks.bigEndian32(UInt32(unit.count))
                sample += unit
            }
        }
        if sample.isEmpty {
            guard !movie.sampleDurations.isEmpty else {
                throw RasterEncodingError.library(name: "OpenH264", message: "no picture for the first frame")
            }
            movie.sampleDurations[movie.sampleDurations.count - 1] += length
            return
        }
        try samples.append(contentsOf: sample)
        movie.sampleSizes.append(sample.count)
        movie.sampleDurations.append(length)
        if isKeyFrame { movie.syncSamples.append(movie.sampleSizes.count) }
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw RasterEncodingError.finished }
        finished = true
        guard !movie.sampleSizes.isEmpty else { throw RasterEncodingError.noFrames }
        guard !movie.sequenceParameterSet.isEmpty, !movie.pictureParameterSet.isEmpty else {
            throw RasterEncodingError.library(name: "OpenH264", message: "no SPS/PPS in the stream")
        }
        let fileType = MP4Movie.fileType()
        // The moov's size does not depend on the offset it holds, so measure it first.
        let moovSize = movie.movieBox(mdatPayloadOffset: 0).count
        let payloadOffset = fileType.count + moovSize + 8
        var output = LimitedBytes(limit: samples.limit)
        try output.reserve(payloadOffset + samples.count)
        try output.append(contentsOf: fileType)
        try output.append(contentsOf: movie.movieBox(mdatPayloadOffset: payloadOffset))
        try output.appendBigEndian32(UInt32(8 + samples.count))
        try output.append(contentsOf: Array("mdat".utf8))
        try output.append(contentsOf: samples.take())
        return output.take()
    }
}
#endif
