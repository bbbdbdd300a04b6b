/// A WebM video: VP9 from libvpx (`VP9Session`) in a Matroska/WebM container we write.
///
/// **Why not libwebm's muxer:** Debian's libwebm-dev (1.0.0.29) installs only the headers
/// of the newer `webm_parser` reader; `mkvmuxer.hpp` is not shipped, although libwebm.so
/// exports its symbols. A C++ shim would have to copy those class declarations from
/// upstream and trust that their layout matches Debian's build, so the few elements a
/// one-track file needs are written here instead (EBML: RFC 8794; Matroska: RFC 9559;
/// the WebM container guidelines, webmproject.org/docs/container):
///
/// - EBML header: DocType `webm`, DocTypeVersion 4, DocTypeReadVersion 2.
/// - Segment (its size known: the file is built in memory) with Info (TimestampScale 1 ms,
///   as WebM recommends; Duration; MuxingApp/WritingApp), Tracks (one `V_VP9` video track,
///   DefaultDuration 1/fps, PixelWidth/Height, Colour: BT.709 matrix, transfer and
///   primaries, broadcast range), Clusters, then Cues (one per cluster, for seeking).
/// - A cluster starts at each key frame (at least every two seconds) or when block times
///   would pass the 16-bit relative range; frames are SimpleBlocks, except the last, a
///   BlockGroup with its BlockDuration so a hold at the end keeps its length.
/// - **Timing.** Matroska counts in whole TimestampScale units, so 1/30 s cannot be exact:
///   frame starts are rounded cumulative milliseconds (`CumulativeTicks`), each within 0.5 ms
///   of its exact time, and Duration is the exact total.
/// - **Size and colour.** VP9 takes odd sizes, so the frame's own size is kept; BT.709,
///   limited range, alpha composited over black (`YCbCrFrame`).
/// - **Byte limit.** Checked as each block is added.
public final class WebMEncoder: AnimationEncoder {
    public var width: Int { input.width }
    public var height: Int { input.height }
    public var fps: Int { input.fps }

    private let input: VideoInput
    private let session: VP9Session
    private var clusters: LimitedBytes
    private var cluster: (timestamp: Int, blocks: EBMLWriter)?
    private var cues: [(time: Int, position: Int)] = []
    private var pending: (data: [UInt8], isKey: Bool, timestamp: Int, duration: Int)?
    private var previousTimestamp = 0
    private var milliseconds = CumulativeTicks(ticksPerSecond: 1000)
    private var exactDuration = 0.0
    private var finished = false

    /// A WebM of `width` × `height` pixels (1…16384) at `fps` (1…240; the key-frame interval
    /// and DefaultDuration), failing with `RasterEncodingError.overByteLimit` once it would
    /// pass `byteLimit` bytes. `loop` is ignored: WebM has no loop flag.
    public init(width: Int, height: Int, fps: Int, loop: Bool = false, byteLimit: Int) throws {
        input = try VideoInput(format: "WebM", width: width, height: height, maxSide: 16384, fps: fps, padToEven: false)
        session = try VP9Session(width: width, height: height, fps: fps)
        clusters = LimitedBytes(limit: byteLimit)
    }

    public func add(_ frame: RasterFrame, duration: Double) throws {
        try input.take(frame, duration: duration, finished: finished)
        let start = milliseconds.elapsedTicks
        let length = milliseconds.ticks(for: duration)
        exactDuration += duration
        for packet in try session.encode(input.picture, timestamp: start, duration: length) {
            try push(packet.data, isKey: packet.isKey, timestamp: start, duration: length)
        }
    }

    public func finish() throws -> [UInt8] {
        guard !finished else { throw RasterEncodingError.finished }
        finished = true
        for packet in try session.encode(nil, timestamp: 0, duration: 0) {
            try push(packet.data, isKey: packet.isKey, timestamp: milliseconds.elapsedTicks, duration: 0)
        }
        guard let last = pending else { throw RasterEncodingError.noFrames }
        try openCluster(for: last)
        // The last frame as a BlockGroup (RFC 9559, 5.1.3.5) carrying its duration; a
        // ReferenceBlock marks it as not a key frame.
        let block = blockHeader(timestamp: last.timestamp, flags: 0) + last.data
        let reference = Int64(previousTimestamp - last.timestamp)
        cluster!.blocks.master(0xA0) { group in
            group.binary(0xA1, block)
            group.uint(0x9B, UInt64(last.duration))
            if !last.isKey { group.int(0xFB, reference) }
        }
        try closeCluster()
        return try assemble()
    }

    private func push(_ data: [UInt8], isKey: Bool, timestamp: Int, duration: Int) throws {
        if let previous = pending {
            try openCluster(for: previous)
            // SimpleBlock (RFC 9559, 5.1.3.4): flag 0x80 marks a key frame.
            let block = blockHeader(timestamp: previous.timestamp, flags: previous.isKey ? 0x80 : 0) + previous.data
            cluster!.blocks.binary(0xA3, block)
            previousTimestamp = previous.timestamp
            try clusters.reserve(cluster!.blocks.bytes.count)
        }
        pending = (data, isKey, timestamp, duration)
    }

