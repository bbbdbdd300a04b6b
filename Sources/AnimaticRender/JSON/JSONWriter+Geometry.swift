import AnimaticCore

/// Writing the engine's values as JSON arrays and objects.
extension JSONWriter {
    mutating func point(_ p: Point) { pair(p.x, p.y) }

    mutating func size(_ s: Size) { pair(s.width, s.height) }

    /// `[a,b]` in one write.
    mutating func pair(_ a: Double, _ b: Double) {
        let digits = fractionDigits
        withSpace(2 * ByteWriter.maxNumberLength + 3) { p in
            p[0] = UInt8(ascii: "[")
            var i = 1 + ByteWriter.writeNumber(a, fractionDigits: digits, to: p + 1)
            p[i] = UInt8(ascii: ","); i += 1
            i += ByteWriter.writeNumber(b, fractionDigits: digits, to: p + i)
            p[i] = UInt8(ascii: "]")
            return i + 1
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
        withSpace(16 * (ByteWriter.maxNumberLength + 1) + 2) { p in
            withUnsafeBytes(of: m) { raw in
                let entries = raw.bindMemory(to: Double.self)
                p[0] = UInt8(ascii: "[")
                var i = 1
                for k in 0..<16 {
                    if k > 0 { p[i] = UInt8(ascii: ","); i += 1 }
                    i += ByteWriter.writeNumber(entries[k], fractionDigits: digits, to: p + i)
                }
                p[i] = UInt8(ascii: "]")
                return i + 1
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
