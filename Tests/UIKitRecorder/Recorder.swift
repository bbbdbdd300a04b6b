// The recording behind the recording UIKit: what the animator's calls did, on a virtual
// clock, written as a transition spec (docs/SPEC.md). See UIKit.swift.
import Glibc

func sine(_ x: Double) -> Double { Glibc.sin(x) }
func cosine(_ x: Double) -> Double { Glibc.cos(x) }

/// A JSON value, written with sorted keys and shortest round-trip numbers.
public enum JSON {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSON])
    case object([String: JSON])

    public var text: String {
        switch self {
        case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .string(let s): return "\"" + s.replacingOccurrences("\"", "\\\"") + "\""
        case .bool(let b): return b ? "true" : "false"
        case .array(let a): return "[" + a.map(\.text).joined(separator: ",") + "]"
        case .object(let o):
            return "{" + o.keys.sorted().map { JSON.string($0).text + ":" + o[$0]!.text }.joined(separator: ",") + "}"
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String {
        split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}

/// The model values of one view that a spec describes.
struct ViewState: Equatable {
    var position: CGPoint, size: CGSize, transform: CATransform3D, alpha: CGFloat, hidden: Bool
    var cornerRadius: CGFloat, zPosition: CGFloat, shadowOpacity: Float, shadowRadius: CGFloat
    var shadowOffset: CGSize, borderWidth: CGFloat
    /// Whether the view is in the recorded tree (a removed view reads as hidden).
    var inTree: Bool

    /// `anchor` is the anchor point the spec gives the layer: a position read under another
    /// anchor (one the code reset at the end) is moved to where that anchor would put it.
    init(_ view: UIView, inTree: Bool, anchor: CGPoint) {
        let l = view.layer
        position = CGPoint(
            x: l.position.x + (anchor.x - l.anchorPoint.x) * l.bounds.width,
            y: l.position.y + (anchor.y - l.anchorPoint.y) * l.bounds.height)
        size = l.bounds.size; transform = l.transform; alpha = l.alpha
        hidden = l.isHidden; cornerRadius = l.cornerRadius; zPosition = l.zPosition
        shadowOpacity = l.shadowOpacity; shadowRadius = l.shadowRadius; shadowOffset = l.shadowOffset
        borderWidth = l.borderWidth
        self.inTree = inTree
    }

    static func transformJSON(_ t: CATransform3D) -> JSON {
        t == CATransform3DIdentity ? .array([]) : .object(["matrix": .array(t.elements.map { .number($0) })])
    }

    /// The spec's changes that take `old` to `self`.
    func changes(from old: ViewState) -> [String: JSON] {
        var c: [String: JSON] = [:]
        if position != old.position { c["position"] = .array([.number(position.x), .number(position.y)]) }
        if size != old.size { c["size"] = .array([.number(size.width), .number(size.height)]) }
        if transform != old.transform { c["transform"] = Self.transformJSON(transform) }
        if alpha != old.alpha { c["alpha"] = .number(alpha) }
        let shown = !hidden && inTree, wasShown = !old.hidden && old.inTree
        if shown != wasShown { c["hidden"] = .bool(!shown) }
        if cornerRadius != old.cornerRadius { c["cornerRadius"] = .number(cornerRadius) }
        if zPosition != old.zPosition { c["zPosition"] = .number(zPosition) }
        if shadowOpacity != old.shadowOpacity { c["shadowOpacity"] = .number(Double(shadowOpacity)) }
        if shadowRadius != old.shadowRadius { c["shadowRadius"] = .number(shadowRadius) }
        if shadowOffset != old.shadowOffset {
            c["shadowOffset"] = .array([.number(shadowOffset.width), .number(shadowOffset.height)])
        }
        if borderWidth != old.borderWidth { c["borderWidth"] = .number(borderWidth) }
        return c
    }
}

public final class Recorder {
    nonisolated(unsafe) public static var shared = Recorder()

    public private(set) var now: Double = 0
    var created: [UIView] = []
    private var count = 0
    /// The window: the container and, above it, what the app shows over it (a tab bar).
    public var window: UIView?
    public var container: UIView?
    /// The recorded layers (captured when the first animation is made), in order.
    private var layers: [UIView] = []
    private var initial: [JSON]?
    private var baseline: [ObjectIdentifier: ViewState] = [:]
    private var anchors: [ObjectIdentifier: CGPoint] = [:]
    private var animations: [JSON] = []
    private var completionChanges: [String: JSON]?
    private var queue: [(time: Double, order: Int, work: () -> Void)] = []
    private var order = 0
    private var keyframeList: [JSON]?
    private var latestEnd: Double = 0
    var transactionCompletion: (() -> Void)?
    public private(set) var completedWith: Bool?

    public static func reset() { shared = Recorder() }

    func nextID() -> String {
        count += 1
        return "view\(count)"
    }

    // MARK: the tree

    /// The views of the container (pre-order, bottom to top) and then the window's others.
    private func treeViews() -> [UIView] {
        var out: [UIView] = []
        func walk(_ v: UIView) {
            out.append(v)
            for s in v.subviews { walk(s) }
        }
        for v in window?.subviews ?? [] {
            if v === container {
                for s in v.subviews { walk(s) }
            } else {
                walk(v)
            }
        }
        return out
    }

    private func inTree(_ view: UIView) -> Bool {
        var v: UIView? = view
        while let s = v?.superview {
            if s === container || s === window { return true }
            v = s
        }
        return false
    }

    private func parentID(_ view: UIView) -> String? {
        guard let s = view.superview, s !== container, s !== window else { return nil }
        return s.recordID
    }

    private func captureInitial() {
        guard initial == nil else { return }
        layers = treeViews()
        initial = layers.map { v in
            let l = v.layer
            var o: [String: JSON] = [
                "id": .string(v.recordID),
                "position": .array([.number(l.position.x), .number(l.position.y)]),
                "size": .array([.number(l.bounds.width), .number(l.bounds.height)]),
            ]
            if l.anchorPoint != CGPoint(x: 0.5, y: 0.5) {
                o["anchor"] = .array([.number(l.anchorPoint.x), .number(l.anchorPoint.y)])
            }
            if l.transform != CATransform3DIdentity { o["transform"] = ViewState.transformJSON(l.transform) }
            if l.sublayerTransform != CATransform3DIdentity {
                o["sublayerTransform"] = .object(["matrix": .array(l.sublayerTransform.elements.map { .number($0) })])
            }
            if l.alpha != 1 { o["alpha"] = .number(l.alpha) }
            if l.isHidden { o["hidden"] = .bool(true) }
            if l.cornerRadius != 0 { o["cornerRadius"] = .number(l.cornerRadius) }
            if l.zPosition != 0 { o["zPosition"] = .number(l.zPosition) }
            if l.masksToBounds { o["clips"] = .bool(true) }
            if let p = parentID(v) { o["parent"] = .string(p) }
            return .object(o)
        }
        baseline = [:]
        for v in layers {
            anchors[ObjectIdentifier(v)] = v.layer.anchorPoint
            baseline[ObjectIdentifier(v)] = state(v)
        }
    }

    private func state(_ v: UIView) -> ViewState {
        ViewState(v, inTree: inTree(v), anchor: anchors[ObjectIdentifier(v)] ?? v.layer.anchorPoint)
    }

    /// The ids of `views` whose anchor point is not at the centre (after the transition: a
    /// view handed back to the app must be, as VCTransitionsLibrary's cube resets them).
    public func offCentre(_ views: [UIView]) -> [String] {
        views.filter { $0.layer.anchorPoint != CGPoint(x: 0.5, y: 0.5) }.map(\.recordID)
    }

    /// What the transition left behind, as JSON: how it completed, how many animations it
    /// made, which of `kept` (the views handed back to the app) have an off-centre anchor,
    /// and `moved` (the app's views found outside where the app put them).
    public func report(completed: Bool?, kept: [UIView], moved: [String]) -> String {
        JSON.object([
            "completed": completed.map { .bool($0) } ?? .string("never"),
            "animations": .number(Double(animations.count)),
            "offCentre": .array(offCentre(kept).map { .string($0) }),
            "moved": .array(moved.map { .string($0) }),
        ]).text
    }

    /// The changes since the baseline, which becomes the present state.
    private func diff() -> [String: JSON] {
        var changes: [String: JSON] = [:]
        for v in layers {
            let now = state(v)
            let c = now.changes(from: baseline[ObjectIdentifier(v)]!)
            if !c.isEmpty { changes[v.recordID] = .object(c) }
            baseline[ObjectIdentifier(v)] = now
        }
        return changes
    }

    /// What the code set outside any animation since the last event: before the first
    /// animation it is the initial state; afterwards an instant change now.
    private func flush() {
        guard initial != nil else { return }
        let changes = diff()
        guard !changes.isEmpty else { return }
        animations.append(
            .object([
                "delay": .number(now), "duration": .number(1e-6), "timing": .string("linear"),
                "changes": .object(changes),
            ]))
    }

    // MARK: animations

    func block(
        duration: Double?, delay: Double, timing: JSON, _ animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        flush()
        captureInitial()
        animations()
        let changes = diff()
        let end = now + delay + (duration ?? 0)
        if !changes.isEmpty {
            var o: [String: JSON] = ["delay": .number(now + delay), "timing": timing, "changes": .object(changes)]
            if let duration { o["duration"] = .number(duration) }
            self.animations.append(.object(o))
        }
        latestEnd = max(latestEnd, end)
        // UIKit completes a block with nothing to animate at once.
        if let completion { schedule(at: changes.isEmpty ? now : end) { completion(true) } }
    }

    /// A `UIViewPropertyAnimator` started: each part is a block from its delay factor to
    /// the end with the animator's timing; a keyframe block inside takes that duration and
    /// timing (`inherited`); the completions run at the end.
    func propertyAnimator(
        duration: Double, delay: Double, timing: JSON, parts: [(animation: () -> Void, delayFactor: CGFloat)],
        completion: (() -> Void)?
    ) {
        for part in parts {
            inherited = (duration * (1 - part.delayFactor), now + delay + duration * part.delayFactor, timing)
            block(
                duration: duration * (1 - part.delayFactor), delay: delay + duration * part.delayFactor, timing: timing,
                part.animation, completion: nil)
            inherited = nil
        }
        latestEnd = max(latestEnd, now + delay + duration)
        if let completion { schedule(at: now + delay + duration, completion) }
    }

    /// The animator a keyframe block is called in: its duration, start and timing.
    private var inherited: (duration: Double, start: Double, timing: JSON)?

    func keyframes(
        duration: Double, delay: Double, calculationMode: String, linear: Bool, _ animations: () -> Void,
        completion: ((Bool) -> Void)?
    ) {
        let outer = inherited
        inherited = nil
        if outer == nil { flush() }
        captureInitial()
        keyframeList = []
        animations()
        var o: [String: JSON] = [
            "delay": .number(outer?.start ?? (now + delay)), "duration": .number(outer?.duration ?? duration),
            "calculationMode": .string(calculationMode), "keyframes": .array(keyframeList ?? []),
        ]
        if linear { o["timing"] = .string("linear") }
        if let outer { o["timing"] = outer.timing }
        keyframeList = nil
        self.animations.append(.object(o))
        latestEnd = max(latestEnd, now + delay + duration)
        if let completion { schedule(at: now + delay + duration) { completion(true) } }
    }

    func keyframe(start: Double, duration: Double, _ animations: () -> Void) {
        animations()
        let changes = diff()
        keyframeList?.append(
            .object([
                "relativeStart": .number(start), "relativeDuration": .number(duration), "changes": .object(changes),
            ]))
    }

    /// A Core Animation animation of one key path: a block of its own; the model value the
    /// code sets next is the animation's end, not a change of its own.
    func layerAnimation(_ anim: CAAnimation, on layer: CALayer) {
        flush()
        captureInitial()
        guard let basic = anim as? CABasicAnimation, let key = basic.keyPath, let view = layer.view else { return }
        var timing: JSON = .string("linear")
        if let spring = anim as? CASpringAnimation {
            timing = .object([
                "spring": .object([
                    "mass": .number(spring.mass), "stiffness": .number(spring.stiffness),
                    "damping": .number(spring.damping), "initialVelocity": .number(spring.initialVelocity),
                ])
            ])
        } else if let f = anim.timingFunction {
            timing = .object(["cubicBezier": .array(f.points.map { .number(Double($0)) })])
        }
        let value: JSON
        var state = baseline[ObjectIdentifier(view)] ?? self.state(view)
        switch (key, basic.toValue) {
        case ("shadowOpacity", let v as Float):
            value = .number(Double(v))
            state.shadowOpacity = v
        case ("shadowRadius", let v as CGFloat):
            value = .number(v)
            state.shadowRadius = v
        case ("borderWidth", let v as CGFloat):
            value = .number(v)
            state.borderWidth = v
        case ("opacity", let v as Float):
            value = .number(Double(v))
            state.alpha = CGFloat(v)
        case ("position", let v as CGPoint):
            value = .array([.number(v.x), .number(v.y)])
            state.position = v
        case ("transform", let v as CATransform3D):
            value = ViewState.transformJSON(v)
            state.transform = v
        default:
            return
        }
        baseline[ObjectIdentifier(view)] = state
        let delay = anim.beginTime > 0 ? anim.beginTime - now : 0
        let name = ["opacity": "alpha"][key] ?? key
        animations.append(
            .object([
                "delay": .number(now + delay), "duration": .number(anim.duration), "timing": timing,
                "changes": .object([view.recordID: .object([name: value])]),
            ]))
        latestEnd = max(latestEnd, now + delay + anim.duration)
    }

    func commitTransaction() {
        if let completion = transactionCompletion {
            transactionCompletion = nil
            schedule(at: latestEnd, completion)
        }
    }

    func schedule(at time: Double, _ work: @escaping () -> Void) {
        order += 1
        queue.append((max(time, now), order, work))
    }

    func completeTransition(_ didComplete: Bool) {
        completedWith = didComplete
        completionChanges = initial == nil ? [:] : diff()
    }

    // MARK: running and writing

    /// Runs the virtual clock until nothing is left to run.
    public func run() {
        while let next = queue.indices.min(by: { (queue[$0].time, queue[$0].order) < (queue[$1].time, queue[$1].order) }
        ) {
            let item = queue.remove(at: next)
            flush()
            now = item.time
            item.work()
            if completedWith == nil { flush() }
        }
    }

    /// The recorded transition as a spec: the container, the layers as the first animation
    /// found them, every animation call and the completion's changes.
    public func spec() -> String {
        captureInitial()
        var container: [String: JSON] = [
            "width": .number(self.container?.bounds.width ?? 0), "height": .number(self.container?.bounds.height ?? 0),
        ]
        if let m34 = self.container?.layer.sublayerTransform.m34, m34 != 0 {
            container["perspective"] = .number(-1 / m34)
        }
        return JSON.object([
            "container": .object(container),
            "layers": .array(initial ?? []),
            "animations": .array(animations),
            "completion": .object(completionChanges ?? [:]),
        ]).text
    }
}
