import AnimaticCore

/// The `explode` preset's export written from the container (docs/EXPORT.md, "Geometry
/// from the container"). `SwiftGeometry` cannot measure it: another container size is
/// another number of pieces, so the file cannot be the same numbers moved. Instead the file
/// cuts the from view as the library's loops do and moves, fades and turns each piece by the
/// preset's draws for its index:
///
/// - VCTransitionsLibrary's `CEExplodeAnimationController` (the default): squares of
///   width / 10, columns then rows, stepped as the source's float loops step
///   (`ExplodePreset.pieces`); each row of the table is the move (dx, dy) and the first row of
///   the turn's matrix (m11, m12 = 0.01 cos θ, 0.01 sin θ).
/// - IBAnimatable's `ExplodeAnimator` (`library: "ibanimatable"`,
///   `SwiftExplodeTiles+IBAnimatable.swift`): its `stride` loops, rows stepped by
///   width / yFactor so that they overlap, and integer draws (dx, dy, angle).
///
/// The draws are the preset's (SplitMix64 seeded with `seed`, three per piece), written as a
/// table long enough for the largest grid the spec's limits allow, so that every container
/// the preset accepts finds its pieces' draws there; the table is taken from the preset built
/// on a grid of that many pieces. `fit` checks every piece of the spec against the loops and
/// the table and gives up (the numbers stay the spec's) when one differs.
struct SwiftExplodeTiles {
    /// Whose explosion the preset plays (its `library` parameter).
    enum Library {
        case vctl
        case ibanimatable
    }

    struct Draw {
        var dx: Double
        var dy: Double
        /// VCTransitionsLibrary: the turn's matrix row.
        var m11: Double = 0
        var m12: Double = 0
        /// IBAnimatable: the whole angle in radians.
        var angle: Double = 0
    }

    let library: Library
    let draws: [Draw]
    let block: BlockAnimation
    let seed: Double

    /// The grid the VCTransitionsLibrary table is taken from: 10 columns of 10 × 33 rows, 330
    /// pieces, the most a grid can have under the standard limits (333 pieces; a grid is 10
    /// or 11 columns).
    static let tableSize = Size(width: 100, height: 330)

    /// The tiles of `spec`, built from the preset `document`; nil when the document is not
    /// `explode` or does not give `spec` piece for piece.
    static func fit(document: JSONValue, spec: TransitionSpec) -> SwiftExplodeTiles? {
        guard case .string("explode")? = document["preset"], let preset = PresetCatalog.named("explode") else {
            return nil
        }
        let params = document["params"] == .null ? nil : document["params"]
        var library = "vctl"
        if case .string(let chosen)? = params?["library"] { library = chosen }
        guard library == "vctl" || library == "ibanimatable" else { return nil }
        guard case .success(let built) = preset.spec(params: params),
            SpecEncoder.encode(built) == SpecEncoder.encode(spec)
        else { return nil }
        var seed = 1.0
        if case .number(let s)? = params?["seed"] { seed = s }
        let size = library == "vctl" ? tableSize : ibanimatableTableSize
        var members = (params?.objectMembers ?? []).filter { !["width", "height", "orientation"].contains($0.key) }
        members += [("width", .number(size.width)), ("height", .number(size.height))]
        guard case .success(let table) = preset.spec(params: .object(members)) else { return nil }
        if library == "ibanimatable" {
            guard let draws = ibanimatableDraws(table), let tiles = ibanimatableTiles(spec, draws) else { return nil }
            return SwiftExplodeTiles(library: .ibanimatable, draws: draws, block: tiles, seed: seed)
        }
        guard let draws = Self.draws(table), let tiles = Self.tiles(spec, draws) else { return nil }
        return SwiftExplodeTiles(library: .vctl, draws: draws, block: tiles, seed: seed)
    }

