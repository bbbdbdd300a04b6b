/// The boxes of an MP4 file holding one H.264 video track, written to ISO/IEC 14496-12
/// (ISO base media file format) and 14496-15 (AVC file format, section 5: `avc1` sample
/// entry, `avcC` decoder configuration, samples as 4-byte-length-prefixed NAL units).
///
/// Layout: `ftyp`, `moov`, `mdat` — the movie header first ("fast start"), so a browser can
/// play while downloading. All samples are one chunk, so `stsc` has one entry and `stco`
/// one offset (the start of the `mdat` payload).
struct MP4Movie {
    var width: Int
    var height: Int
    /// Track time units per second (ticks of the sample durations).
    var timescale: Int
    var sequenceParameterSet: [UInt8]
    var pictureParameterSet: [UInt8]
    var sampleSizes: [Int] = []
    /// Each sample's duration in `timescale` units.
    var sampleDurations: [Int] = []
    /// 1-based numbers of the IDR samples (`stss`).
    var syncSamples: [Int] = []

    /// Movie-header time units per second (mvhd, tkhd): milliseconds, our choice.
    static let movieTimescale = 1000

    var trackDuration: Int { sampleDurations.reduce(0, +) }

    /// `ftyp` (section 4.3): major brand isom, compatible isom, iso2, avc1, mp41.
    static func fileType() -> [UInt8] {
        var w = BoxWriter()
        w.box("ftyp") { w in
            w.fourCC("isom")
            w.u32(0x200)
            for brand in ["isom", "iso2", "avc1", "mp41"] { w.fourCC(brand) }
        }
        return w.bytes
    }

    /// `moov` with the sample tables pointing at `mdatPayloadOffset`.
    func movieBox(mdatPayloadOffset: Int) -> [UInt8] {
        let movieDuration = UInt32(
            (Double(trackDuration) * Double(Self.movieTimescale) / Double(timescale)).rounded())
        var w = BoxWriter()
        w.box("moov") { w in
            // mvhd (8.2.2), version 0: times 0 (no wall clock: output is deterministic).
            w.fullBox("mvhd") { w in
                w.u32(0)
                w.u32(0)
                w.u32(UInt32(Self.movieTimescale))
                w.u32(movieDuration)
                w.u32(0x0001_0000)  // rate 1.0
                w.u16(0x0100)  // volume 1.0
                w.zeros(10)
                w.unityMatrix()
                w.zeros(24)  // pre_defined
                w.u32(2)  // next_track_ID
            }
            w.box("trak") { w in
                // tkhd (8.3.2): enabled, in movie, in preview.
                w.fullBox("tkhd", flags: 0x7) { w in
                    w.u32(0)
                    w.u32(0)
                    w.u32(1)  // track_ID
                    w.u32(0)
                    w.u32(movieDuration)
                    w.zeros(8)
                    w.u16(0)  // layer
                    w.u16(0)  // alternate_group
                    w.u16(0)  // volume (video: 0)
                    w.u16(0)
                    w.unityMatrix()
                    w.u32(UInt32(width) << 16)
                    w.u32(UInt32(height) << 16)
                }
                w.box("mdia") { w in
                    // mdhd (8.4.2): language "und" (ISO 639-2/T packed as 5-bit letters − 0x60).
                    w.fullBox("mdhd") { w in
                        w.u32(0)
                        w.u32(0)
                        w.u32(UInt32(timescale))
                        w.u32(UInt32(trackDuration))
                        w.u16(0x55C4)
                        w.u16(0)
                    }
                    // hdlr (8.4.3): a video track.
                    w.fullBox("hdlr") { w in
                        w.u32(0)
                        w.fourCC("vide")
                        w.zeros(12)
                        w.raw(Array("VideoHandler".utf8) + [0])
                    }
                    w.box("minf") { w in
                        w.fullBox("vmhd", flags: 1) { w in w.zeros(8) }  // 12.1.2
                        w.box("dinf") { w in  // 8.7.1: the data is in this file
                            w.fullBox("dref") { w in
                                w.u32(1)
                                w.fullBox("url ", flags: 1) { _ in }
                            }
                        }
                        w.box("stbl") { w in sampleTable(&w, mdatPayloadOffset: mdatPayloadOffset) }
                    }
                }
            }
        }
        return w.bytes
    }

    private func sampleTable(_ w: inout BoxWriter, mdatPayloadOffset: Int) {
        // stsd (8.5.2) with one avc1 visual sample entry (14496-15, 5.4.2.1; 14496-12, 12.1.3).
        w.fullBox("stsd") { w in
            w.u32(1)
            w.box("avc1") { w in
                w.zeros(6)
                w.u16(1)  // data_reference_index
                w.zeros(16)  // pre_defined, reserved
                w.u16(UInt16(width))
                w.u16(UInt16(height))
                w.u32(0x0048_0000)  // 72 dpi
                w.u32(0x0048_0000)
                w.u32(0)
                w.u16(1)  // frame_count
                w.zeros(32)  // compressorname
                w.u16(0x0018)  // depth: colour, no alpha
                w.u16(0xFFFF)  // pre_defined = -1
                // avcC (14496-15, 5.3.3.1): profile, compatibility and level from the SPS,
                // 4-byte NAL lengths, one SPS, one PPS.
                w.box("avcC") { w in
                    w.u8(1)
                    w.u8(sequenceParameterSet[1])
                    w.u8(sequenceParameterSet[2])
                    w.u8(sequenceParameterSet[3])
                    w.u8(0xFF)  // reserved 6 bits + lengthSizeMinusOne 3
                    w.u8(0xE1)  // reserved 3 bits + one SPS
                    w.u16(UInt16(sequenceParameterSet.count))
                    w.raw(sequenceParameterSet)
                    w.u8(1)
                    w.u16(UInt16(pictureParameterSet.count))
                    w.raw(pictureParameterSet)
                }
                // colr (12.1.5) "nclx": BT.709 primaries, transfer, matrix; limited range.
                w.box("colr") { w in
                    w.fourCC("nclx")
                    w.u16(1)
                    w.u16(1)
                    w.u16(1)
                    w.u8(0)
                }
            }
        }
        // stts (8.6.1.2): durations, run-length coded.
        var runs: [(count: Int, delta: Int)] = []
        for d in sampleDurations {
            if let last = runs.last, last.delta == d { runs[runs.count - 1].count += 1 } else { runs.append((1, d)) }
        }
        w.fullBox("stts") { w in
            w.u32(UInt32(runs.count))
            for run in runs {
                w.u32(UInt32(run.count))
                w.u32(UInt32(run.delta))
            }
        }
        // stss (8.6.2): the sync (IDR) samples.
        w.fullBox("stss") { w in
            w.u32(UInt32(syncSamples.count))
            for s in syncSamples { w.u32(UInt32(s)) }
        }
        // stsc (8.7.4): one chunk holding every sample.
        w.fullBox("stsc") { w in
            w.u32(1)
            w.u32(1)
            w.u32(UInt32(sampleSizes.count))
            w.u32(1)
        }
        // stsz (8.7.3): each sample's size.
        w.fullBox("stsz") { w in
            w.u32(0)
            w.u32(UInt32(sampleSizes.count))
            for size in sampleSizes { w.u32(UInt32(size)) }
        }
        // stco (8.7.5): the chunk's offset in the file.
        w.fullBox("stco") { w in
            w.u32(1)
            w.u32(UInt32(mdatPayloadOffset))
        }
    }
}
