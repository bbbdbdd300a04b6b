import AnimaticCore

/// The interaction controller of an interactive spec:
/// - `drive: percent` — a `UIPercentDrivenInteractiveTransition` subclass with the
///   spec's percent formula (for a gesture), release rule, `completionSpeed` and curve;
/// - `drive: direct` — a `UIViewControllerInteractiveTransitioning` whose animator's
///   animations already play the drag (as the zoom dismissal does): it reports the
///   recorded percent to UIKit and ends the interaction at the recorded release.
enum SwiftInteractionWriter {
    static func write(
        _ interaction: InteractionSpec, run: InteractiveRun?, typeName: String,
        into out: inout SwiftSourceWriter, warnings: inout [SwiftExportWarning]
    ) {
        switch interaction.drive {
        case .percent: writePercentDriven(interaction, typeName: typeName, into: &out)
        case .direct: writeDirect(interaction, run: run, typeName: typeName, into: &out)
        case .restart:
            // Hero's model restarts each animation from where it is; UIKit's percent-driven
            // transition replays the rest of the same animations instead.
            warnings.append(
                SwiftExportWarning(
                    pointer: "/interaction/drive",
                    message:
                        "drive \"restart\" (Hero: finish/cancel restart every animation from its presented value over the remaining time) is written as a percent-driven interaction; its finish and cancel paths differ"
                ))
            writePercentDriven(interaction, typeName: typeName, into: &out)
        }
    }

    private static func writePercentDriven(
        _ interaction: InteractionSpec, typeName: String, into out: inout SwiftSourceWriter
    ) {
        let n = SwiftLiteral.number
        out.line(
            "/// /interaction: percent-driven, as `UIPercentDrivenInteractiveTransition` plays the animator above.")
        if case .gesture = interaction.input {
            out.line("/// Attach it to your pan gesture:")
            out.line(
                "/// `UIPanGestureRecognizer(target: controller, action: #selector(\(typeName)InteractionController.handlePan(_:)))`"
            )
        } else {
            out.line("/// The spec gives percent samples, not a gesture: call `update(_:)` with your percent while")
            out.line("/// the finger moves, then `release(percent:velocity:)` (velocity in percent per second).")
        }
        out.block("final class \(typeName)InteractionController: UIPercentDrivenInteractiveTransition") { w in
            w.line("/// Starts the transition (push, present or select a tab) when the gesture begins.")
            w.line("var beginTransition: () -> Void = {}")
            if case .gesture(_, let rule) = interaction.input {
                let axis = rule.axis.rawValue
                let direction = rule.direction < 0 ? "-" : ""
                w.line()
                w.block("@objc func handlePan(_ gesture: UIPanGestureRecognizer)") { w in
                    w.comment(
                        "/interaction/axis, /interaction/distance, /interaction/direction: percent = clamp(direction × translation.\(axis) / \(n(rule.distance)), 0, 1)"
                    )
                    w.line("let translation = gesture.translation(in: gesture.view).\(axis)")
                    w.line("let percent = min(max(\(direction)translation / \(n(rule.distance)), 0), 1)")
                    w.block("switch gesture.state") { w in
                        w.line("case .began:")
                        w.indent { $0.line("beginTransition()") }
                        w.line("case .changed:")
                        w.indent { $0.line("update(percent)") }
                        w.line("case .ended:")
                        w.indent { w in
                            w.comment("percent per second, as the spec measures the release velocity")
                            w.line(
                                "let velocity = \(direction)gesture.velocity(in: gesture.view).\(axis) / \(n(rule.distance))"
                            )
                            w.line("release(percent: percent, velocity: velocity)")
                        }
                        w.line("case .cancelled:")
                        w.indent { w in
                            if interaction.release.decision == .cancel {
                                w.comment(
                                    "/interaction/release/decision: \"cancel\" — the recorded gesture was cancelled")
                            }
                            w.line("setCompletion()")
                            w.line("cancel()")
                        }
                        w.line("default:")
                        w.indent { $0.line("break") }
                    }
                }
            }
            w.line()
            w.comment("/interaction/release: the decision in the spec's order")
            w.block("func release(percent: CGFloat, velocity: CGFloat)") { w in
                w.line("setCompletion()")
                if let decision = interaction.release.decision {
                    w.comment("/interaction/release/decision: the spec fixes \"\(decision.rawValue)\"")
                    w.line(decision == .finish ? "finish()" : "cancel()")
                    return
                }
                if interaction.release.cancelWhenMovingBack {
                    w.comment("/interaction/release/cancelWhenMovingBack")
                    w.block("if velocity < 0") { w in
                        w.line("cancel()")
                        w.line("return")
                    }
                }
                if let v = interaction.release.velocity {
                    w.comment("/interaction/release/velocity: a fast release decides by its direction")
                    w.block("if abs(velocity) > \(n(v))") { w in
                        w.line("if velocity > 0 { finish() } else { cancel() }")
                        w.line("return")
                    }
                }
                w.comment("/interaction/release/threshold")
                w.line("if percent > \(n(interaction.release.threshold)) { finish() } else { cancel() }")
            }
            w.line()
            w.block("private func setCompletion()") { w in
                if interaction.completionSpeedFromPercent {
                    w.comment(
                        "/interaction/completionSpeed: \"1 - percentComplete\" at each release, as VCTransitionsLibrary's interaction controllers set it"
                    )
                    w.line("completionSpeed = 1 - percentComplete")
                } else {
                    w.comment("/interaction/completionSpeed")
                    w.line("completionSpeed = \(n(interaction.completionSpeed))")
                }
                let c = interaction.completionCurve
                w.comment("/interaction/completionCurve")
                switch c {
                case .easeInEaseOut: w.line("completionCurve = .easeInOut")
                case .easeIn: w.line("completionCurve = .easeIn")
                case .easeOut: w.line("completionCurve = .easeOut")
                case .linear: w.line("completionCurve = .linear")
                default:
                    w.line(
                        "timingCurve = UICubicTimingParameters(controlPoint1: \(SwiftLiteral.point(Point(x: c.x1, y: c.y1))), controlPoint2: \(SwiftLiteral.point(Point(x: c.x2, y: c.y2))))"
                    )
                }
            }
        }
    }

