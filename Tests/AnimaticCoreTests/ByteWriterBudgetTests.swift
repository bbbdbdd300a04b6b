import Testing

@testable import AnimaticCore

/// `ByteWriter.budget`: the writer says when it is past the budget, and its buffer does not
/// double past the budget and `budgetSlack` while the writes stay within them.
@Suite struct ByteWriterBudgetTests {
    @Test func overBudgetOnlyPastTheBudget() {
        var w = ByteWriter()
        w.budget = 10
        for _ in 0..<10 { w.raw(UInt8(ascii: "a")) }
        #expect(w.count == 10 && !w.isOverBudget, "10 bytes of a budget of 10 are within it")
        w.raw(UInt8(ascii: "b"))
        #expect(w.count == 11 && w.isOverBudget)
    }

    @Test func noBudgetIsNeverOver() {
        var w = ByteWriter()
        #expect(w.budget == .max)
        w.raw(Array(repeating: 1, count: 100_000))
        #expect(!w.isOverBudget)
    }

    @Test func theBufferStopsDoublingAtTheBudgetAndItsSlack() {
        let budget = 3 << 20
        var w = ByteWriter()
        w.budget = budget
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        var capacities: [Int] = []
        while w.count <= budget + ByteWriter.budgetSlack - chunk.count {
            w.raw(chunk)
            if capacities.last != w.storage.count { capacities.append(w.storage.count) }
        }
        // Doubling from 1,000 reaches 4,096,000; the next doubling would pass budget + slack
        // (4,194,304) while the writes are within it, so the buffer grows to that instead.
        #expect(capacities.max()! <= budget + ByteWriter.budgetSlack, "capacities \(capacities)")
        #expect(capacities.last == budget + ByteWriter.budgetSlack, "the last growth stops at budget + slack")
        // Past budget + slack the writer doubles again (an encoder that does not stop).
        w.raw(chunk)
        #expect(w.storage.count == 2 * (budget + ByteWriter.budgetSlack))
        #expect(w.isOverBudget)
    }

    @Test func renderBudgetIsBoundOnlyWhileItsBodyRuns() {
        #expect(RenderBudget.maxBytes == .max)
        let inside = RenderBudget.withLimit(1234) { RenderBudget.maxBytes }
        #expect(inside == 1234)
        #expect(RenderBudget.maxBytes == .max)
    }
}