    /// The block of `spec` when its layers and changes are the grid's pieces with `draws`.
    private static func tiles(_ spec: TransitionSpec, _ draws: [Draw]) -> BlockAnimation? {
        pieceBlock(spec, rects: ExplodePreset.pieces(spec.container.size), draws: draws, changesPerPiece: 3) {
            i, rect, _, changes in
            let d = draws[i]
            for change in changes {
                switch (change.property, change.value) {
                case (.position, .point(let p)):
                    guard p == Point(x: rect.midX + d.dx, y: rect.midY + d.dy) else { return false }
                case (.alpha, .number(let a)):
                    guard a == 0 else { return false }
                case (.transform, .transform(.matrix(let m))):
                    guard m.m11 == d.m11, m.m12 == d.m12, m.m21 == -d.m12, m.m22 == d.m11, abs(m.m33 - 1) < 1e-12,
                        [m.m13, m.m14, m.m23, m.m24, m.m31, m.m32, m.m34, m.m41, m.m42, m.m43].allSatisfy({ $0 == 0 }),
                        m.m44 == 1
                    else { return false }
                default: return false
                }
            }
            return true
        }
    }

    /// The one block of `spec` when `spec` is the two views and a piece for each of `rects`
    /// ("piece0", … at the rect's centre and size, hidden at completion, nothing else at the
    /// end), animated by one ease-in-ease-out block of `changesPerPiece` changes a piece, in
    /// piece order, that `piece` accepts (its index, rect, layer and changes) — the shape both
    /// libraries' explodes share; nil otherwise.
    static func pieceBlock(
        _ spec: TransitionSpec, rects: [Rect], draws: [Draw], changesPerPiece: Int,
        piece: (Int, Rect, LayerSpec, ArraySlice<PropertyChange>) -> Bool
    ) -> BlockAnimation? {
        guard rects.count <= draws.count, spec.layers.count == rects.count + 2, spec.animations.count == 1,
            case .block(let block) = spec.animations[0], block.delay == 0, block.timing == .easeInEaseOut,
            block.changes.count == changesPerPiece * rects.count, spec.completionIfFinished.isEmpty,
            spec.completionIfCancelled.isEmpty, spec.completion.count == rects.count
        else { return nil }
        for (i, rect) in rects.enumerated() {
            let layer = spec.layers[i + 2]
            let changes = block.changes[(changesPerPiece * i)..<(changesPerPiece * i + changesPerPiece)]
            guard layer.id == "piece\(i)", layer.position == Point(x: rect.midX, y: rect.midY),
                layer.size == rect.size, changes.allSatisfy({ $0.layer == layer.id }),
                spec.completion[i] == PropertyChange(layer: layer.id, property: .hidden, value: .bool(true)),
                piece(i, rect, layer, changes)
            else { return nil }
        }
        return block
    }

    /// The draws of the table grid's pieces, in its order; the moves are the preset's float
    /// draws (`Float` exactly), recovered from the pieces' positions.
    private static func draws(_ table: TransitionSpec) -> [Draw]? {
        guard case .block(let block)? = table.animations.first else { return nil }
        var out: [Draw] = []
        for layer in table.layers.dropFirst(2) {
            var d = Draw(dx: 0, dy: 0, m11: 0, m12: 0)
            for change in block.changes where change.layer == layer.id {
                switch (change.property, change.value) {
                case (.position, .point(let p)):
                    d.dx = Double(Float(p.x - layer.position.x))
                    d.dy = Double(Float(p.y - layer.position.y))
                case (.transform, .transform(.matrix(let m))):
                    d.m11 = m.m11
                    d.m12 = m.m12
                default: break
                }
            }
            out.append(d)
        }
        return out.isEmpty ? nil : out
    }

    /// The animator's table, a `static let` (the preset's draws for `seed`).
    func members(typeName: String) -> [String] {
        if library == .ibanimatable { return ibanimatableMembers() }
        return SwiftNumberSlots.literally {
            var lines = [
                "/// The pieces' draws, in the grid's order (columns, then rows): the move (dx, dy) in points and the",
                "/// turn's matrix row (m11, m12) = 0.01 × (cos θ, sin θ), scale 0.01 applied first. The preset draws",
                "/// them from SplitMix64 seeded with \(SwiftLiteral.number(seed)) (its `seed`; the library draws arc4random);",
                "/// \(draws.count) rows, the largest grid the spec's limits allow.",
                "static let draws: [(dx: CGFloat, dy: CGFloat, m11: CGFloat, m12: CGFloat)] = [",
            ]
            for d in draws {
                let row = [d.dx, d.dy, d.m11, d.m12].map { SwiftLiteral.number($0) }
                lines.append("    (dx: \(row[0]), dy: \(row[1]), m11: \(row[2]), m12: \(row[3])),")
            }
            lines.append("]")
            return lines
        }
    }

