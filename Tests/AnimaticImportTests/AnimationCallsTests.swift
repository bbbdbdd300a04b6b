import AnimaticCore
import AnimaticImport
import Testing

/// The animation calls the exports do not all use, read into the spec's numbers:
/// `CAKeyframeAnimation`, `CASpringAnimation` by key path, a property animator's
/// `addAnimations(_:delayFactor:)` with `startAnimation(afterDelay:)`, the iOS 17 spring, and
/// Swift 2's spellings.
@Suite struct AnimationCallsTests {
    static func spec(_ body: String) throws -> TransitionSpec {
        let result = SwiftImporter.importSource(ImportProblemsTests.animator(body))
        return try #require(result.spec, "\(result.problems)")
    }

    @Test func coreAnimationAndPropertyAnimatorCalls() throws {
        let spec = try Self.spec(
            """
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            ctx.containerView.addSubview(v)
            let k = CAKeyframeAnimation(keyPath: "opacity")
            k.values = [1, 0.5, 0]
            k.keyTimes = [0, 0.25, 1]
            k.duration = 0.8
            v.layer.add(k, forKey: "fade")
            let s = CASpringAnimation(keyPath: "position")
            s.toValue = CGPoint(x: 200, y: 50)
            s.mass = 1
            s.stiffness = 300
            s.damping = 20
            s.duration = s.settlingDuration
            s.beginTime = CACurrentMediaTime() + 0.1
            v.layer.add(s, forKey: "move")
            let a = UIViewPropertyAnimator(duration: 1, curve: .easeOut)
            a.addAnimations({ v.layer.cornerRadius = 10 }, delayFactor: 0.5)
            a.startAnimation(afterDelay: 0.2)
            """)
        #expect(spec.animations.count == 3)
        guard case .keyframes(let k) = spec.animations[0] else { Issue.record("not keyframes"); return }
        #expect(k.duration == 0.8 && k.timing == .linear && k.calculationMode == .linear)
        #expect(k.keyframes.map(\.relativeStart) == [0, 0.25])
        #expect(k.keyframes.map(\.relativeDuration) == [0.25, 0.75])
        #expect(k.keyframes.map { $0.changes.first?.value } == [.number(0.5), .number(0)])
        guard case .block(let s) = spec.animations[1] else { Issue.record("not a block"); return }
        let spring = SpringParameters(mass: 1, stiffness: 300, damping: 20, initialVelocity: 0)
        #expect(s.timing == .springPhysical(spring))
        #expect(s.duration == spring.settlingDuration && s.delay == 0.1)
        #expect(s.changes == [PropertyChange(layer: "v", property: .position, value: .point(Point(x: 200, y: 50)))])
        guard case .block(let p) = spec.animations[2] else { Issue.record("not a block"); return }
        // Starts after 0.2 s + 0.5 × 1 s and ends with the animator at 1.2 s, ease-out.
        #expect(p.delay == 0.7 && p.duration == 0.5 && p.timing == .easeOut)
        #expect(p.changes == [PropertyChange(layer: "v", property: .cornerRadius, value: .number(10))])
    }

    @Test func theIOS17SpringAndSwift2Spellings() throws {
        let spec = try Self.spec(
            """
            let v = UIView(frame: CGRectMake(10, 20, 30, 40))
            ctx.containerView().addSubview(v)
            UIView.animate(springDuration: 0.5, bounce: 0.2, initialSpringVelocity: 0, delay: 0, options: [], animations: {
                v.center = CGPointMake(100, 100)
            }, completion: nil)
            UIView.animateWithDuration(0.3, delay: 0.5, options: .CurveEaseIn, animations: {
                v.hidden = true
            }, completion: nil)
            """)
        #expect(spec.layers.first?.frame == Rect(x: 10, y: 20, width: 30, height: 40))
        guard case .block(let a) = spec.animations.first, case .block(let b) = spec.animations.last else {
            Issue.record("not blocks")
            return
        }
        let perceptual = TimingSpec.springPerceptual(duration: 0.5, bounce: 0.2, initialVelocity: 0)
        #expect(a.timing == perceptual && a.duration == perceptual.naturalDuration)
        #expect(b.delay == 0.5 && b.duration == 0.3 && b.timing == .easeIn)
        #expect(b.changes == [PropertyChange(layer: "v", property: .hidden, value: .bool(true))])
    }
}
