import AnimaticCore
import AnimaticRender

/// A Codable mirror of the JSON timeline's frames — what a service built on Foundation's
/// coders would encode — for the JSONWriter against JSONEncoder comparison.
struct TimelineMirror: Codable {
    struct Container: Codable { var width: Double; var height: Double; var perspective: Double? }
    struct State: Codable {
        var id: String
        var opacity: Double
        var visible: Bool
        var quad: [[Double]]
        var position: [Double]
        var size: [Double]
        var zPosition: Double
        var cornerRadius: Double
        var fill: String?
        var matrix: [Double]
    }
    struct Frame: Codable { var t: Double; var layers: [State] }

    var version = 1
    var duration: Double
    var transitionDuration: Double
    var fps: Int
    var container: Container
    var frames: [Frame]

    init(_ timeline: Timeline, fps: Int) {
        duration = timeline.duration
        transitionDuration = timeline.transitionDuration
        self.fps = fps
        let c = timeline.spec.container
        container = Container(width: c.size.width, height: c.size.height, perspective: c.perspective)
        frames = timeline.frameTimes(fps: fps).map { t in
            Frame(
                t: t,
                layers: timeline.states(at: t).map { s in
                    State(
                        id: s.id, opacity: s.opacity, visible: s.visible, quad: s.quad.map { [$0.x, $0.y] },
                        position: [s.position.x, s.position.y], size: [s.size.width, s.size.height],
                        zPosition: s.zPosition, cornerRadius: s.cornerRadius, fill: s.fill?.hexString,
                        matrix: s.matrix.entries)
                })
        }
    }

    /// The same fields, written with JSONWriter (6 decimals).
    func written() -> [UInt8] {
        var w = JSONWriter(reserve: frames.count * (frames.first?.layers.count ?? 0) * 300 + 256)
        w.raw("{"); w.key("version"); w.integer(version)
        w.raw(","); w.key("duration"); w.number(duration)
        w.raw(","); w.key("transitionDuration"); w.number(transitionDuration)
        w.raw(","); w.key("fps"); w.integer(fps)
        w.raw(","); w.key("container"); w.raw("{"); w.key("width"); w.number(container.width)
        w.raw(","); w.key("height"); w.number(container.height)
        w.raw(","); w.key("perspective"); if let p = container.perspective { w.number(p) } else { w.null() }
        w.raw("},"); w.key("frames"); w.raw("[")
        for (k, frame) in frames.enumerated() {
            if k > 0 { w.raw(",") }
            w.raw("{"); w.key("t"); w.number(frame.t); w.raw(","); w.key("layers"); w.raw("[")
            for (i, s) in frame.layers.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{"); w.key("id"); w.string(s.id)
                w.raw(","); w.key("opacity"); w.number(s.opacity)
                w.raw(","); w.key("visible"); w.bool(s.visible)
                w.raw(","); w.key("quad"); w.raw("[")
                for (j, p) in s.quad.enumerated() {
                    if j > 0 { w.raw(",") }
                    numbers(p, &w)
                }
                w.raw("],"); w.key("position"); numbers(s.position, &w)
                w.raw(","); w.key("size"); numbers(s.size, &w)
                w.raw(","); w.key("zPosition"); w.number(s.zPosition)
                w.raw(","); w.key("cornerRadius"); w.number(s.cornerRadius)
                if let fill = s.fill { w.raw(","); w.key("fill"); w.string(fill) }
                w.raw(","); w.key("matrix"); numbers(s.matrix, &w)
                w.raw("}")
            }
            w.raw("]}")
        }
        w.raw("]}")
        return w.takeBytes()
    }

    private func numbers(_ values: [Double], _ w: inout JSONWriter) {
        w.raw("[")
        for (i, v) in values.enumerated() {
            if i > 0 { w.raw(",") }
            w.number(v)
        }
        w.raw("]")
    }
}
