import AnimaticCore
import AnimaticImport
import Foundation
import Testing

/// The source documents' own Swift animators (Tests/AnimaticImportTests/Fixtures, each
/// copied from /work/shared/seeds with its origin in its header) import to specs whose
/// timelines are the presets' (quads within 1e-6 pt), with only the app's values as parameters.
@Suite struct DocumentsCodeTests {
    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).swift.txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func preset(_ document: String) throws -> TransitionSpec {
        try SpecDecoder.decodeDocument(bytes: Array(document.utf8)).get()
    }

    /// The flip preset's default card in 390 × 844 (FlipPreset.defaultCard: 50 pt side margins,
    /// 1.6 times as tall as wide, centred): x 50, y (844 − 464) / 2 = 190, 290 × 464.
    static let card = Rect(x: 50, y: 190, width: 290, height: 464)

    @Test func flipPresentIsTheFlipPreset() throws {
        let result = SwiftImporter.importSource(
            try Self.fixture("FlipPresentAnimationController"),
            options: ImportOptions(parameters: ["originFrame": .rect(Self.card)]))
        let spec = try #require(result.spec, "\(result.problems)")
        // The only parameter is the card's frame, which the app sets (originFrame = cardView.frame).
        #expect(result.parameters.map(\.name) == ["originFrame"])
        // The tutorial's transitionDuration is 2.0 (docs/PRESETS.md: "2.0 while developing").
        let expected = try Self.preset(#"{"preset": "flip", "params": {"duration": 2}}"#)
        let failure = RoundTrip.compare(
            TimelineCompiler.compile(expected), TimelineCompiler.compile(spec), problems: result.problems)
        #expect(failure == nil, "\(failure ?? "")")
    }

    @Test func flipDismissIsTheFlipPresetsDismissal() throws {
        let result = SwiftImporter.importSource(
            try Self.fixture("FlipDismissAnimationController"),
            options: ImportOptions(parameters: ["destinationFrame": .rect(Self.card)]))
        let spec = try #require(result.spec, "\(result.problems)")
        #expect(result.parameters.map(\.name) == ["destinationFrame"])
        let expected = try Self.preset(#"{"preset": "flip", "params": {"duration": 2, "operation": "dismiss"}}"#)
        let failure = RoundTrip.compare(
            TimelineCompiler.compile(expected), TimelineCompiler.compile(spec), problems: result.problems)
        #expect(failure == nil, "\(failure ?? "")")
    }

    /// 002's ZoomAnimator, presenting (isPresenting). The app's values are the zoom preset's:
    /// the thumbnail's frame in the container [16, 120, 128, 128] and a 4 : 3 image.
    @Test func zoomInIsTheZoomPreset() throws {
        let result = SwiftImporter.importSource(
            try Self.fixture("ZoomAnimator"),
            options: ImportOptions(parameters: [
                "fromDelegate.referenceImageViewFrameInTransitioningView": .rect(
                    Rect(x: 16, y: 120, width: 128, height: 128)),
                "fromReferenceImageViewImageSize": .size(Size(width: 4, height: 3)),
            ]))
        let spec = try #require(result.spec, "\(result.problems)")
        // Only the app's values are parameters: the delegate's frame, the image's size, the tab
        // bar's frame, and where the app shows the reference image view and the tab bar.
        #expect(
            Set(result.parameters.map(\.name)) == [
                "fromDelegate.referenceImageViewFrameInTransitioningView", "fromReferenceImageViewImageSize",
                "tabBarFrame", "fromReferenceImageViewSuperview", "tabBarSuperview",
            ])
        let expected = try Self.preset(#"{"preset": "zoom"}"#)
        // The preset's "toImage" (the destination's image view, hidden until the end) is hidden
        // and shown by the app's delegate callbacks (transitionWillStartWith / DidEndWith), not
        // by this code, which never names it: every other layer is compared.
        let failure = RoundTrip.compare(
            TimelineCompiler.compile(expected), TimelineCompiler.compile(spec), problems: result.problems,
            mapping: [
                "from": "from", "thumbnail": "fromReferenceImageView", "to": "to",
                "transitionImage": "transitionImageView", "tabBar": "tabBar",
            ])
        #expect(failure == nil, "\(failure ?? "")")
        #expect(
            result.problems.contains { $0.message.contains("toDelegate.transitionWillStartWith runs your app's code") })
    }

    /// 002's ZoomAnimator, dismissing (the pop). The document leaves animateZoomOutTransition
    /// out ("almost identical"); the fixture's is assembled from the document's dismissal
    /// statements (its header says which). The app's values are the zoom preset's dismissal:
    /// the photo's aspect-fit frame [0, 275.75, 390, 292.5] (a 4 : 3 image in 390 × 844) and
    /// the thumbnail's frame [16, 120, 128, 128].
    @Test func zoomOutIsTheZoomPresetsDismissal() throws {
        let result = SwiftImporter.importSource(
            try Self.fixture("ZoomAnimator"),
            options: ImportOptions(
                parameters: [
                    "fromDelegate.referenceImageViewFrameInTransitioningView": .rect(
                        Rect(x: 0, y: 275.75, width: 390, height: 292.5)),
                    "toDelegate.referenceImageViewFrameInTransitioningView": .rect(
                        Rect(x: 16, y: 120, width: 128, height: 128)),
                ], presenting: false))
        let spec = try #require(result.spec, "\(result.problems)")
        #expect(spec.animations.first?.duration == 0.25)
        // Only the app's values are parameters: the delegates' frames, the image's size (the
        // transition image view is made from it; its frame is the delegate's), the tab bar's
        // frame, and where the app shows the reference image views and the tab bar.
        #expect(
            Set(result.parameters.map(\.name)) == [
                "fromDelegate.referenceImageViewFrameInTransitioningView",
                "toDelegate.referenceImageViewFrameInTransitioningView", "fromReferenceImageViewImageSize",
                "tabBarFrame",
                "fromReferenceImageViewSuperview", "toReferenceImageViewSuperview", "tabBarSuperview",
            ])
        let expected = try Self.preset(#"{"preset": "zoom", "params": {"operation": "dismiss"}}"#)
        let failure = RoundTrip.compare(
            TimelineCompiler.compile(expected), TimelineCompiler.compile(spec), problems: result.problems,
            mapping: [
                "to": "to", "thumbnail": "toReferenceImageView", "from": "from", "fromImage": "fromReferenceImageView",
                "transitionImage": "transitionImageView", "tabBar": "tabBar",
            ])
        #expect(failure == nil, "\(failure ?? "")")
    }
}
