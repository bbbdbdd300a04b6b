import AnimaticCore

extension LottieEncoder {
    /// One closed Bézier path per frame, every frame with the same vertex count, in one flat
    /// array: frame k holds its `vertexCount` vertices, then their in tangents, then their
    /// out tangents (tangents relative to their vertex, as Lottie's `i` and `o`).
    ///
    /// One array for all frames instead of three per frame: a layer writes a path at every
    /// frame, and the arrays per frame cost more than the writing.
    struct PathFrames {
        let vertexCount: Int
        private(set) var frameCount = 0
        private(set) var points: [Point] = []

        init(vertexCount: Int, capacity: Int) {
            self.vertexCount = vertexCount
            points.reserveCapacity(3 * vertexCount * capacity)
        }

        /// One path of straight sides through `vertices` (zero tangents).
        init(polygon vertices: [Point]) {
            self.init(vertexCount: vertices.count, capacity: 1)
            appendPolygon(vertices)
        }

        /// A frame of straight sides through `vertices` (`vertexCount` of them).
        mutating func appendPolygon(_ vertices: some Collection<Point>) {
            precondition(vertices.count == vertexCount, "PathFrames: vertex count")
            points.append(contentsOf: vertices)
            points.append(contentsOf: repeatElement(Point.zero, count: 2 * vertexCount))
            frameCount += 1
        }

        /// A frame of the bounds `width` × `height` through `m`: four vertices, no curves.
        mutating func appendRect(width: Double, height: Double, through m: Transform3D) {
            precondition(vertexCount == 4, "PathFrames: vertex count")
            points.append(m.apply(to: Point(x: 0, y: 0)))
            points.append(m.apply(to: Point(x: width, y: 0)))
            points.append(m.apply(to: Point(x: width, y: height)))
            points.append(m.apply(to: Point(x: 0, y: height)))
            points.append(contentsOf: repeatElement(Point.zero, count: 8))
            frameCount += 1
        }

        /// A frame given as vertices and their absolute handle points: the tangents are the
        /// handles less their vertex.
        mutating func appendCurves(vertices: [Point], inHandles: [Point], outHandles: [Point]) {
            precondition(vertices.count == vertexCount, "PathFrames: vertex count")
            points.append(contentsOf: vertices)
            for n in 0..<vertexCount { points.append(inHandles[n] - vertices[n]) }
            for n in 0..<vertexCount { points.append(outHandles[n] - vertices[n]) }
            frameCount += 1
        }

        /// Whether every frame equals the first (then the property is not animated).
        var isConstant: Bool {
            let stride = 3 * vertexCount
            guard frameCount > 1, stride > 0 else { return true }
            for k in 1..<frameCount {
                for j in 0..<stride where points[k * stride + j] != points[j] { return false }
            }
            return true
        }

        /// The most bytes `writeShape` writes for one frame.
        var maxShapeLength: Int { 3 * vertexCount * (2 * ByteWriter.maxNumberLength + 4) + 32 }

        /// `{"c":true,"v":[[x,y],…],"i":[…],"o":[…]}` of frame `k` (at most `maxShapeLength`).
        func writeShape(_ k: Int, digits: DigitTable, into room: inout ByteWriter.Room) {
            let n = vertexCount
            let frame = 3 * n * k
            room.put("{\"c\":true,\"v\":")
            for part in 0..<3 {
                if part == 1 { room.put(",\"i\":") }
                if part == 2 { room.put(",\"o\":") }
                room.byte(UInt8(ascii: "["))
                for j in 0..<n {
                    if j > 0 { room.byte(UInt8(ascii: ",")) }
                    let q = points[frame + part * n + j]
                    room.byte(UInt8(ascii: "["))
                    room.number3(q.x, digits: digits)
                    room.byte(UInt8(ascii: ","))
                    room.number3(q.y, digits: digits)
                    room.byte(UInt8(ascii: "]"))
                }
                room.byte(UInt8(ascii: "]"))
            }
            room.byte(UInt8(ascii: "}"))
        }
    }
}