    /// The views: the from view, its pieces (snapshots) in the source's loops, the to view,
    /// then the pieces above it.
    func views() -> String {
        if library == .ibanimatable { return ibanimatableViews() }
        var out = SwiftSourceWriter()
        out.line()
        out.comment("/layers/0 \"from\": in the container at its frame, to be snapshotted")
        out.line("containerView.addSubview(fromView)")
        out.line("fromView.frame = containerView.bounds")
        out.comment(
            "/layers/2…: the pieces, snapshots of \"from\": squares of width / 10, columns then rows, as CEExplodeAnimationController's loops step (xFactor 10, yFactor = xFactor × height / width)"
        )
        out.line("let xFactor: CGFloat = 10")
        out.line("let yFactor = xFactor * height / width")
        out.line("var pieces: [UIView] = []")
        out.line("var x: CGFloat = 0")
        out.block("while x < width") { w in
            w.line("var y: CGFloat = 0")
            w.block("while y < height") { w in
                w.line("let pieceFrame = CGRect(x: x, y: y, width: width / xFactor, height: height / yFactor)")
                w.line(
                    "let piece = fromView.resizableSnapshotView(from: pieceFrame, afterScreenUpdates: false, withCapInsets: .zero) ?? UIView()"
                )
                w.line("piece.frame = pieceFrame")
                w.line("pieces.append(piece)")
                w.line("y += height / yFactor")
            }
            w.line("x += width / xFactor")
        }
        out.line()
        out.comment("/layers/1 \"to\": the transition's to view, above the from view")
        out.line("containerView.addSubview(toView)")
        out.line("toView.frame = containerView.bounds")
        out.line()
        out.comment("/layers/2…: the pieces, above the to view")
        out.block("for piece in pieces") { w in w.line("containerView.addSubview(piece)") }
        return out.text
    }

    /// The completion: the pieces removed, then `completeTransition`.
    func completion(_ spec: TransitionSpec) -> String {
        var out = SwiftSourceWriter()
        out.comment("/completion: the completion block, in both outcomes; runs when the last animation ends")
        out.block("func finish()") { w in
            w.comment("/completion/piece…: every piece removed")
            w.block("for piece in pieces") { w in w.line("piece.removeFromSuperview()") }
            if library == .ibanimatable {
                w.comment(
                    "ExplodeAnimator also brings the from view to the front when cancelled: completeTransition(false) removes the to view, so nothing changes on screen"
                )
            }
            if let views = spec.views {
                w.comment("/views: completeTransition removes \(SwiftAnimatorWriter.removal(views))")
            }
            w.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        }
        return out.text
    }

    /// The one block: each piece moves by its draw, fades and turns.
    func animations(typeName: String, interruptible: Bool) -> String {
        let duration = SwiftNumberSlots.literally { SwiftLiteral.number(block.duration) }
        func changes(_ w: inout SwiftSourceWriter) {
            if library == .ibanimatable { return ibanimatableChanges(&w, typeName: typeName) }
            w.comment("/animations/0/changes/piece…: each piece by its draw")
            w.block("for (i, piece) in pieces.enumerated()") { w in
                w.line("let draw = \(typeName)Animator.draws[i % \(typeName)Animator.draws.count]")
                w.line("piece.center = CGPoint(x: piece.center.x + draw.dx, y: piece.center.y + draw.dy)")
                w.line("piece.alpha = 0")
                w.line(
                    "piece.layer.transform = CATransform3D(m11: draw.m11, m12: draw.m12, m13: 0, m14: 0, m21: -draw.m12, m22: draw.m11, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)"
                )
            }
        }
        var out = SwiftSourceWriter()
        out.line()
        if interruptible {
            out.comment("/animations: one animator for the block")
            out.line(
                "let animator = UIViewPropertyAnimator(duration: \(duration), timingParameters: UICubicTimingParameters(animationCurve: .easeInOut))"
            )
            out.comment("/animations/0: \(duration) s after 0 s")
            out.line("animator.addAnimations({")
            out.indent(changes)
            out.line("}, delayFactor: 0)")
            out.finishInterruptibleAnimator()
        } else {
            out.comment("/animations/0: \(duration) s after 0 s, ease-in-ease-out")
            out.line("UIView.animate(withDuration: \(duration), delay: 0, options: [.curveEaseInOut], animations: {")
            out.indent(changes)
            out.line("}, completion: { _ in finish() })")
        }
        return out.text
    }
}
