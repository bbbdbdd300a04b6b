import AnimaticCore
import SwiftSyntax

extension Interpreter {
    /// The spec of what the run recorded: the layers in drawing order (the container's
    /// subviews bottom to top, each followed by its own), the animations with their instants
    /// merged, the completion, the views and the interaction.
    func assemble(interaction: InteractionSpec?, at node: FunctionDeclSyntax) -> TransitionSpec? {
        // UIKit has the from view in the container before the animator runs; a presenter the
        // code never asks for stays on screen behind the container.
        var bottom: [Int] = []
        if toViewIndex != nil || fromViewIndex != nil {
            func make(_ key: String, from: Bool) -> Int? {
                guard let i = try? makeView(id: key, role: .transitionView(from: from), at: node) else { return nil }
                views[i].size = options.containerSize
                views[i].position = Point(x: options.containerSize.width / 2, y: options.containerSize.height / 2)
                initial[i] = views[i]
                return i
            }
            // A view the code never asks for, in any form, is a presenter a custom presentation
            // keeps on screen behind the container (the code has nothing to do with it);
            // one it asks for is the container's, as UIKit hands it over.
            if toViewIndex == nil && fromViaViewForKey {
                toViewIndex = make("to", from: false)
                keptPresenter = .dismiss
            }
            if fromViewIndex == nil {
                fromViewIndex = make("from", from: true)
                keptPresenter = .present
            }
            if let t = toViewIndex, !views[t].inHierarchy, keptPresenter == .dismiss { bottom.append(t) }
            if let f = fromViewIndex, !views[f].inHierarchy { bottom.append(f) }
        }
        placeAppViews(at: node)
        var order: [Int] = []
        func visit(_ i: Int) {
            order.append(i)
            for s in subviews[i] { visit(s) }
        }
        for i in bottom { visit(i) }
        for s in subviews[0] { visit(s) }
        let included = Set(order)
        func id(_ ref: String) -> String? {
            guard ref.hasPrefix("#"), let i = Int(ref.dropFirst()), included.contains(i) else { return nil }
            return views[i].id
        }
        var dropped = Set<Int>()
        func map(_ changes: [PropertyChange]) -> [PropertyChange] {
            changes.compactMap { c in
                guard let layer = id(c.layer) else {
                    if let i = Int(c.layer.dropFirst()) { dropped.insert(i) }
                    return nil
                }
                var m = c
                m.layer = layer
                return m
            }
        }
        var layers: [LayerSpec] = []
        for i in order {
            let parent = views[i].superview.flatMap { $0 == 0 ? nil : views[$0].id }
            var layer = initial[i].layerSpec(parent: parent)
            if case .snapshot(let of, let rect)? = layer.content {
                if let source = id(of) {
                    layer.content = .snapshot(of: source, rect: rect)
                } else {
                    layer.content = nil
                }
            }
            if layer.gradient?.colors.isEmpty == true { layer.gradient = nil }
            layers.append(layer)
        }
        // Animations, with the instants (asyncAfter) merged into a block starting then.
        var animations: [AnimationSpec] = recorder.animations.compactMap { a in
            switch a {
            case .block(var b):
                b.changes = map(b.changes)
                return b.changes.isEmpty ? nil : .block(b)
            case .keyframes(var k):
                k.keyframes = k.keyframes.map {
                    var f = $0; f.changes = map(f.changes); return f
                }
                return k.keyframes.allSatisfy { $0.changes.isEmpty } ? nil : .keyframes(k)
            }
        }
        let end = recorder.end
        var completion = map(completionSink?.changes ?? [])
        for (time, changes, node) in recorder.instants {
            let mapped = map(changes)
            if mapped.isEmpty { continue }
            if time >= end - 1e-9 {
                completion += mapped
                continue
            }
            let hidden = mapped.filter { $0.property == .hidden }
            if hidden.count < mapped.count {
                problem(
                    node,
                    "a change at \(NumberText.format(time)) s outside an animation is not a spec change: only hidden is read"
                )
            }
            if hidden.isEmpty { continue }
            if let k = animations.firstIndex(where: {
                if case .block = $0 { return Swift.abs($0.delay - time) < 1e-9 } else { return false }
            }), case .block(var b) = animations[k] {
                b.changes = hidden + b.changes
                animations[k] = .block(b)
            } else {
                animations.append(
                    .block(
                        BlockAnimation(delay: time, duration: max(end - time, 1e-3), timing: .linear, changes: hidden)))
            }
        }
        if cycles > 0 {
            problem(
                node,
                "\(cycles) addSubview call\(cycles > 1 ? "s" : "") would put a view inside itself (UIKit raises): not read"
            )
        }
        for i in dropped.sorted() {
            problem(node, "\(views[i].id) is changed but never added to the container: its changes are not read")
        }
        var transitionViews: TransitionViews?
        if let f = fromViewIndex, let t = toViewIndex, included.contains(f), included.contains(t) {
            switch keptPresenter {
            case .present?:
                transitionViews = TransitionViews(
                    from: self.views[f].id, to: self.views[t].id, operation: .present, shouldRemovePresentersView: false
                )
            case .dismiss?:
                transitionViews = TransitionViews(
                    from: self.views[f].id, to: self.views[t].id, operation: .dismiss, shouldRemovePresentersView: false
                )
            default:
                transitionViews = TransitionViews(from: self.views[f].id, to: self.views[t].id)
            }
        }
        if transitionViews != nil {
            transitionViews?.appViews = appViewIDs.filter { included.contains($0) }.map { self.views[$0].id }
        }
        let container = ContainerSpec(
            size: options.containerSize, perspective: containerPerspective, background: containerBackground)
        let spec = TransitionSpec(
            container: container, layers: layers, animations: animations, completion: completion,
            completionIfFinished: map(completionSink?.finished ?? []),
            completionIfCancelled: map(completionSink?.cancelled ?? []), views: transitionViews,
            interaction: interaction)
        // Through the ordinary decoder: the spec meets every rule a posted one does.
        switch SpecDecoder.decode(SpecEncoder.encode(spec)) {
        case .success(let decoded): return decoded
        case .failure(let p):
            for problem in p.problems {
                self.problem(
                    node, "the spec read from this code is not valid at \(problem.pointer): \(problem.message)")
            }
            return nil
        }
    }
}

