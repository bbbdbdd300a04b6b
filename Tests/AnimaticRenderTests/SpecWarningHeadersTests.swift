import Testing
@testable import AnimaticRender

/// The `Animatic-Warning` header values: every warning while they fit in the budget, else the
/// first ones and a last value that counts the rest.
@Suite struct SpecWarningHeadersTests {
    /// Bytes of the field lines the values make: `Animatic-Warning: <value>` and CRLF.
    private func lineBytes(_ values: [String]) -> Int {
        values.reduce(0) { $0 + "Animatic-Warning: ".utf8.count + $1.utf8.count + 2 }
    }

    private func warnings(_ count: Int) -> [SwiftExportWarning] {
        (0..<count).map {
            SwiftExportWarning(
                pointer: "/layers/\($0)/clips",
                message: "clipsToBounds (masksToBounds) cuts the layer's own shadow off in UIKit; the preview draws it")
        }
    }

    @Test func warningsThatFitAreAllSentAsTheyAre() {
        let few = warnings(3)
        #expect(SpecWarnings.headerValues(few) == few.map(SpecWarnings.headerValue))
        #expect(SpecWarnings.headerValues([]) == [])
    }

    /// 1,025 warnings (the attack bench's deep tree had as many): the first ones in spec
    /// order, then one value counting the others, within 2,048 bytes of field lines. By hand:
    /// a line costs 129 bytes for layers 0–9 and 130 from layer 10, the summary 166, so 14
    /// are sent (10 × 129 + 4 × 130 + 166 = 1,976; a fifteenth would make 2,106).
    @Test func manyWarningsAreCutToTheBudgetAndCounted() {
        let many = warnings(1025)
        let values = SpecWarnings.headerValues(many)
        let sent = values.count - 1
        #expect(sent == 14)
        #expect(Array(values.prefix(sent)) == many.prefix(sent).map(SpecWarnings.headerValue))
        #expect(
            values.last
                == "/: 1011 more warnings not sent as headers (2048-byte limit); the JSON timeline's "
                + "\"warnings\" member and the body of POST /v1/validate list them all")
        #expect(lineBytes(values) == 1976)
        #expect(lineBytes(values) + lineBytes([SpecWarnings.headerValue(many[sent])]) > SpecWarnings.headerBudget)
    }

    /// One left out is counted in the singular: ten short warnings (1,290 bytes) and a long
    /// one that does not fit after them (818 bytes more would make 2,108).
    @Test func oneLeftOutIsCountedInTheSingular() {
        let long = SwiftExportWarning(pointer: "/layers/10/clips", message: String(repeating: "x", count: 780))
        let values = SpecWarnings.headerValues(warnings(10) + [long])
        #expect(lineBytes(warnings(10).map(SpecWarnings.headerValue)) == 1290)
        #expect(lineBytes([SpecWarnings.headerValue(long)]) == 818)
        #expect(values.count == 11)
        #expect(values.last?.hasPrefix("/: 1 more warning not sent as headers") == true)
        #expect(lineBytes(values) <= SpecWarnings.headerBudget)
    }
}