    /// Track 1 (a one-byte variable-length integer), the time relative to the cluster
    /// (signed 16 bits), the flags.
    private func blockHeader(timestamp: Int, flags: UInt8) -> [UInt8] {
        let relative = Int16(timestamp - cluster!.timestamp)
        return [0x81, UInt8(UInt16(bitPattern: relative) >> 8), UInt8(UInt16(bitPattern: relative) & 0xFF), flags]
    }

    private func openCluster(for block: (data: [UInt8], isKey: Bool, timestamp: Int, duration: Int)) throws {
        if let open = cluster, !block.isKey, block.timestamp - open.timestamp <= 30_000 { return }
        try closeCluster()
        if block.isKey { cues.append((block.timestamp, clusters.count)) }
        var blocks = EBMLWriter()
        blocks.uint(0xE7, UInt64(block.timestamp))  // Cluster Timestamp
        cluster = (block.timestamp, blocks)
    }

    private func closeCluster() throws {
        guard let open = cluster else { return }
        var writer = EBMLWriter()
        writer.binary(0x1F43_B675, open.blocks.bytes)
        try clusters.append(contentsOf: writer.bytes)
        cluster = nil
    }

    private func assemble() throws -> [UInt8] {
        var header = EBMLWriter()
        header.master(0x1A45_DFA3) { e in
            e.uint(0x4286, 1)  // EBMLVersion
            e.uint(0x42F7, 1)  // EBMLReadVersion
            e.uint(0x42F2, 4)  // EBMLMaxIDLength
            e.uint(0x42F3, 8)  // EBMLMaxSizeLength
            e.string(0x4282, "webm")  // DocType
            e.uint(0x4287, 4)  // DocTypeVersion
            e.uint(0x4285, 2)  // DocTypeReadVersion
        }
        var info = EBMLWriter()
        info.master(0x1549_A966) { e in
            e.uint(0x2A_D7B1, 1_000_000)  // TimestampScale: 1 ms
            e.float(0x4489, exactDuration * 1000)  // Duration, in TimestampScale units
            e.string(0x4D80, "animatic")  // MuxingApp
            e.string(0x5741, "animatic")  // WritingApp
        }
        var tracks = EBMLWriter()
        tracks.master(0x1654_AE6B) { e in
            e.master(0xAE) { t in  // TrackEntry
                t.uint(0xD7, 1)  // TrackNumber
                t.uint(0x73C5, 1)  // TrackUID
                t.uint(0x83, 1)  // TrackType: video
                t.uint(0x9C, 0)  // FlagLacing
                t.string(0x86, "V_VP9")  // CodecID
                t.uint(0x23_E383, UInt64((1e9 / Double(fps)).rounded()))  // DefaultDuration, ns
                t.master(0xE0) { v in  // Video
                    v.uint(0xB0, UInt64(width))  // PixelWidth
                    v.uint(0xBA, UInt64(height))  // PixelHeight
                    v.master(0x55B0) { c in  // Colour
                        c.uint(0x55B1, 1)  // MatrixCoefficients: BT.709
                        c.uint(0x55B2, 8)  // BitsPerChannel
                        c.uint(0x55B9, 1)  // Range: broadcast (limited)
                        c.uint(0x55BA, 1)  // TransferCharacteristics: BT.709
                        c.uint(0x55BB, 1)  // Primaries: BT.709
                    }
                }
            }
        }
        let clustersStart = info.bytes.count + tracks.bytes.count
        var cueElement = EBMLWriter()
        cueElement.master(0x1C53_BB6B) { e in
            for cue in cues {
                e.master(0xBB) { p in  // CuePoint
                    p.uint(0xB3, UInt64(cue.time))  // CueTime
                    p.master(0xB7) { t in  // CueTrackPositions
                        t.uint(0xF7, 1)  // CueTrack
                        t.uint(0xF1, UInt64(clustersStart + cue.position))  // CueClusterPosition
                    }
                }
            }
        }
        let segmentSize = clustersStart + clusters.count + cueElement.bytes.count
        var output = LimitedBytes(limit: clusters.limit)
        try output.reserve(header.bytes.count + 12 + segmentSize)
        try output.append(contentsOf: header.bytes)
        try output.append(contentsOf: [0x18, 0x53, 0x80, 0x67] + EBMLWriter.sizeBytes(segmentSize))
        try output.append(contentsOf: info.bytes)
        try output.append(contentsOf: tracks.bytes)
        try output.append(contentsOf: clusters.take())
        try output.append(contentsOf: cueElement.bytes)
        return output.take()
    }
}