extension Interpreter {
    /// The app's views the code changes without adding them to the container (002's reference
    /// image view, the tab bar): they are on screen where the app has them, so they are
    /// placed where the code says they belong — a view a `fromDelegate` hands over in the from
    /// view, a `toDelegate`'s in the to view, a bar above the container — with a problem saying so.
    func placeAppViews(at node: FunctionDeclSyntax) {
        for i in touched.sorted() where views[i].role == .appView && !views[i].inHierarchy {
            let id = views[i].id
            let at = appViewNodes[i] ?? Syntax(node)
            // Where the app shows it: a parameter, by default from the name (a `from…` view in
            // the from view, a `to…` view in the to view, else above the container's views).
            let guess =
                id.hasPrefix("from") && fromViewIndex != nil
                ? "from" : id.hasPrefix("to") && toViewIndex != nil ? "to" : "container"
            var superviewName = guess
            if case .string(let n) = parameter(
                "\(id)Superview", at: at, default: .name(guess), meaning: "the superview of \(id)")
            {
                superviewName = n
            }
            let parent: Int =
                superviewName == "from"
                ? (fromViewIndex ?? 0)
                : superviewName == "to" ? (toViewIndex ?? 0) : (views.firstIndex { $0.id == superviewName } ?? 0)
            add(i, to: parent)
            appViewIDs.append(i)
            if !views[i].placed {
                let size = options.containerSize
                var frame = appViewFrames[i] ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
                if appViewFrames[i] == nil,
                    case .rect(let r) = parameter(
                        "\(id)Frame", at: at, default: .rect(frame), meaning: "the frame of \(id)")
                {
                    frame = r
                }
                let a = initial[i].anchor
                let p = Point(x: frame.minX + a.x * frame.width, y: frame.minY + a.y * frame.height)
                views[i].position = p
                views[i].size = frame.size
                initial[i].position = p
                initial[i].size = frame.size
            }
        }
    }
}
