import AnimaticCore
import Testing

@testable import AnimaticServer

@Suite struct LinkIDTests {
    @Test func digitsAreTheHashInBase62LeastSignificantFirst() {
        // SHA-256("abc") is FIPS 180-4's first example; its 43 base-62 digits were computed
        // apart, with Python's arbitrary-precision int and divmod(n, 62).
        #expect(
            String(decoding: LinkID.digits(of: Array("abc".utf8)), as: UTF8.self)
                == "vab5RpW6i5Hzn7YMlm3bwca0d8ruKxk8q0Ejbm5KUDi")
        #expect(LinkID.id(of: Array("abc".utf8)) == "vab5RpW6i5")
        #expect(LinkID.id(of: Array("abc".utf8), length: 11) == "vab5RpW6i5H")
    }

    @Test func base62OfSmallNumbers() {
        let zeros = [UInt8](repeating: 0, count: 31)
        #expect(String(decoding: LinkID.base62(zeros + [61]).prefix(3), as: UTF8.self) == "z00")
        #expect(String(decoding: LinkID.base62(zeros + [62]).prefix(3), as: UTF8.self) == "010")
        // 62² = 3844 = 0x0F04: digits 0, 0, 1.
        #expect(String(decoding: LinkID.base62(zeros.dropLast() + [0x0F, 0x04]).prefix(4), as: UTF8.self) == "0010")
    }

    @Test func theSameStateInAnyOrderGetsTheSameId() throws {
        let a = try JSONParser.parse(#"{"spec":{"preset":"fold","params":{"b":1,"a":2}},"speed":0.5}"#)
        let b = try JSONParser.parse(#"{"speed":0.5,"spec":{"params":{"a":2,"b":1},"preset":"fold"}}"#)
        let stateA = try LinkState.read(a).get()
        let stateB = try LinkState.read(b).get()
        #expect(stateA.canonicalBytes == stateB.canonicalBytes)
        #expect(
            String(decoding: stateA.canonicalBytes, as: UTF8.self)
                == #"{"spec":{"params":{"a":2,"b":1},"preset":"fold"},"speed":0.5}"#)
        #expect(LinkID.id(of: stateA.canonicalBytes) == LinkID.id(of: stateB.canonicalBytes))
        let other = try LinkState.read(try JSONParser.parse(#"{"speed":0.25,"spec":{"preset":"fold"}}"#)).get()
        #expect(LinkID.id(of: other.canonicalBytes) != LinkID.id(of: stateA.canonicalBytes))
    }

    @Test func wellFormedIds() {
        #expect(LinkID.isWellFormed("vab5RpW6i5"))
        #expect(LinkID.isWellFormed("vab5RpW6i5H"))
        #expect(!LinkID.isWellFormed("vab5RpW6i"))  // 9 digits
        #expect(!LinkID.isWellFormed("vab5RpW6i-"))
        #expect(!LinkID.isWellFormed("<script>xx"))
        #expect(!LinkID.isWellFormed(String(repeating: "a", count: 44)))
    }

    @Test func shapeProblemsAreAtTheirPointers() throws {
        let json = try JSONParser.parse(#"{"speed":3,"loop":"yes","t":-1,"x~/":1,"compare":{"view":"top"}}"#)
        guard case .failure(let problems) = LinkState.read(json) else {
            Issue.record("a bad state was read")
            return
        }
        #expect(
            Set(problems.problems.map(\.pointer)) == [
                "/spec", "/speed", "/loop", "/t", "/x~0~1", "/compare/view", "/compare/spec",
            ])
    }
}

@Suite struct HTMLTextTests {
    @Test func escapesTheFiveCharacters() {
        #expect(HTMLText.escape(#"<a href="x">'&é"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;é")
        #expect(HTMLText.escape("plain text") == "plain text")
    }

    @Test func scriptJSONCannotCloseTheScriptAndParsesBack() throws {
        let value = JSONValue.object([
            ("name", .string("</script><script>alert(1)</script><!-- & \u{2028}")), ("n", .number(1)),
        ])
        var w = JSONWriter()
        w.value(value)
        let text = HTMLText.scriptJSON(w.bytes)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(!text.unicodeScalars.contains("\u{2028}"))
        #expect(try JSONParser.parse(text) == value)
    }

    @Test func relativeURLsBecomeRootRelative() {
        let page =
            ##"<link href="styles.css"><script src="js/app.js"></script><a href="#x"><a href="/v1"><a href="https://a.b/c">"##
        #expect(
            LinkPage.rootRelative(page)
                == ##"<link href="/styles.css"><script src="/js/app.js"></script><a href="#x"><a href="/v1"><a href="https://a.b/c">"##
        )
    }

    @Test func linkIdsInURLs() {
        #expect(APIRoutes.linkID(inURL: "https://x.example/s/vab5RpW6i5") == "vab5RpW6i5")
        #expect(APIRoutes.linkID(inURL: "http://127.0.0.1:8080/embed/vab5RpW6i5?x=1") == "vab5RpW6i5")
        #expect(APIRoutes.linkID(inURL: "/s/vab5RpW6i5") == "vab5RpW6i5")
        #expect(APIRoutes.linkID(inURL: "https://x.example/v1/presets") == nil)
        #expect(APIRoutes.linkID(inURL: "https://x.example/s/short") == nil)
    }
}
