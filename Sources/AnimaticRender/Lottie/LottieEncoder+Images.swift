import AnimaticCore
import Foundation

/// Pictures in Lottie: each image a layer shows (its own `content.image` with an
/// `asset` or `data`, or a snapshot of such a layer) is an image asset (`assets[]`:
/// `w`, `h` in pixels, `p` a data URI with `e` 1 — or, with `images=link`, `u`
/// `/v1/assets/` and `p` the id, `e` 0) drawn by an image layer (`ty` 2) right above the
/// layer's shape layer.
///
/// Lottie's layer transform is affine (anchor, scale, skew, rotation, position: lottie-web's
/// `TransformProperty.getMatrix`), so it cannot hold a projective map: at every frame the
/// image layer takes the affine map through three corners of the picture's projected
/// rectangle (top-left, top-right, bottom-left). Without perspective that is exact; under
/// perspective the fourth corner is off by the foreshortening (docs/FORMATS.md, "Images").
/// What lies outside the layer's bounds (aspect-fill on a clipping layer, the rest of a
/// snapshot's source) is cut by a mask, in the image layer's own (pixel) coordinates.
extension LottieEncoder {
    /// A layer's picture for Lottie: which image, and where its rectangle lies in the
    /// layer's bounds coordinates at `size`; `cut` is the bounds in the same coordinates
    /// when the picture must be cut to them.
    struct LayerPicture {
        var source: ImageSource
        var image: ImageLibrary.Image
        /// The picture's rectangle in bounds coordinates, for bounds of `size`.
        var rect: (Size) -> Rect
        var cut: Bool
    }

    static func picture(of spec: LayerSpec, in timeline: Timeline) -> LayerPicture? {
        switch spec.content {
        case .image(let aspect, _)?:
            guard let source = spec.imageSource, let image = timeline.spec.images[source] else { return nil }
            let mode = spec.imageMode
            return LayerPicture(
                source: source, image: image, rect: { mode.imageRect(aspect: aspect, in: $0) },
                cut: spec.clips && mode == .fill)
        case .snapshot(let of, let region)?:
            guard let s = timeline.layerIndex(of) else { return nil }
            let src = timeline.layers[s].spec
            guard case .image(let aspect, _)? = src.content, let source = src.imageSource,
                let image = timeline.spec.images[source]
            else { return nil }
            let r = region ?? Rect(origin: .zero, size: src.size)
            let inSource = src.imageMode.imageRect(aspect: aspect, in: src.size)
            return LayerPicture(
                source: source, image: image,
                rect: { size in
                    let sx = size.width / max(r.width, 1e-9), sy = size.height / max(r.height, 1e-9)
                    return Rect(
                        x: (inSource.minX - r.minX) * sx, y: (inSource.minY - r.minY) * sy,
                        width: inSource.width * sx, height: inSource.height * sy)
                }, cut: true)
        case nil:
            return nil
        }
    }

    /// The distinct pictures, in order of first use, with their asset ids (`img_<n>`).
    static func pictureAssets(_ timeline: Timeline) -> [ImageSource] {
        var found: [ImageSource] = []
        for layer in timeline.layers {
            if let p = picture(of: layer.spec, in: timeline), !found.contains(p.source) { found.append(p.source) }
        }
        return found
    }

    /// `assets` members for `pictures`.
    static func writeAssets(_ pictures: [ImageSource], timeline: Timeline, link: Bool, into w: inout JSONWriter) {
        for (n, source) in pictures.enumerated() {
            guard let image = timeline.spec.images[source] else { continue }
            if n > 0 { w.raw(",") }
            w.raw("{"); w.key("id"); w.string("img_\(n)")
            w.raw(","); w.key("w"); w.integer(image.width)
            w.raw(","); w.key("h"); w.integer(image.height)
            if link, case .asset(let id) = source {
                w.raw(","); w.key("u"); w.string("/v1/assets/")
                w.raw(","); w.key("p"); w.string(id)
                w.raw(","); w.key("e"); w.integer(0)
            } else {
                w.raw(","); w.key("u"); w.string("")
                w.raw(","); w.key("p"); w.string(image.dataURI)
                w.raw(","); w.key("e"); w.integer(1)
            }
            w.raw("}")
        }
    }

