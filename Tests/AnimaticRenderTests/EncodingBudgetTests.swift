import Testing

@testable import AnimaticCore
@testable import AnimaticRender

/// The encoders stop once their output passes the render's budget (`RenderBudget`, issue
/// 26): for the deep clipped tree, every sampled format written under a budget of a tenth
/// of its size stops just past the budget — within one frame or layer of it — and
/// `BudgetedEncoding` refuses over the limit before any work, or when the output passed it.
@Suite struct EncodingBudgetTests {
    static let formats: [(String, OutputFormat, TimelineOptions)] = [
        ("json-frames", .json, TimelineOptions(fps: 30, includeFrames: true)),
        ("svg", .svg, TimelineOptions(fps: 30)),
        ("css", .css, TimelineOptions(fps: 30)),
        ("lottie", .lottie, TimelineOptions(fps: 30)),
        ("filmstrip", .filmstrip, TimelineOptions(fps: 30, filmstripFrames: 64)),
    ]

    @Test func encodersStopJustPastTheBudget() {
        let spec = WorkEstimateTests.decode(WorkEstimateTests.deepClippedTree(chains: 1, depth: 16))
        let timeline = TimelineCompiler.compile(spec)
        for (name, format, options) in Self.formats {
            let full = format.encode(timeline, options: options).count
            let budget = full / 10
            let stopped = RenderBudget.withLimit(budget) { format.encode(timeline, options: options) }.count
            // One frame of the 16 layers, or one keyframe list of one layer, at most.
            let step = 64 << 10
            #expect(stopped > budget, "\(name): stopped at \(stopped) bytes, budget \(budget)")
            #expect(stopped <= budget + step, "\(name): \(stopped) bytes for a budget of \(budget) (full: \(full))")
        }
    }

    @Test func theWholeOutputUnderABudgetItFits() {
        let spec = WorkEstimateTests.decode(WorkEstimateTests.springs(10))
        let timeline = TimelineCompiler.compile(spec)
        for (name, format, options) in Self.formats {
            let full = format.encode(timeline, options: options)
            let budgeted = RenderBudget.withLimit(full.count) { format.encode(timeline, options: options) }
            #expect(budgeted == full, "\(name): a budget of exactly its size changes nothing")
        }
    }

    @Test func budgetedEncodingRefusesBeforeWorkOrWhenTheOutputPassesTheLimit() throws {
        let spec = WorkEstimateTests.decode(WorkEstimateTests.deepClippedTree(chains: 1, depth: 16))
        let options = TimelineOptions(fps: 10)
        let estimate = WorkEstimate(spec, format: .lottie, options: options)
        // Under the estimate: refused before anything is compiled.
        let refused = BudgetedEncoding.encode(
            spec, format: .lottie, options: options, limits: .standard, maxOutputBytes: estimate.outputBytes - 1)
        guard case .failure(let refusal) = refused else {
            Issue.record("an estimate over the limit must refuse")
            return
        }
        #expect(refusal.kind == .outputEstimate && refusal.amount == estimate.outputBytes)
        #expect(refusal.parameter == "fps" && refusal.limit == estimate.outputBytes - 1)
        // At the estimate: encoded, and within it.
        let encoded = BudgetedEncoding.encode(
            spec, format: .lottie, options: options, limits: .standard, maxOutputBytes: estimate.outputBytes)
        let bytes = try encoded.get().bytes
        #expect(bytes.count <= estimate.outputBytes && bytes.count > 100_000)
        // Frame samples over the spec limits: refused whatever the output limit.
        var limits = SpecLimits.standard
        limits.maxFrameSamples = estimate.samples - 1
        let tooMany = BudgetedEncoding.encode(
            spec, format: .lottie, options: options, limits: limits, maxOutputBytes: .max)
        guard case .failure(let samples) = tooMany else {
            Issue.record("frame samples over the limit must refuse")
            return
        }
        #expect(samples.kind == .frameSamples && samples.amount == 16 * estimate.frames)
    }
}
