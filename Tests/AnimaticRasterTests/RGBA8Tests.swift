import Testing

@testable import AnimaticRaster

@Suite struct RGBA8Tests {
    @Test func parsesHexAndTransparent() {
        #expect(RGBA8(parsing: "#ff8000") == RGBA8(r: 255, g: 128, b: 0, a: 255))
        #expect(RGBA8(parsing: "#FF800040") == RGBA8(r: 255, g: 128, b: 0, a: 64))
        #expect(RGBA8(parsing: "transparent") == RGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    @Test func rejectsEverythingElse() {
        for text in ["", "#", "#fff", "ff8000", "#ff800", "#ff80000", "#gg0000", "red", "#ff8000 ", "Transparent"] {
            #expect(RGBA8(parsing: text) == nil, "\(text)")
        }
    }
}
