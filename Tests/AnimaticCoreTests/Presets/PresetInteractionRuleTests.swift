import Testing
@testable import AnimaticCore

/// The rules read from the presets' own code match docs/INTERACTION.md and the source
/// documents (TabInteractiveTransition, CEHorizontalSwipeInteractionController,
/// SwipeInteractionController, ZoomDismissalInteractionController).
@Suite struct PresetInteractionRuleTests {
    private func rule(_ name: String, _ params: String? = nil) throws -> PresetInteractionRule? {
        let preset = try #require(PresetCatalog.named(name))
        return preset.interactionRule(params: try params.map { try JSONParser.parse(Array($0.utf8)) })
    }

    @Test func tabSlideDistanceIsTheContainerWidthAndDirectionFollowsTheTabs() throws {
        let right = try #require(try rule("tabSlide"))
        #expect(right.drive == .percent && right.axis == .x && right.distance == 390 && right.direction == -1)
        #expect(
            right.threshold == 0.5 && right.velocity == nil && !right.cancelWhenMovingBack && right.requires.isEmpty)
        let left = try #require(try rule("tabSlide", #"{"from": 2, "to": 1, "width": 320}"#))
        #expect(left.distance == 320 && left.direction == 1)
        #expect(left.sentence == "percent = Δx / 320, finish if > 0.5")
    }

    @Test func foldIsEitherWayOver200Points() throws {
        let fold = try #require(try rule("fold"))
        #expect(fold.axis == .x && fold.distance == 200 && fold.direction == 0 && fold.threshold == 0.5)
        #expect(fold.sentence == "percent = |Δx| / 200, finish if > 0.5")
    }

    @Test func flipAndZoomNeedTheDismissal() throws {
        let flip = try #require(try rule("flip"))
        #expect(flip.distance == 200 && flip.direction == 1)
        #expect(JSONValue.object(flip.requires) == .object([("operation", .string("dismiss"))]))
        let zoom = try #require(try rule("zoom"))
        // 1 − scale = 0.5 · Δy / (H / 2): percent per point is 1 / H.
        #expect(zoom.drive == .direct && zoom.axis == .y && zoom.distance == 844 && zoom.direction == 1)
        #expect(zoom.cancelWhenMovingBack && zoom.threshold == 0)
        #expect(JSONValue.object(zoom.requires) == .object([("operation", .string("dismiss"))]))
    }

    @Test func aPresetThatTurnsInteractiveWithAGestureAloneGetsItsRuleToo() throws {
        // VCTL's HorizontalSwipeInteractionController: fraction = fabs(translation.x / 200),
        // driven once a swipe direction is chosen (the cube has no `interactive` switch).
        let cube = try #require(try rule("cube"))
        #expect(cube.drive == .percent && cube.axis == .x && cube.distance == 200 && cube.direction == 0)
        #expect(JSONValue.object(cube.requires) == .object([("swipe", .string("horizontal"))]))
    }

    @Test func presetsWithoutAnInteractionHaveNoRule() throws {
        for name in ["popup", "scaleFade", "containerSpring"] { #expect(try rule(name) == nil, "\(name)") }
        // The listing carries it, null for the others.
        let listed = PresetCatalog.jsonDescriptions.map { ($0["name"]?.stringValue ?? "", $0["interaction"]) }
        #expect(listed.first { $0.0 == "fold" }?.1?["distance"] == .number(200))
        #expect(listed.first { $0.0 == "popup" }?.1 == .null)
    }
}
