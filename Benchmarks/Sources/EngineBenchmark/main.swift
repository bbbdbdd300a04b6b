import AnimaticCore
import AnimaticRender
import Foundation

/// Times compile, sample and encode of a 20-layer, 1 s, 60 fps timeline: each step run
/// many times, reported as the median of several batches (robust on a shared machine).
/// `ANIMATIC_BENCH_QUICK=1` runs each step a few times only: for callgrind, whose
/// instruction counts are stable on a shared machine where wall time is not.
let quick = ProcessInfo.processInfo.environment["ANIMATIC_BENCH_QUICK"] == "1"

func measure(_ name: String, iterations requested: Int, batches requestedBatches: Int = 9, _ body: () -> Int) -> Double {
    let iterations = quick ? 1 : requested
    let batches = quick ? 1 : requestedBatches
    var sink = 0
    for _ in 0..<max(iterations / 10, 1) { sink &+= body() }  // warm up
    var perIteration: [Double] = []
    for _ in 0..<batches {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<iterations { sink &+= body() }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        perIteration.append(seconds / Double(iterations) * 1e6)
    }
    perIteration.sort()
    let median = perIteration[perIteration.count / 2]
    print(String(format: "%-44@ %10.1f µs   (min %.1f, max %.1f; sink %d)", name as NSString, median,
                 perIteration.first!, perIteration.last!, sink & 1))
    return median
}

let spec = BenchmarkSpecs.twentyLayers()
let specBytes: [UInt8] = {
    // The same spec as a client would send it: through the timeline's own encoder of the spec.
    var w = JSONWriter()
    w.raw(##"{"container":{"width":390,"height":844,"perspective":500},"layers":["##)
    for i in 0..<20 {
        if i > 0 { w.raw(",") }
        w.raw(##"{"id":"layer\##(i)","frame":[0,\##(i * 40),390,40],"fill":"#3366cc","label":"Row \##(i)"}"##)
    }
    w.raw(##"],"animations":["##)
    for i in 0..<20 {
        if i > 0 { w.raw(",") }
        switch i % 4 {
        case 0: w.raw(##"{"duration":1,"changes":{"layer\##(i)":{"position":[585,\##(i * 40 + 20)]}}}"##)
        case 1: w.raw(##"{"delay":0.2,"duration":0.8,"timing":"linear","changes":{"layer\##(i)":{"alpha":0}}}"##)
        case 2: w.raw(##"{"duration":1,"timing":{"spring":{"dampingRatio":0.7}},"changes":{"layer\##(i)":{"transform":[{"scale":0.5}]}}}"##)
        default: w.raw(##"{"duration":1,"calculationMode":"cubic","keyframes":[{"relativeStart":0,"relativeDuration":0.5,"changes":{"layer\##(i)":{"transform":[{"rotateY":-90}]}}},{"relativeStart":0.5,"relativeDuration":0.5,"changes":{"layer\##(i)":{"transform":[]}}}]}"##)
        }
    }
    w.raw("]}")
    return w.bytes
}()

let options = TimelineOptions(fps: 60, includeFrames: true)
let timeline = TimelineCompiler.compile(spec)
let frameTimes = timeline.frameTimes(fps: 60)
print("spec: 20 layers, \(timeline.duration) s, 60 fps → \(frameTimes.count) frames; JSON \(TimelineJSONEncoder.encode(timeline, options: options).count) bytes")

let decode = measure("decode spec (JSON bytes → TransitionSpec)", iterations: 200) {
    if case .success(let s) = SpecDecoder.decode(bytes: specBytes) { return s.layers.count }
    return 0
}
let compile = measure("compile (spec → tracks)", iterations: 500) { TimelineCompiler.compile(spec).layers.count }
let sample = measure("sample 61 frames × 20 layers", iterations: 200) {
    var n = 0
    for t in frameTimes { n &+= timeline.states(at: t).count }
    return n
}
let encode = measure("encode JSON with frames", iterations: 100) { TimelineJSONEncoder.encode(timeline, options: options).count }
let whole = measure("compile + sample + encode (one request)", iterations: 100) {
    TimelineJSONEncoder.encode(TimelineCompiler.compile(spec), options: options).count
}
print(String(format: "sum of parts: %.1f µs; with decode: %.1f µs", compile + sample + encode, decode + whole))
