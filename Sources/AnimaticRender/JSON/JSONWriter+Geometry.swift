import AnimaticCore

/// Writing the engine's values as JSON arrays and objects.
extension JSONWriter {
    mutating func point(_ p: Point) { pair(p.x, p.y) }

    mutating func size(_ s: Size) { pair(s.width, s.height) }

    /// `[a,b]` in one write.
    mutating func pair(_ a: Double, _ b: Double) {
        let digits = fractionDigits
        withRoom(2 * ByteWriter.maxNumberLength + 3) { room in
            room.byte(UInt8(ascii: "["))
            room.number(a, fractionDigits: digits)
            room.byte(UInt8(ascii: ","))
            room.number(b, fractionDigits: digits)
            room.byte(UInt8(ascii: "]"))
        }
    }

    mutating func numbers(_ values: [Double]) {
        raw(UInt8(ascii: "["))
        for (i, v) in values.enumerated() {
            if i > 0 { raw(UInt8(ascii: ",")) }
            number(v)
        }
        raw(UInt8(ascii: "]"))
    }

    /// The 16 entries, `[m11,…,m44]`, in one write.
    mutating func matrix(_ m: Transform3D) {
        let digits = fractionDigits
        withRoom(16 * (ByteWriter.maxNumberLength + 1) + 2) { room in
            m.withEntries { entries in
                room.byte(UInt8(ascii: "["))
                for k in 0..<16 {
                    if k > 0 { room.byte(UInt8(ascii: ",")) }
                    room.number(entries[k], fractionDigits: digits)
                }
                room.byte(UInt8(ascii: "]"))
            }
        }
    }

    /// `"#rrggbb"` or `"#rrggbbaa"`, as `Color.hexString`, without making a String or an
    /// array (a frame writes one per layer with a fill).
    mutating func color(_ c: Color) {
        raw(UInt8(ascii: "\""))
        raw(UInt8(ascii: "#"))
        hexByte(c.red)
        hexByte(c.green)
        hexByte(c.blue)
        if c.alpha < 1 { hexByte(c.alpha) }
        raw(UInt8(ascii: "\""))
    }

    /// A colour component in 0…1 as two lowercase hex digits.
    private mutating func hexByte(_ component: Double) {
        let byte = Int((min(max(component, 0), 1) * 255).rounded())
        let high = byte >> 4, low = byte & 15
        raw(UInt8(high < 10 ? 48 + high : 87 + high))
        raw(UInt8(low < 10 ? 48 + low : 87 + low))
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
