import AnimaticCore
import SwiftSyntax

/// The animation calls the code made, in wall time, with the completion closures still to run.
struct AnimationRecorder {
    struct Pending {
        var time: Double
        var closure: ImportClosure
        /// Arguments the closure gets (`finished: true`, `position: .end`).
        var arguments: [ImportValue]
        var order: Int
        /// `DispatchQueue.main.asyncAfter` rather than an animation's completion.
        var timer: Bool
    }

    var animations: [AnimationSpec] = []
    var pending: [Pending] = []
    /// `hidden` (and other instant) changes at a wall time (`DispatchQueue.main.asyncAfter`).
    var instants: [(time: Double, changes: [PropertyChange], node: Syntax)] = []
    private var order = 0

    var end: Double { animations.map { $0.delay + $0.duration }.max() ?? 0 }

    mutating func record(_ animation: AnimationSpec) { animations.append(animation) }

    mutating func schedule(_ closure: ImportClosure, at time: Double, arguments: [ImportValue], timer: Bool = false) {
        pending.append(Pending(time: time, closure: closure, arguments: arguments, order: order, timer: timer))
        order += 1
    }

    /// The earliest pending closure (in the order they were scheduled among equal times).
    mutating func next() -> Pending? {
        guard
            let i = pending.indices.min(by: {
                (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order)
            })
        else { return nil }
        return pending.remove(at: i)
    }
}
