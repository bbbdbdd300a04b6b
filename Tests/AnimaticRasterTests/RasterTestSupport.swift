import AnimaticCore
import Foundation

@testable import AnimaticRaster

/// A timeline from spec JSON, for the raster tests.
func timeline(_ json: String) -> Timeline {
    guard case .success(let spec) = SpecDecoder.decodeDocument(bytes: Array(json.utf8)) else {
        fatalError("test spec does not decode: \(json)")
    }
    return TimelineCompiler.compile(spec)
}

/// Frame 0 of `json` at `scale`.
func drawn(_ json: String, scale: Int = 1, at t: Double = 0) -> RasterFrame {
    FrameRasterizer(timeline: timeline(json), options: RasterOptions(scale: scale)).frame(at: t)
}

extension RasterFrame {
    /// The premultiplied R, G, B, A of the pixel at column x, row y.
    func pixel(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<i + 4].map(Int.init)
    }

    /// The pixel over opaque white, as a viewer shows it: R, G, B.
    func overWhite(_ x: Int, _ y: Int) -> [Int] {
        let p = pixel(x, y)
        return (0..<3).map { p[$0] + (255 - p[3]) }
    }
}

/// Whether every component of `a` is within `tolerance` of `b`.
func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 1) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}
