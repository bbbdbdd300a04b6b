import AnimaticCore
import AnimaticRender
import Foundation

/// A layer's rounded bounds as a polygon in its own plane, flattened finely enough for the
/// pixels it will cover, and that polygon projected onto the frame.
///
/// Under perspective a circle's image is not a circle, so Cairo's own arcs (drawn in an
/// affine space) cannot be used: the corner arcs are cut into chords in the layer's plane,
/// each chord within `tolerance` device pixels of its arc, and the vertices are taken
/// through the plane's homography (`PlaneHomography`, the map the JSON frames' `matrix`
/// makes of z = 0). Straight lines stay straight under a homography, so the projected
/// chords are as close to the projected arcs as the chords are to the arcs, measured in
/// the plane at the largest scale the quad shows (below).
enum PlaneOutline {
    /// Largest distance of a chord from its arc, in device pixels: 0.1 px, Cairo's own
    /// default tolerance for flattening curves (cairo.h, `cairo_set_tolerance`).
    static let tolerance = 0.1

    /// Chords per quarter circle of `radiusInPixels` so each is within `tolerance` of its
    /// arc: a chord spanning angle θ leaves its arc by r (1 − cos(θ/2)).
    static func segments(radiusInPixels r: Double) -> Int {
        guard r > tolerance else { return 1 }
        let theta = 2 * acos(1 - tolerance / r)
        return min(256, max(1, Int((Double.pi / 2 / theta).rounded(.up))))
    }

    /// The bounds of `size` with corners of `radius` (clamped to half the shorter side, as
    /// Core Animation draws it: `ClipPolygon.roundedBounds`), clockwise from the top-left,
    /// in bounds coordinates, with `segments` chords per corner.
    static func rounded(size: Size, radius: Double, inset: Double = 0, segments: Int) -> [Point] {
        let w = size.width - 2 * inset, h = size.height - 2 * inset
        guard w > 0, h > 0 else { return [] }
        let r = min(max(radius, 0), min(w, h) / 2)
        let x0 = inset, y0 = inset
        guard r > 0 else {
            return [Point(x: x0, y: y0), Point(x: x0 + w, y: y0), Point(x: x0 + w, y: y0 + h), Point(x: x0, y: y0 + h)]
        }
        var points: [Point] = []
        points.reserveCapacity(4 * (segments + 1))
        let centres = [(x0 + r, y0 + r), (x0 + w - r, y0 + r), (x0 + w - r, y0 + h - r), (x0 + r, y0 + h - r)]
        for (c, (cx, cy)) in centres.enumerated() {
            let start = Double(c + 2) * .pi / 2  // π (left), 3π/2 (top), 2π (right), 5π/2 (bottom)
            for k in 0...segments {
                let a = start + Double(k) / Double(segments) * (.pi / 2)
                points.append(Point(x: cx + r * cos(a), y: cy + r * sin(a)))
            }
        }
        return points
    }

    /// The most device pixels one unit of the layer's plane spans, estimated from its quad
    /// (the longest edge over its side): where a corner radius is largest on screen.
    static func pixelsPerUnit(_ state: LayerState, pixelsPerPoint: Double) -> Double {
        let q = state.quad
        func length(_ a: Point, _ b: Point) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        let w = max(state.size.width, 1e-9), h = max(state.size.height, 1e-9)
        let s = max(length(q[0], q[1]) / w, length(q[3], q[2]) / w, length(q[0], q[3]) / h, length(q[1], q[2]) / h)
        return s * pixelsPerPoint
    }

    /// `points` (bounds coordinates) through the layer's plane homography, in device pixels.
    static func project(_ points: [Point], through plane: PlaneHomography, pixelsPerPoint k: Double) -> [Point] {
        points.map { p in
            let q = plane.apply(p)
            return Point(x: q.x * k, y: q.y * k)
        }
    }
}
