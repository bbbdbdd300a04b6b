import Foundation

/// What ffprobe (Debian's ffmpeg, a checker, never linked) reads from a video file, and
/// its frames as ffmpeg decodes them.
struct VideoProbe {
    var codec = ""
    var width = 0
    var height = 0
    var frameCount = 0
    var colorSpace = ""
    var colorRange = ""
    var colorPrimaries = ""
    var colorTransfer = ""
    /// Each frame's presentation time in seconds, in decoding order.
    var frameTimes: [Double] = []
    /// The container's duration in seconds.
    var duration = 0.0

    init(_ bytes: [UInt8], suffix: String) throws {
        let path = try ExternalTool.temporaryFile(bytes, suffix: suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try ExternalTool.run(
            "ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_streams", "-show_format",
                "-show_entries", "frame=pts_time,best_effort_timestamp_time", "-of", "json", path,
            ])
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let stream = (json["streams"] as? [[String: Any]])?.first
        else { throw ExternalTool.Failure(description: "ffprobe: no video stream") }
        codec = stream["codec_name"] as? String ?? ""
        width = stream["width"] as? Int ?? 0
        height = stream["height"] as? Int ?? 0
        frameCount = Int(stream["nb_read_frames"] as? String ?? "") ?? 0
        colorSpace = stream["color_space"] as? String ?? ""
        colorRange = stream["color_range"] as? String ?? ""
        colorPrimaries = stream["color_primaries"] as? String ?? ""
        colorTransfer = stream["color_transfer"] as? String ?? ""
        duration = Double((json["format"] as? [String: Any])?["duration"] as? String ?? "") ?? 0
        frameTimes = (json["frames"] as? [[String: Any]] ?? []).compactMap {
            Double($0["pts_time"] as? String ?? $0["best_effort_timestamp_time"] as? String ?? "")
        }
    }

    /// Every frame decoded by ffmpeg and converted to RGB with the BT.709 limited-range
    /// matrix the stream is tagged with (`width * height * 3` bytes each).
    static func rgbFrames(_ bytes: [UInt8], suffix: String, width: Int, height: Int) throws -> [[UInt8]] {
        let path = try ExternalTool.temporaryFile(bytes, suffix: suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try ExternalTool.run(
            "ffmpeg",
            [
                "-v", "error", "-i", path, "-fps_mode", "passthrough", "-vf",
                "scale=in_color_matrix=bt709:in_range=limited:out_range=full,format=rgb24", "-f", "rawvideo", "-",
            ])
        let frameBytes = width * height * 3
        guard data.count % frameBytes == 0 else {
            throw ExternalTool.Failure(
                description: "ffmpeg: \(data.count) bytes is not whole \(width)×\(height) frames")
        }
        return stride(from: 0, to: data.count, by: frameBytes).map { Array(data[$0..<($0 + frameBytes)]) }
    }

    /// Every frame decoded by ffmpeg as its raw I420 planes (Y, Cb, Cr), no colour conversion:
    /// compared with the planes the encoder was given, this is the codec's own error.
    static func planarFrames(_ bytes: [UInt8], suffix: String, width: Int, height: Int) throws -> [[UInt8]] {
        let path = try ExternalTool.temporaryFile(bytes, suffix: suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try ExternalTool.run(
            "ffmpeg",
            ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-pix_fmt", "yuv420p", "-f", "rawvideo", "-"])
        let frameBytes = width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
        guard data.count % frameBytes == 0 else {
            throw ExternalTool.Failure(description: "ffmpeg: \(data.count) bytes is not whole I420 frames")
        }
        return stride(from: 0, to: data.count, by: frameBytes).map { Array(data[$0..<($0 + frameBytes)]) }
    }

    /// The I420 planes the encoders hand to the codec for `frame`.
    static func planes(of frame: RasterFrame) -> [UInt8] {
        let picture = YCbCrFrame(codedWidth: frame.width, codedHeight: frame.height)
        picture.fill(from: frame)
        return picture.luma + picture.cb + picture.cr
    }

    /// The RGB a video should show for `frame`: premultiplied colour, i.e. over black,
    /// cropped to `width` × `height` of a `codedWidth`-wide decoded picture when compared.
    static func overBlack(_ frame: RasterFrame) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
        for i in 0..<(frame.width * frame.height) {
            out[i * 3] = frame.pixels[i * 4]
            out[i * 3 + 1] = frame.pixels[i * 4 + 1]
            out[i * 3 + 2] = frame.pixels[i * 4 + 2]
        }
        return out
    }

    /// The top-left `width` × `height` of an RGB picture `codedWidth` wide.
    static func crop(_ rgb: [UInt8], codedWidth: Int, width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(width * height * 3)
        for y in 0..<height { out += rgb[(y * codedWidth * 3)..<(y * codedWidth * 3 + width * 3)] }
        return out
    }
}

@testable import AnimaticRaster
