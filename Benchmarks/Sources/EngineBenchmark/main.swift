import AnimaticCore
import AnimaticRender
import Foundation
import MallocCounter

/// Engine benchmarks: compile, sample and each encoder on every preset and on a 20-layer,
/// 1 s, 60 fps spec; wall time (median of batches), allocations per run (malloc calls and
/// bytes, counted by the MallocCounter interposer) and output size. Then our JSON writer
/// against Foundation's JSONEncoder on the same timeline.
///
///     EngineBenchmark                  the tables, as Markdown (what `make bench` records)
///     EngineBenchmark --callgrind      each case run twice, `callgrindBoundary()` around the
///                                      second: with `valgrind --tool=callgrind
///                                      --dump-after='*callgrindBoundary*'` every even dump
///                                      is one case's instruction count (scripts/bench.sh)
///     EngineBenchmark --filter TEXT    only cases whose name contains TEXT
/// `ANIMATIC_BENCH_QUICK=1` runs each case a few times only (a smoke run).
let environment = ProcessInfo.processInfo.environment
let quick = environment["ANIMATIC_BENCH_QUICK"] == "1"
let (callgrindMode, filter): (Bool, String?) = {
    var callgrind = false
    var filter: String?
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let a = arguments.next() {
        switch a {
        case "--callgrind": callgrind = true
        case "--filter": filter = arguments.next()
        default: FileHandle.standardError.write(Data("unknown argument \(a)\n".utf8)); exit(2)
        }
    }
    return (callgrind, filter)
}()

@inline(never) func callgrindBoundary(_ name: String) {
    // Nothing: callgrind dumps its counters after each call (see --dump-after).
    blackHole(name.utf8.count)
}
@inline(never) func blackHole(_ x: Int) { if x == -1 { print("") } }

struct Result {
    var name: String
    var microseconds: Double
    var mallocs: Double
    var mallocBytes: Double
    var outputBytes: Int
}

/// Runs `body` in batches until about `budget` seconds are spent; the median batch per run.
func measure(_ name: String, budget: Double = 0.25, _ body: () -> Int) -> Result? {
    if let filter, !name.contains(filter) { return nil }
    var sink = 0
    if callgrindMode {
        sink &+= body()  // warm: lazy globals, first-touch
        callgrindBoundary(name)
        let out = body()
        callgrindBoundary(name)
        print("callgrind-case\t\(name)\t\(out)")
        return nil
    }
    let out = body()
    // Allocations of one run (after the warm-up above).
    let calls0 = malloc_counter_calls(), bytes0 = malloc_counter_bytes()
    sink &+= body()
    let mallocs = Double(malloc_counter_calls() - calls0), mallocBytes = Double(malloc_counter_bytes() - bytes0)
    // Size the batches from one timed run.
    let clock = ContinuousClock()
    let once = clock.measure { sink &+= body() }
    let onceSeconds = max(Double(once.components.attoseconds) / 1e18 + Double(once.components.seconds), 1e-7)
    let batches = quick ? 3 : 9
    let total = quick ? 0.01 : budget
    let iterations = max(Int(total / Double(batches) / onceSeconds), 1)
    var perRun: [Double] = []
    for _ in 0..<batches {
        let elapsed = clock.measure { for _ in 0..<iterations { sink &+= body() } }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        perRun.append(seconds / Double(iterations) * 1e6)
    }
    perRun.sort()
    blackHole(sink)
    return Result(
        name: name, microseconds: perRun[perRun.count / 2], mallocs: mallocs, mallocBytes: mallocBytes,
        outputBytes: out)
}

func formatMicroseconds(_ us: Double) -> String {
    us >= 100 ? String(format: "%.0f", us) : (us >= 10 ? String(format: "%.1f", us) : String(format: "%.2f", us))
}

func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, c) in s.reversed().enumerated() {
        if i > 0 && i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}

// MARK: Cases

let twenty = BenchmarkSpecs.twentyLayers()
var specs: [(String, TransitionSpec)] = [("20-layer", twenty), ("20-layer tree", BenchmarkSpecs.twentyLayerTree())]
for preset in PresetCatalog.all { specs.append((preset.name, preset.defaultSpec)) }

let jsonFrames = TimelineOptions(fps: 60, includeFrames: true)
let plain = TimelineOptions(fps: 60)
let steps: [(String, (TransitionSpec, Timeline) -> Int)] = [
    ("compile", { spec, _ in TimelineCompiler.compile(spec).layers.count }),
    (
        "sample",
        { _, timeline in
            var n = 0
            for t in timeline.frameTimes(fps: 60) { n &+= timeline.states(at: t).count }
            return n
        }
    ),
    ("json", { _, timeline in TimelineJSONEncoder.encode(timeline, options: plain).count }),
    ("json+frames", { _, timeline in TimelineJSONEncoder.encode(timeline, options: jsonFrames).count }),
    ("svg", { _, timeline in AnimatedSVGEncoder.encode(timeline, options: plain).count }),
    ("filmstrip", { _, timeline in FilmstripEncoder.encode(timeline, options: plain).count }),
    ("lottie", { _, timeline in LottieEncoder.encode(timeline, options: plain).count }),
    ("css", { _, timeline in CSSEncoder.encode(timeline, options: plain).count }),
    ("request", { spec, _ in TimelineJSONEncoder.encode(TimelineCompiler.compile(spec), options: jsonFrames).count }),
]

