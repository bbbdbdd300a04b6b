import AnimaticCore

/// What a frame entry's fields are written through: the flat path's cursor over reserved
/// room and the tree path's `JSONWriter`. Each writes a point and a matrix its own fastest
/// way; the bytes are the same.
protocol FrameEntryWriting {
    mutating func text(_ s: StaticString)
    mutating func byte(_ b: UInt8)
    mutating func number(_ v: Double)
    /// `[x,y]`.
    mutating func point(_ x: Double, _ y: Double)
    /// `[m11,…,m44]`.
    mutating func matrix(_ m: Transform3D)
}

/// The fields of a layer's frame entry after `visible` — the one writer of them, shared by
/// the flat path (`TimelineJSONEncoder.frames`, into reserved room) and the tree path
/// (`treeFrames`): a field added here reaches both, in the same place. Split around the
/// fill, which each path writes its own way (the flat path copies cached bytes).
enum FrameEntryFields {
    /// `,"quad":[[x,y],…],"position":[x,y],"size":[w,h],"zPosition":z,"cornerRadius":r`.
    @inline(__always)
    static func writeGeometry<W: FrameEntryWriting>(
        corners: (Point, Point, Point, Point), position: Point, size: Size, zPosition: Double,
        cornerRadius: Double, into w: inout W
    ) {
        w.text(",\"quad\":[")
        w.point(corners.0.x, corners.0.y); w.byte(UInt8(ascii: ","))
        w.point(corners.1.x, corners.1.y); w.byte(UInt8(ascii: ","))
        w.point(corners.2.x, corners.2.y); w.byte(UInt8(ascii: ","))
        w.point(corners.3.x, corners.3.y)
        w.text("],\"position\":")
        w.point(position.x, position.y)
        w.text(",\"size\":")
        w.point(size.width, size.height)
        w.text(",\"zPosition\":")
        w.number(zPosition)
        w.text(",\"cornerRadius\":")
        w.number(cornerRadius)
    }

    /// `,"matrix":[…]`, then the layer's own transform for clients that plot scale or
    /// rotation — left out when it is the identity (most layers, most of the time).
    @inline(__always)
    static func writeMatrices<W: FrameEntryWriting>(matrix: Transform3D, transform: Transform3D, into w: inout W) {
        w.text(",\"matrix\":")
        w.matrix(matrix)
        if !transform.isIdentity {
            w.text(",\"transform\":")
            w.matrix(transform)
        }
    }
}

extension JSONWriter: FrameEntryWriting {
    @inline(__always) mutating func text(_ s: StaticString) { raw(s) }
    @inline(__always) mutating func byte(_ b: UInt8) { raw(b) }
    @inline(__always) mutating func point(_ x: Double, _ y: Double) { pair(x, y) }
}