    private static func writeDirect(
        _ interaction: InteractionSpec, run: InteractiveRun?, typeName: String, into out: inout SwiftSourceWriter
    ) {
        let n = SwiftLiteral.number
        out.line("/// /interaction (drive: direct): direct manipulation. The animator's animations already play")
        out.line("/// the recorded drag and its release in wall time; this controller reports the recorded")
        out.line("/// percent to UIKit and ends the interaction at the release. In your app, your pan handler")
        out.line("/// takes the place of the recorded samples.")
        out.block("final class \(typeName)InteractionController: NSObject, UIViewControllerInteractiveTransitioning") {
            w in
            w.line("private let animator: \(typeName)Animator")
            w.line()
            w.block("init(animator: \(typeName)Animator)") { w in
                w.line("self.animator = animator")
                w.line("super.init()")
            }
            w.line()
            w.block("func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)") { w in
                let samples = run?.samples ?? []
                w.comment("/interaction: the percent reported at each recorded sample (seconds, percent)")
                let list = samples.map { "(\(n($0.time)), \(n($0.percent)))" }.joined(separator: ", ")
                w.line("let samples: [(time: TimeInterval, percent: CGFloat)] = [\(list)]")
                w.block("for sample in samples") { w in
                    w.block("DispatchQueue.main.asyncAfter(deadline: .now() + sample.time)") { w in
                        w.line("transitionContext.updateInteractiveTransition(sample.percent)")
                    }
                }
                let outcome = run?.outcome ?? .finish
                w.comment(
                    "/interaction/release: the release at \(n(run?.releaseTime ?? 0)) s \(outcome == .finish ? "finishes" : "cancels")"
                )
                w.block("DispatchQueue.main.asyncAfter(deadline: .now() + \(n(run?.releaseTime ?? 0)))") { w in
                    w.line(
                        outcome == .finish
                            ? "transitionContext.finishInteractiveTransition()"
                            : "transitionContext.cancelInteractiveTransition()")
                }
                w.line("animator.animateTransition(using: transitionContext)")
            }
        }
    }
}
