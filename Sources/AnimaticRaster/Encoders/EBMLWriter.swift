/// EBML elements (RFC 8794, "Extensible Binary Meta Language"): an element ID (its bytes as
/// the Matroska specification lists them, length marker included), the data size as a
/// variable-length integer (section 4), then the data. Master elements hold other elements.
struct EBMLWriter {
    private(set) var bytes: [UInt8] = []

    /// The ID's bytes, most significant first, without leading zero bytes.
    private mutating func id(_ value: UInt32) {
        var started = false
        for shift in stride(from: 24, through: 0, by: -8) {
            let byte = UInt8((value >> UInt32(shift)) & 0xFF)
            if byte != 0 || started || shift == 0 {
                bytes.append(byte)
                started = true
            }
        }
    }

    /// A data size as the shortest variable-length integer that holds it (RFC 8794, 4.1:
    /// width n carries 7n bits; all ones is reserved for "unknown").
    static func sizeBytes(_ size: Int) -> [UInt8] {
        var width = 1
        while width < 8 && size >= (1 << (7 * width)) - 1 { width += 1 }
        var out = [UInt8](repeating: 0, count: width)
        var v = UInt64(size)
        for i in stride(from: width - 1, through: 0, by: -1) {
            out[i] = UInt8(v & 0xFF)
            v >>= 8
        }
        out[0] |= UInt8(0x80 >> (width - 1))
        return out
    }

    mutating func binary(_ elementID: UInt32, _ data: [UInt8]) {
        id(elementID)
        bytes += Self.sizeBytes(data.count)
        bytes += data
    }

    /// An unsigned integer element in as few bytes as hold it (RFC 8794, 7.2).
    mutating func uint(_ elementID: UInt32, _ value: UInt64) {
        var data: [UInt8] = []
        var v = value
        repeat {
            data.insert(UInt8(v & 0xFF), at: 0)
            v >>= 8
        } while v > 0
        binary(elementID, data)
    }

    /// A signed integer element, two's complement in as few bytes as hold it (RFC 8794, 7.1).
    mutating func int(_ elementID: UInt32, _ value: Int64) {
        var width = 1
        while width < 8 && !((-(Int64(1) << (8 * width - 1)))..<(Int64(1) << (8 * width - 1))).contains(value) {
            width += 1
        }
        let bits = UInt64(bitPattern: value)
        binary(elementID, (0..<width).map { UInt8((bits >> UInt64(8 * (width - 1 - $0))) & 0xFF) })
    }

    /// A float element, always 8 bytes (RFC 8794, 7.3), so its size never depends on the value.
    mutating func float(_ elementID: UInt32, _ value: Double) {
        let bits = value.bitPattern
        binary(elementID, (0..<8).map { UInt8((bits >> UInt64(56 - 8 * $0)) & 0xFF) })
    }

    mutating func string(_ elementID: UInt32, _ value: String) { binary(elementID, Array(value.utf8)) }

    /// A master element whose children `body` writes.
    mutating func master(_ elementID: UInt32, _ body: (inout EBMLWriter) -> Void) {
        var inner = EBMLWriter()
        body(&inner)
        binary(elementID, inner.bytes)
    }

    mutating func raw(_ data: [UInt8]) { bytes += data }
}
