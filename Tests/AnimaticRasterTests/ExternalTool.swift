import Foundation

/// Runs a checker program (ffmpeg, ffprobe from Debian; never linked) and returns its
/// standard output; stderr is returned in the error.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        // stderr goes to a file, stdout to a pipe read to its end before waiting, so neither
        // can fill up and block the child.
        let errorPath = NSTemporaryDirectory() + "animatic-encoder-\(UUID().uuidString).stderr"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer { try? errorHandle.close() }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errorHandle
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = FileManager.default.contents(atPath: errorPath) ?? Data()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description:
                    "\(executable) exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return output
    }

    /// Writes `bytes` to a fresh temporary file with `suffix` and returns its path.
    static func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> String {
        let path = NSTemporaryDirectory() + "animatic-encoder-\(UUID().uuidString)\(suffix)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every frame as ffmpeg decodes it, as RGBA bytes (`width * height * 4` each), one per
    /// stored frame (`-fps_mode passthrough`: no frame repeated or dropped).
    static func ffmpegFrames(_ bytes: [UInt8], suffix: String, width: Int, height: Int, pixelFormat: String = "rgba")
        throws -> [[UInt8]]
    {
        let path = try temporaryFile(bytes, suffix: suffix)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let data = try run(
            "ffmpeg",
            ["-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", pixelFormat, "-"])
        let frameBytes = width * height * (pixelFormat == "rgba" ? 4 : 3)
        precondition(data.count % frameBytes == 0, "ffmpeg: \(data.count) bytes is not whole frames of \(frameBytes)")
        return stride(from: 0, to: data.count, by: frameBytes).map { Array(data[$0..<($0 + frameBytes)]) }
    }
}
