import AnimaticCore

/// Lottie's animated properties: `{"a":0,"k":v}` when a value never changes, else a
/// keyframe per frame, linear, or hold where a jump must stay a jump.
///
/// A timeline's Lottie file is mostly keyframes (a layer's path at every frame), so each
/// keyframe — its frame, its value and its easing — is written in one go into a counted
/// room of the writer (`ByteWriter.Room`), numbers with the file's three decimals, with no
/// array, string or closure context per keyframe.
extension LottieEncoder {
    /// Bytes of a keyframe besides its value, at most: the comma before it, `{"t":` and the
    /// frame, `,"s":[`, `]`, the easing and `}`.
    static let keyframeFramingLength = 80 + ByteWriter.maxNumberLength

    /// The property of `count` values: `{"a":0,"k":v₀}` when `constant`, else a keyframe
    /// per value at `frames[k]`, holding where `holds[k]` or where the next keyframe is at
    /// the same frame (a jump's left side). `value(k, &room)` writes value `k` (at most
    /// `maxValueLength` bytes); `boxed` puts it in `[…]` in a keyframe's `s`, which is an
    /// array.
    @inline(__always)
    static func keyframed(
        count: Int, constant: Bool, frames: [Double], holds: [Bool]?, boxed: Bool, maxValueLength: Int,
        into w: inout JSONWriter, value: (Int, inout ByteWriter.Room) -> Void
    ) {
        if constant {
            w.withRoom(maxValueLength + 16) { room in
                room.put("{\"a\":0,\"k\":")
                value(0, &room)
                room.byte(UInt8(ascii: "}"))
            }
            return
        }
        let digits = DigitTable.shared
        w.raw("{\"a\":1,\"k\":[")
        for k in 0..<count {
            // Over the render's budget: stop here, the output is refused (`RenderBudget`).
            if w.isOverBudget { break }
            w.withRoom(maxValueLength + keyframeFramingLength) { room in
                if k > 0 { room.byte(UInt8(ascii: ",")) }
                room.put("{\"t\":")
                room.number3(frames[k], digits: digits)
                room.put(",\"s\":")
                if boxed { room.byte(UInt8(ascii: "[")) }
                value(k, &room)
                if boxed { room.byte(UInt8(ascii: "]")) }
                if k < count - 1 {
                    if holds?[k] == true || frames[k + 1] <= frames[k] {
                        room.put(",\"h\":1")
                    } else {
                        room.put(",\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}")
                    }
                }
                room.byte(UInt8(ascii: "}"))
            }
        }
        w.raw("]}")
    }

    static func scalarProperty(_ values: [Double], frames: [Double], holds: [Bool]?, into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let constant = values.allSatisfy { $0 == values[0] }
        keyframed(
            count: values.count, constant: constant, frames: frames, holds: holds, boxed: true,
            maxValueLength: ByteWriter.maxNumberLength, into: &w
        ) { k, room in room.number3(values[k], digits: digits) }
    }

    static func pointProperty(_ values: [Point], frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let constant = values.allSatisfy { $0 == values[0] }
        keyframed(
            count: values.count, constant: constant, frames: frames, holds: nil, boxed: false,
            maxValueLength: 2 * ByteWriter.maxNumberLength + 3, into: &w
        ) { k, room in
            room.byte(UInt8(ascii: "["))
            room.number3(values[k].x, digits: digits)
            room.byte(UInt8(ascii: ","))
            room.number3(values[k].y, digits: digits)
            room.byte(UInt8(ascii: "]"))
        }
    }

    /// `[r,g,b,1]` keyframes: the alpha is the property beside it (a fill's or stroke's `o`).
    static func colorProperty(_ values: [Color], frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let first = values[0]
        let constant = values.allSatisfy { $0.red == first.red && $0.green == first.green && $0.blue == first.blue }
        keyframed(
            count: values.count, constant: constant, frames: frames, holds: nil, boxed: false,
            maxValueLength: 3 * ByteWriter.maxNumberLength + 6, into: &w
        ) { k, room in
            room.byte(UInt8(ascii: "["))
            room.number3(values[k].red, digits: digits)
            room.byte(UInt8(ascii: ","))
            room.number3(values[k].green, digits: digits)
            room.byte(UInt8(ascii: ","))
            room.number3(values[k].blue, digits: digits)
            room.put(",1]")
        }
    }

    static func pathProperty(_ paths: PathFrames, frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        keyframed(
            count: paths.frameCount, constant: paths.isConstant, frames: frames, holds: nil, boxed: true,
            maxValueLength: paths.maxShapeLength, into: &w
        ) { k, room in paths.writeShape(k, digits: digits, into: &room) }
    }

    static func staticPath(_ p: PathFrames, into w: inout JSONWriter) { pathProperty(p, frames: [0], into: &w) }
}