var results: [String: Result] = [:]
for (specName, spec) in specs {
    let timeline = TimelineCompiler.compile(spec)
    for (stepName, step) in steps {
        if let r = measure(
            "\(specName)/\(stepName)", budget: specName.hasPrefix("20-layer") ? 0.5 : 0.2, { step(spec, timeline) })
        {
            results[r.name] = r
        }
    }
}

// MARK: Our writer against JSONEncoder, on the same timeline

let timeline20 = TimelineCompiler.compile(twenty)
let mirror = TimelineMirror(timeline20, fps: 60)
let encoder = JSONEncoder()
let writerCases: [(String, () -> Int)] = [
    ("writer/JSONWriter on the mirror", { mirror.written().count }),
    ("writer/JSONEncoder on the mirror", { (try? encoder.encode(mirror))?.count ?? 0 }),
    (
        "writer/TimelineJSONEncoder (sample + write)",
        { TimelineJSONEncoder.encode(timeline20, options: jsonFrames).count }
    ),
    (
        "writer/sample into mirror + JSONEncoder",
        { (try? encoder.encode(TimelineMirror(timeline20, fps: 60)))?.count ?? 0 }
    ),
]
for (name, body) in writerCases {
    if let r = measure(name, budget: 0.5, body) { results[r.name] = r }
}

if callgrindMode { exit(0) }

// MARK: Report

let frames20 = timeline20.frameTimes(fps: 60).count
print(
    """
    ### The 20-layer spec

    20 layers, 1 s, sampled at 60 fps: \(frames20) frames × 20 layers. Median wall time of one run;
    allocations (malloc calls and bytes requested) of one run; output bytes.

    | step | µs | mallocs | bytes allocated | output bytes |
    |---|---:|---:|---:|---:|
    """)
for (stepName, _) in steps {
    guard let r = results["20-layer/\(stepName)"] else { continue }
    let output =
        stepName == "compile"
        ? "\(r.outputBytes) layers" : (stepName == "sample" ? "\(r.outputBytes) states" : grouped(r.outputBytes))
    print(
        "| \(stepName) | \(formatMicroseconds(r.microseconds)) | \(grouped(Int(r.mallocs))) | \(grouped(Int(r.mallocBytes))) | \(output) |"
    )
}
print(
    """

    `request` is compile + sample + write the JSON with frames: what a cache miss of
    `POST /v1/timeline?frames=true` computes after decoding the spec.

    ### Every preset (default parameters)

    µs per run (median); mallocs per run in parentheses. JSON `json+frames` at 60 fps, other
    formats with their defaults.

    """)
var header = "| spec |"
var rule = "|---|"
for (stepName, _) in steps { header += " \(stepName) |"; rule += "---:|" }
print(header); print(rule)
for (specName, _) in specs {
    var row = "| \(specName) |"
    for (stepName, _) in steps {
        if let r = results["\(specName)/\(stepName)"] {
            row += " \(formatMicroseconds(r.microseconds)) (\(grouped(Int(r.mallocs)))) |"
        } else {
            row += " – |"
        }
    }
    print(row)
}
print(
    """

    ### Our JSON writer against Foundation's JSONEncoder

    The same 20-layer timeline's frames (`\(frames20)` × 20 layer states) as a Codable mirror
    (`Benchmarks/Sources/EngineBenchmark/TimelineMirror.swift`): JSONEncoder encodes it;
    `JSONWriter` writes the same fields from the same mirror. Then end to end: our encoder
    (sample + write) against sampling into the mirror + JSONEncoder.

    | writer | µs | mallocs | output bytes |
    |---|---:|---:|---:|
    """)
for (name, _) in writerCases {
    guard let r = results[name] else { continue }
    print(
        "| \(name.dropFirst("writer/".count)) | \(formatMicroseconds(r.microseconds)) | \(grouped(Int(r.mallocs))) | \(grouped(r.outputBytes)) |"
    )
}
if let a = results["writer/JSONWriter on the mirror"], let b = results["writer/JSONEncoder on the mirror"],
    let c = results["writer/TimelineJSONEncoder (sample + write)"],
    let d = results["writer/sample into mirror + JSONEncoder"]
{
    print("")
    print(
        String(
            format: "JSONWriter is %.1f× faster than JSONEncoder on the same mirror; end to end %.1f×.",
            b.microseconds / a.microseconds, d.microseconds / c.microseconds))
}
