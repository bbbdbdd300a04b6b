import Testing
@testable import AnimaticCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValueInOrder() throws {
        let v = try JSONParser.parse(#"{"b": [1, -2.5e2, true, null], "a": "x\u00e9\n", "c": {}}"#)
        #expect(v.objectMembers?.map(\.key) == ["b", "a", "c"])
        #expect(v["b"] == .array([.number(1), .number(-250), .bool(true), .null]))
        #expect(v["a"] == .string("xé\n"))
        #expect(v["c"] == .object([]))
    }

    @Test func surrogatePairsBecomeOneScalar() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, 8, "expected a member name"),
        (#"[1, 2"#, 5, "unexpected end of input"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        (#"[01]"#, 1, "leading zeros"),
        (#"{"a": 1, "a": 2}"#, 9, "duplicate member name"),
        (#"[tru]"#, 1, "invalid literal"),
        (#""abc"#, 0, "unterminated string"),
        ("[1] x", 4, "unexpected data after"),
        (#"[1e999]"#, 1, "out of range"),
        ("[\"a\tb\"]", 3, "control character"),
    ])
    func reportsTheByteOffsetOfTheFirstError(input: String, offset: Int, message: String) {
        do {
            _ = try JSONParser.parse(input)
            Issue.record("\(input) parsed")
        } catch {
            #expect(error.offset == offset, "\(input): \(error)")
            #expect(error.message.contains(message), "\(input): \(error)")
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? JSONParser.parse(ok)) != nil)
    }
}

@Suite struct JSONWriterTests {
    func written(_ v: Double, digits: Int = 6) -> String {
        var w = JSONWriter(fractionDigits: digits)
        w.number(v)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    @Test func numbersAreShortFixedPointDecimals() {
        #expect(written(0) == "0")
        #expect(written(390) == "390")
        #expect(written(-0.25) == "-0.25")
        #expect(written(0.05) == "0.05")
        #expect(written(0.000001) == "0.000001")
        #expect(written(0.0000004) == "0")
        #expect(written(-0.0000004) == "0")
        #expect(written(1.0000005) == "1.000001")
        #expect(written(123456.789) == "123456.789")
        #expect(written(2.0 / 3.0) == "0.666667")
        #expect(written(.nan) == "null")
    }

    @Test func writtenNumbersParseBackWithinHalfAMillionth() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let v = Double.random(in: -5000...5000, using: &generator)
            let back = try #require(Double(written(v)))
            #expect(abs(back - v) <= 5e-7 + 1e-12, "\(v)")
        }
    }

    @Test func stringsAreEscaped() throws {
        var w = JSONWriter()
        w.string("a\"b\\c\nd\u{01}é")
        let text = String(decoding: w.bytes, as: UTF8.self)
        #expect(text == #""a\"b\\c\nd\u0001é""#)
        #expect(try JSONParser.parse(text) == .string("a\"b\\c\nd\u{01}é"))
    }
}
