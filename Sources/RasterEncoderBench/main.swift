// Times each animated encoder on a synthetic 31-frame, 390 × 844 sequence (the fold preset's
// size and frame count at 30 fps): a 120-pt card sliding across and fading in over an opaque
// background, with a 40-pt square moving the other way. Frames are drawn before timing, so
// only the encoders are measured. One thread; best of `--runs` (default 5) CPU times.
//
//   swift build -c release --product RasterEncoderBench
//   taskset -c 0 .build/release/RasterEncoderBench [--runs N]
//
// docs/BENCHMARKS.md, "Raster encoders", holds the figures.
import AnimaticRaster
import Foundation

#if canImport(Glibc)
import Glibc
#endif

let width = 390
let height = 844
let frameCount = 31
let runs = CommandLine.arguments.firstIndex(of: "--runs").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 5

func drawFrame(_ index: Int) -> RasterFrame {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
        pixels[i * 4] = 242
        pixels[i * 4 + 1] = 242
        pixels[i * 4 + 2] = 247
        pixels[i * 4 + 3] = 255
    }
    let t = Double(index) / Double(frameCount - 1)
    func fill(x0: Int, y0: Int, w: Int, h: Int, color: (Double, Double, Double), alpha: Double) {
        for y in max(y0, 0)..<min(y0 + h, height) {
            for x in max(x0, 0)..<min(x0 + w, width) {
                let o = (y * width + x) * 4
                pixels[o] = UInt8((Double(pixels[o]) * (1 - alpha) + color.0 * alpha).rounded())
                pixels[o + 1] = UInt8((Double(pixels[o + 1]) * (1 - alpha) + color.1 * alpha).rounded())
                pixels[o + 2] = UInt8((Double(pixels[o + 2]) * (1 - alpha) + color.2 * alpha).rounded())
            }
        }
    }
    fill(x0: Int(-120 + t * 390), y0: 300, w: 120, h: 240, color: (0, 122, 255), alpha: t)
    fill(x0: Int(350 - t * 350), y0: 700, w: 40, h: 40, color: (255, 59, 48), alpha: 1)
    return RasterFrame(width: width, height: height, pixels: pixels)
}

/// CPU time of this process (the encoders run on this one thread): on a shared machine wall
/// time counts other processes too.
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

let frames = (0..<frameCount).map(drawFrame)
let limit = 500_000_000

var encoders: [(String, () throws -> any AnimationEncoder)] = [
    ("GIF", { try GIFEncoder(width: width, height: height, loop: true, byteLimit: limit) }),
    (
        "GIF, ordered dither",
        { try GIFEncoder(width: width, height: height, loop: true, byteLimit: limit, dither: .ordered) }
    ),
    ("APNG", { try APNGEncoder(width: width, height: height, loop: true, byteLimit: limit) }),
    ("WebP, lossless", { try WebPEncoder(width: width, height: height, loop: true, byteLimit: limit) }),
    ("WebP, lossy q80", { try WebPEncoder(width: width, height: height, loop: true, byteLimit: limit, quality: 80) }),
    ("WebM (VP9)", { try WebMEncoder(width: width, height: height, fps: 30, byteLimit: limit) }),
]
#if !ANIMATIC_NO_MP4
encoders.append(("MP4 (H.264)", { try MP4Encoder(width: width, height: height, fps: 30, byteLimit: limit) }))
#endif

print("| encoder | best of \(runs), CPU ms | megapixels/s | bytes |")
print("|---|---:|---:|---:|")
let megapixels = Double(width * height * frameCount) / 1e6
for (name, make) in encoders {
    var best = Double.infinity
    var bytes = 0
    for _ in 0..<runs {
        let start = now()
        var encoder = try make()
        for frame in frames { try encoder.add(frame, duration: 1.0 / 30) }
        bytes = try encoder.finish().count
        best = min(best, now() - start)
    }
    print(
        "| \(name) | \(String(format: "%.1f", best * 1000)) | \(String(format: "%.1f", megapixels / best)) | \(bytes) |"
    )
}
