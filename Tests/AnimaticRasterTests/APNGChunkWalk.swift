import CZlib

/// An APNG's chunks read back by hand (the APNG specification's layout): every CRC checked,
/// `acTL` and each `fcTL` decoded, the fcTL/fdAT sequence numbers in order.
struct APNGChunkWalk {
    struct FrameControl {
        var sequence: UInt32
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        var delayNumerator: Int
        var delayDenominator: Int
        var disposeOp: UInt8
        var blendOp: UInt8
    }

    var width = 0
    var height = 0
    var frameCount = 0
    var plays = -1
    var frames: [FrameControl] = []
    var chunkTypes: [String] = []
    /// Every fcTL and fdAT sequence number in file order.
    var sequenceNumbers: [UInt32] = []

    init(_ bytes: [UInt8]) throws {
        guard Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw ExternalTool.Failure(description: "no PNG signature")
        }
        func be32(_ o: Int) -> UInt32 {
            UInt32(bytes[o]) << 24 | UInt32(bytes[o + 1]) << 16 | UInt32(bytes[o + 2]) << 8 | UInt32(bytes[o + 3])
        }
        func be16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        var o = 8
        while o < bytes.count {
            let length = Int(be32(o))
            let type = String(decoding: bytes[(o + 4)..<(o + 8)], as: UTF8.self)
            let data = o + 8
            let crcStored = be32(data + length)
            let crcComputed = bytes.withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress! + o + 4, UInt32(length + 4)))
            }
            guard crcStored == crcComputed else { throw ExternalTool.Failure(description: "bad CRC in \(type)") }
            chunkTypes.append(type)
            switch type {
            case "IHDR":
                width = Int(be32(data))
                height = Int(be32(data + 4))
            case "acTL":
                frameCount = Int(be32(data))
                plays = Int(be32(data + 4))
            case "fcTL":
                sequenceNumbers.append(be32(data))
                frames.append(
                    FrameControl(
                        sequence: be32(data), width: Int(be32(data + 4)), height: Int(be32(data + 8)),
                        x: Int(be32(data + 12)), y: Int(be32(data + 16)), delayNumerator: be16(data + 20),
                        delayDenominator: be16(data + 22), disposeOp: bytes[data + 24], blendOp: bytes[data + 25]))
            case "fdAT":
                sequenceNumbers.append(be32(data))
            default: break
            }
            o = data + length + 4
        }
    }
}
