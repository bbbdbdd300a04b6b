import AnimaticCore

/// Writes the body of `animateTransition(using:)` for one spec: the views, their initial
/// states, every animation call in spec order and the completion. Keeps each view's
/// *model* transform in call order (UIKit sets model values when a block is called), so
/// it writes `frame` only where UIKit defines it: on a view whose transform is the identity.
struct SwiftAnimatorWriter {
    let spec: TransitionSpec
    let plan: SwiftViewPlan
    var out = SwiftSourceWriter()
    var warnings: [SwiftExportWarning] = []
    /// The model transform of each layer as the code written so far leaves it.
    var modelTransform: [String: Transform3D] = [:]
    /// The animation whose completion runs the transition's completion (the last to end).
    let lastAnimation: Int?
    /// The animation call whose own completion argument runs `finish()`: the last one,
    /// unless a `CATransaction` around it takes that role.
    var completionOwner: Int?

    init(spec: TransitionSpec, plan: SwiftViewPlan) {
        self.spec = spec
        self.plan = plan
        for layer in spec.layers { modelTransform[layer.id] = layer.transform.matrix }
        var last: (index: Int, end: Double)?
        for (i, animation) in spec.animations.enumerated() {
            let end = animation.delay + SwiftAnimatorWriter.duration(animation)
            if last == nil || end >= last!.end { last = (i, end) }
        }
        lastAnimation = last?.index
        completionOwner = last?.index
    }

    static func duration(_ animation: AnimationSpec) -> Double {
        switch animation {
        case .block(let b): return b.duration
        case .keyframes(let k): return k.duration
        }
    }

    mutating func warn(_ pointer: String, _ message: String) {
        let warning = SwiftExportWarning(pointer: pointer, message: message)
        warnings.append(warning)
        out.comment("Not expressible exactly — \(warning.description)")
    }

    /// The pointer of a layer's change set inside `base` (`/animations/0/changes/to`).
    static func pointer(_ base: String, layer: String) -> String {
        base + "/" + layer.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The changes grouped by layer in their spec order, as `{layerId: {…}}` is written.
    static func grouped(_ changes: [PropertyChange]) -> [(layer: String, changes: [PropertyChange])] {
        var order: [String] = []
        var byLayer: [String: [PropertyChange]] = [:]
        for c in changes {
            if byLayer[c.layer] == nil { order.append(c.layer) }
            byLayer[c.layer, default: []].append(c)
        }
        return order.map { ($0, byLayer[$0]!) }
    }

    /// Statements for one layer's change set, `frame` where position and size change
    /// together on an untransformed view; updates the model transform.
    mutating func writeChanges(_ layer: String, _ changes: [PropertyChange]) {
        let view = plan.name(layer)
        var rest = changes
        if let t = changes.first(where: { $0.property == .transform }), case .transform(let spec) = t.value {
            modelTransform[layer] = spec.matrix
        }
        if let p = changes.firstIndex(where: { $0.property == .position }),
            let s = changes.firstIndex(where: { $0.property == .size }),
            case .point(let position) = changes[p].value, case .size(let size) = changes[s].value,
            modelTransform[layer] == .identity, let anchor = plan.view(layer)?.layer.anchor
        {
            out.line(SwiftPropertyWriter.frameAssignment(view, position: position, size: size, anchor: anchor))
            rest = changes.enumerated().filter { $0.offset != p && $0.offset != s }.map(\.element)
        }
        let anchored = plan.view(layer).map { $0.layer.anchor != Point(x: 0.5, y: 0.5) } ?? false
        for c in rest {
            if anchored, c.property == .position, case .point(let p) = c.value {
                // `center` is the layer's position, but off the centre it reads wrong: UIKit code writes layer.position.
                out.line("\(view).layer.position = \(SwiftLiteral.point(p))")
            } else {
                out.line(SwiftPropertyWriter.assignment(view, c.property, c.value))
            }
        }
    }
}