    /// The image layer (`ty` 2) of layer `i`'s picture: opacity as the shape layer's, and
    /// the affine map of the picture's pixels onto three projected corners at every frame.
    static func imageLayer(
        _ i: Int, picture: LayerPicture, asset: Int, ind: Int, samples: FrameSamples, lastFrame: Double,
        into w: inout JSONWriter
    ) {
        let timeline = samples.timeline
        let spec = timeline.layers[i].spec
        let view = samples.layer(i)
        let states = view.states
        let frames = view.times.map { min($0 * Double(samples.fps), lastFrame) }
        let pw = Double(max(picture.image.width, 1)), ph = Double(max(picture.image.height, 1))
        var positions: [Point] = [], rotations: [Double] = [], scales: [Point] = [], skews: [Double] = []
        for s in states {
            let r = picture.rect(s.size)
            let p0 = s.matrix.apply(to: Point(x: r.minX, y: r.minY))
            let p1 = s.matrix.apply(to: Point(x: r.minX + r.width, y: r.minY))
            let p3 = s.matrix.apply(to: Point(x: r.minX, y: r.minY + r.height))
            let map = AffineParts(
                origin: p0, xAxis: Point(x: (p1.x - p0.x) / pw, y: (p1.y - p0.y) / pw),
                yAxis: Point(x: (p3.x - p0.x) / ph, y: (p3.y - p0.y) / ph))
            positions.append(p0)
            rotations.append(map.rotationDegrees)
            scales.append(Point(x: map.scaleX * 100, y: map.scaleY * 100))
            skews.append(map.skewDegrees)
        }
        let opacities = states.map { $0.visible ? $0.opacity * 100 : 0 }
        let holds = states.indices.map { k in k + 1 < states.count && states[k].visible != states[k + 1].visible }
        w.raw("{\"ddd\":0,\"ind\":"); w.integer(ind); w.raw(",\"ty\":2,\"nm\":"); w.string(spec.id + " image")
        w.raw(",\"refId\":"); w.string("img_\(asset)")
        w.raw(",\"sr\":1,\"ao\":0,\"ip\":0,\"op\":"); w.number(lastFrame); w.raw(",\"st\":0,\"bm\":0,")
        if picture.cut {
            // The bounds in the image's pixel coordinates at every frame: where a layer's size
            // changes (the zoom's transition image, from thumbnail to full frame), so does the
            // part of its aspect-fill picture that the bounds show.
            var cuts = PathFrames(vertexCount: 4, capacity: states.count)
            for s in states {
                let r = picture.rect(s.size)
                let sx = pw / max(r.width, 1e-9), sy = ph / max(r.height, 1e-9)
                let x0 = -r.minX * sx, y0 = -r.minY * sy
                let x1 = (s.size.width - r.minX) * sx, y1 = (s.size.height - r.minY) * sy
                cuts.appendPolygon([Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)])
            }
            w.raw("\"hasMask\":true,\"masksProperties\":[{\"inv\":false,\"mode\":\"a\",\"nm\":\"bounds\",\"pt\":")
            pathProperty(cuts, frames: frames, into: &w)
            w.raw(",\"o\":{\"a\":0,\"k\":100},\"x\":{\"a\":0,\"k\":0}}],")
        }
        w.raw("\"ks\":{\"o\":")
        scalarProperty(opacities, frames: frames, holds: holds, into: &w)
        w.raw(",\"r\":"); scalarProperty(rotations, frames: frames, holds: nil, into: &w)
        w.raw(",\"p\":"); pointProperty(positions, frames: frames, into: &w)
        w.raw(",\"a\":{\"a\":0,\"k\":[0,0,0]},\"s\":"); pointProperty(scales, frames: frames, into: &w)
        w.raw(",\"sk\":"); scalarProperty(skews, frames: frames, holds: nil, into: &w)
        w.raw(",\"sa\":{\"a\":0,\"k\":0}}}")
    }
}

/// An affine map `(u, v) ↦ origin + u·xAxis + v·yAxis` as Lottie's transform parts:
/// rotation · skew · scale, applied to the anchor-less layer (lottie-web's order: scale,
/// then `skewFromAxis(-sk, sa)` with `sa` 0 — x += tan(−sk)·y — then `rotate(-r)`, which
/// turns clockwise on screen for positive `r`).
struct AffineParts {
    var rotationDegrees: Double
    var scaleX: Double
    var scaleY: Double
    var skewDegrees: Double

    init(origin: Point, xAxis a: Point, yAxis b: Point) {
        let theta = atan2(a.y, a.x)
        let c = cos(theta), s = sin(theta)
        scaleX = (a.x * a.x + a.y * a.y).squareRoot()
        // The y axis in the rotated frame: (k·sy, sy).
        let bx = c * b.x + s * b.y, by = -s * b.x + c * b.y
        scaleY = by
        let shear = abs(by) > 1e-12 ? bx / by : 0
        rotationDegrees = theta * 180 / .pi
        skewDegrees = -atan(shear) * 180 / .pi
    }
}
