// libFuzzer target for AnimaticHTTP's RequestParser.
//
// Built by scripts/fuzz-http.sh with `-sanitize=fuzzer -D ANIMATIC_FUZZ`, this file
// exports LLVMFuzzerTestOneInput and libFuzzer supplies main. A plain `swift build`
// builds a replay driver instead: `AnimaticHTTPFuzz FILE...` runs the same check on
// saved inputs (crash reproducers, corpus files).
//
// The check: the input (after its first byte, which seeds the split pattern) is parsed
// once whole and once delivered in pieces; both must yield the same events and the
// same error. Any crash, trap or disagreement is a finding.
import AnimaticHTTP

/// A summary of what the parser produced, comparable across deliveries.
struct Outcome: Equatable {
    var events: [String] = []
    var error: HTTPParseError?
}

func describe(_ event: RequestParser.Event) -> String {
    switch event {
    case .head(let head):
        return
            "head \(head.method) \(head.target) \(head.version) \(head.headers.count) \(head.framing) \(head.keepAlive)"
    case .message(let head, let body, let trailers):
        return "message \(head.method) \(head.target) body=\(body.count):\(body.hashValue) trailers=\(trailers.count)"
    }
}

func run(_ input: ArraySlice<UInt8>, splitSeed: UInt8?) -> Outcome {
    var parser = RequestParser(
        limits: .init(
            maxRequestLineLength: 256, maxHeaderBlockSize: 1024,
            maxHeaderCount: 16, maxBodySize: 4096))
    var outcome = Outcome()
    var index = input.startIndex
    var state = UInt32(splitSeed ?? 0) &* 2_654_435_761 | 1
    while index < input.endIndex {
        let piece: Int
        if splitSeed == nil {
            piece = input.endIndex - index
        } else {
            state ^= state << 13; state ^= state >> 17; state ^= state << 5
            piece = min(Int(state % 7) + 1, input.endIndex - index)
        }
        parser.append(input[index..<(index + piece)])
        index += piece
        do {
            while let event = try parser.next() { outcome.events.append(describe(event)) }
        } catch {
            outcome.error = error
            return outcome
        }
    }
    return outcome
}

func check(_ data: UnsafeBufferPointer<UInt8>) {
    guard let seed = data.first else { return }
    let input = ArraySlice(data.dropFirst())
    let whole = run(input, splitSeed: nil)
    let split = run(input, splitSeed: seed)
    if whole != split {
        fatalError("split-dependent parse:\nwhole: \(whole)\nsplit: \(split)")
    }
}

#if ANIMATIC_FUZZ
import Glibc

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    check(UnsafeBufferPointer(start: data, count: size))
    return 0
}

// SwiftPM links an executable target's entry point as `main`, so libFuzzer's own main
// is not used; this one hands control to libFuzzer's driver (exported by libFuzzer as
// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*cb)(const uint8_t *, size_t))`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzParser))
    }
}
#else
import Foundation

@main
enum FuzzReplay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print(
                "usage: AnimaticHTTPFuzz FILE... (replays saved fuzz inputs; build the fuzzer with scripts/fuzz-http.sh)"
            )
            return
        }
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                exit(1)
            }
            [UInt8](data).withUnsafeBufferPointer { check($0) }
            print("ok \(path)")
        }
    }
}
#endif
