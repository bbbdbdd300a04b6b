import AnimaticCore

/// IBAnimatable's explosion (`explode` with `library: "ibanimatable"`, docs/PRESETS.md) written
/// from the container, as `ExplodeAnimator.makeSnapshots` and `animateSnapshotsExplode` do it
/// (Sources/Animators/TransitionAnimator/ExplodeAnimator.swift @ 3fb8f62): `stride` loops over
/// the columns (by width / xFactor) and the rows (by width / yFactor, less than a piece's
/// height in portrait, so the rows overlap), pieces of width / xFactor × height / yFactor, and
/// each piece's transform translate(origin − (dx, dy)) · rotate(angle) · scale(0.01) with its
/// alpha to 0. The draws are integers (`arc4random_uniform(upper − lower) + lower` in the
/// library); the table holds the preset's for its `seed`.
extension SwiftExplodeTiles {
    /// The grid the table is taken from: 10 columns of 50 rows (the rows stepped by
    /// 100² / 2230 pt), 500 pieces, the most the standard limits allow (1,000 changes in one
    /// block, two per piece). The draws do not depend on the grid, only on the piece's index.
    static let ibanimatableTableSize = Size(width: 100, height: 223)

    /// The pieces' frames as the exported loops cut them: `stride(from: 0, to: width, by:
    /// width / xFactor)`, then `stride(from: 0, to: height, by: width / yFactor)`, which Swift
    /// steps as start + n × step (no accumulated error).
    static func ibanimatablePieces(_ size: Size) -> [Rect] {
        let width = size.width, height = size.height
        let xFactor = 10.0
        let yFactor = xFactor * height / width
        var rects: [Rect] = []
        for x in stride(from: 0, to: width, by: width / xFactor) {
            for y in stride(from: 0, to: height, by: width / yFactor) {
                rects.append(Rect(x: x, y: y, width: width / xFactor, height: height / yFactor))
            }
        }
        return rects
    }

    /// What the exported code sets a piece at `origin` to, in Core Animation's order: the
    /// library's `CGAffineTransform(translationX:y:).rotated(by:).scaledBy(x:y:)`.
    static func ibanimatableTransform(origin: Point, _ d: Draw) -> Transform3D {
        Transform3D.translation(origin.x - d.dx, origin.y - d.dy).rotated(d.angle, x: 0, y: 0, z: 1).scaled(0.01, 0.01)
    }

    /// The draws of the table grid's pieces, in its order: dx and dy from each piece's
    /// translation (whole points), the angle the whole number of radians in −10 … 9 whose
    /// transform is the piece's exactly; nil when one is not.
    static func ibanimatableDraws(_ table: TransitionSpec) -> [Draw]? {
        guard case .block(let block)? = table.animations.first else { return nil }
        let rects = ibanimatablePieces(table.container.size)
        guard rects.count == table.layers.count - 2 else { return nil }
        var matrices: [String: Transform3D] = [:]
        for change in block.changes {
            if case (.transform, .transform(.matrix(let m))) = (change.property, change.value) {
                matrices[change.layer] = m
            }
        }
        var out: [Draw] = []
        for (i, rect) in rects.enumerated() {
            guard let m = matrices["piece\(i)"] else { return nil }
            let dx = (rect.minX - m.m41).rounded(), dy = (rect.minY - m.m42).rounded()
            let candidates = (-10...9).map { Draw(dx: dx, dy: dy, angle: Double($0)) }
            guard let d = candidates.first(where: { ibanimatableTransform(origin: rect.origin, $0) == m }) else {
                return nil
            }
            out.append(d)
        }
        return out.isEmpty ? nil : out
    }

    /// The block of `spec` when its layers and changes are the loops' pieces with `draws`.
    static func ibanimatableTiles(_ spec: TransitionSpec, _ draws: [Draw]) -> BlockAnimation? {
        pieceBlock(spec, rects: ibanimatablePieces(spec.container.size), draws: draws, changesPerPiece: 2) {
            i, rect, layer, changes in
            guard layer.content == .snapshot(of: "from", rect: rect) else { return false }
            for change in changes {
                switch (change.property, change.value) {
                case (.transform, .transform(.matrix(let m))):
                    guard m == ibanimatableTransform(origin: rect.origin, draws[i]) else { return false }
                case (.alpha, .number(let a)):
                    guard a == 0 else { return false }
                default: return false
                }
            }
            return true
        }
    }

