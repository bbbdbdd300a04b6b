import Foundation
import Testing
import AnimaticCore
@testable import AnimaticRender

/// The export with the spec's numbers (`geometry: .points`): these tests read the writer's
/// numbers; SwiftSpecFractionsTests reads the default, fractions of the container.
private func export(_ json: String, name: String? = nil) throws -> SwiftAnimatorEncoder.Output {
    SwiftAnimatorEncoder.encode(
        TimelineCompiler.compile(try SpecDecoder.decode(bytes: Array(json.utf8)).get()), name: name,
        geometry: .points)
}

@Suite struct SwiftExportTests {
    @Test func numbersReadAsTheSpecWroteThem() {
        #expect(SwiftLiteral.number(0.75) == "0.75")
        #expect(SwiftLiteral.number(390) == "390")
        #expect(SwiftLiteral.number(-0.0) == "0")
        #expect(SwiftLiteral.number(0.1 + 0.7) == "0.7999999999999999")  // not a spec's number: written exactly
        #expect(SwiftLiteral.number(1.0 / 3) == "1.0 / 3")
        #expect(SwiftLiteral.number(2.0 / 3) == "2.0 / 3")
        #expect(SwiftLiteral.number(0.333333333) == "0.333333333")  // a rounded third stays as written
        #expect(SwiftLiteral.radians(degrees: -90) == "-.pi / 2")
        #expect(SwiftLiteral.radians(degrees: 30) == "30 * .pi / 180")
        #expect(
            SwiftLiteral.uiColor(Color(hex: "#f2f2f780")!)
                == "UIColor(red: 0xf2 / 255, green: 0xf2 / 255, blue: 0xf7 / 255, alpha: 0x80 / 255)")
    }

    @Test func identifiersFromLayerIDsAreValidAndUnique() {
        var names = SwiftIdentifier(reserved: ["containerView"])
        #expect(names.make("from-fold 0") == "fromFold0")
        #expect(names.make("from_fold_0") == "from_fold_0")
        #expect(names.make("fromFold0") == "fromFold02")
        #expect(names.make("3d") == "layer3d")
        #expect(names.make("class") == "class2")
        #expect(names.make("containerView") == "containerView2")
        #expect(names.make("ü") == "layer")
        #expect(SwiftIdentifier.typeName("tab slide") == "TabSlide")
    }

    @Test func transformChainsKeepTheSpecOrder() {
        let t = TransformSpec.operations([
            .translate(x: 100, y: 0, z: 0), .rotate(degrees: 90, axis: (0, 0, 1)), .scale(x: 2, y: 2, z: 1),
        ])
        #expect(
            SwiftTransformWriter.expression(t)
                == "CATransform3DScale(CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 0, 1), 2, 2, 1)"
        )
        #expect(SwiftTransformWriter.expression(.identity) == "CATransform3DIdentity")
    }

    @Test func matricesReadBackAsTheChainsThatMadeThem() {
        // The fold's strips: a turn about y applied to a perspective of eye distance 200.
        let folded = Transform3D.perspective(eyeDistance: 200).rotated(.pi / 2, x: 0, y: 1, z: 0)
        #expect(
            SwiftTransformWriter.expression(.matrix(folded))
                == "CATransform3DRotate(makePerspective(200), .pi / 2, 0, 1, 0)")
        let turned = Transform3D.rotation(-30 * .pi / 180, x: 1, y: 0, z: 0)
        #expect(
            SwiftTransformWriter.expression(.matrix(turned)) == "CATransform3DMakeRotation(-30 * .pi / 180, 1, 0, 0)")
        // Anything else stays the matrix as written.
        let sheared = Transform3D([1, 0.5, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(SwiftTransformWriter.expression(.matrix(sheared)).hasPrefix("CATransform3D(m11: 1, m12: 0.5, m13: 0"))
        let moved = Transform3D.perspective(eyeDistance: 200).rotated(.pi / 2, x: 0, y: 1, z: 0).translated(5, 0)
        #expect(SwiftTransformWriter.expression(.matrix(moved)).hasPrefix("CATransform3D(m11: "))
    }

    @Test func warningsAreInTheHeaderAndParsedBackFromTheBytes() throws {
        let out = try export(
            """
            {"layers": [{"id": "to", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 1, "timing": {"steps": 3}, "changes": {"to": {"alpha": 0}}}]}
            """)
        #expect(
            out.warnings.map(\.description) == [
                "/animations/0/timing: steps(3) has no UIKit curve; written as a linear block"
            ])
        #expect(SwiftExportWarning.parse(fromSource: Array(out.source.utf8)) == out.warnings.map(\.description))
        #expect(out.source.contains("final class TransitionAnimator"))
    }

    @Test func frameIsWrittenOnlyOnAnUntransformedView() throws {
        let out = try export(
            """
            {"layers": [{"id": "to", "frame": [0, 0, 100, 100], "transform": [{"rotate": 45}]}],
             "animations": [
               {"duration": 1, "changes": {"to": {"frame": [10, 20, 100, 100]}}},
               {"delay": 1, "duration": 1, "changes": {"to": {"transform": [], "frame": [0, 0, 50, 50]}}}]}
            """, name: "frames")
        #expect(out.source.contains("toView.center = CGPoint(x: 60, y: 70)\n"))
        #expect(out.source.contains("toView.bounds.size = CGSize(width: 100, height: 100)\n"))
        #expect(out.source.contains("toView.frame = CGRect(x: 0, y: 0, width: 50, height: 50)\n"))
        #expect(out.source.contains("final class FramesAnimator"))
        #expect(out.source.contains("return 2\n"))
    }

    @Test func aLastCallWithNothingToAnimateCompletesOnTheClock() throws {
        // UIKit calls the completion of an empty animation block at once; the transition
        // must still end at 0.1 + 0.7 s, the spec's end.
        let out = try export(
            """
            {"layers": [{"id": "to", "frame": [0, 0, 10, 10]}],
             "animations": [{"duration": 0.2, "changes": {"to": {"alpha": 0.5}}},
                            {"delay": 0.1, "duration": 0.7, "changes": {"to": {"hidden": true}}}]}
            """)
        #expect(out.source.contains("}, completion: nil)"))
        #expect(out.source.contains("DispatchQueue.main.asyncAfter(deadline: .now() + 0.8) {\n            finish()"))
        #expect(!out.source.contains("completion: { _ in finish() }"))
    }
}
