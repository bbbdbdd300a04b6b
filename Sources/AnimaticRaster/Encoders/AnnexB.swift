/// H.264 NAL units out of an Annex B byte stream (ITU-T H.264, Annex B: each unit after a
/// 0x000001 or 0x00000001 start code), as OpenH264 hands them out.
enum AnnexB {
    /// The NAL units of `stream`, without start codes.
    static func units(_ stream: UnsafeBufferPointer<UInt8>) -> [ArraySlice<UInt8>] {
        var starts: [(code: Int, payload: Int)] = []
        var i = 0
        let n = stream.count
        while i + 2 < n {
            if stream[i] == 0 && stream[i + 1] == 0 && stream[i + 2] == 1 {
                let code = i > 0 && stream[i - 1] == 0 ? i - 1 : i
                starts.append((code, i + 3))
                i += 3
            } else {
                i += 1
            }
        }
        let all = Array(stream)
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].code : n
            return all[start.payload..<end]
        }
    }

    /// The NAL unit type (the low 5 bits of the first byte; 7 SPS, 8 PPS, 5 IDR slice).
    static func type(_ unit: ArraySlice<UInt8>) -> UInt8 { unit.first.map { $0 & 0x1F } ?? 0 }
}