    /// The animator's table: the integer draws for `seed`.
    func ibanimatableMembers() -> [String] {
        SwiftNumberSlots.literally {
            var lines = [
                "/// The pieces' draws, in the loops' order (columns, then rows): the offset (dx, dy) in points and the",
                "/// angle in radians, whole numbers as ExplodeAnimator's randomFloat(from:to:) gives them",
                "/// (arc4random_uniform(upper − lower) + lower: dx, dy in −100 … 99, the angle in −10 … 9). The preset",
                "/// draws them from SplitMix64 seeded with \(SwiftLiteral.number(seed)) (its `seed`; the library draws arc4random);",
                "/// \(draws.count) rows, the largest grid the spec's limits allow.",
                "static let draws: [(dx: CGFloat, dy: CGFloat, angle: CGFloat)] = [",
            ]
            for d in draws {
                let row = [d.dx, d.dy, d.angle].map { SwiftLiteral.number($0) }
                lines.append("    (dx: \(row[0]), dy: \(row[1]), angle: \(row[2])),")
            }
            lines.append("]")
            return lines
        }
    }

    /// The views: the from view and its pieces cut in ExplodeAnimator's loops, the to view
    /// between them (the library inserts it at the back and sends the from view behind it:
    /// the same order).
    func ibanimatableViews() -> String {
        var out = SwiftSourceWriter()
        out.line()
        out.comment("/layers/0 \"from\": in the container at its frame, to be snapshotted")
        out.line("containerView.addSubview(fromView)")
        out.line("fromView.frame = containerView.bounds")
        out.comment(
            "/layers/2…: the pieces, snapshots of \"from\", as ExplodeAnimator's makeSnapshots cuts them: width / xFactor × height / yFactor (squares), columns by width / xFactor, rows by width / yFactor (they overlap in portrait)"
        )
        out.line("let xFactor: CGFloat = 10")
        out.line("let yFactor = xFactor * height / width")
        out.line("var pieces: [UIView] = []")
        out.block("for x in stride(from: 0, to: width, by: width / xFactor)") { w in
            w.block("for y in stride(from: 0, to: height, by: width / yFactor)") { w in
                w.line("let pieceFrame = CGRect(x: x, y: y, width: width / xFactor, height: height / yFactor)")
                w.line(
                    "let piece = fromView.resizableSnapshotView(from: pieceFrame, afterScreenUpdates: false, withCapInsets: .zero) ?? UIView()"
                )
                w.line("piece.frame = pieceFrame")
                w.line("pieces.append(piece)")
            }
        }
        out.line()
        out.comment(
            "/layers/1 \"to\": the transition's to view, above the from view (ExplodeAnimator inserts it at index 0, then sends the from view to the back)"
        )
        out.line("containerView.addSubview(toView)")
        out.line("toView.frame = containerView.bounds")
        out.line()
        out.comment("/layers/2…: the pieces, above the to view")
        out.block("for piece in pieces") { w in w.line("containerView.addSubview(piece)") }
        return out.text
    }

    /// Each piece turned, shrunk and moved by its draw and its own origin, and faded.
    func ibanimatableChanges(_ w: inout SwiftSourceWriter, typeName: String) {
        w.comment(
            "/animations/0/changes/piece…: each piece by its draw, as animateSnapshotsExplode does: translate(origin − (dx, dy)), then rotated, then scaled by 0.01 (the point is scaled, turned, then moved); alpha 0"
        )
        w.block("for (i, piece) in pieces.enumerated()") { w in
            w.line("let draw = \(typeName)Animator.draws[i % \(typeName)Animator.draws.count]")
            w.line("let origin = piece.frame.origin")
            w.line("let moved = CATransform3DMakeTranslation(origin.x - draw.dx, origin.y - draw.dy, 0)")
            w.line(
                "piece.layer.transform = CATransform3DScale(CATransform3DRotate(moved, draw.angle, 0, 0, 1), 0.01, 0.01, 1)"
            )
            w.line("piece.alpha = 0")
        }
    }
}
