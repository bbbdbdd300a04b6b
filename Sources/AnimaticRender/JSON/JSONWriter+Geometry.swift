import AnimaticCore

/// Writing the engine's values as JSON arrays and objects.
extension JSONWriter {
    mutating func point(_ p: Point) {
        raw(UInt8(ascii: "[")); number(p.x); raw(UInt8(ascii: ",")); number(p.y); raw(UInt8(ascii: "]"))
    }

    mutating func size(_ s: Size) {
        raw(UInt8(ascii: "[")); number(s.width); raw(UInt8(ascii: ",")); number(s.height); raw(UInt8(ascii: "]"))
    }

    mutating func numbers(_ values: [Double]) {
        raw(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { raw(UInt8(ascii: ",")) }
            number(v)
        }
        raw(UInt8(ascii: "]"))
    }

    mutating func matrix(_ m: Transform3D) {
        raw(UInt8(ascii: "["))
        number(m.m11); raw(UInt8(ascii: ",")); number(m.m12); raw(UInt8(ascii: ",")); number(m.m13); raw(UInt8(ascii: ",")); number(m.m14); raw(UInt8(ascii: ","))
        number(m.m21); raw(UInt8(ascii: ",")); number(m.m22); raw(UInt8(ascii: ",")); number(m.m23); raw(UInt8(ascii: ",")); number(m.m24); raw(UInt8(ascii: ","))
        number(m.m31); raw(UInt8(ascii: ",")); number(m.m32); raw(UInt8(ascii: ",")); number(m.m33); raw(UInt8(ascii: ",")); number(m.m34); raw(UInt8(ascii: ","))
        number(m.m41); raw(UInt8(ascii: ",")); number(m.m42); raw(UInt8(ascii: ",")); number(m.m43); raw(UInt8(ascii: ",")); number(m.m44)
        raw(UInt8(ascii: "]"))
    }

    /// `"#rrggbb"` or `"#rrggbbaa"`, as `Color.hexString`, without making a String.
    mutating func color(_ c: Color) {
        let hex: StaticString = "0123456789abcdef"
        raw(UInt8(ascii: "\""))
        raw(UInt8(ascii: "#"))
        hex.withUTF8Buffer { digits in
            for component in c.alpha >= 1 ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha] {
                let byte = Int((min(max(component, 0), 1) * 255).rounded())
                raw(digits[byte >> 4])
                raw(digits[byte & 15])
            }
        }
        raw(UInt8(ascii: "\""))
    }

    mutating func trackValue(_ v: TrackValue) {
        switch v {
        case .number(let n): number(n)
        case .point(let p): point(p)
        case .size(let s): size(s)
        case .transform(let m, _): matrix(m)
        case .color(let c): color(c)
        case .bool(let b): bool(b)
        }
    }

    mutating func rect(_ r: Rect) {
        numbers([r.minX, r.minY, r.width, r.height])
    }
}
