import AnimaticCore

/// What the flat outputs draw, in order, for a timeline's layer tree: each layer's body
/// in drawing order and, for a layer with a border and sublayers, the border again after
/// its last descendant — Core Animation draws a border above the layer's sublayers.
package enum DrawStep: Equatable {
    case body(Int)
    /// The border of a layer with sublayers, drawn after them.
    case border(Int)
}

extension Timeline {
    /// Bodies in `drawOrder`, with a `.border` step closing each subtree whose root shows
    /// a border at some frame (`bordered`).
    package func drawSteps(bordered: (Int) -> Bool) -> [DrawStep] {
        var steps: [DrawStep] = []
        var open: [Int] = []  // ancestors whose subtree is being drawn
        func close(downTo depth: Int) {
            while let top = open.last, tree.depths[top] >= depth {
                open.removeLast()
                if bordered(top) { steps.append(.border(top)) }
            }
        }
        for i in drawOrder {
            close(downTo: tree.depths[i])
            steps.append(.body(i))
            if tree.hasSublayers[i] { open.append(i) }
        }
        close(downTo: 1)
        return steps
    }

    /// Whether layer `i` has sublayers.
    package func hasSublayers(_ i: Int) -> Bool { tree.hasSublayers[i] }
}
