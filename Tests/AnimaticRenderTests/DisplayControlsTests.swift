import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// Ids and labels with the "Trojan Source" controls (CVE-2021-42574): bidi embeddings,
/// overrides and isolates, line and paragraph separators. The Swift export and the CSS
/// export's usage comment never carry them raw; they are escapes a reader sees.
@Suite struct DisplayControlsTests {
    static let controls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{2028}", "\u{2029}",
    ]

    /// Two layers whose ids and labels hold every control, animated so both exports name them.
    static func hostileSpec() -> TransitionSpec {
        let text = String(String.UnicodeScalarView(controls))
        let json = """
            {"container": {"width": 390, "height": 844},
             "layers": [{"id": "card\(text)end", "frame": [0, 0, 100, 100], "fill": "#ff0000", "label": "admin\(text)\\u202e// x"},
                        {"id": "a\\u202Eb", "frame": [0, 0, 10, 10], "fill": "#00ff00", "label": "\\u2066isolate\\u2069"}],
             "animations": [{"duration": 0.5, "changes": {"card\(text)end": {"alpha": 0}, "a\\u202Eb": {"position": [50, 50]}}}]}
            """
        return WorkEstimateTests.decode(json)
    }

    static func rawControls(_ bytes: [UInt8]) -> [Unicode.Scalar] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { controls.contains($0) }
    }

    @Test func theSwiftExportEscapesThemInLiteralsAndComments() {
        let timeline = TimelineCompiler.compile(Self.hostileSpec())
        let source = OutputFormat.swift.encode(timeline, options: TimelineOptions())
        #expect(Self.rawControls(source).isEmpty, "raw controls in the Swift export")
        let text = String(decoding: source, as: UTF8.self)
        for control in Self.controls {
            let escape = "\\u{\(String(control.value, radix: 16, uppercase: true))}"
            #expect(text.contains(escape), "\(escape) written")
        }
        // A comment naming the layer shows the escapes and stays on its line.
        #expect(text.contains(#"// /layers/1 "a\u{202E}b""#), "the layer's comment")
    }

    @Test func theSwiftLiteralIsTheSameString() {
        // `\u{202E}` in a Swift literal is the scalar itself: the export's strings keep the ids.
        #expect(SwiftLiteral.string("a\u{202E}b") == #""a\u{202E}b""#)
        #expect(SwiftLiteral.string("x\u{2028}\u{1b}") == #""x\u{2028}\u{1b}""#, "C0 controls keep their spelling")
        #expect(SwiftLiteral.commentText("a\u{2029}b\nc") == #"a\u{2029}b c"#)
    }

    @Test func theCSSUsageCommentWritesThemAsCharacterReferences() {
        let timeline = TimelineCompiler.compile(Self.hostileSpec())
        let css = CSSEncoder.encode(timeline, options: TimelineOptions(fps: 10))
        #expect(Self.rawControls(css).isEmpty, "raw controls in the CSS export")
        let text = String(decoding: css, as: UTF8.self)
        #expect(text.contains("data-layer=\"a&#x202E;b\""))
        #expect(text.contains("&#x2066;isolate&#x2069;"))
        for control in Self.controls {
            #expect(text.contains("&#x\(String(control.value, radix: 16, uppercase: true));"))
        }
    }
}
