import AnimaticCore

/// Lottie's animated properties: `{"a":0,"k":v}` when a value never changes, else a
/// keyframe per frame, linear, or hold where a jump must stay a jump.
///
/// A timeline's Lottie file is mostly keyframes (a layer's path at every frame), so each
/// keyframe — its frame, its value and its easing — is written in one go into the
/// writer's spare room, numbers by `ByteWriter.writeNumber3` (the file's three decimals),
/// with no array, string or closure context per keyframe.
extension LottieEncoder {
    /// Bytes of a keyframe besides its value, at most: the comma before it, `{"t":` and the
    /// frame, `,"s":[`, `]`, the easing and `}`.
    static let keyframeFramingLength = 80 + ByteWriter.maxNumberLength

    /// The property of `count` values: `{"a":0,"k":v₀}` when `constant`, else a keyframe
    /// per value at `frames[k]`, holding where `holds[k]` or where the next keyframe is at
    /// the same frame (a jump's left side). `value(k, p)` writes value `k` (at most
    /// `maxValueLength` bytes) and returns its length; `boxed` puts it in `[…]` in a
    /// keyframe's `s`, which is an array.
    @inline(__always)
    static func keyframed(
        count: Int, constant: Bool, frames: [Double], holds: [Bool]?, boxed: Bool, maxValueLength: Int,
        into w: inout JSONWriter, value: (Int, UnsafeMutablePointer<UInt8>) -> Int
    ) {
        if constant {
            w.withSpace(maxValueLength + 16) { p in
                var i = ByteWriter.put("{\"a\":0,\"k\":", at: p)
                i += value(0, p + i)
                p[i] = UInt8(ascii: "}")
                return i + 1
            }
            return
        }
        let digits = DigitTable.shared
        w.raw("{\"a\":1,\"k\":[")
        frames.withUnsafeBufferPointer { frames in
            for k in 0..<count {
                // Over the render's budget: stop here, the output is refused (`RenderBudget`).
                if w.isOverBudget { break }
                w.withSpace(maxValueLength + keyframeFramingLength) { p in
                    var i = 0
                    if k > 0 { p[0] = UInt8(ascii: ","); i = 1 }
                    i += ByteWriter.put("{\"t\":", at: p + i)
                    i += ByteWriter.writeNumber3(frames[k], digits: digits, to: p + i)
                    i += ByteWriter.put(",\"s\":", at: p + i)
                    if boxed { p[i] = UInt8(ascii: "["); i += 1 }
                    i += value(k, p + i)
                    if boxed { p[i] = UInt8(ascii: "]"); i += 1 }
                    if k < count - 1 {
                        if holds?[k] == true || frames[k + 1] <= frames[k] {
                            i += ByteWriter.put(",\"h\":1", at: p + i)
                        } else {
                            i += ByteWriter.put(",\"i\":{\"x\":[1],\"y\":[1]},\"o\":{\"x\":[0],\"y\":[0]}", at: p + i)
                        }
                    }
                    p[i] = UInt8(ascii: "}")
                    return i + 1
                }
            }
        }
        w.raw("]}")
    }

    static func scalarProperty(_ values: [Double], frames: [Double], holds: [Bool]?, into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let constant = values.allSatisfy { $0 == values[0] }
        values.withUnsafeBufferPointer { v in
            keyframed(
                count: v.count, constant: constant, frames: frames, holds: holds, boxed: true,
                maxValueLength: ByteWriter.maxNumberLength, into: &w
            ) { k, p in ByteWriter.writeNumber3(v[k], digits: digits, to: p) }
        }
    }

    static func pointProperty(_ values: [Point], frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let constant = values.allSatisfy { $0 == values[0] }
        values.withUnsafeBufferPointer { v in
            keyframed(
                count: v.count, constant: constant, frames: frames, holds: nil, boxed: false,
                maxValueLength: 2 * ByteWriter.maxNumberLength + 3, into: &w
            ) { k, p in
                p[0] = UInt8(ascii: "[")
                var i = 1 + ByteWriter.writeNumber3(v[k].x, digits: digits, to: p + 1)
                p[i] = UInt8(ascii: ","); i += 1
                i += ByteWriter.writeNumber3(v[k].y, digits: digits, to: p + i)
                p[i] = UInt8(ascii: "]")
                return i + 1
            }
        }
    }

    /// `[r,g,b,1]` keyframes: the alpha is the property beside it (a fill's or stroke's `o`).
    static func colorProperty(_ values: [Color], frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        let first = values[0]
        let constant = values.allSatisfy { $0.red == first.red && $0.green == first.green && $0.blue == first.blue }
        values.withUnsafeBufferPointer { v in
            keyframed(
                count: v.count, constant: constant, frames: frames, holds: nil, boxed: false,
                maxValueLength: 3 * ByteWriter.maxNumberLength + 6, into: &w
            ) { k, p in
                p[0] = UInt8(ascii: "[")
                var i = 1 + ByteWriter.writeNumber3(v[k].red, digits: digits, to: p + 1)
                p[i] = UInt8(ascii: ","); i += 1
                i += ByteWriter.writeNumber3(v[k].green, digits: digits, to: p + i)
                p[i] = UInt8(ascii: ","); i += 1
                i += ByteWriter.writeNumber3(v[k].blue, digits: digits, to: p + i)
                i += ByteWriter.put(",1]", at: p + i)
                return i
            }
        }
    }

    static func pathProperty(_ paths: PathFrames, frames: [Double], into w: inout JSONWriter) {
        let digits = DigitTable.shared
        keyframed(
            count: paths.frameCount, constant: paths.isConstant, frames: frames, holds: nil, boxed: true,
            maxValueLength: paths.maxShapeLength, into: &w
        ) { k, p in paths.writeShape(k, digits: digits, to: p) }
    }

    static func staticPath(_ p: PathFrames, into w: inout JSONWriter) { pathProperty(p, frames: [0], into: &w) }
}
