import AnimaticCore

/// Geometry from the container for an *inline* spec (docs/EXPORT.md, "Inline specs:
/// fractions of the container"): the spec's horizontal geometry (x, widths, centres' x,
/// translations' x, snapshot rects' x and width) is written as a fraction of
/// `containerView.bounds.width`, its vertical geometry of the height, so that the file
/// scales with the container the way `scaled(_:sx:sy:)` scales the spec; lengths that are
/// not the container's (corner radii, borders, shadows, perspective, a translation's z, a
/// raw matrix) stay points.
///
/// Which numbers are geometry is measured, as `SwiftGeometry` measures a preset: the file
/// is written again from the spec scaled by 2 horizontally, then vertically, and the
/// numbers are lined up slot by slot (`SwiftNumberSlots`). Doubling is exact in floating
/// point, so a number the writer derives from geometry (a frame's origin from the position,
/// the anchor and the size) doubles exactly too: a number that doubles with the width and
/// not with the height is horizontal, and the other way round vertical; anything else is
/// not the container's.
enum SwiftSpecFractions {
    /// The expressions of the file `write` writes for `spec`; nil when no number is the
    /// container's (or the file changes shape when scaled).
    static func fit(spec: TransitionSpec, write: (TransitionSpec) -> [Double]) -> SwiftGeometry? {
        let base = write(spec)
        guard !base.isEmpty else { return nil }
        let wide = write(scaled(spec, sx: 2, sy: 1))
        let tall = write(scaled(spec, sx: 1, sy: 2))
        guard wide.count == base.count, tall.count == base.count else { return nil }
        let size = spec.container.size
        var expressions: [Int: String] = [:]
        var names: [Int: Set<String>] = [:]
        for (slot, value) in base.enumerated() where value != 0 && value.isFinite {
            let axis: (name: String, length: Double)
            if wide[slot] == 2 * value, tall[slot] == value {
                axis = ("width", size.width)
            } else if tall[slot] == 2 * value, wide[slot] == value {
                axis = ("height", size.height)
            } else {
                continue
            }
            guard let text = expression(value, of: axis.name, length: axis.length) else { continue }
            expressions[slot] = text
            names[slot] = [axis.name]
        }
        guard !expressions.isEmpty else { return nil }
        return SwiftGeometry(expressions: expressions, names: names, constants: [], isSpecFractions: true)
    }

    /// `value` as a fraction of the container's `name` (`width` or `height`, `length` points
    /// long), written so that Swift's evaluation of the text at `length` is `value` exactly,
    /// the first of: `width`, `width / k`, `width * n / k` (k ≤ 12); `width * 0.15` (at most
    /// six decimal places); `width * 45 / 390` (the spec's number over the spec's length);
    /// nil (the literal) when none is exact. A negative value is the same with `-` before.
    static func expression(_ value: Double, of name: String, length: Double) -> String? {
        guard value.isFinite, value != 0, length > 0 else { return nil }
        let sign = value < 0 ? "-" : ""
        let a = abs(value)
        for k in 1...12 {
            let n = (a / length * Double(k)).rounded()
            guard n >= 1 else { continue }
            // Swift evaluates `width * n / k` left to right.
            let text: String, evaluated: Double
            switch (n, k) {
            case (1, 1): (text, evaluated) = (name, length)
            case (1, _): (text, evaluated) = ("\(name) / \(k)", length / Double(k))
            case (_, 1): (text, evaluated) = ("\(name) * \(plain(n))", length * n)
            default: (text, evaluated) = ("\(name) * \(plain(n)) / \(k)", length * n / Double(k))
            }
            if evaluated == a { return sign + text }
        }
        for places in 1...6 {
            let scale = pow10(places)
            let d = (a / length * scale).rounded() / scale
            if d > 0, length * d == a { return sign + "\(name) * \(plain(d))" }
        }
        if length * a / length == a { return sign + "\(name) * \(plain(a)) / \(plain(length))" }
        return nil
    }

    /// The spec with its container and every horizontal length multiplied by `sx`, every
    /// vertical one by `sy`: layers' positions and sizes, snapshot rects, translations' x and
    /// y, in the layers, the animations and the completion. The Python test of the export's
    /// runs (Tests/python/test_swift_export_runs.py, `scaled_spec`) scales the JSON the same way.
    static func scaled(_ spec: TransitionSpec, sx: Double, sy: Double) -> TransitionSpec {
        func point(_ p: Point) -> Point { Point(x: p.x * sx, y: p.y * sy) }
        func size(_ s: Size) -> Size { Size(width: s.width * sx, height: s.height * sy) }
        func transform(_ t: TransformSpec) -> TransformSpec {
            guard case .operations(let ops) = t else { return t }  // a raw matrix stays as written
            return .operations(
                ops.map { op in
                    if case let .translate(x, y, z) = op { return .translate(x: x * sx, y: y * sy, z: z) }
                    return op
                })
        }
        func change(_ c: PropertyChange) -> PropertyChange {
            var c = c
            switch (c.property, c.value) {
            case (.position, .point(let p)): c.value = .point(point(p))
            case (.size, .size(let s)): c.value = .size(size(s))
            case (.transform, .transform(let t)): c.value = .transform(transform(t))
            default: break
            }
            return c
        }
        var out = spec
        out.container.size = size(spec.container.size)
        out.layers = spec.layers.map { layer in
            var l = layer
            l.position = point(layer.position)
            l.size = size(layer.size)
            l.transform = transform(layer.transform)
            if case .snapshot(let of, let rect?) = layer.content {
                l.content = .snapshot(
                    of: of, rect: Rect(origin: point(rect.origin), size: size(rect.size)))
            }
            return l
        }
        out.animations = spec.animations.map { animation in
            switch animation {
            case .block(var b):
                b.changes = b.changes.map(change)
                return .block(b)
            case .keyframes(var k):
                k.keyframes = k.keyframes.map { frame in
                    var f = frame
                    f.changes = frame.changes.map(change)
                    return f
                }
                return .keyframes(k)
            }
        }
        out.completion = spec.completion.map(change)
        out.completionIfFinished = spec.completionIfFinished.map(change)
        out.completionIfCancelled = spec.completionIfCancelled.map(change)
        return out
    }

    /// A whole number without a fraction (`390`), anything else as its shortest decimal.
    private static func plain(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : "\(x)"
    }

    private static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
