/// ISO base media file format boxes (ISO/IEC 14496-12, section 4.2 "Object structure"): a
/// 32-bit big-endian size covering the whole box, a four-character type, then the payload;
/// a "full box" adds a version byte and 24 bits of flags.
struct BoxWriter {
    private(set) var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { bytes += [UInt8(v >> 8), UInt8(v & 0xFF)] }
    mutating func u32(_ v: UInt32) { bytes += PNGChunks.bigEndian32(v) }
    mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }
    mutating func zeros(_ n: Int) { bytes += [UInt8](repeating: 0, count: n) }
    mutating func fourCC(_ s: String) {
        let code = Array(s.utf8)
        precondition(code.count == 4)
        bytes += code
    }
    mutating func raw(_ data: [UInt8]) { bytes += data }

    /// A box whose payload `body` writes; its size is patched in afterwards.
    mutating func box(_ type: String, _ body: (inout BoxWriter) -> Void) {
        let start = bytes.count
        u32(0)
        fourCC(type)
        body(&self)
        let size = PNGChunks.bigEndian32(UInt32(bytes.count - start))
        bytes.replaceSubrange(start..<(start + 4), with: size)
    }

    /// A full box: `version` and `flags` before the payload.
    mutating func fullBox(_ type: String, version: UInt8 = 0, flags: UInt32 = 0, _ body: (inout BoxWriter) -> Void) {
        box(type) { w in
            w.u8(version)
            w.bytes += [UInt8((flags >> 16) & 0xFF), UInt8((flags >> 8) & 0xFF), UInt8(flags & 0xFF)]
            body(&w)
        }
    }

    /// The unity transformation matrix of mvhd and tkhd (14496-12, 8.2.2.3: 16.16 fixed point,
    /// w in 2.30).
    mutating func unityMatrix() {
        for v: UInt32 in [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000] { u32(v) }
    }
}
