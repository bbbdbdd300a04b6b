import AnimaticCore
import AnimaticImport
import Foundation
import Testing

/// What the importer cannot read is a problem at its line and column, never a silent drop;
/// and no source gets unbounded work.
@Suite struct ImportProblemsTests {
    /// An animator whose body is `body` (lines start at line 5, column 9).
    static func animator(_ body: String) -> String {
        """
        import UIKit
        final class A: NSObject, UIViewControllerAnimatedTransitioning {
            func transitionDuration(using ctx: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
            func animateTransition(using ctx: UIViewControllerContextTransitioning) {
        \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n"))
            }
        }
        """
    }

    @Test func anUnknownPropertyIsAProblemAtItsLineAndColumn() throws {
        let source = Self.animator(
            """
            let toView = ctx.view(forKey: .to)!
            ctx.containerView.addSubview(toView)
            toView.frobnicate = 3
            UIView.animate(withDuration: 0.5) { toView.alpha = 0 }
            """)
        let result = SwiftImporter.importSource(source)
        let spec = try #require(result.spec)
        // The readable part still comes out: the block that fades the to view.
        #expect(spec.animations.count == 1)
        #expect(spec.animations.first?.duration == 0.5)
        let p = try #require(result.problems.first { $0.message.contains("frobnicate") })
        #expect(p.line == 7)
        #expect(p.column == 9)
    }

    @Test func anUnknownCallIsAProblemAtItsLineAndColumn() throws {
        let source = Self.animator(
            """
            let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            ctx.containerView.addSubview(v)
            UIView.animate(withDuration: 1) { v.alpha = mystery(3) }
            """)
        let result = SwiftImporter.importSource(source)
        let p = try #require(result.problems.first { $0.message.contains("mystery") })
        #expect(p.line == 7)
        #expect(p.column == 53)
        // The unread value is not written: the block has no change, so no animation either.
        #expect(result.spec?.animations.isEmpty == true)
    }

    @Test func aSyntaxErrorIsLocated() throws {
        let source = Self.animator(
            "let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)\nctx.containerView.addSubview(v)")
        let result = SwiftImporter.importSource(source)
        #expect(result.problems.contains { $0.line == 5 && $0.message.contains("expected") })
    }

    @Test func aBillionIterationLoopIsRefusedBeforeItRuns() throws {
        let source = Self.animator(
            """
            let v = UIView(frame: .zero)
            ctx.containerView.addSubview(v)
            for i in 0..<1_000_000_000 { v.alpha = CGFloat(i) }
            """)
        let result = SwiftImporter.importSource(source, options: ImportOptions(maxSteps: 200_000))
        let p = try #require(result.problems.first { $0.message.contains("1000000000 times") })
        #expect(p.line == 7)
        #expect(p.column == 18)
        #expect(result.spec == nil)
    }

    @Test func anEndlessLoopStopsAtTheStepBound() throws {
        let source = Self.animator(
            """
            var x: CGFloat = 0
            while true { x += 1 }
            """)
        let result = SwiftImporter.importSource(source, options: ImportOptions(maxSteps: 10_000))
        #expect(result.problems.contains { $0.message.contains("after 10000 interpreted steps") })
        #expect(result.spec == nil)
    }

    /// The server binds `RenderCancellation` on its render lane; a raised flag (the request's
    /// deadline) stops the interpreter at its next look, long before the step bound.
    @Test func aCancelledRequestStopsTheImport() throws {
        let source = Self.animator(
            """
            var x: CGFloat = 0
            while true { x += 1 }
            """)
        let looks = Counter()
        let result = RenderCancellation.withCheck({ looks.next() > 3 }) {
            SwiftImporter.importSource(source, options: ImportOptions(maxSteps: 10_000_000))
        }
        let p = try #require(result.problems.first { $0.message.contains("the request was cancelled") })
        #expect(p.message.contains("stopped after 1024 steps"))  // the fourth look, every 256 steps
        #expect(p.line == 6)
        #expect(result.steps == 1024)
        #expect(result.spec == nil)
        // Nothing bound (the CLI): the same source runs to the step bound.
        let unbound = SwiftImporter.importSource(source, options: ImportOptions(maxSteps: 5_000))
        #expect(unbound.problems.contains { $0.message.contains("after 5000 interpreted steps") })
    }

    /// Counts the cancellation looks (the check is `@Sendable`).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }

    @Test func recursionStopsAtTheCallDepth() throws {
        let source = Self.animator("func f(_ n: CGFloat) -> CGFloat { return f(n + 1) }\nlet x = f(0)")
        let result = SwiftImporter.importSource(source, options: ImportOptions(maxCallDepth: 16))
        #expect(result.problems.contains { $0.message.contains("deeper than 16") })
    }

    @Test func noAnimatorIsAProblem() {
        let result = SwiftImporter.importSource("let x = 1\n")
        #expect(result.spec == nil)
        #expect(result.problems.first?.message.contains("no animator") == true)
    }

    @Test func aConstantLoopIsUnrolledAndHelpersInlined() throws {
        let source = """
            import UIKit
            func offset(_ i: Int) -> CGFloat { return CGFloat(i) * 100 }
            final class A: NSObject, UIViewControllerAnimatedTransitioning {
                func transitionDuration(using ctx: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }
                func animateTransition(using ctx: UIViewControllerContextTransitioning) {
                    for i in 0..<3 {
                        let strip = UIView(frame: CGRect(x: offset(i), y: 0, width: 100, height: 50))
                        ctx.containerView.addSubview(strip)
                        UIView.animate(withDuration: 0.5, delay: Double(i) * 0.1, options: [.curveLinear], animations: {
                            strip.center.y += 200
                        }, completion: nil)
                    }
                }
            }
            """
        let result = SwiftImporter.importSource(source)
        let spec = try #require(result.spec)
        #expect(spec.layers.map(\.frame.minX) == [0, 100, 200])
        #expect(spec.animations.map(\.delay) == [0, 0.1, 0.2])
        for (k, a) in spec.animations.enumerated() {
            guard case .block(let b) = a else { Issue.record("not a block"); continue }
            #expect(b.timing == .linear)
            #expect(
                b.changes == [
                    PropertyChange(
                        layer: spec.layers[k].id, property: .position,
                        value: .point(Point(x: Double(k) * 100 + 50, y: 225)))
                ])
        }
    }
}
