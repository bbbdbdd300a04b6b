import AnimaticHTTP
import AnimaticRender
import Testing
@testable import AnimaticServer

@Suite struct MediaNegotiationTests {
    func format(_ accept: String?) -> OutputFormat? {
        var headers = HTTPHeaders()
        if let accept { headers.set("Accept", accept) }
        return MediaNegotiation.format(for: headers)
    }

    @Test func acceptChoosesTheFormat() {
        #expect(format(nil) == .json)
        #expect(format("*/*") == .json)
        #expect(format("image/svg+xml") == .svg)
        #expect(format("text/css") == .css)
        #expect(format("image/*") == .svg)
        #expect(format("application/json") == .json)
    }

    @Test func qValuesDecideAndZeroRefuses() {
        #expect(format("application/json;q=0.5, image/svg+xml") == .svg)
        #expect(format("application/json, image/svg+xml;q=0.9") == .json)
        #expect(format("*/*;q=0.1, text/css;q=0.8") == .css)
        #expect(format("image/svg+xml;q=0, */*") == .json)
        // A browser's <img> Accept picks SVG over */*.
        #expect(format("image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8") == .svg)
    }

    @Test func theRasterFormatsAreNegotiable() {
        #expect(format("image/png") == .png)
        #expect(format("image/gif") == .gif)
        #expect(format("image/apng") == .apng)
        #expect(format("image/webp;q=0.5, image/gif;q=0.9") == .gif)
        #expect(format("video/webm") == .webm)
        // The SVG keeps its place before the pictures for a wildcard.
        #expect(format("image/*") == .svg)
        #expect(format("video/*") == .webm)
    }

    @Test func nothingAcceptableIsNil() {
        #expect(format("image/jpeg") == nil)
        #expect(format("application/json;q=0, image/svg+xml;q=0, text/css;q=0") == nil)
        #expect(format("text/html") == nil)
    }
}
