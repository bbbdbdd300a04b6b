import Glibc  // libm's math functions only: Core does no I/O

/// The polygons an ancestor's `clips` cuts its sublayers to: its rounded bounds projected
/// onto the container, intersected down the tree.
public enum ClipPolygon {
    /// Points per quarter circle of a rounded corner: 8 segments keep the polygon within
    /// 0.02 pt of a 40 pt radius (r (1 − cos(π/32))). Our choice.
    public static let cornerSegments = 8

    /// The bounds of `size` with corners of `radius` (clamped to half the shorter side,
    /// as Core Animation draws it), clockwise from the top-left corner's end of arc, in
    /// bounds coordinates.
    public static func roundedBounds(size: Size, radius: Double) -> [Point] {
        let w = size.width, h = size.height
        let r = min(max(radius, 0), min(w, h) / 2)
        guard r > 0 else {
            return [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: w, y: h), Point(x: 0, y: h)]
        }
        var points: [Point] = []
        points.reserveCapacity(4 * (cornerSegments + 1))
        // Corner centres, in the order of `arc`'s quarter circles (y down, clockwise).
        let centres = [(w - r, r), (w - r, h - r), (r, h - r), (r, r)]
        for (c, (cx, cy)) in centres.enumerated() {
            for k in 0...cornerSegments {
                let (dx, dy) = arc[c * (cornerSegments + 1) + k]
                points.append(Point(x: cx + r * dx, y: cy + r * dy))
            }
        }
        return points
    }

    /// The unit quarter circles of the four corners, top-right first, each from its start
    /// angle (−π/2, 0, π/2, π) clockwise: computed once, not per frame.
    static let arc: [(Double, Double)] = (0..<4).flatMap { c in
        (0...cornerSegments).map { k in
            let a = Double(c - 1) * .pi / 2 + Double(k) / Double(cornerSegments) * (.pi / 2)
            return (cos(a), sin(a))
        }
    }

    /// A layer's rounded bounds through its `matrix`, perspective divide included.
    public static func projected(size: Size, radius: Double, matrix: Transform3D) -> [Point] {
        roundedBounds(size: size, radius: radius).map { matrix.apply(to: $0) }
    }

    /// The intersection of two convex polygons (Sutherland–Hodgman, `subject` clipped by
    /// each edge of `clip`); either orientation. Empty when they do not overlap.
    public static func intersection(_ subject: [Point], _ clip: [Point]) -> [Point] {
        guard subject.count >= 3, clip.count >= 3 else { return [] }
        let orientation = signedArea(clip) >= 0 ? 1.0 : -1.0
        var output = subject
        for e in clip.indices {
            let a = clip[e], b = clip[(e + 1) % clip.count]
            func inside(_ p: Point) -> Bool {
                orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= -1e-9
            }
            let input = output
            output = []
            guard let last = input.last else { break }
            var previous = last
            for p in input {
                let pin = inside(p), qin = inside(previous)
                if pin {
                    if !qin { output.append(crossing(previous, p, a, b)) }
                    output.append(p)
                } else if qin {
                    output.append(crossing(previous, p, a, b))
                }
                previous = p
            }
        }
        return output.count >= 3 ? output : []
    }

    /// Twice the signed area (positive when clockwise on screen, y down).
    static func signedArea(_ p: [Point]) -> Double {
        var s = 0.0
        for i in p.indices {
            let q = p[(i + 1) % p.count]
            s += p[i].x * q.y - q.x * p[i].y
        }
        return s
    }

    /// Where segment p→q crosses the line through a and b.
    static func crossing(_ p: Point, _ q: Point, _ a: Point, _ b: Point) -> Point {
        let dx = q.x - p.x, dy = q.y - p.y
        let ex = b.x - a.x, ey = b.y - a.y
        let denominator = dx * ey - dy * ex
        guard denominator != 0 else { return q }
        let t = ((a.x - p.x) * ey - (a.y - p.y) * ex) / denominator
        return Point(x: p.x + t * dx, y: p.y + t * dy)
    }
}
